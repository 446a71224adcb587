import { version } from '../../package.json';
import { ErrorReporter, type ErrorReportInput } from './ErrorReporter';
import { installGlobalErrorHandlers } from './installGlobalErrorHandlers';
import { sendReportToServer } from './sendReportToServer';

/** The build that sends a report. */
export const RELEASE = `tessera@${version}`;

let reporter: ErrorReporter | null = null;

/**
 * Starts reporting the app's errors to the server (spec 000 section 8): uncaught errors and
 * unhandled rejections from now on, and whatever {@link reportAppError} is given. Called once
 * by main.tsx; calling it again changes nothing.
 */
export function startErrorReporting(): ErrorReporter {
  reporter ??= new ErrorReporter({
    send: sendReportToServer,
    release: RELEASE,
    route: () => window.location.pathname,
  });
  installGlobalErrorHandlers(reporter, window);
  return reporter;
}

/**
 * Reports an error or warning of the app. Before reporting has started (unit tests, a
 * module run on its own) it goes to the console, where it was always visible to developers.
 */
export function reportAppError(input: ErrorReportInput): void {
  if (reporter) {
    reporter.report(input);
    return;
  }
  const log = input.kind === 'warning' ? console.warn : console.error;
  log(input.message ?? input.error, input.details ?? '');
}
