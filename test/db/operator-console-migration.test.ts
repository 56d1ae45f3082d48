// Migration 0008 (the operator's console) on both dialects: existing links get their target
// host key (the console's search by domain needs every row to have one), reports already filed
// stay open, and the migration steps down and up again cleanly.
import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationProvider } from '../../src/server/db/migrate.js';
import { testDialect, useTestStore } from '../helpers/test-server.js';

const opened = useTestStore();

describe(`migration 0008-operator-console (${testDialect})`, () => {
  it('backfills target_host for links made before it, in batches, and steps down and up', async () => {
    const { db } = opened.store;
    const migrator = new Migrator({ db, provider: migrationProvider(opened.store.dialect) });
    const down = await migrator.migrateTo('0007-api-keys');
    expect(down.error).toBeUndefined();
    // 2,345 links (three backfill batches) and a report, written as the schema of 0007 had them.
    const urls = (i: number) => [`https://Example.COM/${i}`, `https://www.loja.example/${i}`, `http://user@sub.site.com.br:8080/${i}`][i % 3] ?? '';
    for (let start = 0; start < 2345; start += 500) {
      const rows = Array.from({ length: Math.min(500, 2345 - start) }, (_, k) => start + k).map(
        (i) => sql`(${`antigo-${i}`}, ${new URL(urls(i)).href}, ${new Date().toISOString()}, ${`h-${i}`})`,
      );
      await sql`insert into links (alias, url, created_at, manage_token_hash) values ${sql.join(rows)}`.execute(db);
    }
    await sql`insert into link_reports (alias, reason, created_at) values (${'antigo-1'}, ${'golpe antigo'}, ${new Date().toISOString()})`.execute(db);

    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    const hosts = await db.selectFrom('links').select(['target_host', (eb) => eb.fn.countAll<number | string>().as('n')]).groupBy('target_host').orderBy('target_host').execute();
    expect(hosts.map((row) => [row.target_host, Number(row.n)])).toEqual([
      ['br.com.site.sub.', 781],
      ['com.example.', 782],
      ['example.loja.www.', 782],
    ]);
    const report = await db.selectFrom('link_reports').select(['alias', 'resolved_at']).executeTakeFirstOrThrow();
    expect(report).toEqual({ alias: 'antigo-1', resolved_at: null });

    // Down removes what it added (the links stay), and up again restores it.
    expect((await migrator.migrateTo('0007-api-keys')).error).toBeUndefined();
    await expect(db.selectFrom('operators').selectAll().execute()).rejects.toThrow();
    expect(Number((await db.selectFrom('links').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n)).toBe(2345);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await db.selectFrom('links').select('target_host').where('target_host', 'is', null).execute()).toEqual([]);
  });
});
