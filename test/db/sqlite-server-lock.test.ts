import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { holdServerLock, serverLockFile } from '../../src/server/db/sqlite-server-lock.js';
import { StoreStartError } from '../../src/server/db/store-check.js';
import { testDialect } from '../helpers/test-server.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shortener-server-lock-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe.runIf(testDialect === 'sqlite')('the SQLite server lock', () => {
  it('one holder per database file: a second is refused, naming the file, until the first lets go', () => {
    const file = path.join(dir, 'nested', 'links.db');
    const first = holdServerLock(file);
    expect(fs.existsSync(serverLockFile(file))).toBe(true);
    let refusal: unknown;
    try {
      holdServerLock(file);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(StoreStartError);
    expect((refusal as Error).message).toBe(
      `${file}: another server process is running on this SQLite file (it holds ${file}-server-lock): stop it first; for several instances use PostgreSQL (README, "PostgreSQL and several instances")`,
    );
    // The same file by another path is the same file.
    expect(() => holdServerLock(path.join(dir, 'nested', '..', 'nested', 'links.db'))).toThrow(StoreStartError);

    first.release();
    first.release();
    const second = holdServerLock(file);
    second.release();
  });

  it('files are locked apart', () => {
    const a = holdServerLock(path.join(dir, 'a.db'));
    const b = holdServerLock(path.join(dir, 'b.db'));
    a.release();
    b.release();
  });
});
