import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodePicture } from './pictureImage';

/** The spec's longest image wait, written out. */
const IMAGE_WAIT_LIMIT_MS = 2000;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('spec 000 section 9 (line 325): the image wait is at most 2000 ms', () => {
  it('given a picture the browser never finishes decoding, when it is read, then the read is still waiting at 1999 ms and fails at 2000 ms', async () => {
    // The browser's decoder, stalled (Node has none): the one thing the wait is about.
    vi.stubGlobal('createImageBitmap', () => new Promise<never>(() => undefined));
    let outcome = 'waiting';
    void decodePicture(new Blob(['not decoded'])).then(
      () => (outcome = 'decoded'),
      (error: unknown) => (outcome = error instanceof Error ? error.message : 'failed'),
    );

    await vi.advanceTimersByTimeAsync(IMAGE_WAIT_LIMIT_MS - 1);
    expect(outcome).toBe('waiting');

    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBe('The image took too long to read.');
  });

  it('given a picture decoded in time, when it is read, then the decoded image comes back and no late failure follows', async () => {
    const bitmap = { width: 4, height: 3 };
    vi.stubGlobal('createImageBitmap', () => Promise.resolve(bitmap));

    const image = await decodePicture(new Blob(['decoded']));
    await vi.advanceTimersByTimeAsync(IMAGE_WAIT_LIMIT_MS);

    expect(image).toBe(bitmap);
  });
});
