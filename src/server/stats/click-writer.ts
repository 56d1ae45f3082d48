// Where buffered clicks are written; each store adapter picks its writer (db/store.ts). On
// PostgreSQL the write is asynchronous I/O, so the counter repository does it in process. On
// SQLite (better-sqlite3 is synchronous) a large flush would block the thread and show as the
// redirect's p99; there a worker thread with its own connection writes instead (with its own
// SQL, sqlite-click-sink.ts), and WAL lets the main thread's reads go on meanwhile.
// Either way: one transaction per flush.
//
// With click insights on, each flush also carries the flush's visits (insights/visit-log.ts).
// A writer thread resolves their addresses (the GeoIP lookup happens there, never on the
// request), adds them up (insights-accumulator.ts) and writes the breakdowns every
// `intervalMs`, and at close: on SQLite the same thread as the clicks', on PostgreSQL a thread
// with a connection of its own for the breakdowns alone (the clicks stay in process). Only an
// in-memory SQLite store (tests) does it all in process.
import { Worker } from 'node:worker_threads';
import { openGeoLookup } from '../insights/geoip.js';
import { createInsightsAccumulator, type InsightsBatch, slicesOf } from '../insights/insights-accumulator.js';
import type { VisitBatch } from '../insights/visit-log.js';
import type { CounterRepository } from './counter-repository.js';
import type { ClickBatch } from './click-batch.js';

export interface ClickWriter {
  /** Readies what writes need (the SQLite writer thread, the GeoIP files) at start, so the first flush under load does not pay for it. */
  open(): void;
  /** Stores one flush; the batch is left as it was (the recorder keeps it if the write fails). Visits are taken in any case. */
  write(batch: ClickBatch, visits?: VisitBatch): Promise<void>;
  /** Writes the breakdowns added up so far (the writer also does so every interval, and at close). */
  flushInsights(): Promise<void>;
  close(): Promise<void>;
}

/** How the breakdowns are written (undefined: INSIGHTS=false, nothing but clicks). */
export interface InsightsWriting {
  countryDb: string | undefined;
  cityDb: readonly string[] | undefined;
  intervalMs: number;
  /** Distinct (link, day, combo) counters held between writes (~40 bytes each); past 40% of it the window is written early. */
  maxEntries: number;
  /** A failed breakdown write (kept for the next one), visits dropped past maxEntries, or the writer thread stopped (its window lost). */
  onError: (error: Error) => void;
  /** Breakdowns of these links were stored (after the commit; the kept insights answers of the links go). */
  onWritten?: (linkIds: Float64Array<ArrayBuffer>) => void;
}

/** The code of the error reported when the window is full and visits are left out (not a store failure). */
export const INSIGHTS_DROPPED = 'INSIGHTS_DROPPED';

/** The code of the error reported when the last write, at a stop, failed: its breakdowns are lost (`dropped`: their visits). */
export const INSIGHTS_NOT_STORED_AT_STOP = 'INSIGHTS_NOT_STORED_AT_STOP';

/** The code of the error reported when the writer thread stopped unasked: the window it held is lost (the clicks are retried). */
export const INSIGHTS_WRITER_STOPPED = 'INSIGHTS_WRITER_STOPPED';

/** Counters per transaction of a breakdown write, and the longest pause between two (see writeOnce). */
const SLICE_COUNTERS = 10_000;
const MAX_PAUSE_MS = 250;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

/** What the worker thread is given (structured-clone safe). */
export interface WorkerInsightsOptions {
  countryDb: string | undefined;
  cityDb: readonly string[] | undefined;
  intervalMs: number;
  maxEntries: number;
}

/**
 * The breakdowns' side of a writer, in whichever thread writes: resolves and adds up visits,
 * writes them every interval with `store`, keeps them when that fails.
 */
