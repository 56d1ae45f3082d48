// Deletes insight counters older than INSIGHTS_RETENTION_DAYS (the daily click counters stay).
// Checked hourly rather than at midnight: an instance started at any time catches up within the
// hour. The delete walks the whole table (insights-repository.ts), so it runs once per cutoff
// day: the hourly checks after a successful run do nothing until the day changes.
import type { FastifyBaseLogger } from 'fastify';
import { addDays, type Calendar } from '../calendar.js';
import { type BackgroundJob, createBackgroundJob } from '../ops/background-job.js';
import type { InsightsRepository } from './insights-repository.js';

export interface InsightsRetentionOptions {
  repository: Pick<InsightsRepository, 'deleteBefore'>;
  calendar: Calendar;
  /** Days kept, today included. */
  retentionDays: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  intervalMs?: number;
  firstRunDelayMs?: number;
}

/** runOnce deletes the days before the window now and gives the number of rows deleted. */
export type InsightsRetention = BackgroundJob<number>;

export function createInsightsRetention({ repository, calendar, retentionDays, log, intervalMs = 3_600_000, firstRunDelayMs }: InsightsRetentionOptions): InsightsRetention {
  // The cutoff of the last run that succeeded: the same cutoff has nothing left to delete.
  let doneFor: string | undefined;
  const cutoff = () => addDays(calendar.today(), -(retentionDays - 1));
  return createBackgroundJob({
    async run() {
      const day = cutoff();
      const deleted = await repository.deleteBefore(day);
      doneFor = day;
      return deleted;
    },
    upToDate: () => doneFor === cutoff(),
    onDone: (deleted) => {
      if (deleted > 0) log.info({ deleted, retentionDays }, 'old click insights deleted');
    },
    // One line per failed run (at most one an hour); the rows are deleted by a later run.
    onError: (error) => log.warn({ err: error }, 'click insights retention failed; retrying at the next run'),
    intervalMs,
    ...(firstRunDelayMs === undefined ? {} : { firstRunDelayMs }),
  });
}
