import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The app's one polite live region, rendered by the shell. */
export const LIVE_REGION = '[role="status"][aria-live="polite"][data-testid="live-announcer"]';

/** Waits until the app's one polite live region says exactly `text`. */
export async function liveRegionSays(page: Page, text: string): Promise<void> {
  const region = page.locator(LIVE_REGION);
  await region.filter({ hasText: text }).waitFor({ state: 'attached' });
  expect((await region.textContent())?.trim()).toBe(text);
}

/** Fills `{{name}}` placeholders of a translation, as i18next would. */
export function interpolate(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
