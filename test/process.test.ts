import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { BROWSER } from './helpers/fixtures.js';
import { builtServerCommand, freePort, spawnServer, waitUntilReady } from './helpers/child-server.js';
import { immutableFlagWorks } from './helpers/immutable-file.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shortener-process-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the server process', () => {
  it('creates the SQLite file and schema by itself, and on SIGTERM flushes every buffered click and exits 0', async () => {
    const port = await freePort();
    const file = path.join(dir, 'nested', 'links.db');
    // A flush interval far longer than the test: only the shutdown flush can write the clicks.
    const server = spawnServer({ PORT: String(port), DATABASE_URL: `sqlite:${file}`, CLICK_FLUSH_INTERVAL_MS: '600000', WEB_DIST_DIR: dir });
    await waitUntilReady(server);
    expect(fs.existsSync(file)).toBe(true);

    const created = await fetch(`${server.url}/api/links`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://example.com/shutdown', alias: 'desligar' }),
    });
    expect(created.status).toBe(201);
    const redirects = 250;
    const responses = await Promise.all(
      Array.from({ length: redirects }, () => fetch(`${server.url}/desligar`, { redirect: 'manual', headers: { 'user-agent': BROWSER } })),
    );
    expect(responses.filter((r) => r.status === 302)).toHaveLength(redirects);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const db = new SqliteDatabase(file, { readonly: true });
    try {
      const perLink = db
        .prepare('select sum(c.clicks) as n from link_clicks_daily c join links l on l.id = c.link_id where l.alias = ?')
        .get('desligar') as { n: number };
      const total = db.prepare('select sum(clicks) as n, sum(links_created) as l from daily_totals').get() as { n: number; l: number };
      expect(perLink.n).toBe(redirects);
      expect(total.n).toBe(redirects);
      expect(total.l).toBe(1);
    } finally {
      db.close();
    }
  });

  // Behind a proxy, a 503 must mean what the app means by it (a prefetch, a database outage), never
  // "stopping": nginx would have to retry 503s, and counting them took instances out of rotation
  // (deploy/nginx.conf). A stopping server closes its listener and its idle connections; a
  // request on a connection already open gets its usual answer, and the connection is closed.
  it('on SIGTERM, a request on a connection already open is answered as usual (302, Connection: close), not 503, and counted', async () => {
    const port = await freePort();
    const file = path.join(dir, 'closing.db');
    const server = spawnServer({ PORT: String(port), DATABASE_URL: `sqlite:${file}`, CLICK_FLUSH_INTERVAL_MS: '600000', WEB_DIST_DIR: dir });
    await waitUntilReady(server);
    const created = await fetch(`${server.url}/api/links`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://example.com/fechando', alias: 'fechando' }),
    });
    expect(created.status).toBe(201);

    // The request's first line is in: the connection is busy, so the stop does not end it.
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const socketClosed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write('GET /fechando HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await new Promise((r) => setTimeout(r, 200));

    server.child.kill('SIGTERM');
    // Once new connections are refused, the server is closing.
    await expect.poll(() => connects(port), { timeout: 10_000, interval: 50 }).toBe(false);
    socket.write(`User-Agent: ${BROWSER}\r\n\r\n`);
    await socketClosed;

    const [head = ''] = answer.split('\r\n\r\n');
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 302 Found');
    expect(head.toLowerCase()).toContain('\r\nlocation: https://example.com/fechando');
    expect(head.toLowerCase()).toContain('\r\nconnection: close');
    expect(await server.exited).toBe(0);

    const db = new SqliteDatabase(file, { readonly: true });
    try {
      const clicks = db
        .prepare('select sum(c.clicks) as n from link_clicks_daily c join links l on l.id = c.link_id where l.alias = ?')
        .get('fechando') as { n: number | null };
      expect(clicks.n).toBe(1);
    } finally {
      db.close();
    }
  });

  // A client that never finishes its body held the stop until its 20 s deadline, and the
  // process then exited 1 without writing the buffered clicks.
  it.each([
    ['SIGTERM alone', ['SIGTERM'], 15_000],
    ['a second SIGINT', ['SIGINT', 'SIGINT'], 4_000],
  ] as const)('with a request whose body never arrives, %s ends the wait for it, writes the clicks and exits 0', async (_name, signals, withinMs) => {
    const port = await freePort();
    const file = path.join(dir, `stalled-${signals.length}.db`);
    const server = spawnServer({ PORT: String(port), DATABASE_URL: `sqlite:${file}`, CLICK_FLUSH_INTERVAL_MS: '600000', WEB_DIST_DIR: dir });
    await waitUntilReady(server);
    const created = await fetch(`${server.url}/api/links`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://example.com/parado', alias: 'parado' }),
    });
    expect(created.status).toBe(201);
    for (let i = 0; i < 3; i++) await fetch(`${server.url}/parado`, { redirect: 'manual', headers: { 'user-agent': BROWSER } });

    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write('POST /api/links HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"url":');
    await new Promise((r) => setTimeout(r, 200));

    const stoppedAt = Date.now();
    server.child.kill(signals[0]);
    if (signals[1] !== undefined) {
      await new Promise((r) => setTimeout(r, 500));
      server.child.kill(signals[1]);
    }
    expect(await server.exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(withinMs);
    socket.destroy();

    const db = new SqliteDatabase(file, { readonly: true });
    try {
      const clicks = db
        .prepare('select sum(c.clicks) as n from link_clicks_daily c join links l on l.id = c.link_id where l.alias = ?')
        .get('parado') as { n: number | null };
      expect(clicks.n).toBe(3);
    } finally {
      db.close();
    }
  }, 30_000);

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT="abc"/],
    [{ STATS_TIMEZONE: 'Mars/Olympus' }, /^Invalid configuration: STATS_TIMEZONE="Mars\/Olympus"/],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL="mysql:\/\/x"/],
    [{ PUBLIC_URL: 'ftp://example.com' }, /^Invalid configuration: PUBLIC_URL=/],
    [{ LOG_LEVEL: 'loud' }, /^Invalid configuration: LOG_LEVEL="loud"/],
    [{ TRUST_PROXY: 'everyone' }, /^Invalid configuration: TRUST_PROXY="everyone"/],
    // Address lists are read with ipaddr.js at the start, not first when the server is built.
    [{ TRUST_PROXY: '10.0.0.0/99' }, /^Invalid configuration: TRUST_PROXY="10\.0\.0\.0\/99"/],
    [{ HOST: '192.0.2.1' }, /^Failed to start: cannot listen on HOST=192\.0\.2\.1 PORT=0: listen EADDRNOTAVAIL/],
    [{ METRICS_ALLOW: '10.0.0.0/99' }, /^Invalid configuration: METRICS_ALLOW="10\.0\.0\.0\/99": must be a comma-separated list of addresses or CIDR ranges/],
    // Read when the server starts, not at the first click flush (where every flush then failed).
    [{ GEOIP_CITY_DB: '/nonexistent/city.mmdb' }, /^GEOIP_CITY_DB: cannot open the MaxMind database \/nonexistent\/city\.mmdb: ENOENT/],
    [{ GEOIP_COUNTRY_DB: path.resolve('package.json') }, /^GEOIP_COUNTRY_DB: cannot open the MaxMind database \/.*package\.json: not a \.mmdb file/],
  ])('refuses to start with %j, saying why in one line', async (env, message) => {
    const server = spawnServer({ PORT: '0', DATABASE_URL: `sqlite:${path.join(dir, 'never.db')}`, ...env });
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
  });
});

