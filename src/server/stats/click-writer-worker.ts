// Worker thread of the click writer (see click-writer.ts for why): on SQLite it writes click
// batches to the file with a connection of its own; with insights on (both dialects) it
// resolves and adds up the visits and writes their breakdowns, on PostgreSQL with a
// connection of its own.
import { Kysely, PostgresDialect } from 'kysely';
import { parentPort, workerData } from 'node:worker_threads';
import { createPostgresPool } from '../db/postgres-pool.js';
import type { Database } from '../db/schema.js';
import { createKyselyInsightWriter, postgresInsightsLock } from '../insights/insight-writes.js';
import type { InsightsBatch } from '../insights/insights-accumulator.js';
import { createInsightsWriting, type WriterReply, type WriterRequest, type WriterThreadData } from './click-writer.js';
import { openSqliteClickSink } from './sqlite-click-sink.js';

const { sqlite, postgres, insights } = workerData as WriterThreadData;
const sink = sqlite === undefined ? undefined : openSqliteClickSink(sqlite.file, sqlite.busyTimeoutMs);
// One connection is enough: breakdown writes run one at a time. A connection the server ended
// (a restart, a failover, pg_terminate_backend), idle or in the middle of a write, is heard by
// the pool (postgres-pool.ts): unheard, that 'error' event stopped this thread, and the
// breakdowns held in its window since the last write went with it. The pool drops the
// connection and the next write opens another (a write that fails reports itself and puts its
// counters back, for the write after it), so nothing more is said here.
const postgresPool = postgres === undefined ? undefined : createPostgresPool({ url: postgres.url, max: 1 });
const postgresDb = postgresPool === undefined ? undefined : new Kysely<Database>({ dialect: new PostgresDialect({ pool: postgresPool }) });
const storeInsights: ((batch: InsightsBatch) => Promise<void> | void) | undefined =
  sink !== undefined ? (batch) => sink.writeInsights(batch) : postgresDb !== undefined ? createKyselyInsightWriter(postgresDb, { lock: postgresInsightsLock }) : undefined;

const post = (reply: WriterReply) => parentPort?.postMessage(reply);
const failure = (error: unknown) => ({
  message: error instanceof Error ? error.message : String(error),
  code: (error as { code?: string } | null)?.code,
});

const breakdowns =
  insights === undefined || storeInsights === undefined
    ? undefined
    : createInsightsWriting(
        insights,
        storeInsights,
        (error) => post({ kind: 'insights-error', ...failure(error), dropped: (error as { dropped?: number }).dropped }),
        // Messages keep their order: the main thread hears this before the flush's reply.
        (linkIds) => parentPort?.postMessage({ kind: 'insights-written', linkIds } satisfies WriterReply, [linkIds.buffer]),
      );

parentPort?.on('message', (message: WriterRequest) => {
  if (message.kind === 'flush-insights') {
    // The last one (the server stops): a failure is then reported as lost, not kept.
    const flushed = message.final === true ? breakdowns?.close() : breakdowns?.flush();
    void (flushed ?? Promise.resolve()).then(() => post({ kind: 'reply', id: message.id, ok: true }));
    return;
  }
  if (message.kind === 'close') {
    void (postgresDb?.destroy() ?? Promise.resolve()).then(
      () => post({ kind: 'reply', id: message.id, ok: true }),
      (error: unknown) => post({ kind: 'reply', id: message.id, ok: false, ...failure(error) }),
    );
    return;
  }
  try {
    // Visits first: they are taken whatever becomes of the clicks (the recorder retries those).
    if (message.visits !== undefined) breakdowns?.add(message.visits);
    if (message.batch !== undefined && message.batch.linkIds.length > 0) sink?.write(message.batch);
    post({ kind: 'reply', id: message.id, ok: true });
  } catch (error) {
    post({ kind: 'reply', id: message.id, ok: false, ...failure(error) });
  }
});
