/**
 * `promise`, or the error `late` makes once `ms` have passed without an answer, whichever
 * comes first. The original promise is kept from becoming unhandled when it loses.
 */
export function withDeadline<T>(promise: Promise<T>, ms: number, late: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(late()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
