// A promise given a time limit: what /readyz's store check and the click flush at a stop use, so
// a store that hangs (no answer, no refusal) cannot hold either forever.

/** `promise`, or a rejection with `message` after `ms` if it has not settled by then. */
export function withTimeout<T>(promise: Promise<T>, ms: number, message = 'timeout'): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(message)), Math.max(0, ms));
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
