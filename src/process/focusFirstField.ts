/** The controls a person types or chooses in; read-only and disabled ones are left out. */
const EDITABLE_FIELD = [
  'input:not([type="hidden"]):not([disabled]):not([readonly])',
  'textarea:not([disabled]):not([readonly])',
  'select:not([disabled])',
].join(', ');

/**
 * Puts the focus on the first editable field of the task form inside `container` as soon as
 * the form shows one (it loads after the task: a chunk, then the form), and answers the
 * function that stops waiting. A form without an editable field leaves the focus where it is.
 */
export function focusFirstField(container: HTMLElement): () => void {
  const tryFocus = (): boolean => {
    const form = container.querySelector('[data-testid="task-form"]');
    // A field laid out on screen: a plugin's hidden file input cannot take the focus.
    const field = [...(form?.querySelectorAll<HTMLElement>(EDITABLE_FIELD) ?? [])].find(
      (candidate) => candidate.getClientRects().length > 0,
    );
    if (!field) return false;
    field.focus();
    return true;
  };
  if (tryFocus()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (tryFocus()) observer.disconnect();
  });
  observer.observe(container, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['disabled', 'readonly'],
  });
  return () => observer.disconnect();
}
