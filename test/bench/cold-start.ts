// The cold round of `npm run bench`: what the first visitors of a freshly started server pay.
// A fresh process on an empty database gets a few thousand links created through the API, the
// way an outside benchmark prepares its run, and is then loaded at once for COLD_SECONDS; the
// same load right after on the same process gives the warm figure to compare with.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LoadResult } from './load.js';
import { benchAlias, createMigratedFile } from './seed.js';

export interface ColdStartResult {
  created: number;
  createMs: number;
  cold: LoadResult;
  warm: LoadResult;
}

export const COLD_LINKS = 3_000;
export const COLD_SECONDS = 10;
const CREATE_CONCURRENCY = 16;

export async function runColdStartRound<S extends { url: string }>(deps: {
  startServer: (file: string) => Promise<S>;
  stopServer: (server: S) => Promise<void>;
  /** Redirect load over the first `links` bench aliases for `seconds`. */
  load: (server: S, links: number, seconds: number) => Promise<LoadResult>;
}): Promise<ColdStartResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shortener-bench-cold-'));
  const file = path.join(dir, 'cold.db');
  await createMigratedFile(file);
  const server = await deps.startServer(file);
  try {
    const startedAt = Date.now();
    let next = 0;
    const worker = async () => {
      while (next < COLD_LINKS) {
        const i = next++;
        const response = await fetch(`${server.url}/api/links`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ url: `https://example.com/frio/${i}`, alias: benchAlias(i) }),
        });
        if (response.status !== 201) throw new Error(`creating ${benchAlias(i)}: ${response.status}`);
      }
    };
    await Promise.all(Array.from({ length: CREATE_CONCURRENCY }, worker));
    const createMs = Date.now() - startedAt;
    const cold = await deps.load(server, COLD_LINKS, COLD_SECONDS);
    const warm = await deps.load(server, COLD_LINKS, COLD_SECONDS);
    return { created: COLD_LINKS, createMs, cold, warm };
  } finally {
    await deps.stopServer(server);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
