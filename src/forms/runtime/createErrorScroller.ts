/** Scrolls a form to a field, once the requests of a burst have settled. */
export interface ErrorScroller {
  /** Asks to bring a field into view; a later request within the delay replaces it. */
  request(fieldId: string): void;
  /** Drops a pending scroll (the form unmounts). */
  cancel(): void;
}

/** The debounce of the scroll to the first error (spec 001: 100 ms). */
export const SCROLL_DELAY_MS = 100;

const FOCUSABLE = 'input:not([disabled]), select:not([disabled]), textarea, button, [tabindex]';

/**
 * The element that takes a field's focus: its control, or for a group (radio buttons,
 * checkboxes), which carries the field's id on a wrapper that takes no focus, its first
 * control, where the keyboard starts.
 */
export function focusTarget(control: HTMLElement): HTMLElement {
  if (control.matches(FOCUSABLE)) return control;
  return control.querySelector<HTMLElement>(FOCUSABLE) ?? control;
}

// Whether the focus went somewhere else since the request, by the user's hand.
function userMovedFocus(focusAtRequest: Element | null): boolean {
  const now = document.activeElement;
  return now !== focusAtRequest && now !== null && now !== document.body;
}

/**
 * Brings a field into view and focuses its control, 100 ms after the last request, so a
 * double click on submit or several outcome buttons scroll once. `elementOf` finds the
 * field's control by id at that moment (the DOM may have re-rendered meanwhile). When the
 * user has moved the focus since the request (a quick keyboard user, a slow device), the
 * scroller leaves it where the user put it.
 */
export function createErrorScroller(
  elementOf: (fieldId: string) => HTMLElement | null,
  delay = SCROLL_DELAY_MS,
): ErrorScroller {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    request(fieldId) {
      clearTimeout(timer);
      const focusAtRequest = document.activeElement;
      timer = setTimeout(() => {
        const control = elementOf(fieldId);
        if (!control || userMovedFocus(focusAtRequest)) return;
        const cell = control.closest<HTMLElement>('.tf-cell') ?? control;
        cell.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
        focusTarget(control).focus?.({ preventScroll: true });
      }, delay);
    },
    cancel() {
      clearTimeout(timer);
    },
  };
}
