import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { DatabaseFileContentStore } from '../../server/files/FileContentStore';
import { linkRecordToInstance } from '../../server/records/recordFiles';
import { seedDemoRecords } from '../../server/seed/demoRecords';
import { deployKit, makeTask } from '../../server/workflow/testing/taskTestKit';
import { auditScreen, formatFindings, type AccessibilityFinding } from '../helpers/accessibility';
import { openPage } from '../helpers/browser';
import { screenshotsFolder } from '../helpers/screenshotsFolder';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';

/** The back-office analyst (access-bo). */
const ANALYST = 'claire.dubois@tessera.example';

const SHOTS = screenshotsFolder('records-polish');

const e2e = setUpServerAndBrowser();

beforeAll(async () => {
  await seedDemoRecords(e2e.server.database.db);
  await deployKit(e2e.server);
}, 300_000);

/** The customers' fields in the table's order: the cell of a field is its row's child. */
const ID_DOCUMENT = 4;
const POLITICALLY_EXPOSED = 10;

const rowsSelector = '.tessera-records__table tbody tr';

/**
 * Stores an ID photo for a process instance, as the onboarding's capture task would, and
 * names it in a customer's `idPhoto`; `linked` says whether the record notes that instance
 * as one that produced it. Answers the file's id.
 */
async function givePhoto(recordId: string, linked: boolean): Promise<string> {
  const { db } = e2e.server.database;
  const content = await sharp({
    create: { width: 48, height: 32, channels: 3, background: '#2d72d2' },
  })
    .png()
    .toBuffer();
  const id = randomUUID();
  // The onboarding's capture task, as the task kit's process stands for it.
  const task = await makeTask(e2e.server, {
    name: `ID capture for ${recordId}`,
    assignee: 'lmartin',
  });
  const instanceId = task.instanceId;
  await db
    .insertInto('files')
    .values({
      id,
      tenant: 'internal',
      instance_id: instanceId,
      task_id: task.id,
      kind: 'picture',
      file_name: 'id-photo.png',
      media_type: 'image/png',
      byte_size: content.length,
      summary: null,
      uploaded_by: 'lmartin',
    })
    .execute();
  await new DatabaseFileContentStore(db).put('internal', id, content);
  await db
    .updateTable('object_records')
    .set({ data: sql`data || ${JSON.stringify({ idPhoto: id })}::jsonb` })
    .where('tenant', '=', 'internal')
    .where('id', '=', recordId)
    .execute();
  if (linked) await linkRecordToInstance(db, 'internal', recordId, instanceId);
  return id;
}

