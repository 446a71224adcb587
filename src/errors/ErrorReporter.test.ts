import { describe, expect, it, vi } from 'vitest';
import type { ClientErrorReport } from '../../schemas/api/clientErrors';
import { ErrorReporter, ReportNotSentError, type ErrorReporterOptions } from './ErrorReporter';
import { installGlobalErrorHandlers } from './installGlobalErrorHandlers';

/** A reporter on a fake clock whose wake-ups the test runs by hand, sending with `send`. */
function reporterWith(
  send: ErrorReporterOptions['send'],
  options: Partial<ErrorReporterOptions> = {},
) {
  let now = 0;
  const wakeUps: { at: number; task: () => void }[] = [];
  const reporter = new ErrorReporter({
    send,
    release: 'tessera@0.1.0',
    route: () => '/process/task/42?tab=form',
    now: () => now,
    schedule: (task, delayMs) => wakeUps.push({ at: now + delayMs, task }),
    ...options,
  });
  /** Moves the clock on and runs the wake-ups that fell due. */
  const advance = async (ms: number) => {
    now += ms;
    for (const wakeUp of wakeUps.splice(0).filter((entry) => entry.at <= now)) wakeUp.task();
    await settle();
  };
  return { reporter, advance, wakeUps };
}

/** Lets queued promise callbacks run. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('ErrorReporter', () => {
  it('given an error, when reported, then one scrubbed report goes out with release and route but no query', async () => {
    const sent: ClientErrorReport[] = [];
    const { reporter } = reporterWith(async (report) => void sent.push(report));
    const error = new TypeError('Cannot read "Marta Ortega" of user marta@bank.example');
    reporter.report({ kind: 'error', error });
    await settle();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      kind: 'error',
      name: 'TypeError',
      message: 'Cannot read "[redacted]" of user [email]',
      route: '/process/task/42',
      release: 'tessera@0.1.0',
    });
    expect(sent[0]?.stack).toContain('TypeError');
  });

  it('given the same error object reported twice (a handler and a boundary), then it is sent once', async () => {
    const send = vi.fn(async () => undefined);
    const { reporter } = reporterWith(send);
    const error = new Error('Quarterly sync failed');
    reporter.report({ kind: 'unhandledRejection', error });
    reporter.report({ kind: 'unhandledRejection', error });
    await settle();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('given the same failure over and over (a render loop), then it is sent three times at most', async () => {
    const send = vi.fn(async () => undefined);
    const { reporter } = reporterWith(send);
    for (let i = 0; i < 50; i += 1) reporter.report({ kind: 'error', error: new Error('Loop') });
    await settle();
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('given a rejection with a plain object, then only its keys are described, never its values', async () => {
    const sent: ClientErrorReport[] = [];
    const { reporter } = reporterWith(async (report) => void sent.push(report));
    reporter.report({
      kind: 'unhandledRejection',
      error: { iban: 'Confidential household budget' },
    });
    await settle();
    expect(sent[0]?.message).toBe('Non-error object thrown (keys: iban)');
    expect(JSON.stringify(sent)).not.toContain('Confidential');
  });

  it('given a warning with details, then private-sounding details are dropped and the rest kept', async () => {
    const sent: ClientErrorReport[] = [];
    const { reporter } = reporterWith(async (report) => void sent.push(report));
    reporter.report({
      kind: 'warning',
      message: '[records] The property list switched to all properties.',
      details: {
        key: 'customers',
        version: 2,
        count: 0,
        fieldValue: 'Ortega',
        email: 'a@b.example',
      },
    });
    await settle();
    expect(sent[0]).toMatchObject({
      kind: 'warning',
      details: { key: 'customers', version: 2, count: 0 },
    });
    expect(sent[0]?.details).not.toHaveProperty('fieldValue');
    expect(sent[0]?.details).not.toHaveProperty('email');
  });

  it('given an endpoint answering 500, when errors keep coming, then the queue stays bounded, failures are never reported, and sending resumes once it recovers', async () => {
    let failing = true;
    const sent: ClientErrorReport[] = [];
    const send = vi.fn(async (report: ClientErrorReport) => {
      if (failing) throw new ReportNotSentError(500);
      sent.push(report);
    });
    const { reporter, advance } = reporterWith(send, { queueLimit: 5 });
    for (let i = 0; i < 40; i += 1) reporter.report({ kind: 'error', error: new Error(`E${i}`) });
    await settle();
    // One attempt, then a pause: no burst of retries, and 35 reports dropped, not queued.
    expect(send).toHaveBeenCalledTimes(1);
    expect(reporter.pending).toBe(5);
    expect(reporter.dropped).toBe(35);

    await advance(1000);
    expect(send).toHaveBeenCalledTimes(2);
    failing = false;
    await advance(2000);
    // Every failed attempt was about a report of the app, none about a report that failed.
    expect(send.mock.calls.every(([report]) => /^E\d+$/.test(report.message))).toBe(true);
    expect(sent.map((report) => report.message)).toEqual(['E0', 'E1', 'E2', 'E3', 'E4']);
    expect(reporter.pending).toBe(0);

    reporter.report({ kind: 'error', error: new Error('After recovery') });
    await settle();
    expect(sent.at(-1)?.message).toBe('After recovery');
  });

  it('given a network failure each time, then a report is tried three times and then given up', async () => {
    const send = vi.fn(async () => {
      throw new ReportNotSentError(0);
    });
    const { reporter, advance } = reporterWith(send);
    reporter.report({ kind: 'error', error: new Error('Offline') });
    await settle();
    await advance(1000);
    await advance(2000);
    await advance(60_000);
    expect(send).toHaveBeenCalledTimes(3);
    expect(reporter.pending).toBe(0);
    expect(reporter.dropped).toBe(1);
  });

  it('given a report the server refuses as invalid (400), then it is dropped at once, not retried', async () => {
    const send = vi.fn(async () => {
      throw new ReportNotSentError(400);
    });
    const { reporter, advance } = reporterWith(send);
    reporter.report({ kind: 'error', error: new Error('Refused') });
    await settle();
    await advance(60_000);
    expect(send).toHaveBeenCalledTimes(1);
    expect(reporter.pending).toBe(0);
  });

  it('given a send that throws synchronously, when reporting, then nothing escapes to the caller', async () => {
    const { reporter } = reporterWith(() => {
      throw new Error('broken transport');
    });
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      expect(() => reporter.report({ kind: 'error', error: new Error('x') })).not.toThrow();
      await settle();
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});

describe('installGlobalErrorHandlers', () => {
  it('given handlers installed twice on one window, when a rejection goes unhandled, then it is reported once', async () => {
    const send = vi.fn(async (_report: ClientErrorReport) => undefined);
    const { reporter } = reporterWith(send);
    const target = new EventTarget() as unknown as Window;
    const report = reporter.report.bind(reporter);
    const remove = installGlobalErrorHandlers(report, target);
    expect(installGlobalErrorHandlers(report, target)).toBe(remove);

    const rejection = Object.assign(new Event('unhandledrejection'), {
      reason: new Error('Unhandled save'),
    });
    target.dispatchEvent(rejection);
    const error = Object.assign(new Event('error'), { error: new Error('Thrown in a handler') });
    target.dispatchEvent(error);
    await settle();
    expect(send.mock.calls.map(([report]) => [report.kind, report.message])).toEqual([
      ['unhandledRejection', 'Unhandled save'],
      ['error', 'Thrown in a handler'],
    ]);

    remove();
    target.dispatchEvent(
      Object.assign(new Event('unhandledrejection'), { reason: new Error('After removal') }),
    );
    await settle();
    expect(send).toHaveBeenCalledTimes(2);
  });
});
