import { version } from '../../package.json';
import type { ErrorReporter, ErrorReportInput } from './ErrorReporter';
import { installGlobalErrorHandlers } from './installGlobalErrorHandlers';

/** The build that sends a report. */
export const RELEASE = `tessera@${version}`;

/** Reports kept while the reporter loads; an app failing faster than that loses the rest. */
const WAITING_LIMIT = 20;

let started = false;
let reporter: ErrorReporter | null = null;
let loading: Promise<void> | null = null;
const waiting: ErrorReportInput[] = [];

/**
 * The reporter itself (its scrubbing, queue and transport) is fetched with the first report,
 * not with the sign-in page: most page loads never report anything, and the first load has a
 * budget. Reports made meanwhile wait, in order.
 */
function loadReporter(): Promise<void> {
  loading ??= Promise.all([import('./ErrorReporter'), import('./sendReportToServer')])
    .then(([{ ErrorReporter: Reporter }, { sendReportToServer }]) => {
      reporter = new Reporter({
        send: sendReportToServer,
        release: RELEASE,
        route: () => window.location.pathname,
      });
      for (const input of waiting.splice(0)) reporter.report(input);
    })
    .catch(() => {
      // The reporter could not be fetched (offline, a new deployment): nothing can be sent.
      waiting.length = 0;
    });
  return loading;
}

/**
 * Starts reporting the app's errors to the server (spec 000 section 8): uncaught errors and
 * unhandled rejections from now on, and whatever {@link reportAppError} is given. Called once
 * by main.tsx; calling it again changes nothing.
 */
export function startErrorReporting(): void {
  started = true;
  installGlobalErrorHandlers(reportAppError, window);
}

/**
 * Reports an error or warning of the app. Before reporting has started (unit tests, a
 * module run on its own) it goes to the console, where it was always visible to developers.
 */
export function reportAppError(input: ErrorReportInput): void {
  if (!started) {
    const log = input.kind === 'warning' ? console.warn : console.error;
    log(input.message ?? input.error, input.details ?? '');
    return;
  }
  if (reporter) {
    reporter.report(input);
    return;
  }
  if (waiting.length < WAITING_LIMIT) waiting.push(input);
  void loadReporter();
}
