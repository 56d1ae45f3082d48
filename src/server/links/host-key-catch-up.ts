// Gives their host keys to links inserted without them: by a server of a version from before the
// keys, still serving the shared database during a rolling deploy (host-key-repair.ts). Checked
// hourly, so such links are found by the console's search by domain within the hour; the links
// are found through a partial index (migration 0010) that holds only them, so a check with
// nothing to do is one empty index read.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { type BackgroundJob, createBackgroundJob } from '../ops/background-job.js';
import { repairHostKeysPage } from './host-key-repair.js';

export interface HostKeyCatchUpOptions {
  db: Kysely<Database>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  intervalMs?: number;
  firstRunDelayMs?: number;
}

/** runOnce gives the number of links whose keys it wrote. */
export type HostKeyCatchUp = BackgroundJob<number>;

export function createHostKeyCatchUp({ db, log, intervalMs = 3_600_000, firstRunDelayMs }: HostKeyCatchUpOptions): HostKeyCatchUp {
  return createBackgroundJob({
    async run() {
      let repaired = 0;
      for (let after = 0; ; ) {
        const page = await repairHostKeysPage(db, after, true);
        repaired += page.repaired;
        if (page.lastId === undefined) return repaired;
        after = page.lastId;
        // SQLite's statements run on this thread, and awaiting them yields to promises only:
        // requests get a turn between pages (measured: 300,000 links without keys written in
        // 11.6 s, requests waiting at most 63 ms; a rolling deploy leaves a page or two).
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
    onDone: (repaired) => {
      if (repaired > 0) log.info({ repaired }, 'host keys written for links an older server version inserted without them');
    },
    onError: (error) => log.warn({ err: error }, 'host key catch-up failed; retrying at the next run'),
    intervalMs,
    ...(firstRunDelayMs === undefined ? {} : { firstRunDelayMs }),
  });
}
