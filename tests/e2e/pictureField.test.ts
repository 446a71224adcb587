import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { openTaskOf } from '../../server/forms/testing/formTestKit';
import { auditScreen, formatFindings, type AccessibilityFinding } from '../helpers/accessibility';
import { FAKE_CAMERA_ARGS, openPage } from '../helpers/browser';
import { takePhoto } from '../helpers/mediaFields';
import { screenshotsFolder } from '../helpers/screenshotsFolder';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';
import { fieldCell, openTaskPage } from '../helpers/taskPage';
import { whitePng } from '../helpers/testFiles';

const OFFICER = 'lucas.martin@tessera.example';
const OFFICER_ID = 'lmartin';
/** The largest picture the field takes (spec 001 section 5). */
const PICTURE_MAX_BYTES = 5_242_880;
/** The portals the field's dialogs open in: what axe looks at. */
const DIALOGS = '.bp6-portal';
/** How long one language's walk through every dialog may take on a busy machine. */
const WALK_TIMEOUT_MS = 480_000;
/** Where the screenshots go, to be looked at after a run. */
const SHOTS = screenshotsFolder('picture-field');

const e2e = setUpServerAndBrowser({}, FAKE_CAMERA_ARGS);

/** A customer onboarding just started, its "Capture KYC data" task claimed by the officer. */
async function kycTask(): Promise<string> {
  const instance = await e2e.server.app.engine.startProcess('internal', {
    key: 'customerOnboarding',
    startedBy: OFFICER_ID,
    variables: { customerName: 'Ada Lovelace' },
  });
  const task = await openTaskOf(e2e.server, instance.id);
  await e2e.server.app.engine.claimTask('internal', task.id, OFFICER_ID);
  return task.id;
}

/** A text of the picture plugin's own locale file, by dotted key. */
async function text(language: string, key: string): Promise<string> {
  const tree: unknown = JSON.parse(
    await readFile(`plugins/picture/locales/${language}.json`, 'utf8'),
  );
  const found = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);
  if (typeof found !== 'string') throw new Error(`No text ${language}:${key}`);
  return found;
}

/** The task's stored files, as the database holds them. */
function filesOf(taskId: string) {
  return e2e.server.database.db
    .selectFrom('files')
    .select(['id', 'kind', 'media_type'])
    .where('task_id', '=', taskId)
    .execute();
}

/** Waits until no overlay (dialog, confirmation, wait) is opening or closing. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector(
        '.bp6-overlay-enter, .bp6-overlay-enter-active, .bp6-overlay-exit, .bp6-overlay-exit-active',
      ),
  );
}

/** The open dialog whose title starts with `title`. */
function dialog(page: Page, title: string): Locator {
  return page
    .locator('.bp6-dialog')
    .filter({ has: page.locator('.bp6-heading', { hasText: title }) });
}

/** The stored picture in the field, once its image has loaded. */
async function storedImage(page: Page): Promise<void> {
  const image = fieldCell(page, 'idPhoto').getByTestId('picture-image');
  await image.waitFor();
  await page.waitForFunction(() => {
    const element = document.querySelector<HTMLImageElement>('[data-testid="picture-image"]');
    return Boolean(element?.complete && element.naturalWidth > 0);
  });
}

/** Opens the field's source dialog and picks `file` through the gallery's file chooser. */
async function pickFromGallery(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('picture-source-gallery').click();
  await (await chooser).setFiles(file);
}

/** The editor's crop as the page states it: width, height and the rotation in degrees. */
async function cropOf(page: Page): Promise<{ width: number; height: number; rotation: number }> {
  const state = await page.getByTestId('picture-editor-canvas').getAttribute('data-crop');
  const match = /^(\d+)x(\d+)@(\d+)$/.exec(state ?? '');
  if (!match) throw new Error(`The editor states no crop: ${state}`);
  return { width: Number(match[1]), height: Number(match[2]), rotation: Number(match[3]) };
}

