/** How long a control may stay disabled after its action before its focus is not given back. */
export const FOCUS_RETURN_LIMIT_MS = 10_000;

/**
 * Runs a button's action and then gives the focus back to the control that had it, when the
 * action left it on the page body. A button waiting for its action shows a spinner and is
 * disabled meanwhile, and the browser drops the focus of a disabled control: a keyboard user
 * who saved a part of a combined task (which stays on the page) would start again from the
 * top. Nothing is moved when the control is gone (the page moved on) or the focus is
 * elsewhere (the user, or an error scrolled to, took it).
 */
export async function keepFocusThrough<T>(
  action: () => T | Promise<T>,
  doc: Document = document,
): Promise<T> {
  const had = doc.activeElement;
  try {
    return await action();
  } finally {
    if (had instanceof HTMLElement && had !== doc.body) giveFocusBack(had, doc);
  }
}

// Focuses `element` once it can take the focus again (its `disabled` is removed), unless by
// then it left the page or something else holds the focus.
function giveFocusBack(element: HTMLElement, doc: Document): void {
  // Answers whether there is nothing more to wait for.
  const settle = (): boolean => {
    if (!element.isConnected) return true;
    const active = doc.activeElement;
    if (active && active !== doc.body) return true;
    if (element.matches(':disabled')) return false;
    element.focus();
    return true;
  };
  if (settle()) return;
  const observer = new MutationObserver(() => {
    if (!settle()) return;
    observer.disconnect();
    clearTimeout(limit);
  });
  const limit = setTimeout(() => observer.disconnect(), FOCUS_RETURN_LIMIT_MS);
  observer.observe(element, { attributes: true, attributeFilter: ['disabled'] });
}
