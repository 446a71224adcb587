import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { setMaintenance } from '../../server/testing/startTestServer';
import { clearInstances, deployKit, makeTask } from '../../server/workflow/testing/taskTestKit';
import { openPage } from '../helpers/browser';
import { localeText } from '../helpers/localeText';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn, submitSignIn, waitForSignedIn } from '../helpers/signIn';

const OFFICER = 'lucas.martin@tessera.example';
const SUPERVISOR = 'maria.garcia@tessera.example';
/** An officer whom no other test here gives tasks: his bell is emptied first. */
const QUIET_OFFICER = 'javier.morales@tessera.example';
const QUIET_OFFICER_ID = 'jmorales';
/** Transitions and data loads; a busy machine may take seconds. */
const POLL = { timeout: 15_000 };

const e2e = setUpServerAndBrowser();

beforeAll(async () => {
  await deployKit(e2e.server);
});

/** A request held until the test lets it go on to the real server. */
interface HeldRequest {
  /** Resolves once the request has reached the route. */
  readonly arrived: Promise<void>;
  /** Lets the request go on to the server. */
  release(): void;
}

/** Holds the next request to a path (a glob) so a test can see what the page shows meanwhile. */
async function holdNext(page: Page, glob: string): Promise<HeldRequest> {
  let arrive = (): void => undefined;
  let release = (): void => undefined;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  // The route stays in place (removing it would let the held request go at once); the
  // requests after the first pass straight through.
  await page.route(glob, async (route: Route) => {
    if (held) return route.continue();
    held = true;
    arrive();
    await released;
    await route.continue();
  });
  return { arrived, release: () => release() };
}

/** The `href` attribute of the page's favicon link. */
function faviconHref(page: Page): Promise<string | null> {
  return page.locator('link[rel="icon"]').getAttribute('href');
}

/** The colour [r, g, b] of the favicon at (x, y) of its 64 px image, as the tab would draw it. */
function faviconPixel(page: Page, x: number, y: number): Promise<number[]> {
  return page.evaluate(
    async ([px, py]) => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
      const image = new Image();
      image.src = link?.href ?? '';
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 64;
      const context = canvas.getContext('2d');
      if (!context) return [];
      context.drawImage(image, 0, 0, 64, 64);
      return Array.from(context.getImageData(px ?? 0, py ?? 0, 1, 1).data.slice(0, 3));
    },
    [x, y],
  );
}

describe('spec 000 section 2 (line 53): the favicon changes with the unread count', () => {
  it('given an officer with nothing unread, when two tasks are assigned to him, then the favicon carries a red badge, and once he opens them it is the plain mark again', async () => {
    await e2e.server.database.db
      .updateTable('task_notifications')
      .set({ read_at: new Date() })
      .where('user_id', '=', QUIET_OFFICER_ID)
      .where('read_at', 'is', null)
      .execute();
    const { context, page } = await openPage(e2e.browser);
    try {
      await signIn(page, e2e.server.url, QUIET_OFFICER);
      await expect.poll(() => page.title(), POLL).toBe('Tessera Task');
      expect(await faviconHref(page)).toBe('/favicon.svg');

      for (const name of ['Badge one', 'Badge two']) {
        await makeTask(e2e.server, { name, assignee: QUIET_OFFICER_ID });
      }
      // The live stream refreshes the bell; opening the popup asks again in any case.
      await page.getByTestId('notification-bell').click();
      await expect.poll(() => page.title(), POLL).toBe('(2) Tessera Task');
      await expect.poll(() => faviconHref(page), POLL).toMatch(/^data:image\/png;base64,/);
      // The badge is a red (#cd4246) disc on the top-right corner, centred at (47, 17) with a
      // radius of 16: read above and left of its digit, where the plain mark has no red.
      expect(await faviconPixel(page, 47, 5)).toEqual([205, 66, 70]);
      expect(await faviconPixel(page, 35, 17)).toEqual([205, 66, 70]);

      await page.getByTestId('notification-assigned').click();
      await expect.poll(() => page.title(), POLL).toBe('Tessera Task');
      await expect.poll(() => faviconHref(page), POLL).toBe('/favicon.svg');
    } finally {
      await context.close();
    }
  });
});