export function createInsightsWriting(
  options: WorkerInsightsOptions,
  store: (batch: InsightsBatch) => Promise<void> | void,
  onError: (error: Error) => void,
  onWritten?: (linkIds: Float64Array<ArrayBuffer>) => void,
) {
  const accumulator = createInsightsAccumulator(
    openGeoLookup({ ...(options.countryDb === undefined ? {} : { countryDb: options.countryDb }), ...(options.cityDb === undefined ? {} : { cityDb: options.cityDb }) }),
    options.maxEntries,
  );
  let running: Promise<void> | undefined;
  // Set by close: a write that fails then is not kept for a next one, there is none.
  let closing = false;
  const timer = setInterval(() => void flush(true), options.intervalMs);
  timer.unref();

  /**
   * Writes the window in slices of SLICE_COUNTERS counters, one transaction each. On the
   * interval (`paced`) each slice is followed by a pause as long as it took: a window written in
   * one go was a second or two of a whole core every 10 s, and on a small machine the redirect's
   * thread lost that core to it (measured: p99 130–170 ms against 30–40 ms with insights off).
   * At close, and when asked (tests), without pauses.
   */
  async function writeOnce(paced: boolean): Promise<void> {
    if (accumulator.entries() === 0) return;
    const slices = slicesOf(accumulator.take(), SLICE_COUNTERS);
    for (let slice = slices.next(); !slice.done; slice = slices.next()) {
      const started = performance.now();
      try {
        await store(slice.value);
      } catch (error) {
        // This slice and the ones after it go back into the window, for the next write.
        let visits = sumOf(slice.value.clicks);
        accumulator.restore(slice.value);
        for (let rest = slices.next(); !rest.done; rest = slices.next()) {
          visits += sumOf(rest.value.clicks);
          accumulator.restore(rest.value);
        }
        const failure = asError(error);
        // At a stop there is no next write: said as lost, with how many visits, not as kept.
        onError(closing ? Object.assign(new Error(`click breakdowns not stored at shutdown: ${failure.message}`), { code: INSIGHTS_NOT_STORED_AT_STOP, dropped: visits }) : failure);
        return;
      }
      onWritten?.(distinctLinkIds(slice.value.linkIds));
      if (paced) await sleep(Math.min(MAX_PAUSE_MS, performance.now() - started));
    }
  }

  function flush(paced = false): Promise<void> {
    // One write at a time; a flush asked for meanwhile runs after it.
    const next = (running ?? Promise.resolve()).then(() => writeOnce(paced));
    running = next.finally(() => {
      if (running === next) running = undefined;
    });
    return next;
  }

  return {
    add(visits: VisitBatch): void {
      const dropped = accumulator.add(visits);
      if (dropped > 0) {
        const error = new Error(`click insights: ${dropped} visits not counted (${options.maxEntries} counters held while writes fail)`);
        onError(Object.assign(error, { code: INSIGHTS_DROPPED, dropped }));
      }
      // Spread traffic fills the window before its interval: write it now, memory stays bounded.
      if (accumulator.wantsWrite() && running === undefined) void flush(true);
    },
    flush: () => flush(false),
    async close(): Promise<void> {
      clearInterval(timer);
      closing = true;
      await flush();
    },
  };
}

/** The links of a batch's rows, which come in link order, each once. */
function distinctLinkIds(linkIds: Float64Array): Float64Array<ArrayBuffer> {
  const distinct: number[] = [];
  for (const linkId of linkIds) if (distinct.at(-1) !== linkId) distinct.push(linkId);
  return Float64Array.from(distinct);
}

function sumOf(values: Uint32Array): number {
  let sum = 0;
  for (const value of values) sum += value;
  return sum;
}

export function createInProcessClickWriter(
  counters: CounterRepository,
  insights?: { writing: InsightsWriting; store: (batch: InsightsBatch) => Promise<void> },
): ClickWriter {
  let breakdowns: ReturnType<typeof createInsightsWriting> | undefined;
  const open = () => {
    if (insights !== undefined) breakdowns ??= createInsightsWriting(insights.writing, insights.store, insights.writing.onError, insights.writing.onWritten);
    return breakdowns;
  };
  return {
    open: () => void open(),
    write: (batch, visits) => {
      if (visits !== undefined) open()?.add(visits);
      return counters.addClicks(batch);
    },
    flushInsights: async () => open()?.flush(),
    close: async () => breakdowns?.close(),
  };
}

// The writer keeps nothing between batches, so a small young generation is enough; V8's
// default (16 MB semi-spaces) gave the thread ~30 MB more resident memory for nothing.
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 4 };

/** The writer thread's messages: a reply to a request, or a breakdown write that failed on its own schedule. */
export type WriterReply =
  | { kind: 'reply'; id: number; ok: true }
  | { kind: 'reply'; id: number; ok: false; message: string; code?: string }
  | { kind: 'insights-error'; message: string; code?: string; dropped?: number }
  /** Breakdowns of these links were stored: sent before the reply to the flush that wrote them. */
  | { kind: 'insights-written'; linkIds: Float64Array<ArrayBuffer> };

/** What the writer thread is asked. */
export type WriterRequest =
  | { kind: 'write'; id: number; batch?: ClickBatch; visits?: VisitBatch }
  | { kind: 'flush-insights'; id: number; final?: boolean }
  | { kind: 'close'; id: number };

/** What the writer thread writes to: the SQLite file (clicks and breakdowns), or PostgreSQL (breakdowns; the clicks in process). */
export type WriterTarget = { sqlite: { file: string; busyTimeoutMs: number } } | { postgres: { url: string; counters: CounterRepository } };

/** The thread's setup (structured-clone safe). */
export interface WriterThreadData {
  sqlite?: { file: string; busyTimeoutMs: number };
  postgres?: { url: string };
  insights?: WorkerInsightsOptions;
}

