/** Pause between confirming to leave unsaved changes and leaving (spec 001 section 9). */
export const LEAVE_DELAY_MS = 500;

/**
 * Pause before a back button acts (spec 001 section 9: back-handler delay 10 ms): the press
 * lets a field that is losing focus commit its value first, so the unsaved-changes check
 * sees the value the user last typed.
 */
export const BACK_HANDLER_DELAY_MS = 10;

/** Runs a back button's move after {@link BACK_HANDLER_DELAY_MS}; returns a cancel. */
export function deferBack(go: () => void): () => void {
  const timer = setTimeout(go, BACK_HANDLER_DELAY_MS);
  return () => clearTimeout(timer);
}
