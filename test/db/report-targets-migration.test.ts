// Migration 0012 (the reported link's targets kept with its reports) on both dialects: reports
// filed before it get the targets of their link if it still exists, those of a link already gone
// stay null, and the migration steps down and up again cleanly.
import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationProvider } from '../../src/server/db/migrate.js';
import { testDialect, useTestStore } from '../helpers/test-server.js';

const opened = useTestStore();

describe(`migration 0012-report-targets (${testDialect})`, () => {
  it("backfills the targets of reports whose link exists, leaves the others null, and steps down and up", async () => {
    const { db } = opened.store;
    const migrator = new Migrator({ db, provider: migrationProvider(opened.store.dialect) });
    expect((await migrator.migrateTo('0011-retired-aliases')).error).toBeUndefined();
    const at = new Date().toISOString();
    await sql`insert into links (alias, url, created_at, manage_token_hash, target_host, ios_url, android_url, has_options)
      values ('com-app', 'https://site.example/a', ${at}, 'h1', 'example.site.', 'https://apps.example/ios', null, 1),
             ('sem-app', 'https://outro.example/b', ${at}, 'h2', 'example.outro.', null, null, 0)`.execute(db);
    await sql`insert into link_reports (alias, reason, created_at, resolved_at)
      values ('com-app', 'golpe de pix aqui', ${at}, null), ('sem-app', 'golpe de pix aqui', ${at}, ${at}), ('ja-apagado', 'golpe de pix aqui', ${at}, null)`.execute(db);

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = await db.selectFrom('link_reports').select(['alias', 'url', 'ios_url', 'android_url']).orderBy('alias').execute();
    expect(rows).toEqual([
      { alias: 'com-app', url: 'https://site.example/a', ios_url: 'https://apps.example/ios', android_url: null },
      { alias: 'ja-apagado', url: null, ios_url: null, android_url: null },
      { alias: 'sem-app', url: 'https://outro.example/b', ios_url: null, android_url: null },
    ]);

    // Down removes the columns (the reports stay), and up again restores them.
    expect((await migrator.migrateTo('0011-retired-aliases')).error).toBeUndefined();
    await expect(db.selectFrom('link_reports').select('url').limit(1).execute()).rejects.toThrow();
    expect(Number((await db.selectFrom('link_reports').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n)).toBe(3);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect((await db.selectFrom('link_reports').select('url').where('alias', '=', 'com-app').executeTakeFirstOrThrow()).url).toBe('https://site.example/a');
  });
});
