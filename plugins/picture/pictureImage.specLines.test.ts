import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodePicture } from './pictureImage';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('spec 000 section 9 (line 325): the image wait is at most 2000 ms', () => {
  it('given a picture the browser never finishes decoding, when 2000 ms have passed, then reading it fails, and not a moment before', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('createImageBitmap', () => new Promise<never>(() => undefined));
    let outcome: 'pending' | 'failed' = 'pending';
    void decodePicture(new Blob(['not yet'])).catch(() => {
      outcome = 'failed';
    });

    await vi.advanceTimersByTimeAsync(1_999);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome).toBe('failed');
  });

  it('given a picture decoded in 1500 ms, when it arrives, then it is used', async () => {
    vi.useFakeTimers();
    const bitmap = { width: 4, height: 3 };
    vi.stubGlobal(
      'createImageBitmap',
      () => new Promise((resolve) => setTimeout(() => resolve(bitmap), 1_500)),
    );
    const reading = decodePicture(new Blob(['slow']));
    await vi.advanceTimersByTimeAsync(1_500);
    await expect(reading).resolves.toBe(bitmap);
  });
});
