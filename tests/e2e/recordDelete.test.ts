import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoRecords } from '../../server/seed/demoRecords';
import { auditScreen, formatFindings } from '../helpers/accessibility';
import { openPage } from '../helpers/browser';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';

/** The back-office analyst (access-bo), who asks for the deletion. */
const ANALYST = 'claire.dubois@tessera.example';
/** The supervisor on the credit committee, who approves it. */
const SUPERVISOR = 'maria.garcia@tessera.example';

const e2e = setUpServerAndBrowser();

beforeAll(async () => {
  await seedDemoRecords(e2e.server.database.db);
}, 300_000);

/** Whether the tenant still has a record. */
async function recordExists(id: string): Promise<boolean> {
  const row = await e2e.server.database.db
    .selectFrom('object_records')
    .select('id')
    .where('tenant', '=', 'internal')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

describe('deleting a record through its delete process', () => {
  it('given the analyst on a customer record, when she starts its deletion by keyboard and the supervisor approves, then the record is gone', async () => {
    const { context, page } = await openPage(e2e.browser, { locale: 'en-GB' });
    page.setDefaultTimeout(60_000);
    await signIn(page, e2e.server.url, ANALYST);

    // Given the customers list, when the first record is opened with the keyboard.
    await page.goto(`${e2e.server.url}/objectdata/customers/1`);
    const firstRow = page.locator('.tessera-records__table tbody tr').first();
    await firstRow.waitFor();
    const recordId = (await firstRow.getAttribute('data-record-id')) ?? '';
    expect(recordId).not.toBe('');
    await page.locator('.tessera-records__open').first().focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/objectdata/customers/1/${recordId}`);

    // When the Delete menu is opened with the keyboard and closed with Escape, the focus is
    // back on its button, not the page body.
    const deleteButton = page.getByTestId('record-delete-menu');
    const item = page.getByRole('menuitem', { name: 'Delete customer (supervisor approval)' });
    const itemFocused = () => item.evaluate((element) => element === document.activeElement);
    await deleteButton.focus();
    await page.keyboard.press('Enter');
    // Open: the menu's first item has the focus.
    await expect.poll(itemFocused).toBe(true);
    await page.keyboard.press('Escape');
    await item.waitFor({ state: 'detached' });
    await expect
      .poll(() => deleteButton.evaluate((element) => element === document.activeElement))
      .toBe(true);

    // When it is opened again, its process shows under its label.
    await page.keyboard.press('Enter');
    await item.waitFor();
    // Tab into the open menu until its item has focus (the popover takes focus first).
    await expect
      .poll(
        async () => {
          if (await itemFocused()) return true;
          await page.keyboard.press('Tab');
          return itemFocused();
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBe(true);
    await page.keyboard.press('Enter');

    // Then the confirmation asks, with focus on Cancel.
    const dialog = page.getByRole('dialog', { name: 'Start the deletion?' });
    await dialog.waitFor();
    await page.waitForFunction(() => document.activeElement?.textContent === 'Cancel');
    await expect(dialog.textContent()).resolves.toContain(recordId);
    const findings = await auditScreen(page, 'en: record delete confirmation');
    expect(findings, formatFindings(findings)).toEqual([]);

    // When Start is chosen by keyboard, then the new instance's page opens with the list's
    // filter state carried along.
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Start');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/process/instance/*');
    const instanceId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    const state = await page.evaluate(
      () => (window.history.state as { usr?: { objectData?: { key: string } } } | null)?.usr,
    );
    expect(state?.objectData?.key).toBe('customers');
    expect(await recordExists(recordId)).toBe(true);
    await context.close();

    // Given the approval task of that instance, when the supervisor claims it and approves.
    const task = await e2e.server.database.db
      .selectFrom('tasks')
      .select('id')
      .where('instance_id', '=', instanceId)
      .where('element_id', '=', 'deletionApproval')
      .where('state', '=', 'open')
      .executeTakeFirstOrThrow();
    const supervisor = await openPage(e2e.browser, { locale: 'en-GB' });
    supervisor.page.setDefaultTimeout(60_000);
    await signIn(supervisor.page, e2e.server.url, SUPERVISOR);
    await supervisor.page.locator('[data-tab="candidate"]').click();
    await supervisor.page.locator(`[data-action="claim"][data-task-id="${task.id}"]`).click();
    await supervisor.page.waitForURL(`**/process/task/${task.id}`);
    await supervisor.page.getByRole('button', { name: 'Approve deletion' }).click();

    // Then the record is gone once the approval is saved.
    await expect.poll(() => recordExists(recordId), { timeout: 30_000, interval: 250 }).toBe(false);
    await supervisor.context.close();
  });
});
