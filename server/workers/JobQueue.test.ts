import { describe, expect, it } from 'vitest';
import { JobQueue, QueueFullError } from './JobQueue';

/** A job that finishes when the test says so. */
function gate(): { job: () => Promise<string>; open: () => void } {
  let open: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (open = resolve));
  return { job: async () => (await done, 'done'), open };
}

describe('JobQueue', () => {
  it('given every slot busy and the line full, when another job comes, then it is refused at once', async () => {
    const queue = new JobQueue(1, 1);
    const first = gate();
    const second = gate();
    const running = queue.run(first.job);
    const waiting = queue.run(second.job);
    await expect(queue.run(async () => 'third')).rejects.toBeInstanceOf(QueueFullError);
    expect(queue.active).toBe(1);
    expect(queue.pending).toBe(1);
    first.open();
    second.open();
    await expect(running).resolves.toBe('done');
    await expect(waiting).resolves.toBe('done');
    expect(queue.active).toBe(0);
  });

  it('given a failing job, then its slot is freed for the next', async () => {
    const queue = new JobQueue(1, 0);
    await expect(
      queue.run(async () => {
        throw new Error('broken template');
      }),
    ).rejects.toThrow('broken template');
    await expect(queue.run(async () => 'next')).resolves.toBe('next');
  });

  it('runs waiting jobs in arrival order, never more than the concurrency at once', async () => {
    const queue = new JobQueue(2, 10);
    const order: number[] = [];
    let atOnce = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        queue.run(async () => {
          atOnce += 1;
          most = Math.max(most, atOnce);
          order.push(index);
          await Promise.resolve();
          atOnce -= 1;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
});
