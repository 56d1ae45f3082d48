// Link creations on PostgreSQL (db/postgres-creations.ts): the creations of one event-loop turn
// are inserted and counted in one statement. Every creation of a day adds to one daily_totals
// row; one transaction per creation had the instances queue on that row's lock, each holding a
// pool connection, until requests waiting for a connection timed out on a healthy database.
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { isUniqueViolation } from '../../src/server/db/dialect.js';
import type { NewLink } from '../../src/server/db/link-statements.js';
import type { Store } from '../../src/server/db/store.js';
import { testDialect, useTestStore } from '../helpers/test-server.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const newLink = (alias: string, day: string, extra: Partial<NewLink> = {}): NewLink => ({
  alias,
  url: `https://example.com/${alias}`,
  createdAt: `${day}T12:00:00.000Z`,
  manageTokenHash: 'e'.repeat(64),
  day,
  ...extra,
});

/** Settles every promise, keeping the ids and the errors. */
const settle = (promises: Promise<number>[]) => Promise.all(promises.map((p) => p.then((id) => ({ id }), (error: unknown) => ({ error }))));

describe.runIf(testDialect === 'postgres')('link creations on PostgreSQL', () => {
  const opened = useTestStore();
  const createdOn = async (store: Store, day: string) =>
    Number((await store.db.selectFrom('daily_totals').select('links_created').where('day', '=', day).executeTakeFirst())?.links_created ?? 0);

  it("creations waiting for the day's counter row hold one connection, not the pool: the instance keeps answering", async () => {
    const { store } = opened;
    const day = '2026-07-01';
    // Another instance's transaction holds the day's counter row (as a slow commit would).
    const database = (await sql<{ name: string }>`select current_database() as name`.execute(store.db)).rows[0]?.name ?? '';
    const url = new URL(inject('postgresAdminUrl'));
    url.pathname = `/${database}`;
    const holder = new pg.Client({ connectionString: url.toString() });
    await holder.connect();
    let created: ReturnType<typeof settle> | undefined;
    try {
      await holder.query('begin');
      await holder.query("insert into daily_totals (day, links_created, clicks) values ($1, 0, 0) on conflict (day) do update set clicks = daily_totals.clicks", [day]);
      // 20 creations (the test store's pool has 4 connections), all asked in one turn.
      created = settle(Array.from({ length: 20 }, (_, i) => store.insertCountedLink(newLink(`fila-${i}`, day))));
      // Wait until they are blocked on the row. (In a transaction pg_stat_activity is read once,
      // unless its snapshot is cleared.)
      const waiting = async () => {
        await holder.query('select pg_stat_clear_snapshot()');
        return Number((await holder.query<{ n: string }>("select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'")).rows[0]?.n);
      };
      for (let tries = 0; (await waiting()) === 0 && tries < 100; tries++) await sleep(20);
      await sleep(200);
      expect(await waiting()).toBe(1);
      // A read on the same pool is answered while the creations wait (it used to queue behind them).
      const read = store.findRedirectTarget('nao-existe');
      const answered = await Promise.race([Promise.resolve(read).then(() => true), sleep(2000).then(() => false)]);
      expect(answered).toBe(true);
    } finally {
      await holder.query('commit').catch(() => undefined);
      await holder.end();
    }
    const results = await created;
    expect(results.filter((result) => 'id' in result)).toHaveLength(20);
    expect(await createdOn(store, day)).toBe(20);
  });

  it('in one batch: an alias asked twice goes to the first, a taken one to nobody, and only what was created is counted', async () => {
    const { store } = opened;
    const day = '2026-07-02';
    await store.insertCountedLink(newLink('ja-existe', day));
    const results = await settle([
      store.insertCountedLink(newLink('dupla', day, { url: 'https://example.com/primeira' })),
      store.insertCountedLink(newLink('ja-existe', day)),
      store.insertCountedLink(newLink('dupla', day, { url: 'https://example.com/segunda' })),
      store.insertCountedLink(newLink('com-opcoes', day, { options: { expiresAt: null, maxClicks: 5, passwordHash: null, iosUrl: null, androidUrl: null } })),
      // A creation just after midnight, in the same turn, is counted on its own day.
      store.insertCountedLink(newLink('dia-seguinte', '2026-07-03')),
    ]);
    expect(results.map((result) => ('id' in result ? 'ok' : isUniqueViolation(result.error) ? 'taken' : result.error))).toEqual(['ok', 'taken', 'taken', 'ok', 'ok']);
    expect((await store.findRedirectTarget('dupla'))?.url).toBe('https://example.com/primeira');
    const options = await store.db.selectFrom('links').select(['max_clicks', 'clicks_left', 'has_options']).where('alias', '=', 'com-opcoes').executeTakeFirst();
    expect(options).toEqual({ max_clicks: 5, clicks_left: 5, has_options: 1 });
    const plain = await store.db.selectFrom('links').select(['max_clicks', 'has_options']).where('alias', '=', 'dupla').executeTakeFirst();
    expect(plain).toEqual({ max_clicks: null, has_options: 0 });
    expect(await createdOn(store, day)).toBe(3);
    expect(await createdOn(store, '2026-07-03')).toBe(1);
    // Ids are the rows' own.
    const ids = await store.db.selectFrom('links').select(['id', 'alias']).where('alias', 'in', ['dupla', 'com-opcoes', 'dia-seguinte']).execute();
    const byAlias = new Map(ids.map((row) => [row.alias, row.id]));
    expect(results.map((result) => ('id' in result ? result.id : undefined))).toEqual([byAlias.get('dupla'), undefined, undefined, byAlias.get('com-opcoes'), byAlias.get('dia-seguinte')]);
  });

  it('two instances creating the same aliases at once, in opposite orders: each alias once, no deadlock, counts exact', async () => {
    const first = opened.store;
    const second = opened.openAnother();
    const day = '2026-07-04';
    const aliases = Array.from({ length: 200 }, (_, i) => `disputa-${i}`);
    const results = await settle([
      ...aliases.map((alias) => first.insertCountedLink(newLink(alias, day))),
      ...[...aliases].reverse().map((alias) => second.insertCountedLink(newLink(alias, day))),
    ]);
    const failures = results.flatMap((result) => ('error' in result ? [result.error] : []));
    expect(failures.filter((error) => !isUniqueViolation(error))).toEqual([]);
    expect(results.filter((result) => 'id' in result)).toHaveLength(aliases.length);
    expect(await createdOn(first, day)).toBe(aliases.length);
  });
});
