// Where buffered clicks are written; each store adapter picks its writer (db/store.ts). On
// PostgreSQL the write is asynchronous I/O, so the counter repository does it in process. On
// SQLite (better-sqlite3 is synchronous) a large flush would block the thread and show as the
// redirect's p99; there a worker thread with its own connection writes instead (with its own
// SQL, sqlite-click-sink.ts), and WAL lets the main thread's reads go on meanwhile.
// Either way: one transaction per flush.
import { Worker } from 'node:worker_threads';
import type { CounterRepository } from './counter-repository.js';
import type { ClickBatch } from './click-batch.js';

export interface ClickWriter {
  /** Readies what writes need (the SQLite writer thread) at start, so the first flush under load does not pay for it. */
  open(): void;
  /** Stores one flush; the batch is left as it was (the recorder keeps it if the write fails). */
  write(batch: ClickBatch): Promise<void>;
  close(): Promise<void>;
}

export function createInProcessClickWriter(counters: CounterRepository): ClickWriter {
  return { open: () => undefined, write: (batch) => counters.addClicks(batch), close: async () => undefined };
}

// The writer keeps nothing between batches, so a small young generation is enough; V8's
// default (16 MB semi-spaces) gave the thread ~30 MB more resident memory for nothing.
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 4 };

type Reply = { id: number; ok: true } | { id: number; ok: false; message: string; code?: string };

export function createWorkerClickWriter(sqlite: { file: string; busyTimeoutMs: number }): ClickWriter {
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();

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
    const created = fromSource
      ? new Worker(
          `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(script.href)}); });`,
          { eval: true, workerData: { sqlite }, resourceLimits: WORKER_LIMITS },
        )
      : new Worker(script, { workerData: { sqlite }, resourceLimits: WORKER_LIMITS });
    created.on('message', (reply: Reply) => {
      const waiter = pending.get(reply.id);
      if (waiter === undefined) return;
      pending.delete(reply.id);
      if (reply.ok) waiter.resolve();
      else waiter.reject(Object.assign(new Error(reply.message), { code: reply.code }));
    });
    created.on('error', (error) => failAll(error));
    created.on('exit', (code) => {
      if (worker === created) failAll(new Error(`click writer stopped (exit ${code})`));
    });
    return created;
  }

  return {
    open() {
      worker ??= start();
    },
    write(batch) {
      if (batch.linkIds.length === 0) return Promise.resolve();
      worker ??= start();
      const id = nextId++;
      const target = worker;
      return new Promise<void>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        // Typed arrays, so the clone is a copy of their bytes rather than one object per row.
        // Copied, not transferred: the recorder keeps the batch to put its clicks back if the
        // write fails.
        target.postMessage({ id, batch });
      });
    },
    async close() {
      const current = worker;
      worker = undefined;
      if (current === undefined) return;
      // Every write has been awaited by the recorder's final flush before close.
      await current.terminate();
    },
  };
}
