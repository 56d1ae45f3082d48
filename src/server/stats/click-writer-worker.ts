// Worker thread that writes click batches to the SQLite file with a connection of its own
// (see click-writer.ts for why).
import { parentPort, workerData } from 'node:worker_threads';
import type { ClickBatch } from './click-batch.js';
import { openSqliteClickSink } from './sqlite-click-sink.js';

const { sqlite } = workerData as { sqlite: { file: string; busyTimeoutMs: number } };
const sink = openSqliteClickSink(sqlite.file, sqlite.busyTimeoutMs);

parentPort?.on('message', (message: { id: number; batch: ClickBatch }) => {
  try {
    sink.write(message.batch);
    parentPort?.postMessage({ id: message.id, ok: true });
  } catch (error) {
    parentPort?.postMessage({
      id: message.id,
      ok: false,
      message: error instanceof Error ? error.message : String(error),
      code: (error as { code?: string } | null)?.code,
    });
  }
});