describe('picture field', () => {
  it('given the KYC task, when the officer takes a photo with the camera, crops it to 16:9, turns it and saves, then the JPEG is stored for the task, shown again after a reload, viewed with zoom and deleted after a confirmation', async () => {
    const taskId = await kycTask();
    const { context, page } = await openPage(e2e.browser);
    try {
      await signIn(page, e2e.server.url, OFFICER);
      await openTaskPage(page, e2e.server.url, taskId);
      const cell = fieldCell(page, 'idPhoto');
      await cell.getByTestId('picture-open').click();
      await takePhoto(page);
      await page.getByTestId('picture-camera-edit').click();
      await page.locator('[data-testid="picture-editor-canvas"][data-ready]').waitFor();

      // Save waits for a mode; the field's config starts the crop at 3:2.
      const save = page.getByTestId('picture-editor-save');
      expect(await save.isDisabled()).toBe(true);
      await page.getByRole('radio', { name: 'Crop', exact: true }).click();
      expect(await save.isDisabled()).toBe(false);
      const start = await cropOf(page);
      expect(start.width / start.height).toBeCloseTo(3 / 2, 1);
      await page.getByRole('radio', { name: '16:9', exact: true }).click();
      await expect
        .poll(async () => {
          const crop = await cropOf(page);
          return crop.width / crop.height;
        })
        .toBeCloseTo(16 / 9, 1);

      // A quarter turn to the right.
      await page.getByRole('radio', { name: 'Rotate', exact: true }).click();
      await page.getByTestId('picture-rotate-right').click();
      await expect.poll(async () => (await cropOf(page)).rotation).toBe(90);

      // Zoom: the slider steps by 0.1, the crop follows after its debounce.
      await page.getByRole('radio', { name: 'Zoom', exact: true }).click();
      const before = await cropOf(page);
      const handle = page.getByRole('slider', { name: 'Zoom level' });
      await handle.focus();
      await handle.press('ArrowRight');
      await handle.press('ArrowRight');
      await expect.poll(async () => (await cropOf(page)).width).toBeLessThan(before.width);
      const zoomed = await cropOf(page);
      // 1.2: the sides are divided by 1.2, the aspect stays.
      expect(zoomed.width).toBeCloseTo(before.width / 1.2, -1);
      expect(zoomed.width / zoomed.height).toBeCloseTo(16 / 9, 1);

      await save.click();
      await storedImage(page);
      // The editor closes once the photo is stored (its closing transition ends too).
      await save.waitFor({ state: 'detached' });
      const stored = await filesOf(taskId);
      expect(stored).toEqual([
        { id: expect.any(String), kind: 'picture', media_type: 'image/jpeg' },
      ]);

      // The stored JPEG is the crop: 16:9.
      const response = await page.request.get(`${e2e.server.url}/api/task/file/${stored[0]?.id}`);
      expect(response.status()).toBe(200);
      const meta = await sharp(await response.body()).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.width / meta.height).toBeCloseTo(16 / 9, 1);

      // Saved as a draft and opened again, the photo is still there.
      await page
        .getByTestId('task-form')
        .getByRole('button', { name: 'Save', exact: true })
        .click();
      await page.waitForURL((url) => url.pathname === '/');
      await openTaskPage(page, e2e.server.url, taskId);
      await storedImage(page);

      // The viewer zooms; Escape closes it and focus is back on its button.
      await fieldCell(page, 'idPhoto').getByTestId('picture-view').click();
      await page.getByTestId('picture-full').waitFor();
      await page.getByTestId('picture-zoom-in').click();
      await expect.poll(() => page.getByTestId('picture-zoom').textContent()).toBe('125 %');
      await settled(page);
      await page.keyboard.press('Escape');
      await settled(page);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
        .toBe('picture-view');

      // Delete asks first, then removes the file and says so.
      await fieldCell(page, 'idPhoto').getByTestId('picture-delete').click();
      await page.getByRole('button', { name: 'Delete photo' }).click();
      await expect
        .poll(() => fieldCell(page, 'idPhoto').getByTestId('picture-message').textContent())
        .toBe(await text('en', 'picture.deleteSuccess'));
      expect(await filesOf(taskId)).toEqual([]);
      expect(await fieldCell(page, 'idPhoto').getByTestId('picture-image').count()).toBe(0);
      // The delete button is gone with the picture: focus lands on the field's add button.
      await settled(page);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.id ?? ''))
        .toMatch(/_idPhoto$/);
    } finally {
      await context.close();
    }
  });

  it('given the gallery, when the officer picks a picture too large by one byte, then a GIF, then a PNG, then the first two are refused with their messages and nothing stored, and the PNG is stored as a JPEG', async () => {
    const taskId = await kycTask();
    const { context, page } = await openPage(e2e.browser);
    try {
      await signIn(page, e2e.server.url, OFFICER);
      await openTaskPage(page, e2e.server.url, taskId);
      await fieldCell(page, 'idPhoto').getByTestId('picture-open').click();
      const problem = page.getByTestId('picture-choice-problem');

      await pickFromGallery(page, {
        name: 'scan.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.alloc(PICTURE_MAX_BYTES + 1, 0xff),
      });
      await expect
        .poll(() => problem.textContent())
        .toBe(await text('en', 'common.imageUploadErrorMessage'));

      await pickFromGallery(page, {
        name: 'scan.gif',
        mimeType: 'image/gif',
        buffer: Buffer.from(
          'R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==',
          'base64',
        ),
      });
      await expect
        .poll(() => problem.textContent())
        .toBe(await text('en', 'picture.fileFormatError'));
      expect(await filesOf(taskId)).toEqual([]);

      await pickFromGallery(page, {
        name: 'document.png',
        mimeType: 'image/png',
        buffer: await whitePng(800, 600),
      });
      await page.getByTestId('picture-preview').waitFor();
      await page.getByTestId('picture-use').click();
      await storedImage(page);
      expect(await filesOf(taskId)).toEqual([
        { id: expect.any(String), kind: 'picture', media_type: 'image/jpeg' },
      ]);
      await settled(page);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.id ?? ''))
        .toMatch(/_idPhoto$/);
    } finally {
      await context.close();
    }
  });

  it('given the gallery, when the officer picks a page of HTML named .png and then an SVG, then each is refused with its message and nothing is stored', async () => {
    const taskId = await kycTask();
    const { context, page } = await openPage(e2e.browser);
    try {
      await signIn(page, e2e.server.url, OFFICER);
      await openTaskPage(page, e2e.server.url, taskId);
      await fieldCell(page, 'idPhoto').getByTestId('picture-open').click();
      const problem = page.getByTestId('picture-choice-problem');

      await pickFromGallery(page, {
        name: 'passport.png',
        mimeType: 'image/png',
        buffer: Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>'),
      });
      await expect.poll(() => problem.textContent()).toBe(await text('en', 'picture.unreadable'));
      await expect(page.getByTestId('picture-preview').count()).resolves.toBe(0);

      await pickFromGallery(page, {
        name: 'passport.svg',
        mimeType: 'image/svg+xml',
        buffer: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
        ),
      });
      await expect
        .poll(() => problem.textContent())
        .toBe(await text('en', 'picture.fileFormatError'));
      expect(await filesOf(taskId)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  describe.each([
    ['en', 'en-GB'],
    ['es', 'es-ES'],
    ['fr', 'fr-FR'],
  ])('in %s', (language, locale) => {
    it.each([1280, 375])(
      'at %i px, each dialog of the field is shown for a person to look at and has no serious accessibility finding',
      async (width) => {
        const taskId = await kycTask();
        const { context, page } = await openPage(e2e.browser, { locale, width, height: 800 });
        const findings: AccessibilityFinding[] = [];
        const look = async (name: string, include = DIALOGS) => {
          await settled(page);
          await page.screenshot({ path: join(SHOTS, `${name}-${language}-${width}.png`) });
          // axe reads the page, not its width: once per language is enough.
          if (width === 1280) {
            findings.push(...(await auditScreen(page, `${language}: ${name}`, include)));
          }
        };
        try {
          await signIn(page, e2e.server.url, OFFICER);
          await openTaskPage(page, e2e.server.url, taskId);
          await fieldCell(page, 'idPhoto').getByTestId('picture-open').click();
          await dialog(
            page,
            (await text(language, 'picture.sourceTitle')).split('{{')[0] ?? '',
          ).waitFor();
          await look('source');

          await page.getByTestId('picture-source-camera').click();
          await page.locator('[data-testid="picture-camera"][data-ready]').waitFor();
          await look('camera');
          await page.getByTestId('picture-take').click();
          await page.getByTestId('picture-taken').waitFor();
          await look('camera-taken');

          await page.getByTestId('picture-camera-edit').click();
          await page.locator('[data-testid="picture-editor-canvas"][data-ready]').waitFor();
          await look('editor');
          for (const mode of ['crop', 'rotate', 'zoom'] as const) {
            await page
              .getByRole('radio', { name: await text(language, `picture.${mode}`) })
              .click();
            await look(`editor-${mode}`);
          }
          await page.getByTestId('picture-editor-save').click();
          await storedImage(page);
          await settled(page);
          await fieldCell(page, 'idPhoto').scrollIntoViewIfNeeded();
          // The field itself is checked where it stands, in the form.
          await look('field', '.tf-cell:has(.tf-picture)');

          await fieldCell(page, 'idPhoto').getByTestId('picture-view').click();
          await page.getByTestId('picture-full').waitFor();
          await look('viewer');
          await page.keyboard.press('Escape');
          await settled(page);

          await fieldCell(page, 'idPhoto').getByTestId('picture-delete').click();
          await page
            .getByRole('button', { name: await text(language, 'picture.deleteConfirm') })
            .waitFor();
          await look('delete');
          await page.keyboard.press('Escape');
          await settled(page);

          expect(findings, formatFindings(findings)).toEqual([]);
        } finally {
          await context.close();
        }
      },
      WALK_TIMEOUT_MS,
    );
  });
});
