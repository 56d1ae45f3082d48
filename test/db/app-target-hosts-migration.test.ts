// Migration 0009 (the app targets' host keys) on both dialects: links made before it with an
// iPhone or Android target get those targets' host keys (the blocklist's count of links a domain
// affects reads them), links without stay null, and the migration steps down and up again cleanly.
import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationProvider } from '../../src/server/db/migrate.js';
import { testDialect, useTestStore } from '../helpers/test-server.js';

const opened = useTestStore();

describe(`migration 0009-app-target-hosts (${testDialect})`, () => {
  it('backfills the iPhone and Android targets\' host keys of links made before it, in batches, and steps down and up', async () => {
    const { db } = opened.store;
    const migrator = new Migrator({ db, provider: migrationProvider(opened.store.dialect) });
    expect((await migrator.migrateTo('0008-operator-console')).error).toBeUndefined();
    // 2,500 links as the schema of 0008 had them: every other one with app targets (1,250, two
    // backfill batches), some with only one of the two.
    const createdAt = new Date().toISOString();
    for (let start = 0; start < 2500; start += 500) {
      const rows = Array.from({ length: 500 }, (_, k) => start + k).map((i) => {
        const ios = i % 2 === 0 ? `https://Apps.Example.COM/ios/${i}` : null;
        const android = i % 4 === 0 ? `https://dl.loja.example/${i}.apk` : null;
        return sql`(${`antigo-${i}`}, ${`https://site.example/${i}`}, ${createdAt}, ${`h-${i}`}, ${'example.site.'}, ${ios === null ? null : new URL(ios).href}, ${android}, ${ios === null ? 0 : 1})`;
      });
      await sql`insert into links (alias, url, created_at, manage_token_hash, target_host, ios_url, android_url, has_options) values ${sql.join(rows)}`.execute(db);
    }

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const keys = await db
      .selectFrom('links')
      .select(['ios_target_host', 'android_target_host', (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy(['ios_target_host', 'android_target_host'])
      .execute();
    // Groups in any order (the dialects sort nulls apart).
    const groups = keys.map((row) => [row.ios_target_host, row.android_target_host, Number(row.n)]);
    expect(groups).toHaveLength(3);
    expect(groups).toEqual(
      expect.arrayContaining([
        ['com.example.apps.', 'example.loja.dl.', 625],
        ['com.example.apps.', null, 625],
        [null, null, 1250],
      ]),
    );

    // Down removes the columns (the links stay), and up again restores them.
    expect((await migrator.migrateTo('0008-operator-console')).error).toBeUndefined();
    await expect(db.selectFrom('links').select('ios_target_host').limit(1).execute()).rejects.toThrow();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const withApps = await db.selectFrom('links').select((eb) => eb.fn.countAll<number | string>().as('n')).where('ios_target_host', 'is not', null).executeTakeFirstOrThrow();
    expect(Number(withApps.n)).toBe(1250);
  });
});
