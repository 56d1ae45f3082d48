// Worker thread that writes click batches to the SQLite file with a connection of its own
// (see click-writer.ts for why). It runs the same repository code as everything else.
import { parentPort, workerData } from 'node:worker_threads';
import { openStore } from '../db/database.js';
import { createCounterRepository, type LinkDayClicks } from './counter-repository.js';

const { sqlite } = workerData as { sqlite: { file: string; busyTimeoutMs: number } };
const store = openStore({ kind: 'sqlite', ...sqlite });
const counters = createCounterRepository(store.db);

parentPort?.on('message', (message: { id: number; rows: LinkDayClicks[] }) => {
  counters.addClicks(message.rows).then(
    () => parentPort?.postMessage({ id: message.id, ok: true }),
    (error: unknown) =>
      parentPort?.postMessage({
        id: message.id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
        code: (error as { code?: string } | null)?.code,
      }),
  );
});
