import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectPath } from '../../server/paths';
import { deployFormProcesses, makeFormTask } from '../../server/forms/testing/formTestKit';
import { openPage } from '../helpers/browser';
import { testClientDir } from '../../server/testing/startTestServer';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';

const OFFICER = 'lucas.martin@tessera.example';
const OFFICER_ID = 'lmartin';
/** A plain form without people, group or media fields. */
const LIGHT_FORM = 'kyc-compliance-review';
/** A plain form with one field of every type, people, functional groups and an upload included. */
const HEAVY_FORM = 'plain-every-type';

const e2e = setUpServerAndBrowser();

let heavyTypes: string[] = [];

/**
 * The plugins whose widget loads on demand: those whose `index.ts` gives `loadWidget`.
 * Read from the source, so a heavy plugin added later is covered without editing this test.
 */
async function lazyPluginTypes(): Promise<string[]> {
  const root = projectPath('plugins');
  const types: string[] = [];
  for (const entry of await readdir(root, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const index = await readFile(join(root, entry.name, 'index.ts'), 'utf8').catch(() => '');
    if (/\bloadWidget\s*:/.test(index)) types.push(entry.name);
  }
  return types.sort();
}

/** The lazy plugin a script URL is the widget chunk of (`plugin-<type>-<hash>.js`), if any. */
function pluginOfChunk(url: string): string | undefined {
  const file = new URL(url).pathname.split('/').pop() ?? '';
  return heavyTypes.find((type) => file.startsWith(`plugin-${type}-`));
}

/** Every script the page asks for from now on. */
function recordScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' || request.url().endsWith('.js')) {
      urls.push(request.url());
    }
  });
  return urls;
}

/** Opens a task page, waits for its form, and scrolls through it so every field renders. */
async function openWholeForm(page: Page, taskId: string): Promise<void> {
  await page.goto(`${e2e.server.url}/process/task/${taskId}`);
  await page.getByTestId('task-form').waitFor();
  for (let step = 0; step < 40; step += 1) {
    const atBottom = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight * 0.8);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    await page.waitForTimeout(100);
    if (atBottom) break;
  }
  await page.waitForLoadState('networkidle');
}

beforeAll(async () => {
  heavyTypes = await lazyPluginTypes();
  await deployFormProcesses(e2e.server, [LIGHT_FORM, HEAVY_FORM]);
});

describe('lazy field plugins', () => {
  it('knows the heavy plugins and the build names their chunks by type', async () => {
    expect(heavyTypes).toEqual(expect.arrayContaining(['functional-group', 'people']));
    const assets = await readdir(join(testClientDir(), 'assets'));
    for (const type of heavyTypes) {
      expect(
        assets.some((file) => file.startsWith(`plugin-${type}-`) && file.endsWith('.js')),
        `a plugin-${type}-*.js chunk in the build's assets`,
      ).toBe(true);
    }
  });

  it('given a form without heavy fields, when its task opens, then no heavy plugin code is fetched; a form with them fetches theirs', async () => {
    const light = await makeFormTask(e2e.server, { formKey: LIGHT_FORM, assignee: OFFICER_ID });
    const heavy = await makeFormTask(e2e.server, { formKey: HEAVY_FORM, assignee: OFFICER_ID });
    const { context, page } = await openPage(e2e.browser, { width: 1280, height: 900 });
    try {
      await signIn(page, e2e.server.url, OFFICER);
      const scripts = recordScripts(page);

      await openWholeForm(page, light.id);
      expect(scripts.length, 'the task page loaded some code').toBeGreaterThan(0);
      expect(scripts.map(pluginOfChunk).filter(Boolean)).toEqual([]);

      scripts.length = 0;
      await openWholeForm(page, heavy.id);
      await expect
        .poll(() => [...new Set(scripts.map(pluginOfChunk).filter(Boolean))].sort())
        .toEqual(['functional-group', 'people', 'upload']);
    } finally {
      await context.close();
    }
  });
});
