import type { FileChooser, Page } from 'playwright-core';

/** What the focus is looked for: an element matching `selector`, with `text` if given. */
export interface FocusTarget {
  /** A CSS selector the focused element must match. */
  selector: string;
  /** The focused element's trimmed text must equal this, when given. */
  text?: string;
}

/** Whether the focused element is the target. */
export function focusIs(page: Page, target: FocusTarget): Promise<boolean> {
  return page.evaluate(({ selector, text }) => {
    const active = document.activeElement;
    if (!active || active === document.body || !active.matches(selector)) return false;
    return text === undefined || (active.textContent ?? '').trim() === text;
  }, target);
}

/** A short description of the focused element, for failure messages. */
export function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return '(nothing: the page body)';
    const id = active.id ? `#${active.id}` : '';
    const label = active.getAttribute('aria-label') ?? (active.textContent ?? '').trim();
    return `<${active.tagName.toLowerCase()}${id}> ${label.slice(0, 60)}`;
  });
}

/**
 * Presses Tab (or Shift+Tab with `backwards`) until the target has the focus, as a keyboard
 * user would; throws, naming where the focus went, when it is not reached within `limit`
 * presses.
 */
export async function tabTo(
  page: Page,
  target: FocusTarget,
  options: { backwards?: boolean; limit?: number } = {},
): Promise<void> {
  const key = options.backwards ? 'Shift+Tab' : 'Tab';
  const limit = options.limit ?? 120;
  const visited: string[] = [];
  for (let presses = 0; presses <= limit; presses += 1) {
    if (await focusIs(page, target)) return;
    await page.keyboard.press(key);
    if (presses < 30) visited.push(await describeFocus(page));
  }
  throw new Error(
    `${key} did not reach ${target.selector}${target.text ? ` "${target.text}"` : ''} in ${limit} presses; the focus went through:\n  ${visited.join('\n  ')}`,
  );
}

/** Waits until the focused element is the target; throws naming the focused element if not. */
export async function expectFocus(
  page: Page,
  target: FocusTarget,
  timeoutMs = 30_000,
): Promise<void> {
  try {
    await page.waitForFunction(
      ({ selector, text }) => {
        const active = document.activeElement;
        if (!active || active === document.body || !active.matches(selector)) return false;
        return text === undefined || (active.textContent ?? '').trim() === text;
      },
      target,
      { timeout: timeoutMs },
    );
  } catch {
    throw new Error(
      `The focus should be on ${target.selector}${target.text ? ` "${target.text}"` : ''}, it is on ${await describeFocus(page)}`,
    );
  }
}

/**
 * Presses Escape in the overlay just opened, once it has taken the focus: a dialog, drawer or
 * popover moves the focus in a frame after it shows, and hears Escape only from inside.
 */
export async function escapeFromOverlay(page: Page): Promise<void> {
  await page.waitForFunction(() => document.activeElement?.closest('.bp6-portal') != null);
  await page.keyboard.press('Escape');
}

/** Waits until no dialog, drawer or popover is open any more. */
export async function overlaysClosed(page: Page): Promise<void> {
  const open = '.bp6-overlay-open, [role="dialog"]';
  try {
    await page.waitForFunction(
      (selector) => document.querySelectorAll(selector).length === 0,
      open,
    );
  } catch (error) {
    const still = await page
      .locator(open)
      .evaluateAll((elements) =>
        elements.map((element) => (element.textContent ?? '').trim().slice(0, 80)),
      )
      .catch(() => ['(the page is gone)']);
    throw new Error(
      `An overlay is still open: ${JSON.stringify(still)}; the focus is on ${await describeFocus(page).catch(() => '?')}`,
      { cause: error },
    );
  }
}

/**
 * In the open assignee dialog, picks `userId` as a keyboard user does and confirms: the
 * people list is one tab stop whose arrows move through it, choosing as they go; Tab to go
 * on; the confirmation opens on its safe button, and Tab moves from there to Reassign. Waits
 * until every overlay has closed.
 */
export async function reassignByKeyboard(page: Page, userId: string): Promise<void> {
  const person = `[role="dialog"] [data-user-id="${userId}"]`;
  await page.locator(person).waitFor();
  await tabTo(page, { selector: '[role="dialog"] [role="option"]' });
  const onPerson = () =>
    page.evaluate((id) => document.activeElement?.getAttribute('data-user-id') === id, userId);
  let step = 0;
  while (!(await onPerson())) {
    if (step === 30) throw new Error(`ArrowDown did not reach ${userId} in the people list.`);
    await page.keyboard.press('ArrowDown');
    step += 1;
  }
  await page.keyboard.press('Enter');
  await tabTo(page, { selector: '[data-testid="reassign-continue"]' });
  await page.keyboard.press('Enter');
  // Tab only once the confirmation has taken the focus, or its own focus-in, late on a busy
  // machine, takes the focus back from Reassign.
  await expectFocus(page, { selector: '[role="dialog"] button', text: 'Cancel' });
  await tabTo(page, { selector: '[role="dialog"] button', text: 'Reassign' });
  await page.keyboard.press('Enter');
  await overlaysClosed(page);
}

/** A file as a chooser takes it. */
type ChosenFile = Parameters<FileChooser['setFiles']>[0];

/** How long one press waits for the file chooser before it is pressed again. */
const CHOOSER_WAIT_MS = 8_000;

/**
 * Opens the file chooser of the focused control with `key` and picks `files`. Chromium now
 * and then loses the chooser of a key press on a busy machine (the press arrives, no
 * chooser is reported); so when none came within a few seconds and the focus is still on
 * the same control, the key is pressed again, up to three times. A control that never opens
 * a chooser still fails.
 */
export async function chooseFilesByKeyboard(
  page: Page,
  key: 'Enter' | 'Space',
  files: ChosenFile,
): Promise<void> {
  const control = await describeFocus(page);
  for (let attempt = 1; ; attempt += 1) {
    try {
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser', { timeout: CHOOSER_WAIT_MS }),
        page.keyboard.press(key),
      ]);
      await chooser.setFiles(files);
      return;
    } catch (error) {
      const now = await describeFocus(page);
      if (attempt >= 3 || now !== control) {
        throw new Error(
          `${key} on ${control} opened no file chooser in ${attempt} presses; the focus is on ${now}`,
          { cause: error },
        );
      }
    }
  }
}
