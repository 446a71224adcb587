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

/**
 * A glide to the field, or a jump where the person asked their system for less motion
 * (`prefers-reduced-motion`): a long glide across a page is what that setting is for.
 */
export function scrollBehavior(): ScrollBehavior {
  const reduce = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  return reduce ? 'auto' : 'smooth';
}

// Whether the focus went somewhere else since the request, by the user's hand.
function userMovedFocus(focusAtRequest: Element | null): boolean {
  const now = document.activeElement;
  return now !== focusAtRequest && now !== null && now !== document.body;
}

/**
 * How long a field just revealed may take to reach the DOM: a part of a long form that
 * was asked to mount renders at once, unless its placeholder had not yet subscribed to the
 * window (a busy machine, a click the moment the page appeared); it then renders a moment
 * later, and the scroll waits for it rather than giving up.
 */
export const REVEAL_WAIT_MS = 2_000;
const REVEAL_RETRY_MS = 50;

/**
 * Calls `then` with the element `find` answers, now or, while it answers nothing, on
 * later tries until {@link REVEAL_WAIT_MS}; answers a function that stops the waiting.
 * `stillWanted` is asked before each later try (the user may have gone elsewhere).
 */
export function whenInDom(
  find: () => HTMLElement | null,
  then: (element: HTMLElement) => void,
  stillWanted: () => boolean = () => true,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waited = 0;
  const attempt = () => {
    const element = find();
    if (element) {
      then(element);
      return;
    }
    if (waited >= REVEAL_WAIT_MS) return;
    waited += REVEAL_RETRY_MS;
    timer = setTimeout(() => {
      if (stillWanted()) attempt();
    }, REVEAL_RETRY_MS);
  };
  attempt();
  return () => clearTimeout(timer);
}

/**
 * Brings a field into view and focuses its control, 100 ms after the last request, so a
 * double click on submit or several outcome buttons scroll once. `elementOf` finds the
 * field's control by id at that moment (the DOM may have re-rendered meanwhile), and again
 * for a moment while a part of the form it asked to mount is not in the DOM yet. When the
 * user has moved the focus since the request (a quick keyboard user, a slow device), the
 * scroller leaves it where the user put it.
 */
export function createErrorScroller(
  elementOf: (fieldId: string) => HTMLElement | null,
  delay = SCROLL_DELAY_MS,
): ErrorScroller {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopWaiting = () => {};
  const cancel = () => {
    clearTimeout(timer);
    stopWaiting();
  };
  return {
    request(fieldId) {
      cancel();
      const focusAtRequest = document.activeElement;
      const stillWanted = () => !userMovedFocus(focusAtRequest);
      timer = setTimeout(() => {
        if (!stillWanted()) return;
        stopWaiting = whenInDom(
          () => elementOf(fieldId),
          (control) => {
            const cell = control.closest<HTMLElement>('.tf-cell') ?? control;
            cell.scrollIntoView?.({ block: 'center', behavior: scrollBehavior() });
            focusTarget(control).focus?.({ preventScroll: true });
          },
          stillWanted,
        );
      }, delay);
    },
    cancel,
  };
}
