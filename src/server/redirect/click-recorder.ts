// Clicks are counted in memory on the hot path and written to the store in batches: one
// transaction per flush, at most `intervalMs` apart, sooner when many are pending. The
// redirect never waits for the database. A crash loses at most one interval of clicks;
// a graceful shutdown flushes first, retrying for a while if the store is down.
import type { FastifyBaseLogger } from 'fastify';
import type { Calendar } from '../calendar.js';
import { errorKind, type ErrorLogThrottle } from '../ops/error-log-throttle.js';
import type { UserAgentProfile } from '../insights/user-agent-profile.js';
import type { VisitLog } from '../insights/visit-log.js';
import type { ClickWriter } from '../stats/click-writer.js';
import { createClickCounts } from './click-counts.js';
import { withTimeout } from '../ops/with-timeout.js';

export interface ClickRecorderOptions {
  writer: ClickWriter;
  calendar: Calendar;
  intervalMs: number;
  /** Pending clicks that trigger an early flush. */
  maxPending: number;
  /**
   * Distinct (day, link) counters kept while writes fail (store down). Beyond it, clicks on
   * links not already in the buffer are dropped and reported, so memory stays bounded.
   */
  maxEntries: number;
  log: FastifyBaseLogger;
  /**
   * Bounds the failure lines: during an outage every flush (each interval) fails the same way,
   * and one line per flush buried the rest of the log. Without it every failure is logged.
   */
  errorLog?: ErrorLogThrottle;
  observer?: ClickObserver;
  /** With click insights on: where each click's traits wait for the flush (the writer resolves and adds them up). */
  visits?: VisitLog;
  /**
   * How long stop() keeps retrying the final flush while the store fails (a stop during a
   * database restart), a try every `stopRetryIntervalMs`; then it gives up, logging the clicks
   * lost. Defaults: 10 s (within the 30 s an orchestrator gives before it kills), every 1 s.
   */
  stopRetryMs?: number;
  stopRetryIntervalMs?: number;
}

export interface ClickObserver {
  recorded(): void;
  dropped(): void;
  flushed(clicks: number, seconds: number): void;
  /** The clicks of these links were stored (a link may appear more than once: one row per day). */
  stored?(linkIds: Float64Array): void;
  flushFailed(): void;
  visitDropped?(): void;
}

export interface ClickRecorder {
  /**
   * Counts a click. With insights on, the caller passes the visitor's profile, the source and
   * the client address (used to find the country and region at the flush, never stored).
   */
  record(linkId: number, profile?: UserAgentProfile, source?: string, address?: string): void;
  /** Writes everything pending; resolves when it is stored (or rejects, keeping it pending). */
  flush(): Promise<void>;
  /** Writes everything pending, then the breakdowns added up so far (tests; the writer also writes them every interval and at close). */
  flushAll(): Promise<void>;
  /** Clicks recorded but not yet stored. */
  pending(): number;
  start(): void;
  stop(): Promise<void>;
}

