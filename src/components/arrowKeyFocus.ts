import type { KeyboardEvent } from 'react';

/** The items of a menu that take focus: its menu items, less the disabled ones. */
export const MENU_ITEMS = '[role="menuitem"]:not([aria-disabled="true"])';

/** The options of a listbox that take focus, less the disabled ones. */
export const LIST_OPTIONS = '[role="option"]:not([aria-disabled="true"])';

/** The focusable items of `container` matched by `selector`, in document order. */
function itemsOf(container: ParentNode, selector: string): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(selector));
}

/**
 * Moves focus among the items of a menu or a list the way the ARIA patterns ask: the down
 * and up arrows to the next and previous item (wrapping round), Home and End to the first
 * and last. Bound to the container's `onKeyDown`; any other key is left alone. Answers the
 * item focused, so a list whose selection follows focus can select it.
 */
export function moveFocusByArrowKey(
  event: KeyboardEvent<HTMLElement>,
  selector: string,
): HTMLElement | undefined {
  if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return undefined;
  const items = itemsOf(event.currentTarget, selector);
  if (items.length === 0) return undefined;
  const focused = document.activeElement;
  const current = items.findIndex((item) => item === focused || item.contains(focused));
  const last = items.length - 1;
  // 1. Where the key goes: from no item, down starts at the first and up at the last.
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? last
        : event.key === 'ArrowDown'
          ? current < 0 || current >= last
            ? 0
            : current + 1
          : current <= 0
            ? last
            : current - 1;
  // 2. The page does not scroll under the list as the arrows move in it.
  event.preventDefault();
  const item = items[next];
  item?.focus();
  return item;
}

/**
 * Focuses the first item of a menu or list that has just opened (a popover's `onOpened`),
 * so the arrow keys work at once and a screen reader starts on an item, not on an unnamed
 * container. Answers whether an item was there to focus.
 */
export function focusFirstItem(container: ParentNode, selector: string): boolean {
  const [first] = itemsOf(container, selector);
  first?.focus();
  return first !== undefined;
}
