// Rough edges of operating the site: readiness that reflects whether writes succeed, a click
// flush failure logged once per window, robots.txt and favicon.ico, and start-up errors that
// never print a secret.
import pino from 'pino';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCalendar } from '../../src/server/calendar.js';
import { ConfigError, loadConfig, withoutPassword } from '../../src/server/config.js';
import { createErrorLogThrottle } from '../../src/server/ops/error-log-throttle.js';
import { createWriteHealth, WRITE_FAILURE_WINDOW_MS } from '../../src/server/ops/write-health.js';
import { createClickRecorder } from '../../src/server/redirect/click-recorder.js';
import type { ClickBatch } from '../../src/server/stats/click-batch.js';
import { isReservedAlias } from '../../src/shared/alias-rules.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const get = (url: string) => server.app.server.inject({ method: 'GET', url });

describe('/readyz and failing writes', () => {
  it('a write failure keeps the instance unready for the window unless a write succeeds first', () => {
    let now = 1_000_000;
    const health = createWriteHealth(() => now);
    expect(health.healthy()).toBe(true);
    health.failed();
    expect(health.healthy()).toBe(false);
    now += WRITE_FAILURE_WINDOW_MS - 1;
    expect(health.healthy()).toBe(false);
    now += 1;
    expect(health.healthy()).toBe(true);
    health.failed();
    health.succeeded();
    expect(health.healthy()).toBe(true);
  });

  it('answers 503 writes_failing after a failed write, and 200 again once a creation succeeds', async () => {
    expect((await get('/readyz')).statusCode).toBe(200);
    server.app.services.writeHealth.failed();
    const unready = await get('/readyz');
    expect(unready.statusCode).toBe(503);
    expect(unready.json()).toEqual({ status: 'unavailable', reason: 'writes_failing' });
    const created = await server.app.server.inject({ method: 'POST', url: '/api/links', payload: { url: 'https://example.com/pronto' } });
    expect(created.statusCode).toBe(201);
    expect((await get('/readyz')).statusCode).toBe(200);
  });

  it('a failed click flush makes it unready, a successful one ready again', async () => {
    const health = server.app.services.writeHealth;
    const observer = { recorded: () => undefined, dropped: () => undefined, flushed: () => health.succeeded(), flushFailed: () => health.failed() };
    let fail = true;
    const writer = { open: () => undefined, write: async (_batch: ClickBatch) => (fail ? Promise.reject(new Error('disk full')) : undefined), flushInsights: async () => undefined, close: async () => undefined };
    const recorder = createClickRecorder({
      writer,
      calendar: createCalendar('America/Sao_Paulo', Date.now),
      intervalMs: 60_000,
      maxPending: 1e9,
      maxEntries: 100,
      log: pino({ level: 'silent' }),
      observer,
    });
    recorder.record(1);
    await expect(recorder.flush()).rejects.toThrow('disk full');
    expect((await get('/readyz')).json()).toEqual({ status: 'unavailable', reason: 'writes_failing' });
    fail = false;
    await recorder.flush();
    expect((await get('/readyz')).statusCode).toBe(200);
  });
});

/** A stream for pino that keeps each JSON log line, parsed. */
function logLines<Line>(): { lines: Line[]; stream: Writable } {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Line);
      done();
    },
  });
  return { lines, stream };
}

describe('click flush failures in the log', () => {
  it('are logged once per 10-s window during an outage, then with the count left out', async () => {
    const { lines, stream } = logLines<{ msg: string; suppressed?: number }>();
    let now = 0;
    const recorder = createClickRecorder({
      writer: { open: () => undefined, write: async (_batch: ClickBatch) => Promise.reject(Object.assign(new Error('locked'), { code: 'SQLITE_BUSY' })), flushInsights: async () => undefined, close: async () => undefined },
      calendar: createCalendar('America/Sao_Paulo', () => Date.UTC(2026, 2, 10, 12)),
      intervalMs: 60_000,
      // Every click asks for a flush in the background, as the timer does every interval.
      maxPending: 1,
      maxEntries: 100,
      log: pino({ level: 'info' }, stream),
      errorLog: createErrorLogThrottle(10_000, () => now),
    });
    const failures = () => lines.filter((l) => l.msg.startsWith('click flush failed'));
    const backgroundFlush = async () => {
      recorder.record(1);
      // The flush runs on setImmediate and fails on the next turns.
      await new Promise((resolve) => setTimeout(resolve, 20));
    };
    await backgroundFlush();
    expect(failures()).toHaveLength(1);
    for (let i = 0; i < 5; i++) {
      now += 1_000;
      await backgroundFlush();
    }
    expect(failures()).toHaveLength(1);
    now += 10_000;
    await backgroundFlush();
    expect(failures()).toHaveLength(2);
    expect(failures()[1]?.suppressed).toBe(5);
  });
});

