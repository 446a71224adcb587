import { beforeAll, describe, expect, it } from 'vitest';
import {
  dayFromToday,
  deployKit,
  makeTask,
  testDayClock,
} from '../../server/workflow/testing/taskTestKit';
import { openPage } from '../helpers/browser';
import { expectFocus, tabTo } from '../helpers/keyboard';
import { liveRegionSays } from '../helpers/liveRegion';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';

// After sign-in these tests use page.keyboard only: no click, no fill, no focus().
const OFFICER = 'lucas.martin@tessera.example';

/** A walk on a busy two-core machine: generous, only a hang reaches it. */
const WALK_TIMEOUT_MS = 300_000;

// The quick filter's "today" is cut from the test's day, which cannot end mid-file.
const e2e = setUpServerAndBrowser({ clock: testDayClock });

beforeAll(async () => {
  await deployKit(e2e.server);
  // Thirteen tasks of Lucas's: two due today, eleven in three weeks; two pages of ten.
  for (let number = 1; number <= 13; number += 1) {
    await makeTask(e2e.server, {
      name: `Spoken ${String(number).padStart(2, '0')}`,
      assignee: 'lmartin',
      seen: true,
      dueDate: dayFromToday(number <= 2 ? 0 : 21),
    });
  }
});

describe('announcements and focus, by keyboard', () => {
  it(
    'given an officer with 13 tasks, when he picks the Today quick filter and pages with Next, then the live region says the count and the focus never falls to the body',
    async () => {
      const { context, page } = await openPage(e2e.browser);
      try {
        await signIn(page, e2e.server.url, OFFICER);
        // A fresh load, so Tab starts from the top of the page.
        await page.reload();
        await page.locator('[data-testid="tab-count-assigned"]').waitFor();

        // The skip link is the first stop of Tab and takes the focus to the main region.
        await page.keyboard.press('Tab');
        await expectFocus(page, { selector: 'a.tessera-skip-link' });
        await page.keyboard.press('Enter');
        await expectFocus(page, { selector: 'main#main-content' });

        // A quick filter: the count of what it keeps is spoken, the focus stays on it.
        const today = { selector: 'button[data-filter="TODAY"]' };
        await tabTo(page, today);
        await page.keyboard.press('Enter');
        await liveRegionSays(page, '2 tasks');
        await expectFocus(page, today);

        // Back to all, then the pager's Next: its last page disables Next, and the focus
        // goes to Previous rather than the body.
        await tabTo(page, { selector: 'button[data-filter="ALL"]' }, { backwards: true });
        await page.keyboard.press('Enter');
        await liveRegionSays(page, '13 tasks');
        await tabTo(page, { selector: '[data-testid="page-next"]' });
        await page.keyboard.press('Enter');
        await page.locator('[data-testid="page-range"]', { hasText: '11–13 of 13' }).waitFor();
        await liveRegionSays(page, '11–13 of 13');
        await expectFocus(page, { selector: '[data-testid="page-previous"]' });
        expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
      } finally {
        await context.close();
      }
    },
    WALK_TIMEOUT_MS,
  );
});