describe('a start on a database it cannot use', () => {
  /** The start's output, once it has exited (with 1). */
  async function refusedStart(file: string): Promise<string[]> {
    const server = spawnServer({ PORT: '0', DATABASE_URL: `sqlite:${file}` });
    expect(await server.exited).toBe(1);
    return server.output().trim().split('\n');
  }

  it('a file that is not a SQLite database: one line naming the file, why and what to do', async () => {
    const file = path.join(dir, 'bytes.db');
    fs.writeFileSync(file, Buffer.alloc(8192, 7));
    expect(await refusedStart(file)).toEqual([
      `Failed to start: ${file}: it is not a SQLite database: restore it from a backup (README, "Upgrades and backups") (SQLITE_NOTADB: file is not a database)`,
    ]);
  });

  // Root ignores file permissions; the immutable flag stops it (as a read-only disk would), and
  // a start used to listen and report ready on such a file until its first write failed.
  it.runIf(immutableFlagWorks())('a file it cannot write: refused before it listens, not at the first write', async () => {
    const file = path.join(dir, 'imutavel.db');
    await promisify(execFile)(...builtServerCommand('migrate-cli.js'), { env: { PATH: process.env.PATH ?? '', DATABASE_URL: `sqlite:${file}` } });
    const files = [file, `${file}-wal`].filter((f) => fs.existsSync(f));
    execFileSync('chattr', ['+i', ...files]);
    try {
      const lines = await refusedStart(file);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^Failed to start: ${file.replace(/[.]/g, '\\.')}: (it cannot be written|the disk answers with errors|it cannot be opened)`));
    } finally {
      execFileSync('chattr', ['-i', ...files]);
    }
  });
});

describe('one server process per SQLite file', () => {
  it('a second server on the file is refused in one line; once the first is gone, even by SIGKILL, a new one starts', async () => {
    const file = path.join(dir, 'shared.db');
    const first = spawnServer({ PORT: String(await freePort()), DATABASE_URL: `sqlite:${file}` });
    await waitUntilReady(first);

    const second = spawnServer({ PORT: String(await freePort()), DATABASE_URL: `sqlite:${file}` });
    expect(await second.exited).toBe(1);
    expect(second.output().trim().split('\n')).toEqual([
      `Failed to start: ${file}: another server process is running on this SQLite file (it holds ${file}-server-lock): stop it first; for several instances use PostgreSQL (README, "PostgreSQL and several instances")`,
    ]);
    // The first one was not disturbed.
    expect((await fetch(`${first.url}/api/stats`)).status).toBe(200);
    // The admin tool still works beside a running server.
    const admin = (...args: string[]) =>
      promisify(execFile)(...builtServerCommand('admin-main.js', ...args), { env: { PATH: process.env.PATH ?? '', DATABASE_URL: `sqlite:${file}` } });
    await admin('block', 'golpe.example');
    expect((await admin('blocked')).stdout).toContain('golpe.example');

    // No stale lock: the operating system drops it with the process.
    first.child.kill('SIGKILL');
    await first.exited;
    const third = spawnServer({ PORT: String(await freePort()), DATABASE_URL: `sqlite:${file}` });
    await waitUntilReady(third);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 60_000); // three server processes and two admin commands: 17 s alone when each compiled the sources through tsx, more beside the rest of the suite
});

describe('npm run migrate', () => {
  it('applies the migrations to a new SQLite file, and says in one line why it cannot reach a database', async () => {
    const run = (env: Record<string, string>) =>
      promisify(execFile)(...builtServerCommand('migrate-cli.js'), { env: { PATH: process.env.PATH ?? '', ...env } }).then(
        ({ stdout }) => ({ code: 0, output: stdout }),
        (error: { code?: number; stderr?: string }) => ({ code: error.code, output: error.stderr ?? '' }),
      );
    expect(await run({ DATABASE_URL: `sqlite:${path.join(dir, 'migrated.db')}` })).toEqual({ code: 0, output: 'Migrations applied (sqlite).\n' });
    // Nothing listens on a port just found free.
    const refused = await run({ DATABASE_URL: `postgres://encurta:senha@127.0.0.1:${await freePort()}/encurta` });
    expect(refused).toEqual({ code: 1, output: expect.stringMatching(/^Migration failed: connect ECONNREFUSED 127\.0\.0\.1:\d+\n$/) });
  });
});

/** Whether a new TCP connection to the port is accepted. */
function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(port, '127.0.0.1');
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}
