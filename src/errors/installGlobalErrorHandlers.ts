import type { ErrorReportInput } from './ErrorReporter';

/** The window's events a reporter listens to. */
type ErrorEvents = Pick<Window, 'addEventListener' | 'removeEventListener'>;

const installed = new WeakMap<ErrorEvents, () => void>();

/**
 * Reports errors no code caught and promise rejections nobody handled. Installing twice on
 * the same window (a hot reload, a second call) keeps the first listeners, so nothing is
 * reported twice. Returns the function that removes them.
 */
export function installGlobalErrorHandlers(
  report: (input: ErrorReportInput) => void,
  target: ErrorEvents,
): () => void {
  const existing = installed.get(target);
  if (existing) return existing;
  const onError = (event: ErrorEvent) => {
    report(
      event.error === undefined || event.error === null
        ? { kind: 'error', message: event.message || 'Unknown error' }
        : { kind: 'error', error: event.error },
    );
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    report({ kind: 'unhandledRejection', error: event.reason });
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  const remove = () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
    installed.delete(target);
  };
  installed.set(target, remove);
  return remove;
}
