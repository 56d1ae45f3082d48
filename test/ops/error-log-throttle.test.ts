// A failure that repeats (a store that stays broken) is logged once per window with the count
// of what was left out, instead of once per request.
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createErrorLogThrottle, errorKind } from '../../src/server/ops/error-log-throttle.js';
import { startTestServer, testDialect, type TestServer } from '../helpers/test-server.js';

describe('createErrorLogThrottle', () => {
  it('logs the first of a kind, counts repeats in the window, reports them with the next line', () => {
    let now = 1_000;
    const throttle = createErrorLogThrottle(10_000, () => now);
    expect(throttle.take('SQLITE_CORRUPT')).toEqual({ log: true, suppressed: 0 });
    for (let i = 0; i < 5; i++) expect(throttle.take('SQLITE_CORRUPT')).toEqual({ log: false, suppressed: 0 });
    // Another kind is not held back by the first.
    expect(throttle.take('ECONNREFUSED')).toEqual({ log: true, suppressed: 0 });
    now += 9_999;
    expect(throttle.take('SQLITE_CORRUPT').log).toBe(false);
    now += 1;
    expect(throttle.take('SQLITE_CORRUPT')).toEqual({ log: true, suppressed: 6 });
    expect(throttle.take('SQLITE_CORRUPT')).toEqual({ log: false, suppressed: 0 });
  });

  it('forgets the oldest kinds beyond its bound, so memory stays small', () => {
    const now = 0;
    const throttle = createErrorLogThrottle(10_000, () => now);
    for (let i = 0; i < 300; i++) throttle.take(`kind ${i}`);
    // The first kinds were forgotten (logged again); the latest are still held back.
    expect(throttle.take('kind 0').log).toBe(true);
    expect(throttle.take('kind 299').log).toBe(false);
  });

  it('groups by driver code, else by class and message', () => {
    expect(errorKind(Object.assign(new Error('database disk image is malformed'), { code: 'SQLITE_CORRUPT' }))).toBe('SQLITE_CORRUPT');
    expect(errorKind(new TypeError('x is not a function'))).toBe('TypeError: x is not a function');
    expect(errorKind('plain')).toBe('plain');
  });
});

describe.runIf(testDialect === 'sqlite')('a store that stays locked', () => {
  let server: TestServer;
  const lines: { msg?: string; suppressed?: number; err?: { code?: string } }[] = [];

  beforeAll(async () => {
    server = await startTestServer({
      env: { SQLITE_BUSY_TIMEOUT_MS: '0' },
      logger: { level: 'error', stream: { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) } },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers every request with a 503 but logs the failure once', async () => {
    if (server.config.database.kind !== 'sqlite') throw new Error('expected SQLite');
    const locker = new SqliteDatabase(server.config.database.file);
    locker.exec('BEGIN EXCLUSIVE');
    try {
      for (let i = 0; i < 20; i++) {
        const res = await server.app.server.inject({ method: 'POST', url: '/api/links', payload: { url: `https://example.com/${i}` } });
        expect(res.statusCode, res.body).toBe(503);
      }
    } finally {
      locker.exec('ROLLBACK');
      locker.close();
    }
    const failed = lines.filter((line) => line.msg === 'request failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]?.err?.code).toMatch(/^SQLITE_BUSY/);
    // The store is back: creation works again.
    expect((await server.app.server.inject({ method: 'POST', url: '/api/links', payload: { url: 'https://example.com/back' } })).statusCode).toBe(201);
  });
});