describe('stopping while the store is down', () => {
  const clicksOf = (batch: ClickBatch) => Array.from(batch.clicks).reduce((sum, n) => sum + n, 0);
  const recorderOver = (write: (batch: ClickBatch) => Promise<void>, stream?: Writable) =>
    createClickRecorder({
      writer: { open: () => undefined, write, flushInsights: async () => undefined, close: async () => undefined },
      calendar: createCalendar('America/Sao_Paulo', Date.now),
      intervalMs: 60_000,
      maxPending: 1e9,
      maxEntries: 100,
      log: stream === undefined ? pino({ level: 'silent' }) : pino({ level: 'info' }, stream),
      stopRetryMs: 400,
      stopRetryIntervalMs: 20,
    });

  it('retries the last flush: a store back within the bound gets every click', async () => {
    let failures = 3;
    let stored = 0;
    const recorder = recorderOver(async (batch) => {
      if (failures-- > 0) throw Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' });
      stored += clicksOf(batch);
    });
    for (let i = 0; i < 30; i++) recorder.record(1);
    await recorder.stop();
    expect(stored).toBe(30);
    expect(recorder.pending()).toBe(0);
  });

  it('gives up after the bound and says how many clicks were not stored', async () => {
    const { lines, stream } = logLines<{ msg: string; lost?: number }>();
    let tries = 0;
    const recorder = recorderOver(async () => {
      tries++;
      throw Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' });
    }, stream);
    for (let i = 0; i < 12; i++) recorder.record(2);
    const started = performance.now();
    await expect(recorder.stop()).rejects.toThrow('connection refused');
    expect(performance.now() - started).toBeGreaterThanOrEqual(380);
    expect(tries).toBeGreaterThan(2);
    expect(lines.filter((line) => line.msg === 'click flush failed at shutdown: clicks not stored').map((line) => line.lost)).toEqual([12]);
  });
  it('a store that hangs (no answer, no refusal) does not hold the stop: the same bound, the same count', async () => {
    const { lines, stream } = logLines<{ msg: string; lost?: number }>();
    const recorder = recorderOver(() => new Promise<void>(() => undefined), stream);
    for (let i = 0; i < 12; i++) recorder.record(3);
    const started = performance.now();
    await expect(recorder.stop()).rejects.toThrow('the store did not answer before the shutdown deadline');
    expect(performance.now() - started).toBeGreaterThanOrEqual(380);
    expect(performance.now() - started).toBeLessThan(2_000);
    // The clicks of the write that never came back are the ones lost.
    expect(lines.filter((line) => line.msg === 'click flush failed at shutdown: clicks not stored').map((line) => line.lost)).toEqual([12]);
  });
});

describe('robots.txt and favicon.ico', () => {
  it('robots.txt allows the site and its pages and keeps crawlers out of the API', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe('User-agent: *\nAllow: /\nAllow: /api/docs\nDisallow: /api/\n');
  });

  it('favicon.ico is a permanent redirect to the SVG icon', async () => {
    const res = await get('/favicon.ico');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/favicon.svg');
  });

  it('neither name can be taken as an alias', () => {
    expect(isReservedAlias('robots')).toBe(true);
    expect(isReservedAlias('favicon')).toBe(true);
  });
});

describe('start-up errors never print a secret', () => {
  const messageOf = (env: Record<string, string>): string => {
    try {
      loadConfig({ WEB_DIST_DIR: '/nonexistent', ...env });
    } catch (error) {
      if (error instanceof ConfigError) return error.message;
      throw error;
    }
    throw new Error('expected a ConfigError');
  };

  it('a METRICS_TOKEN that breaks its rule is named with the rule, its value is not shown', () => {
    const message = messageOf({ METRICS_TOKEN: 'curto-secreto' });
    expect(message).toBe('Invalid configuration: METRICS_TOKEN (value not shown): must be at least 16 characters');
    expect(message).not.toContain('curto-secreto');
  });

  it("DATABASE_URL is shown without its password", () => {
    const message = messageOf({ DATABASE_URL: 'mysql://admin:s3nh@-f0rte/x@db.example.com/links' });
    expect(message).not.toContain('s3nh');
    expect(message).not.toContain('f0rte');
    expect(message).toContain('mysql://admin:***@db.example.com/links');
    expect(withoutPassword('postgres://u:p@h/db')).toBe('postgres://u:***@h/db');
    expect(withoutPassword('sqlite:./data/links.db')).toBe('sqlite:./data/links.db');
  });
});
