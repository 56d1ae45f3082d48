// What survives when the process dies: a SIGKILL in the middle of a create load loses no link
// that was answered 201, and a SIGTERM in the middle of a redirect load writes exactly the
// clicks whose 302 reached a client. Real child processes on a SQLite file (SQLite only:
// the PostgreSQL project skips this file).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ChildServer, freePort, spawnServer, waitUntilReady } from '../helpers/child-server.js';
import { BROWSER } from '../helpers/fixtures.js';
import { testDialect } from '../helpers/test-server.js';

let dir: string;
const running: ChildServer[] = [];

afterEach(async () => {
  // Whatever a failed test left running.
  for (const server of running.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }
});

async function start(file: string, env: Record<string, string> = {}): Promise<ChildServer> {
  const port = await freePort();
  const server = spawnServer({ PORT: String(port), DATABASE_URL: `sqlite:${file}`, RATE_LIMIT_DISABLED: 'true', WEB_DIST_DIR: dir, ...env });
  running.push(server);
  await waitUntilReady(server, 30_000);
  return server;
}

function withDatabase<T>(file: string, read: (db: SqliteDatabase.Database) => T): T {
  const db = new SqliteDatabase(file, { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** Runs `work` over `items` with at most `concurrency` at a time. */
async function eachLimited<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

describe.runIf(testDialect === 'sqlite')('durability of the SQLite store in a real process', () => {
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shortener-durability-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('keeps every link that was answered 201 when the process is SIGKILLed during a create load', async () => {
    const file = path.join(dir, 'kill.db');
    const first = await start(file);
    const WORKERS = 24;
    const KILL_AFTER = 400;
    const created = new Map<string, string>();
    let killed = false;
    let inFlight = 0;
    let inFlightAtKill = 0;
    let failedAfterKill = 0;
    const unexpected: string[] = [];

    const worker = async (w: number) => {
      for (let i = 0; !killed; i++) {
        const alias = `dur-${w}-${i}`;
        const url = `https://example.com/durable/${w}/${i}`;
        inFlight++;
        try {
          const res = await fetch(`${first.url}/api/links`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ url, alias }),
          });
          // The server answers 201 only after the transaction committed: it counts even if
          // it arrives after the kill was sent.
          if (res.status === 201) created.set(alias, url);
          else unexpected.push(`${alias}: ${res.status}`);
          await res.arrayBuffer().catch(() => undefined);
        } catch {
          if (!killed) unexpected.push(`${alias}: request failed before the kill`);
          else failedAfterKill++;
          return;
        } finally {
          inFlight--;
        }
        if (!killed && created.size >= KILL_AFTER) {
          killed = true;
          inFlightAtKill = inFlight;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    await first.exited;
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(unexpected).toEqual([]);
    expect(created.size).toBeGreaterThanOrEqual(KILL_AFTER);
    // The kill landed while other creates were on their way.
    expect(inFlightAtKill).toBeGreaterThan(0);
    console.info(`SIGKILL: ${created.size} creates answered 201, ${inFlightAtKill} in flight at the kill, ${failedAfterKill} cut off`);

    const second = await start(file);
    const missing: string[] = [];
    await eachLimited([...created], 16, async ([alias, url]) => {
      const res = await fetch(`${second.url}/${alias}`, { redirect: 'manual', headers: { 'user-agent': BROWSER } });
      if (res.status !== 302 || res.headers.get('location') !== url) missing.push(`${alias}: ${res.status} ${res.headers.get('location')}`);
    });
    expect(missing).toEqual([]);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    withDatabase(file, (db) => {
      const stored = db.prepare("select count(*) as n from links where alias like 'dur-%'").get() as { n: number };
      const counted = db.prepare('select sum(links_created) as n from daily_totals').get() as { n: number };
      // Links that were in flight may or may not have been committed; each committed one is
      // counted in daily_totals in the same transaction.
      expect(stored.n).toBeGreaterThanOrEqual(created.size);
      expect(stored.n).toBeLessThanOrEqual(created.size + inFlightAtKill + WORKERS);
      expect(counted.n).toBe(stored.n);
    });
  }, 90_000);

  it('writes exactly the clicks whose 302 reached a client when SIGTERM arrives during a redirect load', async () => {
    const file = path.join(dir, 'term.db');
    // Only the shutdown flush may write: no timer flush, no early flush.
    const server = await start(file, { CLICK_FLUSH_INTERVAL_MS: '600000', CLICK_FLUSH_MAX_PENDING: '10000000' });
    const aliases = ['termo-a', 'termo-b', 'termo-c'];
    for (const alias of aliases) {
      const res = await fetch(`${server.url}/api/links`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: `https://example.com/${alias}`, alias }),
      });
      expect(res.status).toBe(201);
    }

    const WORKERS = 48;
    const TERM_AFTER = 3000;
    const redirects = new Map(aliases.map((a) => [a, 0]));
    let total = 0;
    let terminated = false;
    let inFlight = 0;
    let inFlightAtTerm = 0;
    const otherStatuses = new Map<number, number>();
    let failed = 0;
    const worker = async (w: number) => {
      for (let i = 0; ; i++) {
        const alias = aliases[(w + i) % aliases.length] as string;
        inFlight++;
        let status: number;
        try {
          // fetch keeps connections alive: the shutdown meets requests on open connections.
          const res = await fetch(`${server.url}/${alias}`, { redirect: 'manual', headers: { 'user-agent': BROWSER } });
          status = res.status;
          await res.arrayBuffer().catch(() => undefined);
        } catch {
          // Refused or cut off after the server stopped accepting: expected, not a click.
          failed++;
          return;
        } finally {
          inFlight--;
        }
        if (status !== 302) {
          otherStatuses.set(status, (otherStatuses.get(status) ?? 0) + 1);
          if (terminated) return;
          throw new Error(`unexpected ${status} before SIGTERM`);
        }
        redirects.set(alias, (redirects.get(alias) ?? 0) + 1);
        total++;
        if (!terminated && total >= TERM_AFTER) {
          terminated = true;
          inFlightAtTerm = inFlight;
          server.child.kill('SIGTERM');
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    expect(await server.exited).toBe(0);
    expect(inFlightAtTerm).toBeGreaterThan(0);
    console.info(
      `SIGTERM: ${total} redirects received, ${inFlightAtTerm} in flight at the signal, other answers ${JSON.stringify(Object.fromEntries(otherStatuses))}, ${failed} refused/cut off`,
    );

    withDatabase(file, (db) => {
      const perLink = db.prepare('select sum(c.clicks) as n from link_clicks_daily c join links l on l.id = c.link_id where l.alias = ?');
      for (const alias of aliases) expect((perLink.get(alias) as { n: number | null }).n ?? 0, alias).toBe(redirects.get(alias));
      const totals = db.prepare('select sum(clicks) as n from daily_totals').get() as { n: number };
      expect(totals.n).toBe(total);
    });
  }, 90_000);
});
