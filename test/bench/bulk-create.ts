// Scenario 9 of `npm run bench`: POST /api/links/bulk with an API key, 1,000 links a request, on
// a fresh SQLite file. Two kinds of batches (no alias; half of the items with a custom alias,
// which adds a lookup per aliased item), each sent one request at a time and then with a few
// requests in flight. Every item must come back ok, and the links stored must be the links
// reported: either failing fails the run. Loopback only; each run is bounded in requests and
// seconds.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import type { BulkCreateResponse, CreateLinkRequest, LinkListResponse } from '../../src/shared/api.js';
import { createMigratedFile } from './seed.js';

export const BULK_ITEMS = 1_000;
/** Each run stops after this many measured requests or this many seconds, whichever comes first. */
export const BULK_REQUESTS = Number(process.env.BENCH_BULK_REQUESTS ?? 30);
export const BULK_SECONDS = Number(process.env.BENCH_BULK_SECONDS ?? 10);
/** Requests in flight in the concurrent runs. */
export const BULK_CONCURRENCY = Number(process.env.BENCH_BULK_CONCURRENCY ?? 3);
/** Requests sent before the measured runs (JIT, statement caches, connections); counted in the check. */
const WARMUP_REQUESTS = 3;
export const BULK_TARGET_LINKS_PER_SECOND = 5_000;

export interface BulkRun {
  /** e.g. 'no alias, 1 at a time'. */
  variant: string;
  concurrency: number;
  requests: number;
  /** Items sent, and items answered ok (each one a link created). */
  items: number;
  created: number;
  failures: number;
  /** The first few failures, `code: message`, and any HTTP status other than 200. */
  failureSamples: string[];
  seconds: number;
  linksPerSecond: number;
  /** Per 1,000-link request: sent until its whole answer was read, in ms. */
  p50: number;
  p99: number;
  /** The server's CPU time per link created, in µs: main thread / other threads (/proc). */
  cpuUsPerLink?: { main: number; other: number };
}

export interface BulkResult {
  runs: BulkRun[];
  /** Links answered ok over the whole scenario (warm-up included), and links the key owns in the file. */
  reported: number;
  stored: number;
  /** Aliases answered ok more than once (must be 0). */
  duplicateAliases: number;
  /** What else was checked (listing, a few redirects), and whether it held. */
  checks: { name: string; ok: boolean }[];
  peakRssMb: number | null;
}

interface Server {
  url: string;
  child: { pid?: number | undefined };
}

export async function runBulkCreation<S extends Server>(deps: {
  dir: string;
  startServer: (file: string) => Promise<S>;
  stopServer: (server: S) => Promise<void>;
  /** The environment the server runs with for this file (the admin tool reads the same). */
  serverEnv: (databaseUrl: string) => NodeJS.ProcessEnv;
  root: string;
  cpuTicks: (pid: number | undefined) => { main: number; all: number } | undefined;
  peakRssMb: (server: S) => number | null;
  log: (message: string) => void;
}): Promise<BulkResult> {
  const file = path.join(deps.dir, 'bulk.db');
  await createMigratedFile(file);
  const server = await deps.startServer(file);
  try {
    const { id: keyId, key } = await createApiKey(deps.root, deps.serverEnv(`sqlite:${file}`));
    // Every alias answered ok, with its URL.
    const aliases = new Map<string, string>();
    let reported = 0;
    let duplicateAliases = 0;
    let n = 0;
    const send = async (withAliases: boolean): Promise<{ ms: number; created: number; failures: string[] }> => {
      const links: CreateLinkRequest[] = [];
      for (let i = 0; i < BULK_ITEMS; i++) {
        const id = n++;
        // Aliases of 8 characters never meet the server's random ones (6).
        links.push(withAliases && i % 2 === 0 ? { url: `https://example.com/bulk/${id}`, alias: `k${id.toString(36).padStart(7, '0')}` } : { url: `https://example.com/bulk/${id}` });
      }
      const startedAt = performance.now();
      const response = await fetch(`${server.url}/api/links/bulk`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ links }),
      });
      const text = await response.text();
      const ms = performance.now() - startedAt;
      if (response.status !== 200) return { ms, created: 0, failures: [`HTTP ${response.status}: ${text.slice(0, 200)}`] };
      const { results } = JSON.parse(text) as BulkCreateResponse;
      const failures: string[] = [];
      if (results.length !== links.length) failures.push(`${results.length} results for ${links.length} items`);
      let created = 0;
      results.forEach((result, i) => {
        if (!result.ok) {
          failures.push(`${result.error.code}: ${result.error.message}`);
          return;
        }
        const sent = links[i];
        if (result.link.url !== sent?.url || (sent.alias !== undefined && result.link.alias !== sent.alias)) {
          failures.push(`item ${i}: answered ${result.link.alias} → ${result.link.url}, sent ${sent?.alias ?? '(no alias)'} → ${sent?.url}`);
          return;
        }
        created++;
        if (aliases.has(result.link.alias)) duplicateAliases++;
        aliases.set(result.link.alias, result.link.url);
      });
      reported += created;
      return { ms, created, failures };
    };

    for (let i = 0; i < WARMUP_REQUESTS; i++) {
      const warm = await send(i % 2 === 1);
      if (warm.failures.length > 0) throw new Error(`9. bulk warm-up failed: ${warm.failures.slice(0, 3).join('; ')}`);
    }

    const runs: BulkRun[] = [];
    for (const withAliases of [false, true]) {
      for (const concurrency of [1, BULK_CONCURRENCY]) {
        const variant = `${withAliases ? 'half with an alias' : 'no alias'}, ${concurrency === 1 ? '1 at a time' : `${concurrency} in flight`}`;
        const run = await measureRun(variant, concurrency, () => send(withAliases), server.child.pid, deps.cpuTicks);
        deps.log(`9. bulk, ${variant}: ${Math.round(run.linksPerSecond).toLocaleString('en-US')} links/s (${run.created.toLocaleString('en-US')} links in ${run.seconds.toFixed(2)} s, ${run.requests} requests), p50 ${run.p50} ms, p99 ${run.p99} ms per 1,000, ${run.failures} failed items`);
        if (run.failures > 0) deps.log(`9. FAILED items, first ones: ${run.failureSamples.join(' | ')}`);
        runs.push(run);
      }
    }

    const stored = storedLinks(file, keyId);
    const checks = await checkThroughApi(server.url, key, aliases);
    deps.log(`9. links reported ${reported.toLocaleString('en-US')}, stored for the key ${stored.toLocaleString('en-US')}; ${checks.map((c) => `${c.name}: ${c.ok ? 'ok' : 'FAILED'}`).join(', ')}`);
    return { runs, reported, stored, duplicateAliases, checks, peakRssMb: deps.peakRssMb(server) };
  } finally {
    await deps.stopServer(server);
  }
}

