import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { HashingQueue, trustedTicket, untrustedTicket } from './hashingQueue';

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

/**
 * A queue driven by hand: every started job waits until `finishOne` ends the oldest running
 * one, so a test decides exactly when slots free up.
 */
function drivenQueue(slots: ConstructorParameters<typeof HashingQueue>[0]) {
  // Each hash takes 200 ms of this clock, so a source that keeps asking builds up pressure.
  let clock = 0;
  const queue = new HashingQueue(slots, () => clock);
  const running: (() => void)[] = [];
  const started: string[] = [];
  const job = (name: string) => () =>
    new Promise<string>((resolve) => {
      started.push(name);
      running.push(() => resolve(name));
    });
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  return {
    queue,
    started,
    job,
    settle,
    async finishOne() {
      clock += 200;
      running.shift()?.();
      await settle();
    },
  };
}

describe('HashingQueue fairness', () => {
  it('given networks waiting, when slots free up, then the one that asked least goes first and those alike take turns instead of keeping arrival order', async () => {
    const driven = drivenQueue({ concurrency: 1, queueLength: 10, perAddress: 10 });
    const runs = [
      driven.queue.run('10.9.9.9', driven.job('first')),
      ...['a1', 'a2', 'a3'].map((name, i) => driven.queue.run(`10.1.1.${i}`, driven.job(name))),
      ...['b1', 'b2', 'b3'].map((name, i) => driven.queue.run(`10.2.2.${i}`, driven.job(name))),
      driven.queue.run('10.3.3.1', driven.job('c1')),
    ];
    for (let i = 0; i < runs.length; i += 1) await driven.finishOne();
    await Promise.all(runs);
    expect(driven.started).toEqual(['first', 'c1', 'a1', 'b1', 'a2', 'b2', 'a3', 'b3']);
  });

  it("given a queue full of one network that keeps asking, when single requests from other networks come, then they take its places but not each other's", async () => {
    const driven = drivenQueue({ concurrency: 1, queueLength: 3, perAddress: 10 });
    const running = driven.queue.run('10.9.9.9', driven.job('running'));
    const flood = [1, 2, 3].map((i) =>
      driven.queue.run(`10.1.1.${i}`, driven.job(`flood${i}`)).catch((error: unknown) => error),
    );
    const single = ['10.2.2.1', '10.3.3.1', '10.4.4.1'].map((address) =>
      driven.queue.run(address, driven.job(address)),
    );
    await driven.settle();
    for (const refused of flood) {
      expect(await refused).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    }
    // Every waiter now asked once: a fifth network has no harder-pressing one to replace.
    await expect(driven.queue.run('10.5.5.1', driven.job('fifth'))).rejects.toMatchObject({
      statusCode: 429,
    });
    for (let i = 0; i < 4; i += 1) await driven.finishOne();
    await Promise.all([running, ...single]);
    expect(driven.started).toEqual(['running', '10.2.2.1', '10.3.3.1', '10.4.4.1']);
  });

  it('given a queue full of suspect waiters, when a clean source comes, then it takes a suspect place and runs next', async () => {
    const driven = drivenQueue({ concurrency: 1, queueLength: 2, perAddress: 2 });
    const running = driven.queue.run(untrustedTicket('10.7.0.1', true), driven.job('running'));
    const suspects = ['10.7.1.1', '10.7.2.1'].map((address) =>
      driven.queue
        .run(untrustedTicket(address, true), driven.job(address))
        .catch((error: unknown) => error),
    );
    const clean = driven.queue.run(untrustedTicket('10.1.1.1'), driven.job('clean'));
    await driven.settle();
    expect(await suspects[1]).toMatchObject({ statusCode: 429 });
    for (let i = 0; i < 3; i += 1) await driven.finishOne();
    await Promise.all([running, clean, suspects[0]]);
    expect(driven.started).toEqual(['running', 'clean', '10.7.1.1']);
  });

  it('given a suspect address with one place, when it asks for a second, then it is refused', async () => {
    const driven = drivenQueue({ concurrency: 1, queueLength: 10, perAddress: 4 });
    const first = driven.queue.run(untrustedTicket('10.7.0.1', true), driven.job('first'));
    await expect(
      driven.queue.run(untrustedTicket('10.7.0.1', true), driven.job('second')),
    ).rejects.toMatchObject({ statusCode: 429 });
    await driven.finishOne();
    await first;
  });

  it('given a busy slot and a full queue, when a trusted sign-in comes, then it runs at once in its own slot and the next one goes before untrusted waiters', async () => {
    const driven = drivenQueue({ concurrency: 1, queueLength: 2, perAddress: 2 });
    const untrusted = ['10.1.1.1', '10.2.2.1', '10.3.3.1'].map((address) =>
      driven.queue.run(address, driven.job(address)),
    );
    const trusted = driven.queue.run(trustedTicket('acme', 'ana@acme.example'), driven.job('ana'));
    const second = driven.queue.run(trustedTicket('acme', 'bo@acme.example'), driven.job('bo'));
    await driven.settle();
    expect(driven.started).toEqual(['10.1.1.1', 'ana']);
    expect(driven.queue.load).toEqual({ running: 2, waiting: 3 });
    // The untrusted hash ends first: its shared slot goes to the waiting trusted sign-in.
    await driven.finishOne();
    expect(driven.started).toEqual(['10.1.1.1', 'ana', 'bo']);
    for (let i = 0; i < 4; i += 1) await driven.finishOne();
    await Promise.all([...untrusted, trusted, second]);
    expect(driven.started).toEqual(['10.1.1.1', 'ana', 'bo', '10.2.2.1', '10.3.3.1']);
  });

  it('given one trusted account holding its places, when it asks again, then it is refused', async () => {
    const driven = drivenQueue({ concurrency: 1, queueLength: 5, perAddress: 1 });
    const ticket = trustedTicket('acme', 'ana@acme.example');
    const first = driven.queue.run(ticket, driven.job('first'));
    await expect(driven.queue.run(ticket, driven.job('again'))).rejects.toMatchObject({
      statusCode: 429,
    });
    await driven.finishOne();
    await first;
  });

  it('given 50 addresses that retry after every hash, when a new address queues, then it starts within one queue length of hashes', async () => {
    const driven = drivenQueue({ concurrency: 1, queueLength: 8, perAddress: 2 });
    const flooders = Array.from({ length: 50 }, (_, i) => `10.${60 + i}.0.1`);
    let stopped = false;
    let refusedSinceLastHash: string[] = [];
    const submit = (address: string): void => {
      if (stopped) return;
      driven.queue.run(address, driven.job(address)).then(
        () => submit(address),
        // Refused: like a client honouring no Retry-After, it asks again after the next hash.
        () => refusedSinceLastHash.push(address),
      );
    };
    const finish = async () => {
      await driven.finishOne();
      const again = refusedSinceLastHash;
      refusedSinceLastHash = [];
      for (const address of again) submit(address);
      await driven.settle();
    };
    for (const address of flooders) {
      submit(address);
      submit(address);
    }
    for (let i = 0; i < 30; i += 1) await finish();

    let newcomerStarted = false;
    const newcomer = driven.queue.run('192.0.2.10', async () => {
      newcomerStarted = true;
      return 'in';
    });
    let hashes = 0;
    while (!newcomerStarted && hashes < 50) {
      await finish();
      hashes += 1;
    }
    await expect(newcomer).resolves.toBe('in');
    expect(hashes).toBeLessThanOrEqual(9);
    stopped = true;
    for (let i = 0; i < 20; i += 1) await finish();
  });
});

