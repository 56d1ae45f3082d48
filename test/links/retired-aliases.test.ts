// A deleted link's alias is never given out again (migration 0011): a short link already shared
// must not start leading somewhere else. Through the real app and store on both dialects: the
// owner's and the operator's deletions, every creation path (anonymous, the form without
// JavaScript, a key's single and bulk creations, which skip the early check and meet the
// database's trigger), and the migration stepping down and up.
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliActor, runAdmin } from '../../src/server/admin-cli.js';
import { isUniqueViolation } from '../../src/server/db/dialect.js';
import { migrationProvider } from '../../src/server/db/migrate.js';
import type { BulkCreateResponse } from '../../src/shared/api.js';
import { errorMessages } from '../../src/shared/messages.js';
import { createLink } from '../helpers/api.js';
import { BROWSER } from '../helpers/fixtures.js';
import { startTestServer, testDialect, type TestServer } from '../helpers/test-server.js';

let server: TestServer;
let key: string;

beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_DISABLED: 'true' } });
  const issued = await runAdmin(['keys', 'create', 'loja', '--json'], server.store, { timeZone: 'America/Sao_Paulo', clock: Date.now });
  expect(issued.code, issued.output).toBe(0);
  key = (JSON.parse(issued.output) as { key: string }).key;
});

afterAll(async () => {
  await server?.close();
});

const create = (payload: Record<string, unknown>, authorization?: string) =>
  server.app.server.inject({ method: 'POST', url: '/api/links', payload, headers: authorization === undefined ? {} : { authorization: `Bearer ${authorization}` } });
const visit = async (alias: string) => (await server.app.server.inject({ method: 'GET', url: `/${alias}`, headers: { 'user-agent': BROWSER } })).statusCode;
const retired = async () => (await server.store.db.selectFrom('retired_aliases').select('alias').orderBy('alias').execute()).map((row) => row.alias);