/** Sends requests from `concurrency` workers until BULK_REQUESTS were sent or BULK_SECONDS passed. */
async function measureRun(
  variant: string,
  concurrency: number,
  send: () => Promise<{ ms: number; created: number; failures: string[] }>,
  pid: number | undefined,
  cpuTicks: (pid: number | undefined) => { main: number; all: number } | undefined,
): Promise<BulkRun> {
  const latencies: number[] = [];
  const failureSamples: string[] = [];
  let created = 0;
  let failures = 0;
  let sent = 0;
  const before = cpuTicks(pid);
  const startedAt = performance.now();
  const deadline = startedAt + BULK_SECONDS * 1000;
  const worker = async () => {
    while (sent < BULK_REQUESTS && performance.now() < deadline) {
      sent++;
      const result = await send();
      latencies.push(result.ms);
      created += result.created;
      failures += result.failures.length;
      failureSamples.push(...result.failures.slice(0, 5 - failureSamples.length));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - startedAt) / 1000;
  const after = cpuTicks(pid);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)] ?? 0) * 10) / 10;
  // /proc counts CPU time in ticks of 1/100 s.
  const perLink = (ticks: number) => Math.round(((ticks * 10_000) / Math.max(1, created)) * 10) / 10;
  return {
    variant,
    concurrency,
    requests: latencies.length,
    items: latencies.length * BULK_ITEMS,
    created,
    failures,
    failureSamples,
    seconds,
    linksPerSecond: created / seconds,
    p50: at(0.5),
    p99: at(0.99),
    ...(before && after ? { cpuUsPerLink: { main: perLink(after.main - before.main), other: perLink(after.all - after.main - (before.all - before.main)) } } : {}),
  };
}

/** `keys create` of the built admin tool, as a child process on the server's database and environment. */
async function createApiKey(root: string, env: NodeJS.ProcessEnv): Promise<{ id: number; key: string }> {
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(root, 'dist/server/admin-main.js'), 'keys', 'create', 'bench-bulk', '--json'], { cwd: root, env, timeout: 30_000 });
  const line = stdout.trim().split('\n').at(-1) ?? '';
  const parsed = JSON.parse(line) as { id?: unknown; key?: unknown };
  if (typeof parsed.key !== 'string' || typeof parsed.id !== 'number') throw new Error(`admin keys create printed no key: ${line}`);
  return { id: parsed.id, key: parsed.key };
}

/** Links owned by the key in the file: read straight from SQLite (the server's committed writes). */
function storedLinks(file: string, keyId: number): number {
  const db = new SqliteDatabase(file, { readonly: true });
  try {
    const row = db.prepare('select count(*) as n from links where api_key_id = ?').get(keyId) as { n: number };
    return row.n;
  } finally {
    db.close();
  }
}

/** The key's listing answers and holds the links; a few created links redirect to their URLs. */
async function checkThroughApi(url: string, key: string, created: ReadonlyMap<string, string>): Promise<{ name: string; ok: boolean }[]> {
  const response = await fetch(`${url}/api/links?limit=100`, { headers: { authorization: `Bearer ${key}` } });
  const listing = response.ok ? ((await response.json()) as LinkListResponse) : undefined;
  const aliases = [...created.keys()];
  const listed = listing !== undefined && listing.links.length === Math.min(100, aliases.length) && listing.links.every((link) => created.has(link.alias)) && (aliases.length <= 100 || listing.nextCursor !== null);
  let redirects = 0;
  const sample = Array.from({ length: 20 }, () => aliases[Math.floor(Math.random() * aliases.length)] ?? '');
  for (const alias of sample) {
    const answer = await fetch(`${url}/${alias}`, { redirect: 'manual', headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) bench' } });
    await answer.body?.cancel();
    if (answer.status === 302 && answer.headers.get('location') === created.get(alias)) redirects++;
  }
  return [
    { name: 'GET /api/links?limit=100 lists the key\'s links', ok: listed },
    { name: `${redirects}/20 random created aliases redirect`, ok: redirects === sample.length },
  ];
}