export function createClickRecorder(options: ClickRecorderOptions): ClickRecorder {
  // (day, link id) → clicks, in typed arrays reused between flushes (see click-counts.ts).
  const buffer = createClickCounts(options.maxEntries);
  let pendingClicks = 0;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;
  let earlyFlushQueued = false;
  // Clicks taken out of the buffer by a write that has not finished yet.
  let inFlightClicks = 0;
  let droppedSinceLog = 0;
  const observer = options.observer;
  const mayLog = (kind: string): { log: boolean; suppressed: number } => options.errorLog?.take(kind) ?? { log: true, suppressed: 0 };

  async function writeBuffer(): Promise<void> {
    if (pendingClicks === 0) return;
    const batchClicks = pendingClicks;
    const batch = buffer.take();
    // Visits go with the clicks; the writer takes them whatever becomes of this write.
    const visits = options.visits !== undefined && options.visits.size() > 0 ? options.visits.take() : undefined;
    pendingClicks = 0;
    inFlightClicks = batchClicks;
    const started = performance.now();
    try {
      await options.writer.write(batch, visits);
      observer?.flushed(batchClicks, (performance.now() - started) / 1000);
      observer?.stored?.(batch.linkIds);
    } catch (error) {
      observer?.flushFailed();
      // Keep the clicks: they are merged back and written with the next flush.
      for (let i = 0; i < batch.linkIds.length; i++) {
        const clicks = batch.clicks[i] ?? 0;
        if (buffer.add(batch.days[batch.dayIndex[i] ?? 0] ?? '', batch.linkIds[i] ?? 0, clicks)) pendingClicks += clicks;
        else droppedSinceLog += clicks;
      }
      throw error;
    } finally {
      inFlightClicks = 0;
      // Dropped clicks add up until a line is allowed, so the count logged stays complete.
      if (droppedSinceLog > 0 && mayLog('click-buffer-full').log) {
        options.log.warn({ dropped: droppedSinceLog }, 'click buffer full while the store is failing: clicks dropped');
        droppedSinceLog = 0;
      }
    }
  }

  function flush(): Promise<void> {
    // One flush at a time; a flush asked for while one runs waits for it, then writes the rest.
    const run = (inFlight ?? Promise.resolve()).catch(() => undefined).then(writeBuffer);
    const tracked = run.finally(() => {
      if (inFlight === tracked) inFlight = undefined;
    });
    inFlight = tracked;
    return tracked;
  }

  function flushInBackground(): void {
    // A slow, failing flush (store down) must not pile up queued flushes behind it.
    if (inFlight !== undefined) return;
    flush().catch((error: unknown) => {
      // Its own kind: a flush failing must not hide (or be hidden by) requests failing alike.
      const fields = { err: error };
      const message = 'click flush failed; clicks kept for the next try';
      if (options.errorLog === undefined) options.log.error(fields, message);
      else options.errorLog.error(options.log, `click-flush:${errorKind(error)}`, fields, message);
    });
  }

  /** The last flush, tried again while the store fails, within stopRetryMs; what is still pending after it is lost, and said. */
  async function flushBeforeStop(): Promise<void> {
    const deadline = performance.now() + (options.stopRetryMs ?? 10_000);
    for (;;) {
      try {
        // A store that hangs (PostgreSQL stopped, not refusing) never settles the flush: the
        // deadline ends the wait, as it ends the retries of a store that refuses.
        await withTimeout(flush(), deadline - performance.now(), 'the store did not answer before the shutdown deadline');
        return;
      } catch (error) {
        if (performance.now() >= deadline) {
          options.log.error({ err: error, lost: pendingClicks + inFlightClicks }, 'click flush failed at shutdown: clicks not stored');
          throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, options.stopRetryIntervalMs ?? 1000));
      }
    }
  }

  return {
    record(linkId, profile, source, address) {
      const day = options.calendar.today();
      if (!buffer.add(day, linkId, 1)) {
        droppedSinceLog++;
        observer?.dropped();
        return;
      }
      // A full visit log (writes stalled) still counts the click; only its breakdown is lost.
      if (profile !== undefined && options.visits?.add(linkId, day, options.calendar.hour(), profile, source ?? '', address ?? '') === false) observer?.visitDropped?.();
      pendingClicks++;
      observer?.recorded();
      if (pendingClicks >= options.maxPending && !earlyFlushQueued) {
        earlyFlushQueued = true;
        setImmediate(() => {
          earlyFlushQueued = false;
          flushInBackground();
        });
      }
    },
    flush,
    flushAll: () => flush().then(() => options.writer.flushInsights()),
    pending: () => pendingClicks + inFlightClicks,
    start() {
      options.writer.open();
      timer ??= setInterval(flushInBackground, options.intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
      try {
        await flushBeforeStop();
      } finally {
        await options.writer.close();
      }
    },
  };
}
