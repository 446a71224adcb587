import { afterEach, describe, expect, it, vi } from 'vitest';
import { withDeadline } from './withDeadline';

afterEach(() => {
  vi.useRealTimers();
});

describe('withDeadline', () => {
  it('given an answer before the deadline, then it is the answer', async () => {
    await expect(withDeadline(Promise.resolve(7), 1_000, () => new Error('late'))).resolves.toBe(7);
  });

  it('given no answer by the deadline, then the error made for it, and a later failure is not left unhandled', async () => {
    vi.useFakeTimers();
    let fail: (error: Error) => void = () => undefined;
    const never = new Promise<number>((_, reject) => {
      fail = reject;
    });
    const raced = withDeadline(never, 500, () => new Error('no answer within 500 ms'));
    vi.advanceTimersByTime(500);
    await expect(raced).rejects.toThrow('no answer within 500 ms');
    fail(new Error('too late'));
    await Promise.resolve();
  });

  it('given a failure before the deadline, then that failure, made an Error when it is not one', async () => {
    await expect(
      withDeadline(Promise.reject(new Error('refused')), 1_000, () => new Error('late')),
    ).rejects.toThrow('refused');
    await expect(
      withDeadline(Promise.reject('plain text'), 1_000, () => new Error('late')),
    ).rejects.toThrow('plain text');
  });
});
