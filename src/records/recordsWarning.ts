/**
 * Reports a condition that the user should not see but operators should (spec 001 section
 * 5: a list request whose property list had to switch type). The app has no error-reporting
 * service; the browser console is where such warnings are collected from.
 */
export function reportRecordsWarning(message: string, details: Record<string, unknown>): void {
  console.warn(`[records] ${message}`, details);
}
