// The settings of the two SQLite connections (sqlite-connection.ts), read back from SQLite: the
// main connection's commits reach the disk before the answer (a link answered 201 survives a
// power cut), the click writer's are durable across a process crash only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteConnection } from '../../src/server/db/sqlite-connection.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-connection-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('SQLite connections', () => {
  it('main: WAL, synchronous FULL (2), foreign keys, small checkpoints; click writer: WAL, synchronous NORMAL (1), no foreign keys', () => {
    const file = path.join(dir, 'links.db');
    const main = openSqliteConnection(file, 'main', 1234);
    const writer = openSqliteConnection(file, 'click-writer', 1234);
    try {
      const read = (db: typeof main, pragma: string) => db.pragma(pragma, { simple: true });
      expect([read(main, 'journal_mode'), read(main, 'synchronous'), read(main, 'foreign_keys'), read(main, 'wal_autocheckpoint'), read(main, 'busy_timeout')]).toEqual(['wal', 2, 1, 250, 1234]);
      expect([read(writer, 'journal_mode'), read(writer, 'synchronous'), read(writer, 'foreign_keys')]).toEqual(['wal', 1, 0]);
    } finally {
      writer.close();
      main.close();
    }
  });
});