describe('spec 000 section 2 (line 52): Authenticating... until the account is loaded', () => {
  it('given a signed-in officer, when the page reloads and the account is still on its way, then the page reads Authenticating..., and the dashboard follows it', async () => {
    const { context, page } = await openPage(e2e.browser);
    try {
      await signIn(page, e2e.server.url, OFFICER);
      const account = await holdNext(page, '**/identity/account');
      await page.reload();
      await account.arrived;

      const waiting = page.getByRole('status').filter({ hasText: 'Authenticating...' });
      await waiting.waitFor(POLL);
      expect(await page.getByTestId('tab-count-assigned').count()).toBe(0);

      account.release();
      await waitForSignedIn(page);
      expect(await waiting.count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('spec 000 section 2 (line 59): the sign-in button becomes a spinner', () => {
  it('given the sign-in form filled in, when it is sent and the server has not answered, then a spinner stands where the button was, until the dashboard opens', async () => {
    const { context, page } = await openPage(e2e.browser);
    try {
      await page.goto(`${e2e.server.url}/login`);
      const login = await holdNext(page, '**/identity/login');
      await submitSignIn(page, OFFICER);
      await login.arrived;

      const busy = page.locator('form [role="status"]');
      await busy.locator('.bp6-spinner').waitFor(POLL);
      expect(await busy.textContent()).toBe(await localeText('en', 'login', 'signingIn'));
      expect(await page.locator('form button[type="submit"]').count()).toBe(0);

      login.release();
      await waitForSignedIn(page);
    } finally {
      await context.close();
    }
  });
});

describe('spec 000 section 2 (line 67): the comments popup is 768 px wide', () => {
  it('given a team member’s task, when the supervisor opens its comments in a 1280 px window, then the popup is 768 px wide, and in a 600 px window it keeps off the edges', async () => {
    const task = await makeTask(e2e.server, {
      name: 'Popup width: Okafor file',
      assignee: 'aokafor',
      seen: true,
    });
    const { context, page } = await openPage(e2e.browser, { width: 1280, height: 900 });
    try {
      await signIn(page, e2e.server.url, SUPERVISOR);
      await page.locator('[data-tab="team"]').click();
      await page.getByRole('searchbox', { name: 'Search tasks by name' }).fill('Popup width');
      await page.locator(`[data-action="comments"][data-task-id="${task.id}"]`).click();
      const popup = page.locator('.tessera-comments-dialog');
      await popup.waitFor(POLL);
      await expect.poll(async () => (await popup.boundingBox())?.width, POLL).toBe(768);

      await page.setViewportSize({ width: 600, height: 900 });
      await expect.poll(async () => (await popup.boundingBox())?.width, POLL).toBe(576);
    } finally {
      await context.close();
    }
  });
});

describe('spec 000 section 8 (line 308): empty lists say so', () => {
  it('given no open task at all, when the supervisor looks at each tab, then each says No tasks here in its own words, and a search that finds nothing says that no task matches', async () => {
    await clearInstances(e2e.server);
    const { context, page } = await openPage(e2e.browser);
    try {
      await signIn(page, e2e.server.url, SUPERVISOR);
      const noTasks = await localeText('en', 'dashboard', 'empty.noTasks');
      for (const kind of ['assigned', 'candidate', 'team']) {
        await page.locator(`[data-tab="${kind}"]`).click();
        const empty = page.locator('[data-testid="empty-list"][data-filtered="false"]');
        const text = await localeText('en', 'dashboard', `empty.${kind}`);
        await empty.filter({ hasText: text }).waitFor(POLL);
        expect(await empty.locator('h3').textContent()).toBe(noTasks);
      }

      await page.getByRole('searchbox', { name: 'Search tasks by name' }).fill('Nothing like it');
      const filtered = page.locator('[data-testid="empty-list"][data-filtered="true"]');
      await filtered.waitFor(POLL);
      expect(await filtered.locator('h3').textContent()).toBe(
        await localeText('en', 'dashboard', 'empty.noFilteredTasks'),
      );
    } finally {
      await context.close();
    }
  });
});

describe('spec 000 section 8 (line 311): the service worker is unregistered at start-up', () => {
  it('given a service worker left by an earlier deployment, when Tessera starts, then it is unregistered', async () => {
    const { context, page } = await openPage(e2e.browser);
    try {
      // An earlier build's worker, served where that build had it.
      await context.route('**/stale-worker.js', (route) =>
        route.fulfill({
          contentType: 'text/javascript',
          body: "self.addEventListener('fetch', () => undefined);",
        }),
      );
      await page.goto(`${e2e.server.url}/login`);
      await page.evaluate(async () => {
        await navigator.serviceWorker.register('/stale-worker.js');
        await navigator.serviceWorker.ready;
      });
      const workers = () =>
        page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length);
      expect(await workers()).toBe(1);

      await page.reload();
      await page.locator('#email').waitFor(POLL);
      await expect.poll(workers, POLL).toBe(0);
    } finally {
      await context.close();
    }
  });
});

/** The dashboard's layout as its class names it: mobile, tablet or desktop. */
async function layoutAt(page: Page, width: number): Promise<string | undefined> {
  await page.setViewportSize({ width, height: 900 });
  // Resizes are followed on the next frame; wait for the class to settle.
  await page.waitForFunction((expected) => window.innerWidth === expected, width, POLL);
  const className = await page.locator('.tessera-dashboard').getAttribute('class');
  return /tessera-dashboard--(\w+)/.exec(className ?? '')?.[1];
}

describe('spec 000 section 9 (line 322): the breakpoints and the header height', () => {
  it('given English, when the window is 599, 600, 1174 and 1175 px wide, then it is a phone (modal drawer), a tablet, a tablet and a desktop, under a 64 px header', async () => {
    const { context, page } = await openPage(e2e.browser, { width: 1280, height: 900 });
    try {
      await signIn(page, e2e.server.url, OFFICER);
      const header = page.locator('.tessera-header');
      const drawer = page.locator('nav.tessera-shell__drawer');

      await expect.poll(() => layoutAt(page, 599), POLL).toBe('mobile');
      expect(await drawer.count()).toBe(0);
      expect((await header.boundingBox())?.height).toBe(64);

      await expect.poll(() => layoutAt(page, 600), POLL).toBe('tablet');
      expect(await drawer.count()).toBe(1);
      expect((await header.boundingBox())?.height).toBe(64);

      await expect.poll(() => layoutAt(page, 1174), POLL).toBe('tablet');
      await expect.poll(() => layoutAt(page, 1175), POLL).toBe('desktop');
      expect((await header.boundingBox())?.height).toBe(64);
    } finally {
      await context.close();
    }
  });

  it('given French and then Spanish, when the window is just below and at 1400 px and 1125 px, then the desktop columns come at those widths', async () => {
    const { context, page } = await openPage(e2e.browser, { width: 1280, height: 900 });
    try {
      await signIn(page, e2e.server.url, OFFICER);
      await page.evaluate(() => window.localStorage.setItem('tessera.language', 'fr'));
      await page.reload();
      await waitForSignedIn(page);
      await expect.poll(() => layoutAt(page, 1399), POLL).toBe('tablet');
      await expect.poll(() => layoutAt(page, 1400), POLL).toBe('desktop');

      await page.evaluate(() => window.localStorage.setItem('tessera.language', 'es'));
      await page.reload();
      await waitForSignedIn(page);
      await expect.poll(() => layoutAt(page, 1124), POLL).toBe('tablet');
      await expect.poll(() => layoutAt(page, 1125), POLL).toBe('desktop');
    } finally {
      await context.close();
    }
  });
});

describe('spec 000 section 9 (line 324): a column resize under 10 px is ignored', () => {
  it('given the assigned table, when the task-name column’s edge is dragged 9 px, then its width stays, and a 10 px drag widens it by 10 px', async () => {
    await makeTask(e2e.server, { name: 'Resize row', assignee: 'lmartin', seen: true });
    const { context, page } = await openPage(e2e.browser, { width: 1280, height: 900 });
    try {
      await signIn(page, e2e.server.url, OFFICER);
      const head = page.locator('[role="columnheader"]', {
        has: page.locator('[data-column="taskName"]'),
      });
      await head.waitFor(POLL);
      const width = async () => Math.round((await head.boundingBox())?.width ?? 0);
      const drag = async (by: number) => {
        const box = await head.locator('.tessera-table__resize').boundingBox();
        if (!box) throw new Error('The task-name column has no resize handle.');
        const x = box.x + box.width / 2;
        const y = box.y + box.height / 2;
        await page.mouse.move(x, y);
        await page.mouse.down();
        await page.mouse.move(x + by / 3, y);
        await page.mouse.move(x + by, y);
        await page.mouse.up();
      };
      const before = await width();

      await drag(9);
      // A frame for any redraw the drag would have caused.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      expect(await width()).toBe(before);

      await drag(10);
      await expect.poll(width, POLL).toBe(before + 10);
    } finally {
      await context.close();
    }
  });
});

describe('spec 000 section 9 (line 329): the maintenance page is at most 600 px wide', () => {
  it('given maintenance, when the page shows in a 1280 px window, then its column is 600 px wide, and in a 400 px window it fits inside the padding', async () => {
    await setMaintenance(e2e.server.database.db, 'internal', true);
    const { context, page } = await openPage(e2e.browser, { width: 1280, height: 900 });
    try {
      await page.goto(`${e2e.server.url}/`);
      await page.waitForURL((url) => url.pathname === '/maintenance', POLL);
      const column = page.locator('.tessera-maintenance__column');
      await column.waitFor(POLL);
      expect((await column.boundingBox())?.width).toBe(600);

      await page.setViewportSize({ width: 400, height: 900 });
      await expect.poll(async () => (await column.boundingBox())?.width, POLL).toBe(360);
    } finally {
      await setMaintenance(e2e.server.database.db, 'internal', false);
      await context.close();
    }
  });
});