describe('records list polish', () => {
  it('given the customers list, when the analyst reads the identity documents and filters the yes-or-no column, then she sees labels and a Yes choice, and the instance a deletion opens leads back to that same list', async () => {
    const { context, page } = await openPage(e2e.browser, { locale: 'en-GB' });
    page.setDefaultTimeout(60_000);
    await signIn(page, e2e.server.url, ANALYST);
    await page.goto(`${e2e.server.url}/objectdata/customers/1`);
    await page.locator(rowsSelector).first().waitFor();
    const cells = (index: number) =>
      page
        .locator(rowsSelector)
        .evaluateAll((rows, at) => rows.map((row) => row.children[at]?.textContent ?? ''), index);
    const rowIds = () =>
      page
        .locator(rowsSelector)
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-record-id')));

    // Then the identity document shows by its label, never its code.
    const documents = ['National ID card', 'Passport', 'Residence permit'];
    await expect
      .poll(async () => (await cells(ID_DOCUMENT)).every((text) => documents.includes(text)), {
        timeout: 20_000,
      })
      .toBe(true);

    // When the filters open, the yes-or-no column is a choice of Any, Yes and No, with no
    // hint asking for English words.
    await page.getByRole('button', { name: 'Filters' }).click();
    const exposed = page.getByLabel('Politically exposed', { exact: true });
    await exposed.waitFor();
    expect(await exposed.evaluate((element) => element.tagName)).toBe('SELECT');
    expect(await exposed.locator('option').allTextContents()).toEqual(['Any', 'Yes', 'No']);
    expect(await page.locator('.tessera-records__filters').textContent()).not.toContain(
      'true or false',
    );
    // Chosen with the keyboard, Yes searches for the politically exposed only.
    await exposed.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => exposed.inputValue()).toBe('true');
    await page.locator('.tessera-records__filters button[type="submit"]').click();
    await expect
      .poll(
        async () => {
          const texts = await cells(POLITICALLY_EXPOSED);
          return texts.length > 0 && texts.every((text) => text === 'true');
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    const findings: AccessibilityFinding[] = [
      ...(await auditScreen(page, 'en: records list with the yes-or-no filter')),
    ];

    // Given the second page of that selection, when a record's deletion is started.
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => page.getByTestId('records-page').textContent()).toMatch(/^Page 2/);
    await page.locator('.tessera-records__table-wrap[aria-busy="false"]').waitFor();
    const secondPage = await rowIds();
    const recordId = secondPage[0] ?? '';
    expect(recordId).not.toBe('');
    await page.locator('.tessera-records__open').first().click();
    await page.waitForURL(`**/objectdata/customers/1/${recordId}`);
    await page.getByTestId('record-delete-menu').click();
    await page.getByRole('menuitem', { name: 'Delete customer (supervisor approval)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start the deletion?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Start' }).click();
    await page.waitForURL('**/process/instance/*');

    // Then the instance offers the way back to the records list, a reload included.
    await page.reload();
    const back = page.getByRole('button', { name: 'Back to the records list' });
    await back.waitFor();
    findings.push(...(await auditScreen(page, 'en: process instance with the way back')));
    await back.click();

    // And the list comes back on the same filter, page and rows.
    await page.waitForURL('**/objectdata/customers/1');
    await expect.poll(() => page.getByTestId('records-page').textContent()).toMatch(/^Page 2/);
    await expect
      .poll(() => page.getByLabel('Politically exposed', { exact: true }).inputValue())
      .toBe('true');
    await page.locator('.tessera-records__table-wrap[aria-busy="false"]').waitFor();
    await expect.poll(rowIds, { timeout: 20_000 }).toEqual(secondPage);
    expect(findings, formatFindings(findings)).toEqual([]);
    await context.close();
  }, 300_000);

  it('given a customer whose onboarding stored an ID photo, when the analyst opens the record, then the read-only form shows the photo; a photo of an instance that did not produce the record is not shown', async () => {
    await givePhoto('CUS-00012', true);
    await givePhoto('CUS-00013', false);
    const { context, page } = await openPage(e2e.browser, { locale: 'en-GB' });
    page.setDefaultTimeout(60_000);
    await signIn(page, e2e.server.url, ANALYST);

    await page.goto(`${e2e.server.url}/objectdata/customers/1/CUS-00012`);
    const photo = page.getByTestId('picture-image');
    await photo.waitFor();
    await expect
      .poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBe(48);
    expect(await page.locator('.tessera-record').textContent()).not.toMatch(/file service/i);
    await page.screenshot({ path: `${SHOTS}/record-photo-en-1280.png`, fullPage: true });
    const findings = await auditScreen(page, 'en: record with its ID photo');

    await page.goto(`${e2e.server.url}/objectdata/customers/1/CUS-00013`);
    // The server refuses the unlinked file: the field says it could not be loaded.
    await expect
      .poll(() => page.getByTestId('picture-message').first().textContent(), { timeout: 20_000 })
      .not.toBe('');
    expect(await page.getByTestId('picture-image').count()).toBe(0);
    await context.close();
    expect(findings, formatFindings(findings)).toEqual([]);
  }, 300_000);

  it.each(['en', 'es', 'fr'] as const)(
    'given %s, when the filters, a record with its delete menu and the instance are shown at desktop and phone widths, then axe finds nothing serious',
    async (locale) => {
      const findings: AccessibilityFinding[] = [];
      const { context, page } = await openPage(e2e.browser, { locale });
      page.setDefaultTimeout(60_000);
      await signIn(page, e2e.server.url, ANALYST);
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
        await page.goto(`${e2e.server.url}/objectdata/customers/1`);
        await page.locator(rowsSelector).first().waitFor();
        await page.locator('.tessera-records__toolbar button').first().click();
        await page.locator('#records-filter-politicallyExposed').selectOption('false');
        await page.locator('.tessera-records__table-wrap[aria-busy="false"]').waitFor();
        await page.screenshot({ path: `${SHOTS}/filters-${locale}-${width}.png`, fullPage: true });
        findings.push(...(await auditScreen(page, `${locale} ${width} px: filters`)));

        await page.goto(`${e2e.server.url}/objectdata/customers/1/CUS-00011`);
        await page.getByTestId('record-delete-menu').click();
        await page.getByRole('menuitem').first().waitFor();
        await page.screenshot({ path: `${SHOTS}/delete-menu-${locale}-${width}.png` });
        findings.push(...(await auditScreen(page, `${locale} ${width} px: delete menu`)));
        await page.keyboard.press('Escape');
      }
      await context.close();
      expect(findings, formatFindings(findings)).toEqual([]);
    },
    300_000,
  );
});
