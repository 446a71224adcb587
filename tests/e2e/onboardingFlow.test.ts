import { describe, expect, it } from 'vitest';
import { openTaskOf } from '../../server/forms/testing/formTestKit';
import { FAKE_CAMERA_ARGS, openPage } from '../helpers/browser';
import { download, drawOnPad, takePhoto } from '../helpers/mediaFields';
import { screenshotsFolder } from '../helpers/screenshotsFolder';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';
import { fieldCell, openTaskPage, watchCompletions } from '../helpers/taskPage';
import { minimalPdf } from '../helpers/testFiles';

const OFFICER = 'lucas.martin@tessera.example';
const OFFICER_ID = 'lmartin';
const REVIEWER = 'claire.dubois@tessera.example';
const REVIEWER_ID = 'cdubois';
const SHOTS = screenshotsFolder('onboarding-flow');

const e2e = setUpServerAndBrowser({}, FAKE_CAMERA_ARGS);

// The KYC capture's typed answers, kept as the task's draft before the officer opens it: this
// test is about the media fields, which the officer then fills in the page.
const TYPED_ANSWERS = {
  fullName: 'Ada Lovelace',
  dateOfBirth: '1985-12-10',
  nationality: 'FR',
  idDocumentType: 'passport',
  idDocumentNumber: 'AL1815121',
  email: 'ada@example.com',
  termsAccepted: true,
};

describe('customer onboarding from capture to review', () => {
  it('given the "Capture KYC data" task, when the officer takes the ID photo with the camera, signs, uploads the proof of address and completes, then the process moves on and the reviewer sees all three read-only, each with a download', async () => {
    const instance = await e2e.server.app.engine.startProcess('internal', {
      key: 'customerOnboarding',
      startedBy: OFFICER_ID,
      variables: { customerName: 'Ada Lovelace' },
    });
    const capture = await openTaskOf(e2e.server, instance.id);
    expect(capture.name).toBe('Capture KYC data');
    await e2e.server.app.engine.claimTask('internal', capture.id, OFFICER_ID);

    const officer = await openPage(e2e.browser);
    try {
      const { page } = officer;
      await signIn(page, e2e.server.url, OFFICER);
      const draft = await page.evaluate(
        async ({ taskId, values }) =>
          (
            await fetch(`/api/task/app/rest/tasks/${taskId}/draft`, {
              method: 'PUT',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ formId: 'DSG-customer-onboarding', values }),
            })
          ).status,
        { taskId: capture.id, values: TYPED_ANSWERS },
      );
      expect(draft).toBe(200);
      await openTaskPage(page, e2e.server.url, capture.id);

      // The ID photo, from the rear camera, used as taken.
      const photo = fieldCell(page, 'idPhoto');
      await photo.getByTestId('picture-open').click();
      await takePhoto(page);
      await page.getByTestId('picture-use').click();
      await photo.getByTestId('picture-image').waitFor();

      // The customer's signature, drawn and accepted.
      const signature = fieldCell(page, 'customerSignature');
      await signature.getByTestId('signature-open').click();
      await page.locator('[data-testid="signature-pad"][data-ready]').waitFor();
      await drawOnPad(page);
      await page.getByTestId('signature-accept').click();
      await signature.getByTestId('signature-image').waitFor();

      // The proof of address, a PDF.
      const proof = fieldCell(page, 'proofOfAddress');
      await proof.locator('input[type="file"]').setInputFiles({
        name: 'utility-bill.pdf',
        mimeType: 'application/pdf',
        buffer: minimalPdf(),
      });
      await expect
        .poll(() => proof.getByTestId('file-name').textContent())
        .toBe('utility-bill.pdf');
      await page.screenshot({ path: `${SHOTS}/capture-1280.png`, fullPage: true });

      // Completed: the server takes it and the process moves on to the compliance review.
      const completions = watchCompletions(page);
      await page.getByRole('button', { name: 'Complete onboarding' }).click();
      await page.locator('.bp6-toast').getByText('The task was completed.').waitFor();
      expect(completions).toHaveLength(1);
      expect((await e2e.server.app.engine.getTask('internal', capture.id)).state).toBe('completed');
    } finally {
      await officer.context.close();
    }

    const review = await openTaskOf(e2e.server, instance.id);
    expect(review.id).not.toBe(capture.id);
    await e2e.server.app.engine.claimTask('internal', review.id, REVIEWER_ID);
    const reviewer = await openPage(e2e.browser);
    try {
      const { page } = reviewer;
      await signIn(page, e2e.server.url, REVIEWER);
      await openTaskPage(page, e2e.server.url, review.id);

      // The photo: shown, downloadable as a JPEG, nothing to take again.
      const photo = fieldCell(page, 'idPhoto');
      await photo.getByTestId('picture-image').waitFor();
      expect(await photo.getByTestId('picture-open').count()).toBe(0);
      const jpeg = await download(page, photo.getByTestId('picture-download'));
      expect([...jpeg.bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

      // The signature: shown, downloadable as a PNG, nothing to sign again.
      const signature = fieldCell(page, 'customerSignature');
      await signature.getByTestId('signature-image').waitFor();
      expect(await signature.getByTestId('signature-open').count()).toBe(0);
      const png = await download(page, signature.getByTestId('signature-download'));
      expect(png.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');

      // The proof of address: its name and a download, nothing to replace.
      const proof = fieldCell(page, 'proofOfAddress');
      await expect
        .poll(() => proof.getByTestId('file-name').textContent())
        .toBe('utility-bill.pdf');
      expect(await proof.getByTestId('file-input').count()).toBe(0);
      const pdf = await download(page, proof.getByRole('button', { name: 'Download' }));
      expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      await photo.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/review-1280.png` });
      await page.setViewportSize({ width: 375, height: 800 });
      await photo.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/review-375.png` });
    } finally {
      await reviewer.context.close();
    }
  });
});
