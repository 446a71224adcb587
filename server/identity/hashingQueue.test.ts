import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { HashingQueue } from './hashingQueue';

/** A job that finishes when the test says so, and records how many ran at once. */
function gate(counter: { now: number; max: number }) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const job = async () => {
    counter.now += 1;
    counter.max = Math.max(counter.max, counter.now);
    await opened;
    counter.now -= 1;
    return 'done';
  };
  return { job, open };
}

describe('HashingQueue', () => {
  it('given more jobs than slots, when they run, then no more than the cap run at once and waiting ones run in order', async () => {
    const queue = new HashingQueue({ concurrency: 2, queueLength: 10, perAddress: 10 });
    const counter = { now: 0, max: 0 };
    const order: number[] = [];
    const gates = Array.from({ length: 6 }, () => gate(counter));
    const runs = gates.map((g, i) =>
      queue.run(`10.0.0.${i}`, async () => {
        order.push(i);
        return g.job();
      }),
    );
    await Promise.resolve();
    expect(queue.load).toEqual({ running: 2, waiting: 4 });
    for (const g of gates) g.open();
    await Promise.all(runs);
    expect(counter.max).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it('given a full queue, when another job comes, then 429 RATE_LIMITED with a Retry-After of at least a second', async () => {
    const queue = new HashingQueue({ concurrency: 1, queueLength: 1, perAddress: 5 });
    const counter = { now: 0, max: 0 };
    const a = gate(counter);
    const b = gate(counter);
    const first = queue.run('10.0.0.1', a.job);
    const second = queue.run('10.0.0.2', b.job);
    const refused = await queue
      .run('10.0.0.3', async () => 'never')
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).statusCode).toBe(429);
    expect((refused as AppError).code).toBe('RATE_LIMITED');
    expect(Number((refused as AppError).headers['retry-after'])).toBeGreaterThanOrEqual(1);
    a.open();
    b.open();
    await Promise.all([first, second]);
  });

  it('given one address holding its places, when it asks again, then it is refused while another address gets in', async () => {
    const queue = new HashingQueue({ concurrency: 1, queueLength: 10, perAddress: 2 });
    const counter = { now: 0, max: 0 };
    const [one, two, colleague] = [gate(counter), gate(counter), gate(counter)];
    const flood = [queue.run('10.9.9.9', one.job), queue.run('10.9.9.9', two.job)];
    await expect(queue.run('10.9.9.9', async () => 'third')).rejects.toMatchObject({
      statusCode: 429,
    });
    const real = queue.run('10.1.1.1', colleague.job);
    expect(queue.load.waiting).toBe(2);
    for (const g of [one, two, colleague]) g.open();
    await expect(real).resolves.toBe('done');
    await Promise.all(flood);
  });

  it('given a job that fails, when it ends, then its slot and its address place are given back', async () => {
    const queue = new HashingQueue({ concurrency: 1, queueLength: 0, perAddress: 1 });
    await expect(
      queue.run('10.0.0.1', async () => {
        throw new Error('scrypt failed');
      }),
    ).rejects.toThrow('scrypt failed');
    await expect(queue.run('10.0.0.1', async () => 'again')).resolves.toBe('again');
  });
});
