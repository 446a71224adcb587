import { Dialog, Drawer, HTMLSelect, NumericInput, Tag, Toast } from '@blueprintjs/core';
import { render, waitFor } from '@testing-library/react';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { watchBlueprintLabels } from './blueprintLabels';
import { i18n } from './i18n';

/**
 * Blueprint's built-in English, read from its own code: every literal aria-label, and the
 * HTMLSelect icon title. A new Blueprint version with a new string shows up here.
 */
function blueprintEnglish(): Set<string> {
  const root = join(process.cwd(), 'node_modules/@blueprintjs/core/lib/esm/components');
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.js')) {
        const code = readFileSync(path, 'utf8');
        for (const match of code.matchAll(/"aria-label": "([^"]+)"/g)) found.add(match[1] ?? '');
        for (const match of code.matchAll(/iconTitle = "([^"]+)"/g)) found.add(match[1] ?? '');
      }
    }
  };
  walk(root);
  return found;
}

/** Every label a screen reader announces or a pointer shows, in the document. */
function announced(): string[] {
  const labels = [...document.querySelectorAll('[aria-label]')].map(
    (element) => element.getAttribute('aria-label') ?? '',
  );
  const titles = [...document.querySelectorAll('svg > title, [title]')].map(
    (element) => element.getAttribute('title') ?? element.textContent ?? '',
  );
  return [...labels, ...titles, document.body.textContent ?? ''];
}

function EveryBuiltIn() {
  return (
    <>
      <HTMLSelect options={['a', 'b']} aria-label="x" />
      <Tag onRemove={() => undefined}>tag</Tag>
      <NumericInput aria-label="n" />
      <Toast message="done" onDismiss={() => undefined} />
      <Dialog isOpen title="Dialog" onClose={() => undefined} />
      <Drawer isOpen title="Drawer" onClose={() => undefined} />
    </>
  );
}

let stop: (() => void) | undefined;

afterEach(async () => {
  stop?.();
  await i18n.changeLanguage('en');
});

describe('Blueprint labels', () => {
  const english = blueprintEnglish();

  it('finds the English Blueprint builds in (Close, Open dropdown, Remove tag...)', () => {
    for (const text of ['Close', 'Open dropdown', 'Remove tag']) expect(english).toContain(text);
  });

  it.each(['es', 'fr'])(
    'given %s, then no Blueprint English is shown or announced, also after switching language',
    async (language) => {
      await i18n.changeLanguage(language);
      stop = watchBlueprintLabels(document.body, i18n);
      render(<EveryBuiltIn />);
      const leftover = () =>
        announced().filter((text) => [...english].some((word) => text.trim() === word));
      await waitFor(() =>
        expect(document.querySelectorAll('.bp6-dialog-close-button')).toHaveLength(2),
      );
      await waitFor(() => expect(leftover()).toEqual([]));
      expect(document.querySelector('.bp6-dialog-close-button')?.getAttribute('aria-label')).toBe(
        i18n.t('common.close'),
      );

      // Switching back to English puts English words back, from our translations.
      await i18n.changeLanguage('en');
      expect(document.querySelector('.bp6-html-select svg > title')?.textContent).toBe(
        'Open the list',
      );
    },
  );
});
