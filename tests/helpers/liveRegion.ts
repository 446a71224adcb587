import type { Page } from 'playwright-core';

/** The app's one polite live region, rendered by the shell. */
export const LIVE_REGION = '[role="status"][aria-live="polite"][data-testid="live-announcer"]';

/** What the page records of the region: every text it held, and how many were checked. */
interface SpokenRecord {
  texts: string[];
  checked: number;
}

declare global {
  interface Window {
    __tesseraSpoken?: SpokenRecord;
  }
}

/**
 * Starts recording, in the page, every text the live region holds (once per page load): a
 * later message may replace one within milliseconds (a notification arriving, a list
 * reloading), which a screen reader still speaks but a polling check could miss.
 */
async function recordSpoken(page: Page): Promise<void> {
  await page.evaluate((selector) => {
    if (window.__tesseraSpoken) return;
    const record: SpokenRecord = { texts: [], checked: 0 };
    window.__tesseraSpoken = record;
    // Each change of text counts, so the same words said again after a blank count twice.
    let last: string | null = null;
    const note = () => {
      const text = document.querySelector(selector)?.textContent?.trim() ?? '';
      if (text === last) return;
      last = text;
      if (text !== '') record.texts.push(text);
    };
    note();
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  }, LIVE_REGION);
}

/**
 * Waits until the app's one polite live region has said exactly `text` since the last text
 * checked (or holds it now, for a message spoken before the first check of the page).
 */
export async function liveRegionSays(page: Page, text: string): Promise<void> {
  await recordSpoken(page);
  try {
    await page.waitForFunction((expected) => {
      const record = window.__tesseraSpoken;
      if (!record) return false;
      const at = record.texts.indexOf(expected, record.checked);
      if (at < 0) return false;
      record.checked = at + 1;
      return true;
    }, text);
  } catch (error) {
    const said = await page
      .evaluate(() => window.__tesseraSpoken?.texts.slice(window.__tesseraSpoken.checked) ?? [])
      .catch(() => ['(the page is gone)']);
    throw new Error(
      `The live region did not say "${text}"; since the last check it said: ${JSON.stringify(said)}`,
      { cause: error },
    );
  }
}

/** Fills `{{name}}` placeholders of a translation, as i18next would. */
export function interpolate(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