describe(`retired aliases (${testDialect})`, () => {
  it("an owner's deletion retires the alias: no creation path gives it out again", async () => {
    const link = await createLink(server, { url: 'https://legit.example/natal', alias: 'promo-natal' });
    const deleted = await server.app.server.inject({ method: 'DELETE', url: '/api/links/promo-natal', headers: { authorization: `Bearer ${link.manageToken}` } });
    expect(deleted.statusCode).toBe(204);
    expect(await visit('promo-natal')).toBe(404);
    expect(await retired()).toContain('promo-natal');

    // Anonymously (the early check), in any case the alias is typed.
    for (const alias of ['promo-natal', 'PROMO-NATAL']) {
      const again = await create({ url: 'https://attacker.example/', alias });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: { code: 'alias_taken', message: errorMessages.alias_taken } });
    }
    // The form without JavaScript.
    const form = await server.app.server.inject({
      method: 'POST',
      url: '/',
      payload: new URLSearchParams({ url: 'https://attacker.example/', alias: 'promo-natal' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(409);
    // A key's creations skip the early check: the database's trigger refuses them.
    const keyed = await create({ url: 'https://attacker.example/', alias: 'promo-natal' }, key);
    expect(keyed.statusCode).toBe(409);
    expect(keyed.json()).toMatchObject({ error: { code: 'alias_taken' } });
    const bulk = await server.app.server.inject({
      method: 'POST',
      url: '/api/links/bulk',
      headers: { authorization: `Bearer ${key}` },
      payload: { links: [{ url: 'https://attacker.example/1', alias: 'promo-natal' }, { url: 'https://loja.example/2', alias: 'outro-final' }, { url: 'https://loja.example/3' }] },
    });
    expect(bulk.statusCode).toBe(200);
    const results = bulk.json<BulkCreateResponse>().results;
    // The retired one fails alone; the others in the same batch are created.
    expect(results.map((result) => (result.ok ? 'ok' : result.error.code))).toEqual(['alias_taken', 'ok', 'ok']);
    expect(await visit('promo-natal')).toBe(404);
    expect(await visit('outro-final')).toBe(302);
  });

  it("an operator's deletion retires it too", async () => {
    await createLink(server, { url: 'https://golpe.example/pix', alias: 'pix-premiado' });
    const outcome = await server.app.services.operatorActions.deleteLink(cliActor('teste'), 'pix-premiado');
    expect(outcome).toEqual({ outcome: 'changed', message: 'Excluído: pix-premiado' });
    const again = await create({ url: 'https://golpe.example/pix-2', alias: 'pix-premiado' });
    expect(again.statusCode).toBe(409);
    expect(await retired()).toEqual(expect.arrayContaining(['pix-premiado', 'promo-natal']));
  });

  it('the trigger refuses a retired alias as a unique violation (what a random alias retries on), and nothing else', async () => {
    const { db } = server.store;
    await db.insertInto('retired_aliases').values({ alias: 'abc123', retired_at: new Date().toISOString() }).execute();
    const insert = (alias: string) => sql`insert into links (alias, url, created_at, manage_token_hash) values (${alias}, ${'https://example.com/'}, ${new Date().toISOString()}, ${'h'})`.execute(db);
    const error = await insert('abc123').then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeDefined();
    expect(isUniqueViolation(error)).toBe(true);
    await expect(insert('abc124')).resolves.toBeDefined();
    // Deleting a link whose alias was retired already (it cannot happen through the app) is no error.
    const row = await db.selectFrom('links').select('id').where('alias', '=', 'abc124').executeTakeFirstOrThrow();
    await db.insertInto('retired_aliases').values({ alias: 'abc124', retired_at: new Date().toISOString() }).execute();
    expect(await server.store.deleteLink({ id: row.id, alias: 'abc124' })).toBe(true);
  });

  it('an operator can release a retired alias (`npm run admin -- release`): it can be created again, and the audit log says who', async () => {
    const admin = (...args: string[]) => runAdmin(args, server.store, { timeZone: 'America/Sao_Paulo', clock: Date.now });
    await createLink(server, { url: 'https://loja.example/marca', alias: 'marca-da-loja' });
    const link = await createLink(server, { url: 'https://loja.example/errado', alias: 'engano' });
    await server.app.server.inject({ method: 'DELETE', url: '/api/links/engano', headers: { authorization: `Bearer ${link.manageToken}` } });
    expect((await create({ url: 'https://loja.example/certo', alias: 'engano' })).statusCode).toBe(409);

    expect(await admin('release', 'ENGANO')).toEqual({ code: 0, output: 'Liberado: engano pode ser usado de novo por quem criar um link.' });
    expect(await retired()).not.toContain('engano');
    const again = await create({ url: 'https://loja.example/certo', alias: 'engano' });
    expect(again.statusCode).toBe(201);
    expect(await visit('engano')).toBe(302);
    const audit = await server.store.db.selectFrom('audit_log').select(['action', 'target', 'via']).where('action', '=', 'alias.release').execute();
    expect(audit).toEqual([{ action: 'alias.release', target: 'engano', via: 'cli' }]);

    // Nothing to release: a live link, an alias never used; a malformed one is refused.
    expect(await admin('release', 'engano')).toEqual({ code: 0, output: 'Nada a fazer: engano é um link ativo, não um alias excluído.' });
    expect(await admin('release', 'nunca-usado')).toEqual({ code: 0, output: 'Nada a fazer: nunca-usado não é o alias de um link excluído.' });
    expect(await admin('release', 'a')).toMatchObject({ code: 1, output: expect.stringContaining('Alias inválido') });
    expect(await admin('release')).toMatchObject({ code: 1, output: expect.stringContaining('release <alias>') });
    expect(await visit('marca-da-loja')).toBe(302);
  });

  it('a retired alias keeps only the alias and when: nothing of the link, its target or its owner', async () => {
    const columns = Object.keys((await server.store.db.selectFrom('retired_aliases').selectAll().executeTakeFirstOrThrow()) as object).sort();
    expect(columns).toEqual(['alias', 'retired_at']);
  });

  it('the migration steps down (the trigger goes with the table) and up again', async () => {
    const { db } = server.store;
    const migrator = new Migrator({ db, provider: migrationProvider(server.store.dialect) });
    expect((await migrator.migrateTo('0010-host-key-catch-up')).error).toBeUndefined();
    await expect(db.selectFrom('retired_aliases').selectAll().execute()).rejects.toThrow();
    // Without it, nothing stops the alias being stored again.
    await sql`insert into links (alias, url, created_at, manage_token_hash) values (${'promo-natal'}, ${'https://example.com/volta'}, ${new Date().toISOString()}, ${'h'})`.execute(db);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await retired()).toEqual([]);
    const back = await db.selectFrom('links').select('id').where('alias', '=', 'promo-natal').executeTakeFirstOrThrow();
    expect(await server.store.deleteLink({ id: back.id, alias: 'promo-natal' })).toBe(true);
    expect(await retired()).toEqual(['promo-natal']);
    expect((await create({ url: 'https://example.com/de-novo', alias: 'promo-natal' }, key)).statusCode).toBe(409);
  });
});