describe('HashingQueue.assertRoom', () => {
  it('given a queue with room, when an address asks, then nothing is thrown', () => {
    const queue = new HashingQueue({ concurrency: 1, queueLength: 1, perAddress: 1 });
    expect(() => queue.assertRoom('10.0.0.1')).not.toThrow();
  });

  it('given an address last seen as suspect holding its one place, when it asks again, then it is refused before any work', async () => {
    const driven = drivenQueue({ concurrency: 1, queueLength: 8, perAddress: 2 });
    const first = driven.queue.run(untrustedTicket('10.7.0.1', true), driven.job('first'));
    expect(() => driven.queue.assertRoom('10.7.0.1')).toThrow(AppError);
    expect(() => driven.queue.assertRoom('10.8.0.1')).not.toThrow();
    await driven.finishOne();
    await first;
    expect(() => driven.queue.assertRoom('10.7.0.1')).not.toThrow();
  });

  it('given a full queue of sources like it, when an address asks, then it is refused, and a clean one is not while suspects wait', async () => {
    const driven = drivenQueue({ concurrency: 1, queueLength: 1, perAddress: 2 });
    const running = driven.queue.run('10.1.0.1', driven.job('running'));
    const waiting = driven.queue
      .run(untrustedTicket('10.2.0.1', true), driven.job('waiting'))
      .catch((error: unknown) => error);
    expect(() => driven.queue.assertRoom('10.2.1.1')).not.toThrow();
    driven.queue.run('10.3.0.1', driven.job('clean')).catch(() => undefined);
    expect(() => driven.queue.assertRoom('10.4.0.1')).toThrow(AppError);
    for (let i = 0; i < 2; i += 1) await driven.finishOne();
    await running;
    expect(await waiting).toMatchObject({ statusCode: 429 });
  });
});
