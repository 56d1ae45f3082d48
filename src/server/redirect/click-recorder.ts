// Clicks are counted in memory on the hot path and written to the store in batches: one
// transaction per flush, at most `intervalMs` apart, sooner when many are pending. The
// redirect never waits for the database. A crash loses at most one interval of clicks;
// a graceful shutdown flushes first.
import type { FastifyBaseLogger } from 'fastify';
import type { Calendar } from '../calendar.js';
import type { ClickWriter } from '../stats/click-writer.js';
import type { LinkDayClicks } from '../stats/counter-repository.js';

export interface ClickRecorderOptions {
  writer: ClickWriter;
  calendar: Calendar;
  intervalMs: number;
  /** Pending clicks that trigger an early flush. */
  maxPending: number;
  log: FastifyBaseLogger;
}

export interface ClickRecorder {
  record(linkId: number): void;
  /** Writes everything pending; resolves when it is stored (or rejects, keeping it pending). */
  flush(): Promise<void>;
  /** Clicks recorded but not yet stored. */
  pending(): number;
  start(): void;
  stop(): Promise<void>;
}

export function createClickRecorder(options: ClickRecorderOptions): ClickRecorder {
  // day → (link id → clicks)
  let buffer = new Map<string, Map<number, number>>();
  let pendingClicks = 0;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;
  let earlyFlushQueued = false;

  function addTo(target: Map<string, Map<number, number>>, day: string, linkId: number, clicks: number): void {
    let perLink = target.get(day);
    if (perLink === undefined) {
      perLink = new Map();
      target.set(day, perLink);
    }
    perLink.set(linkId, (perLink.get(linkId) ?? 0) + clicks);
  }

  async function writeBuffer(): Promise<void> {
    if (pendingClicks === 0) return;
    const batch = buffer;
    const batchClicks = pendingClicks;
    buffer = new Map();
    pendingClicks = 0;
    const rows: LinkDayClicks[] = [];
    for (const [day, perLink] of batch) for (const [linkId, clicks] of perLink) rows.push({ linkId, day, clicks });
    try {
      await options.writer.write(rows);
    } catch (error) {
      // Keep the clicks: they are merged back and written with the next flush.
      for (const row of rows) addTo(buffer, row.day, row.linkId, row.clicks);
      pendingClicks += batchClicks;
      throw error;
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
    flush().catch((error: unknown) => options.log.error({ err: error }, 'click flush failed; clicks kept for the next try'));
  }

  return {
    record(linkId) {
      addTo(buffer, options.calendar.today(), linkId, 1);
      pendingClicks++;
      if (pendingClicks >= options.maxPending && !earlyFlushQueued) {
        earlyFlushQueued = true;
        setImmediate(() => {
          earlyFlushQueued = false;
          flushInBackground();
        });
      }
    },
    flush,
    pending: () => pendingClicks,
    start() {
      timer ??= setInterval(flushInBackground, options.intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
      try {
        await flush();
      } finally {
        await options.writer.close();
      }
    },
  };
}
