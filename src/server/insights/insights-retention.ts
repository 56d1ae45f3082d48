// Deletes insight counters older than INSIGHTS_RETENTION_DAYS (the daily click counters stay).
// Checked hourly rather than at midnight: an instance started at any time catches up within the
// hour. The delete walks the whole table (insights-repository.ts), so it runs once per cutoff
// day: the hourly checks after a successful run do nothing until the day changes.
import type { FastifyBaseLogger } from 'fastify';
import { addDays, type Calendar } from '../calendar.js';
import type { InsightsRepository } from './insights-repository.js';

/** The first run waits this long: the start (migrations, cache warm-up) goes first. */
const FIRST_RUN_DELAY_MS = 10_000;

export interface InsightsRetentionOptions {
  repository: Pick<InsightsRepository, 'deleteBefore'>;
  calendar: Calendar;
  /** Days kept, today included. */
  retentionDays: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  intervalMs?: number;
  firstRunDelayMs?: number;
}

export interface InsightsRetention {
  /** Runs soon after, then every interval; a failure is logged and the next run tries again. */
  start(): void;
  /** Stops the timers and waits for a run under way, so the store is not closed beneath it. */
  stop(): Promise<void>;
  /** Deletes the days before the window now; the number of rows deleted. Rejects on failure. */
  runOnce(): Promise<number>;
}

export function createInsightsRetention({
  repository,
  calendar,
  retentionDays,
  log,
  intervalMs = 3_600_000,
  firstRunDelayMs = FIRST_RUN_DELAY_MS,
}: InsightsRetentionOptions): InsightsRetention {
  let firstRun: NodeJS.Timeout | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  // The cutoff of the last run that succeeded: the same cutoff has nothing left to delete.
  let doneFor: string | undefined;
  const cutoff = () => addDays(calendar.today(), -(retentionDays - 1));

  function runOnce(): Promise<number> {
    // A slow delete must not have a second one queued behind it.
    const day = cutoff();
    running ??= repository
      .deleteBefore(day)
      .then((deleted) => {
        doneFor = day;
        return deleted;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  function runInBackground(): void {
    if (doneFor === cutoff()) return;
    runOnce().then(
      (deleted) => {
        if (deleted > 0) log.info({ deleted, retentionDays }, 'old click insights deleted');
      },
      // One line per failed run (at most one an hour); the rows are deleted by a later run.
      (error: unknown) => log.warn({ err: error }, 'click insights retention failed; retrying at the next run'),
    );
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
      // Its failure was already logged by the run itself.
      await running?.catch(() => undefined);
    },
    runOnce,
  };
}
