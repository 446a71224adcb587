import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openTaskOf } from '../../server/forms/testing/formTestKit';
import { openPage } from '../helpers/browser';
import { screenshotsFolder } from '../helpers/screenshotsFolder';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';
import { fieldCell, openTaskPage } from '../helpers/taskPage';

const OFFICER = 'lucas.martin@tessera.example';
const OFFICER_ID = 'lmartin';
/** Where the screenshots go, to be looked at after a run. */
const SHOTS = screenshotsFolder();

const e2e = setUpServerAndBrowser();

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

/** Draws a short stroke across the pad with the mouse, as a signer would. */
async function drawOnPad(page: Page): Promise<void> {
  const pad = page.getByTestId('signature-pad');
  const box = await pad.boundingBox();
  if (!box) throw new Error('The signature pad is not shown.');
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let step = 1; step <= 12; step += 1) {
    await page.mouse.move(
      box.x + box.width * (0.2 + step * 0.05),
      box.y + box.height * (0.6 - Math.sin(step / 2) * 0.2),
    );
  }
  await page.mouse.up();
}

describe('customer onboarding: media fields', () => {
  it('given the KYC task, when the officer signs, then an empty pad cannot be accepted and the drawn signature is stored for the task and shown', async () => {
    const taskId = await kycTask();
    const { context, page } = await openPage(e2e.browser);
    try {
      await signIn(page, e2e.server.url, OFFICER);
      await openTaskPage(page, e2e.server.url, taskId);
      const cell = fieldCell(page, 'customerSignature');
      await cell.getByTestId('signature-open').click();
      const accept = page.getByTestId('signature-accept');
      await page.locator('[data-testid="signature-pad"][data-ready]').waitFor();

      // An empty pad: accept is disabled, nothing is stored.
      expect(await accept.isDisabled()).toBe(true);

      await drawOnPad(page);
      await page.screenshot({ path: `${SHOTS}/signature-dialog-1280.png` });
      await accept.click();
      await cell.getByTestId('signature-image').waitFor();

      const files = await e2e.server.database.db
        .selectFrom('files')
        .select(['kind', 'media_type'])
        .where('task_id', '=', taskId)
        .execute();
      expect(files).toEqual([{ kind: 'signature', media_type: 'image/png' }]);
      await page.screenshot({ path: `${SHOTS}/signature-field-1280.png` });

      // When the draft is saved and the task opened again, then the signature is still there.
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await openTaskPage(page, e2e.server.url, taskId);
      await fieldCell(page, 'customerSignature').getByTestId('signature-image').waitFor();
      await page.setViewportSize({ width: 375, height: 800 });
      await fieldCell(page, 'customerSignature').getByTestId('signature-open').click();
      await page.locator('[data-testid="signature-pad"][data-ready]').waitFor();
      await page.screenshot({ path: `${SHOTS}/signature-dialog-375.png` });
    } finally {
      await context.close();
    }
  });
});
