// A deletion must reach every instance's redirect cache (they keep links for an hour), or not be
// made at all. Two instances on one PostgreSQL; the one that deletes sends its notifications
// through a `pg_notify` that fails (a function of that name found first on its search_path),
// as a NOTIFY fails when its connection drops or the server's queue is full.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/server/app.js';
import { cliActor } from '../../src/server/admin-cli.js';
import { loadConfig } from '../../src/server/config.js';
import { isStoreUnavailable } from '../../src/server/db/dialect.js';
import { openStore, type Store } from '../../src/server/db/store.js';
import type { ApiErrorBody } from '../../src/shared/api.js';
import { createLink } from '../helpers/api.js';
import { BROWSER } from '../helpers/fixtures.js';
import { startTestServer, testDialect, type TestServer } from '../helpers/test-server.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(testDialect === 'postgres')('deleting a link on one of several instances', () => {
  /** The instance whose notifications reach the others (and whose cache is checked). */
  let other: TestServer;
  /** The instance that deletes; its notifications fail while `failing.pg_notify` exists. */
  let deleting: App;
  let deletingStore: Store;

  beforeAll(async () => {
    other = await startTestServer();
    if (other.config.database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    await sql`create schema failing`.execute(other.store.db);
    await sql`create function failing.pg_notify(text, text) returns void language plpgsql as $$ begin raise exception 'notification refused (test)'; end $$`.execute(other.store.db);
    const url = new URL(other.config.database.url);
    // pg_catalog named after it: a function of the same name earlier on the path wins.
    url.searchParams.set('options', '-c search_path=failing,public,pg_catalog');
    const config = loadConfig({
      DATABASE_URL: url.toString(),
      PUBLIC_URL: other.url,
      LOG_LEVEL: 'silent',
      METADATA_FETCH: 'false',
      RATE_LIMIT_DISABLED: 'true',
      WEB_DIST_DIR: '/nonexistent',
    });
    deletingStore = openStore(config.database);
    deleting = await buildApp({ config, store: deletingStore });
    await deleting.server.ready();
  });

  afterAll(async () => {
    await deleting?.server.close();
    await deletingStore?.close();
    await other?.close();
  });

  const visitOther = async (alias: string) => (await other.app.server.inject({ method: 'GET', url: `/${alias}`, headers: { 'user-agent': BROWSER } })).statusCode;
  const remove = (alias: string, credential: string) =>
    deleting.server.inject({ method: 'DELETE', url: `/api/links/${alias}`, headers: { authorization: `Bearer ${credential}` } });
  const stored = async (alias: string) => (await other.store.db.selectFrom('links').select('id').where('alias', '=', alias).executeTakeFirst()) !== undefined;

  it('an owner deletion whose notification cannot be sent is not made: 503, and every instance keeps the link', async () => {
    const link = await createLink(other, { url: 'https://example.com/fica', alias: 'fica-em-todos' });
    // The other instance has it in its cache (the creating instance caches its new links).
    expect(await visitOther(link.alias)).toBe(302);

    const res = await remove(link.alias, link.manageToken);
    // Whatever was answered, the other instance must agree with the database (it used to keep
    // redirecting a link deleted elsewhere for up to LINK_CACHE_TTL_MS, an hour).
    await sleep(1000);
    const exists = await stored(link.alias);
    expect(await visitOther(link.alias)).toBe(exists ? 302 : 404);
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json<ApiErrorBody>().error.code).toBe('unavailable');
    expect(res.headers['retry-after']).toBe('5');
    expect(exists).toBe(true);
    // The owner can try again later: the link and its token are untouched.
    const view = await other.app.server.inject({ method: 'GET', url: `/api/links/${link.alias}`, headers: { authorization: `Bearer ${link.manageToken}` } });
    expect(view.statusCode).toBe(200);
  });

  it("an operator's deletion whose notification cannot be sent is not made either", async () => {
    const link = await createLink(other, { url: 'https://example.com/fica-operador', alias: 'fica-operador' });
    expect(await visitOther(link.alias)).toBe(302);
    const error = await deleting.services.operatorActions.deleteLink(cliActor('teste'), link.alias).then(
      () => undefined,
      (e: unknown) => e,
    );
    // A store failure: the console answers it as 503, the terminal tool prints it.
    expect(isStoreUnavailable(error)).toBe(true);
    expect(await stored(link.alias)).toBe(true);
    expect(await visitOther(link.alias)).toBe(302);
  });

  it('once notifications go through, the deletion answers 204 and the other instance answers 404 at once', async () => {
    await sql`drop function failing.pg_notify(text, text)`.execute(other.store.db);
    const link = await createLink(other, { url: 'https://example.com/some', alias: 'some-de-todos' });
    expect(await visitOther(link.alias)).toBe(302);
    expect((await remove(link.alias, link.manageToken)).statusCode).toBe(204);
    await expect.poll(() => visitOther(link.alias), { timeout: 1000, interval: 20 }).toBe(404);
    expect(await stored(link.alias)).toBe(false);
  });
});
