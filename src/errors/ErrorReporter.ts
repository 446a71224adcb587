import type { ClientErrorReport } from '../../schemas/api/clientErrors';
import { CLIENT_ERROR_LIMITS, type ClientErrorKind } from '../../schemas/api/clientErrorsConstants';
import { scrubReportDetails, scrubReportText, scrubRoute } from '../core/errors/scrubReportText';

/** What went wrong, as the code that noticed it says it. */
export interface ErrorReportInput {
  kind: ClientErrorKind;
  /** What was thrown or rejected with: an Error, or anything else. */
  error?: unknown;
  /** A message of its own, for a warning or when nothing was thrown. */
  message?: string;
  /** React's component stack of a render error. */
  componentStack?: string;
  /** Short named facts of a warning (counts, keys); private-sounding names are dropped. */
  details?: Readonly<Record<string, unknown>>;
}

/** Why the endpoint did not take a report. */
export class ReportNotSentError extends Error {
  override name = 'ReportNotSentError';

  constructor(
    /** The HTTP status, or 0 when nothing answered. */
    readonly status: number,
  ) {
    super(`The error report was not accepted (${status || 'no answer'}).`);
  }

  /** A refusal the same report would meet again (invalid, too large): it is not retried. */
  get isFinal(): boolean {
    return this.status >= 400 && this.status < 500 && this.status !== 408 && this.status !== 429;
  }
}

/** Sends one report; rejects (preferably with {@link ReportNotSentError}) when it did not arrive. */
export type SendReport = (report: ClientErrorReport) => Promise<void>;

/** What a reporter is built with. */
export interface ErrorReporterOptions {
  send: SendReport;
  /** The build, `tessera@<version>`. */
  release: string;
  /** The current screen's path. */
  route: () => string;
  /** Reports waiting to be sent at most; more are dropped (default 20). */
  queueLimit?: number;
  /** The same error sent at most this often in one page's life (default 3). */
  repeatLimit?: number;
  /** Attempts per report before it is given up (default 3). */
  attemptLimit?: number;
  now?: () => number;
  /** Runs `task` after `delayMs`; `setTimeout` by default. */
  schedule?: (task: () => void, delayMs: number) => void;
}

/** Errors that say nothing about the app (a browser's layout notice, a foreign script). */
const NOISE = [/^ResizeObserver loop/, /^Script error\.?$/];

/** The longest pause after failed attempts. */
const MAX_BACKOFF_MS = 60_000;

/**
 * Sends the app's errors to the server, one at a time, and never makes things worse: it
 * never throws, never reports its own failures (a failed report is retried after a growing
 * pause, a few times, then dropped), keeps a bounded queue, sends the same error object once
 * and the same error a few times at most, and scrubs every text before it leaves the browser.
 */
export class ErrorReporter {
  private readonly queue: { report: ClientErrorReport; attempts: number }[] = [];
  private readonly seenErrors = new WeakSet<object>();
  private readonly repeats = new Map<string, number>();
  private readonly queueLimit: number;
  private readonly repeatLimit: number;
  private readonly attemptLimit: number;
  private readonly now: () => number;
  private readonly schedule: (task: () => void, delayMs: number) => void;
  private sending = false;
  private wakeUpPending = false;
  private failuresInARow = 0;
  private pausedUntil = 0;
  /** Reports dropped because the queue was full or their attempts ran out. */
  dropped = 0;

  constructor(private readonly options: ErrorReporterOptions) {
    this.queueLimit = options.queueLimit ?? 20;
    this.repeatLimit = options.repeatLimit ?? 3;
    this.attemptLimit = options.attemptLimit ?? 3;
    this.now = options.now ?? Date.now;
    this.schedule = options.schedule ?? ((task, delayMs) => void setTimeout(task, delayMs));
  }

  /** Reports still waiting to be sent. */
  get pending(): number {
    return this.queue.length;
  }

  /** Queues a report of `input` and starts sending; never throws. */
  report(input: ErrorReportInput): void {
    try {
      const report = this.build(input);
      if (report === null) return;
      if (this.queue.length >= this.queueLimit) {
        this.dropped += 1;
        return;
      }
      this.queue.push({ report, attempts: 0 });
      void this.drain();
    } catch {
      // Reporting must never become an error of its own.
    }
  }

  /** The report to send, or null for one already sent, repeated too often, or noise. */
  private build(input: ErrorReportInput): ClientErrorReport | null {
    const { error } = input;
    if (typeof error === 'object' && error !== null) {
      if (this.seenErrors.has(error)) return null;
      this.seenErrors.add(error);
    }
    const name = error instanceof Error ? error.name : '';
    const message = input.message ?? describe(error);
    if (NOISE.some((pattern) => pattern.test(message))) return null;
    const fingerprint = `${input.kind}|${name}|${message}`;
    const seen = this.repeats.get(fingerprint) ?? 0;
    if (seen >= this.repeatLimit) return null;
    this.repeats.set(fingerprint, seen + 1);

    const limits = CLIENT_ERROR_LIMITS;
    const report: ClientErrorReport = {
      kind: input.kind,
      message: scrubReportText(message, limits.message) || '[redacted]',
      route: scrubRoute(this.options.route(), limits.route),
      release: scrubReportText(this.options.release, limits.release) || 'unknown',
    };
    if (name) report.name = scrubReportText(name, limits.name);
    const stack = error instanceof Error ? error.stack : undefined;
    if (stack) report.stack = scrubReportText(stack, limits.stack);
    if (input.componentStack) {
      report.componentStack = scrubReportText(input.componentStack, limits.componentStack);
    }
    if (input.details) {
      report.details = scrubReportDetails(input.details, {
        count: limits.details,
        key: limits.detailKey,
        text: limits.detailText,
      });
    }
    return report;
  }

  /** Sends the queue in order, pausing after failures; one run at a time. */
  private async drain(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    try {
      for (let next = this.queue[0]; next !== undefined; next = this.queue[0]) {
        const wait = this.pausedUntil - this.now();
        if (wait > 0) {
          this.wakeUpAfter(wait);
          return;
        }
        next.attempts += 1;
        try {
          await this.options.send(next.report);
          this.queue.shift();
          this.failuresInARow = 0;
        } catch (failure) {
          const final = failure instanceof ReportNotSentError && failure.isFinal;
          if (final || next.attempts >= this.attemptLimit) {
            this.queue.shift();
            this.dropped += 1;
          }
          this.failuresInARow += 1;
          this.pausedUntil =
            this.now() + Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (this.failuresInARow - 1));
        }
      }
    } finally {
      this.sending = false;
    }
  }

  /** Tries the queue again once the pause is over (one wake-up at a time). */
  private wakeUpAfter(delayMs: number): void {
    if (this.wakeUpPending) return;
    this.wakeUpPending = true;
    this.schedule(() => {
      this.wakeUpPending = false;
      void this.drain();
    }, delayMs);
  }
}

/**
 * A message for what was thrown. An object that is not an Error is described by its keys
 * only: its values may be anything the user typed.
 */
function describe(thrown: unknown): string {
  if (thrown instanceof Error) return thrown.message || thrown.name;
  if (typeof thrown === 'string') return thrown || 'Empty string thrown';
  if (thrown === undefined || thrown === null) return `${String(thrown)} thrown`;
  if (typeof thrown === 'object') {
    const keys = Object.keys(thrown).slice(0, 10).join(', ');
    return `Non-error object thrown (keys: ${keys || 'none'})`;
  }
  return `Non-error ${typeof thrown} thrown`;
}
