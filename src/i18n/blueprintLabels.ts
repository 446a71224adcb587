import { Classes } from '@blueprintjs/core';
import type { i18n as I18n } from 'i18next';

/** One English label Blueprint builds into a component, and the key that translates it. */
interface BuiltInLabel {
  /** The elements that carry it. */
  readonly selector: string;
  /** Where the text sits: an attribute, or the element's text. */
  readonly attribute: 'aria-label' | 'text';
  /** The translation key. */
  readonly key: string;
}

/**
 * Every English string Blueprint renders on its own in the components Tessera uses (found in
 * `@blueprintjs/core/lib/esm`: Dialog's and Drawer's close button, Toast's close button,
 * HTMLSelect's icon title, Tag's remove button, NumericInput's step buttons). None of them
 * is a prop, so they are translated where they land in the page.
 */
export const BLUEPRINT_LABELS: readonly BuiltInLabel[] = [
  { selector: `.${Classes.DIALOG_CLOSE_BUTTON}`, attribute: 'aria-label', key: 'common.close' },
  {
    selector: `.${Classes.TOAST} .${Classes.BUTTON}[aria-label]`,
    attribute: 'aria-label',
    key: 'common.close',
  },
  { selector: `.${Classes.HTML_SELECT} svg > title`, attribute: 'text', key: 'common.openList' },
  { selector: `.${Classes.TAG_REMOVE}`, attribute: 'aria-label', key: 'common.remove' },
  {
    selector: `.${Classes.NUMERIC_INPUT} .${Classes.BUTTON}[aria-label="increment"]`,
    attribute: 'aria-label',
    key: 'common.increase',
  },
  {
    selector: `.${Classes.NUMERIC_INPUT} .${Classes.BUTTON}[aria-label="decrement"]`,
    attribute: 'aria-label',
    key: 'common.decrease',
  },
];

/** Writes the translated labels into `root` and everything under it. */
export function translateBlueprintLabels(root: Element, i18n: I18n): void {
  for (const label of BLUEPRINT_LABELS) {
    const text = i18n.t(label.key);
    const matches = [...(root.matches(label.selector) ? [root] : [])];
    matches.push(...root.querySelectorAll(label.selector));
    for (const element of matches) {
      if (label.attribute === 'text') {
        if (element.textContent !== text) element.textContent = text;
      } else if (element.getAttribute(label.attribute) !== text) {
        element.setAttribute(label.attribute, text);
      }
    }
  }
}

/**
 * Keeps Blueprint's built-in labels in the user's language: whatever is added to the page
 * (a dialog, a toast, a select) and everything when the language changes. React leaves the
 * attributes alone afterwards, since their props never change. Answers a disposer.
 */
export function watchBlueprintLabels(root: Element, i18n: I18n): () => void {
  const observer = new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      for (const node of mutation.addedNodes) {
        // A title's text node replaced by the translation itself lands here too: skipped.
        if (node instanceof Element) translateBlueprintLabels(node, i18n);
      }
    }
  });
  observer.observe(root, { childList: true, subtree: true });
  translateBlueprintLabels(root, i18n);
  const onLanguage = () => translateBlueprintLabels(root, i18n);
  i18n.on('languageChanged', onLanguage);
  return () => {
    observer.disconnect();
    i18n.off('languageChanged', onLanguage);
  };
}
