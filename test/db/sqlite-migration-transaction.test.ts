// On SQLite a migration run is one transaction (migrate.ts): a run that fails part-way leaves
// the schema as it was, with nothing recorded, and runs again once its cause is gone. Before,
// each statement stood alone: a failure (a full disk, a kill during a long backfill) left half a
// migration behind, and every later start failed on "already exists".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { MigrationError, migrateToLatest, migrationProvider } from '../../src/server/db/migrate.js';
import { openSqliteStore } from '../../src/server/db/sqlite-store.js';
import { testDialect } from '../helpers/test-server.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shortener-migration-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe.skipIf(testDialect !== 'sqlite')('SQLite migrations in one transaction', () => {
  it('a migration that fails part-way changes nothing, and the next run applies it whole', async () => {
    const store = openSqliteStore(path.join(dir, 'partial.db'), 1000);
    try {
      const { db } = store;
      const migrator = new Migrator({ db, provider: migrationProvider('sqlite') });
      expect((await migrator.migrateTo('0008-operator-console')).error).toBeUndefined();
      await sql`insert into links (alias, url, created_at, manage_token_hash, target_host, ios_url, has_options) values ('antigo', 'https://site.example/', ${new Date().toISOString()}, 'h', 'example.site.', 'https://apps.example.com/x', 1)`.execute(db);
      // 0009 adds two columns, backfills them, then creates its indexes: an index of that name
      // already in place makes its last statement fail, after the others have run.
      await sql`create index links_android_target_host_idx on links (alias)`.execute(db);

      await expect(migrateToLatest(db, 'sqlite')).rejects.toThrow(MigrationError);
      const columns = (await sql<{ name: string }>`select name from pragma_table_info('links')`.execute(db)).rows.map((row) => row.name);
      expect(columns).not.toContain('ios_target_host');
      expect(columns).not.toContain('android_target_host');
      const recorded = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
      expect(recorded.rows.map((row) => row.name).at(-1)).toBe('0008-operator-console');
      // Not left inside a transaction either: the store goes on working.
      await sql`insert into blocked_domains (domain, reason, created_at) values ('golpe.example', null, ${new Date().toISOString()})`.execute(db);

      await sql`drop index links_android_target_host_idx`.execute(db);
      await migrateToLatest(db, 'sqlite');
      const row = await db.selectFrom('links').select('ios_target_host').where('alias', '=', 'antigo').executeTakeFirstOrThrow();
      expect(row.ios_target_host).toBe('com.example.apps.');
    } finally {
      await store.close();
    }
  });

  it('a second run on the same file while one holds it fails before changing anything, and finds nothing to do after', async () => {
    const file = path.join(dir, 'two-runs.db');
    const first = openSqliteStore(file, 1000);
    const second = openSqliteStore(file, 50);
    try {
      // The first run's write lock, held as a run holds it.
      await sql`begin immediate`.execute(first.db);
      await expect(migrateToLatest(second.db, 'sqlite')).rejects.toThrow(/locked|busy/i);
      await sql`rollback`.execute(first.db);
      await migrateToLatest(first.db, 'sqlite');
      await migrateToLatest(second.db, 'sqlite');
      const recorded = await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(second.db);
      expect(recorded.rows[0]?.n).toBe(Object.keys(await migrationProvider('sqlite').getMigrations()).length);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
