// A task that runs in the background of a server: once soon after the start (the start itself,
// migrations and the cache warm-up, goes first), then every interval. One run at a time; a
// failure is the run's own to log, and the next interval tries again. Stopping waits for a run
// under way, so the store is not closed beneath it.

/** The first run waits this long by default. */
const FIRST_RUN_DELAY_MS = 10_000;

export interface BackgroundJobOptions<T> {
  /** The work of one run. */
  run: () => Promise<T>;
  /** Whether a scheduled run has nothing to do now (it is skipped; runOnce still runs). */
  upToDate?: () => boolean;
  /** What a scheduled run's result or failure tells the operator (runOnce leaves that to its caller). */
  onDone: (result: T) => void;
  onError: (error: unknown) => void;
  intervalMs: number;
  firstRunDelayMs?: number;
}

export interface BackgroundJob<T> {
  /** Runs soon after, then every interval. A second call adds no second timer. */
  start(): void;
  /** Stops the timers and waits for a run under way. */
  stop(): Promise<void>;
  /** One run now (or the one under way); rejects when it fails. */
  runOnce(): Promise<T>;
}

export function createBackgroundJob<T>({ run, upToDate = () => false, onDone, onError, intervalMs, firstRunDelayMs = FIRST_RUN_DELAY_MS }: BackgroundJobOptions<T>): BackgroundJob<T> {
  let firstRun: NodeJS.Timeout | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<T> | undefined;

  function runOnce(): Promise<T> {
    // A slow run must not have a second one queued behind it.
    running ??= run().finally(() => {
      running = undefined;
    });
    return running;
  }

  function runInBackground(): void {
    if (upToDate()) return;
    runOnce().then(onDone, onError);
  }

  return {
    start() {
      if (timer !== undefined) return;
      firstRun = setTimeout(runInBackground, firstRunDelayMs);
      firstRun.unref();
      timer = setInterval(runInBackground, intervalMs);
      timer.unref();
    },
    async stop() {
      clearTimeout(firstRun);
      clearInterval(timer);
      firstRun = undefined;
      timer = undefined;
      // Its failure was already told by onError.
      await running?.catch(() => undefined);
    },
    runOnce,
  };
}
