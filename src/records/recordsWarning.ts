import { reportAppError } from '../errors/appErrorReporter';

/**
 * Reports a condition that the user should not see but operators should (spec 001 section
 * 5: a list request whose property list had to switch type), to the app's error reports as
 * a warning.
 */
export function reportRecordsWarning(message: string, details: Record<string, unknown>): void {
  reportAppError({ kind: 'warning', message: `[records] ${message}`, details });
}
