// Links inserted without host keys, as a server of a version from before the keys inserts them
// into a shared database during a rolling deploy, and links holding keys of an earlier rule:
// migration 0010 writes every link's keys right once, and the hourly catch-up finds the missing
// ones through a partial index and gives them their keys, on both dialects.
import { Migrator, sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { migrationProvider } from '../../src/server/db/migrate.js';
import { hostKeysPageQuery } from '../../src/server/links/host-key-repair.js';
import { createHostKeyCatchUp } from '../../src/server/links/host-key-catch-up.js';
import { queryPlan } from '../helpers/query-plan.js';
import { testDialect, useTestStore } from '../helpers/test-server.js';

const opened = useTestStore();

interface OldLink {
  alias: string;
  url: string;
  targetHost?: string | null;
  iosUrl?: string | null;
  androidUrl?: string | null;
}

/** Inserts links the way an older server did: only the columns it knew of, the keys as given (none by default). */
async function insertAsOlderServer(links: OldLink[]): Promise<void> {
  const createdAt = new Date().toISOString();
  const rows = links.map(
    (link) =>
      sql`(${link.alias}, ${link.url}, ${createdAt}, ${`h-${link.alias}`}, ${link.targetHost ?? null}, ${link.iosUrl ?? null}, ${link.androidUrl ?? null}, ${link.iosUrl || link.androidUrl ? 1 : 0})`,
  );
  await sql`insert into links (alias, url, created_at, manage_token_hash, target_host, ios_url, android_url, has_options) values ${sql.join(rows)}`.execute(opened.store.db);
}

async function keysOf(aliases: string[]): Promise<Record<string, [string | null, string | null, string | null]>> {
  const rows = await opened.store.db
    .selectFrom('links')
    .select(['alias', 'target_host', 'ios_target_host', 'android_target_host'])
    .where('alias', 'in', aliases)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.alias, [row.target_host, row.ios_target_host, row.android_target_host]]));
}

describe(`host keys of links an older server inserted (${testDialect})`, () => {
  it('migration 0010 writes right the keys that are missing or of an earlier rule, leaves the right ones, and steps down and up', async () => {
    const { db, dialect } = opened.store;
    const migrator = new Migrator({ db, provider: migrationProvider(dialect) });
    expect((await migrator.migrateTo('0009-app-target-hosts')).error).toBeUndefined();
    // 2,300 right links (three pages of the pass), then the ones to put right among them.
    await insertAsOlderServer(Array.from({ length: 2300 }, (_, i) => ({ alias: `certo-${i}`, url: `https://site.example/${i}`, targetHost: 'example.site.' })));
    await insertAsOlderServer([
      { alias: 'sem-chave', url: 'https://Loja.Exemplo.com.br/oferta' },
      { alias: 'regra-antiga', url: 'https://example.com../x', targetHost: '.com.example.' },
      { alias: 'app-sem-chave', url: 'https://site.example/app', targetHost: 'example.site.', iosUrl: 'https://apps.apple.com/br/app/x', androidUrl: 'https://play.google.com/store/apps/details?id=x' },
    ]);
    await insertAsOlderServer([{ alias: 'certo-final', url: 'https://site.example/final', targetHost: 'example.site.' }]);

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await keysOf(['sem-chave', 'regra-antiga', 'app-sem-chave', 'certo-0', 'certo-final'])).toEqual({
      'sem-chave': ['br.com.exemplo.loja.', null, null],
      'regra-antiga': ['com.example.', null, null],
      'app-sem-chave': ['example.site.', 'com.apple.apps.', 'com.google.play.'],
      'certo-0': ['example.site.', null, null],
      'certo-final': ['example.site.', null, null],
    });

    expect((await migrator.migrateTo('0009-app-target-hosts')).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await createHostKeyCatchUp({ db, log: { info: vi.fn(), warn: vi.fn() } }).runOnce()).toBe(0);
  });

  it('the catch-up gives their keys to links inserted without them, and has nothing to do after', async () => {
    const { db } = opened.store;
    const log = { info: vi.fn(), warn: vi.fn() };
    const catchUp = createHostKeyCatchUp({ db, log });
    // 1,001 links without a main key (two pages of the catch-up), and links with an app target
    // whose key is missing: the older server of migration 0008 knew target_host, not the app ones.
    await insertAsOlderServer(Array.from({ length: 1001 }, (_, i) => ({ alias: `antigo-${i}`, url: `https://Promo.Example.org/${i}` })));
    await insertAsOlderServer([
      { alias: 'so-ios', url: 'https://site.example/ios', targetHost: 'example.site.', iosUrl: 'https://apps.apple.com/br/app/y' },
      { alias: 'so-android', url: 'https://site.example/android', targetHost: 'example.site.', androidUrl: 'https://dl.loja.example/y.apk' },
    ]);

    expect(await catchUp.runOnce()).toBe(1003);
    expect(await keysOf(['antigo-0', 'antigo-1000', 'so-ios', 'so-android'])).toEqual({
      'antigo-0': ['org.example.promo.', null, null],
      'antigo-1000': ['org.example.promo.', null, null],
      'so-ios': ['example.site.', 'com.apple.apps.', null],
      'so-android': ['example.site.', null, 'example.loja.dl.'],
    });
    expect(await catchUp.runOnce()).toBe(0);
  });

  it('a scheduled run logs what it wrote, and a failed one is logged, not thrown', async () => {
    vi.useFakeTimers();
    try {
      const log = { info: vi.fn(), warn: vi.fn() };
      await insertAsOlderServer([{ alias: 'agendado', url: 'https://agendado.example/' }]);
      const catchUp = createHostKeyCatchUp({ db: opened.store.db, log, intervalMs: 60_000, firstRunDelayMs: 1_000 });
      catchUp.start();
      await vi.advanceTimersByTimeAsync(1_000);
      await vi.waitFor(() => expect(log.info).toHaveBeenCalledWith({ repaired: 1 }, expect.stringContaining('host keys written')));
      await catchUp.stop();
      expect(await keysOf(['agendado'])).toEqual({ agendado: ['example.agendado.', null, null] });

      const broken = createHostKeyCatchUp({
        db: { getExecutor: () => { throw new Error('store down'); } } as unknown as typeof opened.store.db,
        log,
        intervalMs: 60_000,
        firstRunDelayMs: 1_000,
      });
      broken.start();
      await vi.advanceTimersByTimeAsync(1_000);
      await vi.waitFor(() => expect(log.warn).toHaveBeenCalledTimes(1));
      await broken.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  // SQLite's statements run on the main thread: the hourly check must not scan the links table.
  it.runIf(testDialect === 'sqlite')('the catch-up reads the partial index of links missing a key, never the whole table', async () => {
    const plan = await queryPlan(opened.store, { compile: () => hostKeysPageQuery(0, true).compile(opened.store.db) });
    expect(plan).toMatch(/USING (COVERING )?INDEX links_host_keys_missing_idx/);
    expect(plan).not.toMatch(/SCAN links(?! USING)/);
  });
});
