// Worker thread that writes click batches to the SQLite file with a connection of its own
// (see click-writer.ts for why), and, with insights on, resolves and adds up the visits and
// writes their breakdowns.
import { parentPort, workerData } from 'node:worker_threads';
import { createInsightsWriting, type WorkerInsightsOptions, type WriterReply, type WriterRequest } from './click-writer.js';
import { openSqliteClickSink } from './sqlite-click-sink.js';

const { sqlite, insights } = workerData as { sqlite: { file: string; busyTimeoutMs: number }; insights?: WorkerInsightsOptions };
const sink = openSqliteClickSink(sqlite.file, sqlite.busyTimeoutMs);
const post = (reply: WriterReply) => parentPort?.postMessage(reply);
const failure = (error: unknown) => ({
  message: error instanceof Error ? error.message : String(error),
  code: (error as { code?: string } | null)?.code,
});

const breakdowns =
  insights === undefined
    ? undefined
    : createInsightsWriting(insights, (entries) => sink.writeInsights(entries), (error) => post({ kind: 'insights-error', ...failure(error) }));

parentPort?.on('message', (message: WriterRequest) => {
  if (message.kind === 'flush-insights') {
    void (breakdowns?.flush() ?? Promise.resolve()).then(() => post({ kind: 'reply', id: message.id, ok: true }));
    return;
  }
  try {
    // Visits first: they are taken whatever becomes of the clicks (the recorder retries those).
    if (message.visits !== undefined) breakdowns?.add(message.visits);
    if (message.batch.linkIds.length > 0) sink.write(message.batch);
    post({ kind: 'reply', id: message.id, ok: true });
  } catch (error) {
    post({ kind: 'reply', id: message.id, ok: false, ...failure(error) });
  }
});
