import { useLayoutEffect, useRef, type RefObject } from 'react';

/** Which pager button was pressed. */
export type PagerStep = 'previous' | 'next';

/** The pager's two buttons and the note of which was pressed. */
export interface PagerFocus {
  /** The Previous button. */
  readonly previousRef: RefObject<HTMLButtonElement | null>;
  /** The Next button. */
  readonly nextRef: RefObject<HTMLButtonElement | null>;
  /** Notes the button pressed, before the page it asks for loads. */
  pressed(step: PagerStep): void;
}

/**
 * Keeps the focus on a pager while its pages load: on the button pressed, and when that one
 * ends disabled (the first or last page reached), on the other one, never on the page body.
 * While a page loads the buttons should only look busy (`aria-disabled`): a disabled button
 * drops the focus it holds. Every server-paged list uses it, so all page alike.
 */
export function usePagerFocus(loading: boolean): PagerFocus {
  const previousRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const last = useRef<PagerStep | null>(null);

  useLayoutEffect(() => {
    if (last.current === null || loading) return;
    const [own, other] =
      last.current === 'next'
        ? [nextRef.current, previousRef.current]
        : [previousRef.current, nextRef.current];
    last.current = null;
    const focusLost = document.activeElement === own || document.activeElement === document.body;
    if (own?.disabled && focusLost && other && !other.disabled) other.focus();
  });

  return {
    previousRef,
    nextRef,
    pressed: (step) => {
      last.current = step;
    },
  };
}