function visitBuffers(visits: VisitBatch): ArrayBuffer[] {
  return [visits.dayIndex, visits.linkIds, visits.hours, visits.profileIndex, visits.sourceIndex, visits.family, visits.addressHi, visits.addressLo].map((array) => array.buffer);
}

export function createWorkerClickWriter(target: WriterTarget, insights?: InsightsWriting): ClickWriter {
  const counters = 'postgres' in target ? target.postgres.counters : undefined;
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  const workerInsights: WorkerInsightsOptions | undefined =
    insights === undefined
      ? undefined
      : { countryDb: insights.countryDb, cityDb: insights.cityDb, intervalMs: insights.intervalMs, maxEntries: insights.maxEntries };

  function failAll(error: Error): void {
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
    worker = undefined;
  }

  function start(): Worker {
    // Compiled: the .js beside this file. From the TypeScript sources (tests), the .ts one,
    // loaded through tsx (a dev dependency, then installed): Node 20 does not pass
    // `--import tsx` on to workers, so the worker registers it itself.
    const fromSource = import.meta.url.endsWith('.ts');
    const script = new URL(`./click-writer-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url);
    const workerData: WriterThreadData = {
      ...('sqlite' in target ? { sqlite: target.sqlite } : { postgres: { url: target.postgres.url } }),
      ...(workerInsights === undefined ? {} : { insights: workerInsights }),
    };
    const created = fromSource
      ? new Worker(
          `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(script.href)}); });`,
          { eval: true, workerData, resourceLimits: WORKER_LIMITS },
        )
      : new Worker(script, { workerData, resourceLimits: WORKER_LIMITS });
    created.on('message', (reply: WriterReply) => {
      if (reply.kind === 'insights-error') {
        insights?.onError(Object.assign(new Error(reply.message), { code: reply.code, dropped: reply.dropped }));
        return;
      }
      if (reply.kind === 'insights-written') {
        insights?.onWritten?.(reply.linkIds);
        return;
      }
      const waiter = pending.get(reply.id);
      if (waiter === undefined) return;
      pending.delete(reply.id);
      if (reply.ok) waiter.resolve();
      else waiter.reject(Object.assign(new Error(reply.message), { code: reply.code }));
    });
    // Stopped unasked (close() lets go of the thread first): said, since the breakdowns it added
    // up since its last write went with it; waiting writes fail, and the recorder retries clicks.
    const stopped = (error: Error) => {
      if (worker !== created) return;
      insights?.onError(Object.assign(new Error(`click writer thread stopped: ${error.message}`), { code: INSIGHTS_WRITER_STOPPED }));
      failAll(error);
    };
    created.on('error', stopped);
    created.on('exit', (code) => stopped(new Error(`exit ${code}`)));
    return created;
  }

  type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
  function ask(request: WithoutId<WriterRequest>): Promise<void> {
    worker ??= start();
    const id = nextId++;
    const target = worker;
    return new Promise<void>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      // Typed arrays, so the clone is a copy of their bytes rather than one object per row.
      // The click batch is copied, not transferred: the recorder keeps it to put its clicks back
      // if the write fails. The visits are the thread's whatever happens (never retried here):
      // their buffers move, with no copy left behind on the redirect's side.
      target.postMessage({ ...request, id }, request.kind === 'write' && request.visits !== undefined ? visitBuffers(request.visits) : []);
    });
  }

  return {
    open() {
      // On PostgreSQL the thread is only there for the breakdowns.
      if (counters === undefined || workerInsights !== undefined) worker ??= start();
    },
    write(batch, visits) {
      if (counters !== undefined) {
        // The clicks in process (asynchronous I/O), the visits to the thread (they are taken
        // there whatever becomes of the clicks).
        if (visits !== undefined && workerInsights !== undefined) ask({ kind: 'write', visits }).catch((error: unknown) => insights?.onError(asError(error)));
        return counters.addClicks(batch);
      }
      if (batch.linkIds.length === 0 && visits === undefined) return Promise.resolve();
      return ask(visits === undefined ? { kind: 'write', batch } : { kind: 'write', batch, visits });
    },
    flushInsights() {
      if (workerInsights === undefined) return Promise.resolve();
      return ask({ kind: 'flush-insights' });
    },
    async close() {
      const current = worker;
      if (current === undefined) return;
      // Every click write has been awaited by the recorder's final flush before close; the
      // breakdowns added up since the last interval are written now.
      if (workerInsights !== undefined) await ask({ kind: 'flush-insights', final: true }).catch((error: unknown) => insights?.onError(asError(error)));
      // Its own connections closed before the thread ends (PostgreSQL's pool).
      await ask({ kind: 'close' }).catch(() => undefined);
      worker = undefined;
      await current.terminate();
    },
  };
}
