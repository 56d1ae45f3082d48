// How long a piece of work takes and the longest the event loop waited meanwhile (a 1 ms timer
// that records the gap between its ticks): what a request arriving during the work would wait.

export interface Waited<T> {
  result: T;
  ms: number;
  longestWaitMs: number;
}

export async function measureEventLoopWait<T>(work: () => Promise<T>): Promise<Waited<T>> {
  let last = performance.now();
  let longest = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  // Let the timer settle, then count from here.
  await new Promise((resolve) => setTimeout(resolve, 20));
  last = performance.now();
  longest = 0;
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  // One more tick, so a wait that ended with the work is counted.
  await new Promise((resolve) => setTimeout(resolve, 5));
  clearInterval(ticker);
  return { result, ms, longestWaitMs: longest };
}
