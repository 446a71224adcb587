import { useEffect, type RefObject } from 'react';

/**
 * Once `ready`, asks `take` whether the page should take the focus (once only) and puts it on
 * `target`; then keeps it there against the overlays closed on the way to the page (the
 * start-process drawer and its confirmation give the focus back to what opened them as they
 * finish fading out, after the page has shown): until the person presses a key or a pointer,
 * focus moved outside the page's main content comes back to the target.
 */
export function useFocusHandOff(
  target: RefObject<HTMLElement | null>,
  ready: boolean,
  take: () => boolean,
): void {
  useEffect(() => {
    const element = target.current;
    if (!ready || !element || !take()) return undefined;
    element.focus();
    const main = document.querySelector('main');
    const keep = (event: FocusEvent) => {
      if (!element.isConnected) {
        stop();
        return;
      }
      if (event.target instanceof Node && main?.contains(event.target)) return;
      element.focus();
    };
    const stop = () => {
      document.removeEventListener('focusin', keep, true);
      document.removeEventListener('keydown', stop, true);
      document.removeEventListener('pointerdown', stop, true);
    };
    document.addEventListener('focusin', keep, true);
    document.addEventListener('keydown', stop, true);
    document.addEventListener('pointerdown', stop, true);
    return stop;
  }, [target, ready, take]);
}
