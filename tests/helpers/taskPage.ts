import type { Locator, Page, Request } from 'playwright-core';
import { expect } from 'vitest';

/** Opens a task's page on `origin` and waits for its form. */
export async function openTaskPage(page: Page, origin: string, taskId: string): Promise<void> {
  await page.goto(`${origin}/process/task/${taskId}`);
  await page.getByTestId('task-form').waitFor();
}

/** A form field's control by its field id (the runtime's DOM ids end in `_<fieldId>`). */
export function fieldControl(page: Page, fieldId: string): Locator {
  return page.locator(`[id$="_${fieldId}"]`).first();
}

/** The grid cell around a form field's control: its label, control and errors. */
export function fieldCell(page: Page, fieldId: string): Locator {
  return page.locator('.tf-cell').filter({ has: page.locator(`[id$="_${fieldId}"]`) });
}

/**
 * Whether the element's box lies wholly inside the viewport's height; throws when the element
 * is not rendered at all, so "not in view" never passes for a missing element.
 */
export async function inViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('The element has no box (not rendered).');
  const height = await page.evaluate(() => window.innerHeight);
  return box.y >= 0 && box.y + box.height <= height;
}

/** Records, from now on, every task-completion request the page sends. */
export function watchCompletions(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/action/complete')) {
      sent.push(request);
    }
  });
  return sent;
}

/** Picks a radio choice of a field by its label, as a person clicks it. */
export async function chooseOption(page: Page, fieldId: string, label: string): Promise<void> {
  await fieldCell(page, fieldId).getByText(label, { exact: true }).click();
  await expect
    .poll(() => fieldCell(page, fieldId).getByLabel(label, { exact: true }).isChecked())
    .toBe(true);
}

/** Ticks a checkbox or switch field by its label, as a person clicks it. */
export async function tickField(page: Page, fieldId: string): Promise<void> {
  await fieldCell(page, fieldId).locator('label.bp6-control').first().click();
  await expect.poll(() => fieldControl(page, fieldId).isChecked()).toBe(true);
}

/**
 * A result message in its toast. Results are also said by the polite live region, so a bare
 * `getByText` finds one element or two depending on which appeared first; the toast is one.
 */
export function toastText(page: Page, text: string): Locator {
  return page.locator('.bp6-toast').getByText(text);
}
