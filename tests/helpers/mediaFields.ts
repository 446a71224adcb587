import type { Locator, Page } from 'playwright-core';

// What end-to-end tests of the media fields do as a user would: draw, take a photo, download.

/** Draws a short stroke across the signature pad with the mouse, as a signer would. */
export async function drawOnPad(page: Page): Promise<void> {
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

/** Takes a photo with the fake camera from the picture's source dialog, and waits for it. */
export async function takePhoto(page: Page): Promise<void> {
  await page.getByTestId('picture-source-camera').click();
  await page.locator('[data-testid="picture-camera"][data-ready]').waitFor();
  await page.getByTestId('picture-take').click();
  await page.getByTestId('picture-taken').waitFor();
}

/** The bytes of a download the page started by clicking `trigger`, with the file's name. */
export async function download(
  page: Page,
  trigger: Locator,
): Promise<{ name: string; bytes: Buffer }> {
  const [started] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  const stream = await started.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { name: started.suggestedFilename(), bytes: Buffer.concat(chunks) };
}
