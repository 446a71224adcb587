import { createContext, useContext } from 'react';

/**
 * Where keyboard and screen-reader focus goes after a move to another page: the page's own
 * heading once it is on screen. The shell arms it on every path change; the page heading
 * that mounts next takes it.
 */
export class PageFocus {
  private pending = false;

  /** Called by the shell when the path changed: the next page heading takes focus. */
  arm(): void {
    this.pending = true;
  }

  /** Called by a page heading as it appears: whether it should take focus now. */
  claim(): boolean {
    if (!this.pending) return false;
    this.pending = false;
    // Someone who already clicked or tabbed into the new page keeps their place.
    const active = document.activeElement;
    const main = document.querySelector('main');
    return !(active && active !== document.body && main?.contains(active));
  }
}

/** The shell's {@link PageFocus}; outside the shell nothing waits for a heading. */
export const PageFocusContext = createContext<PageFocus | null>(null);

/** The {@link PageFocus} of the shell around the caller, if any. */
export function usePageFocus(): PageFocus | null {
  return useContext(PageFocusContext);
}
