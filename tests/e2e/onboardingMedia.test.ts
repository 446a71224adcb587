import { describe, expect, it } from 'vitest';
import type { StoredFileAnswer } from '../../schemas/api/files';
import { openTaskOf } from '../../server/forms/testing/formTestKit';
import { EMAIL, signIn as signInClient } from '../../server/workflow/testing/taskTestKit';
import { uploadTo } from '../integration/uploadForm';
import { openPage } from '../helpers/browser';
import { download, drawOnPad } from '../helpers/mediaFields';
import { screenshotsFolder } from '../helpers/screenshotsFolder';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';
import { fieldCell, openTaskPage } from '../helpers/taskPage';
import sharp from 'sharp';
import { minimalPdf } from '../helpers/testFiles';

const OFFICER = 'lucas.martin@tessera.example';
const OFFICER_ID = 'lmartin';
/** The back office's compliance reviewer, who may not have started the onboarding. */
const REVIEWER = 'claire.dubois@tessera.example';
const REVIEWER_ID = 'cdubois';
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

/** A PNG of a pen stroke on white, as the signature pad saves one. */
function drawnSignature(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="160">
    <rect width="480" height="160" fill="#fff"/>
    <path d="M30 120 C 90 10, 130 150, 190 80 S 300 30, 330 100 S 420 60, 450 90"
      stroke="#1c2127" stroke-width="4" fill="none" stroke-linecap="round"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * An onboarding whose "Capture KYC data" the officer has finished with a signature and a
 * PDF proof of address on the task's file store, its compliance review claimed by the
 * reviewer. The capture is completed through the engine, as the process would after the
 * form's checks (which other tests cover), so this test needs no ID photo.
 */
async function reviewTask(): Promise<string> {
  const instance = await e2e.server.app.engine.startProcess('internal', {
    key: 'customerOnboarding',
    startedBy: OFFICER_ID,
    variables: { customerName: 'Ada Lovelace' },
  });
  const capture = await openTaskOf(e2e.server, instance.id);
  await e2e.server.app.engine.claimTask('internal', capture.id, OFFICER_ID);
  const officer = await signInClient(e2e.server, EMAIL.lmartin);
  const stored = async (kind: 'signature' | 'spreadsheet', name: string, content: Buffer) => {
    const response = await uploadTo(officer, capture.id, kind, { name, content });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<StoredFileAnswer>().result;
  };
  const signature = await stored('signature', 'customerSignature.png', await drawnSignature());
  const proof = await stored('spreadsheet', 'proof-of-address.pdf', minimalPdf());
  await e2e.server.app.engine.completeTask('internal', capture.id, {
    userId: OFFICER_ID,
    variables: {
      customerSignature: signature.id,
      proofOfAddress: { id: proof.id, fileName: proof.name },
    },
  });
  const review = await openTaskOf(e2e.server, instance.id);
  await e2e.server.app.engine.claimTask('internal', review.id, REVIEWER_ID);
  return review.id;
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

  it('given a finished KYC capture, when the compliance reviewer opens the review, then the signature and the proof of address show read-only, each with a download of the stored file', async () => {
    const taskId = await reviewTask();
    const { context, page } = await openPage(e2e.browser);
    try {
      await signIn(page, e2e.server.url, REVIEWER);
      await openTaskPage(page, e2e.server.url, taskId);

      // The signature: its image and a download, nothing to sign again.
      const signature = fieldCell(page, 'customerSignature');
      await signature.getByTestId('signature-image').waitFor();
      expect(await signature.getByTestId('signature-open').count()).toBe(0);
      const image = await download(page, signature.getByTestId('signature-download'));
      expect(image.name).toBe('customerSignature.png');
      expect(image.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');

      // The proof of address: its name and a download, nothing to replace or delete.
      const proof = fieldCell(page, 'proofOfAddress');
      await expect
        .poll(() => proof.getByTestId('file-name').textContent())
        .toBe('proof-of-address.pdf');
      expect(await proof.getByRole('button', { name: 'Delete' }).count()).toBe(0);
      expect(await proof.getByTestId('file-input').count()).toBe(0);
      const pdf = await download(page, proof.getByRole('button', { name: 'Download' }));
      expect(pdf.name).toBe('proof-of-address.pdf');
      expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      await signature.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/review-documents-1280.png` });
      await page.setViewportSize({ width: 375, height: 800 });
      await signature.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/review-documents-375.png` });
    } finally {
      await context.close();
    }
  });
});
