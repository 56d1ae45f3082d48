// POST /api/links with an Idempotency-Key, through the real app and store (both dialects): a
// retry of a creation whose answer was lost gets the link the first request made, with the same
// manage token, and nothing is stored or counted twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../src/server/admin-cli.js';
import { aliasForKey, manageTokenForKey, readIdempotencyKey } from '../../src/server/links/idempotency-key.js';
import { looksLikeApiKey } from '../../src/server/keys/api-key-secret.js';
import type { ApiErrorBody, BulkCreateResponse, CreateLinkResponse, LinkListResponse, LinkOwnerView, StatsResponse } from '../../src/shared/api.js';
import { errorMessages } from '../../src/shared/messages.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

let server: TestServer;
let keyCount = 0;
/** A fresh key, as a client makes one per creation (a UUID v4). */
const newKey = (): string => `${crypto.randomUUID()}-${++keyCount}`;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

function create(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return server.app.server.inject({ method: 'POST', url: '/api/links', headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });
}

async function storedLinks(alias?: string): Promise<{ alias: string; url: string }[]> {
  let query = server.store.db.selectFrom('links').select(['alias', 'url']);
  if (alias !== undefined) query = query.where('alias', '=', alias);
  return query.execute();
}

async function linkCount(): Promise<number> {
  return (await storedLinks()).length;
}

describe('POST /api/links with an Idempotency-Key', () => {
  it('a retry with a custom alias answers the same link and manage token (201, Idempotent-Replayed), and stores and counts it once', async () => {
    const key = newKey();
    const body = { url: 'https://example.com/perdida', alias: 'resposta-perdida' };
    const first = await create(body, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const statsBefore = (await server.app.server.inject({ method: 'GET', url: '/api/stats' })).json<StatsResponse>();

    const retry = await create(body, { 'idempotency-key': key });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.headers['cache-control']).toBe('no-store');
    expect(retry.json<CreateLinkResponse>()).toEqual(first.json<CreateLinkResponse>());
    expect(await storedLinks('resposta-perdida')).toHaveLength(1);
    const statsAfter = (await server.app.server.inject({ method: 'GET', url: '/api/stats' })).json<StatsResponse>();
    expect(statsAfter.links_today).toBe(statsBefore.links_today);

    // The token answered again is the link's: it opens the owner's view.
    const token = retry.json<CreateLinkResponse>().manageToken;
    const view = await server.app.server.inject({ method: 'GET', url: '/api/links/resposta-perdida', headers: { authorization: `Bearer ${token}` } });
    expect(view.statusCode).toBe(200);
    expect(view.json<LinkOwnerView>().url).toBe('https://example.com/perdida');

    // Anybody else asking for the alias, with another key or none, is told it is taken.
    for (const headers of [{}, { 'idempotency-key': newKey() }] as Record<string, string>[]) {
      const other = await create(body, headers);
      expect(other.statusCode).toBe(409);
      expect(other.json<ApiErrorBody>().error.code).toBe('alias_taken');
    }
  });

  it('without a custom alias, a retry finds the link the first request made (no second link)', async () => {
    const key = newKey();
    const before = await linkCount();
    const first = await create({ url: 'https://example.com/aleatorio' }, { 'idempotency-key': key });
    const retry = await create({ url: 'https://example.com/aleatorio' }, { 'idempotency-key': key });
    expect([first.statusCode, retry.statusCode]).toEqual([201, 201]);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json<CreateLinkResponse>()).toEqual(first.json<CreateLinkResponse>());
    expect(first.json<CreateLinkResponse>().alias).toBe(aliasForKey(key));
    expect(await linkCount()).toBe(before + 1);
    // Another key is another creation.
    const other = await create({ url: 'https://example.com/aleatorio' }, { 'idempotency-key': newKey() });
    expect(other.statusCode).toBe(201);
    expect(other.json<CreateLinkResponse>().alias).not.toBe(first.json<CreateLinkResponse>().alias);
    expect(await linkCount()).toBe(before + 2);
  });

  it('the key in its structured-field form ("…", as the IETF draft writes it) is the same key', async () => {
    const key = newKey();
    const first = await create({ url: 'https://example.com/aspas', alias: 'com-aspas' }, { 'idempotency-key': `"${key}"` });
    const retry = await create({ url: 'https://example.com/aspas', alias: 'com-aspas' }, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json<CreateLinkResponse>().manageToken).toBe(first.json<CreateLinkResponse>().manageToken);
  });

  it('the same key with another URL or other options is refused (422), and the link it made is left as it was', async () => {
    const key = newKey();
    const body = { url: 'https://example.com/original', alias: 'chave-reusada', maxClicks: 5 };
    expect((await create(body, { 'idempotency-key': key })).statusCode).toBe(201);
    const before = await linkCount();
    for (const changed of [
      { ...body, url: 'https://example.com/outra' },
      { ...body, maxClicks: 6 },
      { url: body.url, alias: body.alias },
      { ...body, password: 'uma-senha-boa' },
    ]) {
      const res = await create(changed, { 'idempotency-key': key });
      expect(res.statusCode, JSON.stringify(changed)).toBe(422);
      expect(res.json<ApiErrorBody>().error).toEqual({ code: 'idempotency_key_reused', message: errorMessages.idempotency_key_reused });
    }
    expect(await linkCount()).toBe(before);
    expect(await storedLinks('chave-reusada')).toEqual([{ alias: 'chave-reusada', url: 'https://example.com/original' }]);
  });

  it('a link with a password is answered again without its password being asked to match anything but "there is one"', async () => {
    const key = newKey();
    const body = { url: 'https://example.com/protegido', alias: 'protegido-retry', password: 'senha-do-link-1' };
    const first = await create(body, { 'idempotency-key': key });
    const retry = await create(body, { 'idempotency-key': key });
    expect([first.statusCode, retry.statusCode]).toEqual([201, 201]);
    expect(retry.json<CreateLinkResponse>()).toEqual(first.json<CreateLinkResponse>());
    expect(retry.json<CreateLinkResponse>().protected).toBe(true);
  });

  it('an unusable key is refused with 400 invalid_idempotency_key before anything is stored', async () => {
    const before = await linkCount();
    for (const bad of ['curta', 'a'.repeat(256), 'tem espaco no meio mas e longa o bastante', 'acentuação-não-é-ascii-visível-ok', '"aspas"dentro"da-chave-longa-o-bastante"']) {
      const res = await create({ url: 'https://example.com/recusada' }, { 'idempotency-key': bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json<ApiErrorBody>().error).toEqual({ code: 'invalid_idempotency_key', message: errorMessages.invalid_idempotency_key });
    }
    expect(await linkCount()).toBe(before);
  });

  it('concurrent tries of one creation (a double tap on a flaky connection) store one link and all get it', async () => {
    for (const alias of ['toque-duplo', undefined]) {
      const key = newKey();
      const before = await linkCount();
      const body = { url: 'https://example.com/toque', ...(alias === undefined ? {} : { alias }) };
      const answers = await Promise.all(Array.from({ length: 8 }, () => create(body, { 'idempotency-key': key })));
      expect(answers.map((res) => res.statusCode)).toEqual(Array(8).fill(201));
      expect(new Set(answers.map((res) => res.json<CreateLinkResponse>().manageToken)).size).toBe(1);
      expect(new Set(answers.map((res) => res.json<CreateLinkResponse>().alias)).size).toBe(1);
      expect(answers.filter((res) => res.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
      expect(await linkCount()).toBe(before + 1);
    }
  });

  it('with an API key: the retry is the key\'s link; the same Idempotency-Key without the API key is another request (422)', async () => {
    const issued = await runAdmin(['keys', 'create', 'retentativas', '--json'], server.store, { timeZone: 'America/Sao_Paulo' });
    expect(issued.code, issued.output).toBe(0);
    const apiKey = (JSON.parse(issued.output) as { key: string }).key;
    const key = newKey();
    const body = { url: 'https://example.com/por-chave' };
    const withApiKey = { authorization: `Bearer ${apiKey}`, 'idempotency-key': key };
    const first = await create(body, withApiKey);
    const retry = await create(body, withApiKey);
    expect([first.statusCode, retry.statusCode]).toEqual([201, 201]);
    expect(retry.json<CreateLinkResponse>()).toEqual(first.json<CreateLinkResponse>());
    const listing = await server.app.server.inject({ method: 'GET', url: '/api/links', headers: { authorization: `Bearer ${apiKey}` } });
    expect(listing.json<LinkListResponse>().links.map((link) => link.alias)).toEqual([first.json<CreateLinkResponse>().alias]);
    expect((await create(body, { 'idempotency-key': key })).statusCode).toBe(422);
  });

  it('once its link is deleted, a retry of a custom alias is told the alias is taken (deleted aliases are never given again)', async () => {
    const key = newKey();
    const body = { url: 'https://example.com/apagado', alias: 'apagado-retry' };
    const first = (await create(body, { 'idempotency-key': key })).json<CreateLinkResponse>();
    const deleted = await server.app.server.inject({ method: 'DELETE', url: '/api/links/apagado-retry', headers: { authorization: `Bearer ${first.manageToken}` } });
    expect(deleted.statusCode).toBe(204);
    const retry = await create(body, { 'idempotency-key': key });
    expect(retry.statusCode).toBe(409);
    expect(retry.json<ApiErrorBody>().error.code).toBe('alias_taken');
  });
});

describe('POST /api/links/bulk with an Idempotency-Key', () => {
  it('the same request sent again answers every item as the first time, and stores nothing more; a changed item is refused on its own', async () => {
    const issued = await runAdmin(['keys', 'create', 'lote-retentado', '--json'], server.store, { timeZone: 'America/Sao_Paulo' });
    const apiKey = (JSON.parse(issued.output) as { key: string }).key;
    const key = newKey();
    const items = [{ url: 'https://example.com/lote-a' }, { url: 'https://example.com/lote-b', alias: 'lote-b-retry' }, { url: 'ftp://example.com/recusado' }, { url: 'https://example.com/lote-d', alias: 'lote-b-retry' }];
    const bulk = (links: unknown[], headers: Record<string, string> = { 'idempotency-key': key }) =>
      server.app.server.inject({
        method: 'POST',
        url: '/api/links/bulk',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}`, ...headers },
        payload: JSON.stringify({ links }),
      });
    const first = await bulk(items);
    expect(first.statusCode).toBe(200);
    const firstResults = first.json<BulkCreateResponse>().results;
    expect(firstResults.map((result) => result.ok)).toEqual([true, true, false, false]);
    const before = await linkCount();

    const again = await bulk(items);
    expect(again.json<BulkCreateResponse>().results).toEqual(firstResults);
    expect(await linkCount()).toBe(before);

    // The first item changed: that item alone is refused; the others are answered as before.
    const changed = await bulk([{ url: 'https://example.com/lote-a-outro' }, ...items.slice(1)]);
    const changedResults = changed.json<BulkCreateResponse>().results;
    expect(changedResults[0]).toEqual({ ok: false, error: { code: 'idempotency_key_reused', message: errorMessages.idempotency_key_reused } });
    expect(changedResults.slice(1)).toEqual(firstResults.slice(1));
    expect(await linkCount()).toBe(before);

    // Without the key, the same request is another one: a new link for the item without an alias.
    const unkeyed = await bulk(items, {});
    expect(unkeyed.json<BulkCreateResponse>().results[0]).toMatchObject({ ok: true });
    expect(await linkCount()).toBe(before + 1);
    expect((await bulk(items, { 'idempotency-key': 'curta' })).statusCode).toBe(400);
  });
});

describe('the key itself', () => {
  it('is read from the header as sent, or in quotes; anything else is refused', () => {
    const uuid = '8e03978e-40d5-43e8-bc93-6894a57f9324';
    expect(readIdempotencyKey(undefined)).toBeUndefined();
    expect(readIdempotencyKey(uuid)).toBe(uuid);
    expect(readIdempotencyKey(`"${uuid}"`)).toBe(uuid);
    expect(readIdempotencyKey(` ${uuid} `)).toBe(uuid);
    expect(readIdempotencyKey('x'.repeat(21))).toBe('invalid');
    expect(readIdempotencyKey('x'.repeat(22))).toBe('x'.repeat(22));
    expect(readIdempotencyKey('x'.repeat(255))).toBe('x'.repeat(255));
    expect(readIdempotencyKey('x'.repeat(256))).toBe('invalid');
    expect(readIdempotencyKey([uuid, uuid])).toBe('invalid');
    expect(readIdempotencyKey('""')).toBe('invalid');
  });

  it('gives a 256-bit manage token and a 6-character alias, the same for the same key and different for another', () => {
    const a = manageTokenForKey('8e03978e-40d5-43e8-bc93-6894a57f9324');
    expect(a).toBe(manageTokenForKey('8e03978e-40d5-43e8-bc93-6894a57f9324'));
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(looksLikeApiKey(a)).toBe(false);
    expect(manageTokenForKey('8e03978e-40d5-43e8-bc93-6894a57f9325')).not.toBe(a);
    const aliases = new Set(Array.from({ length: 2000 }, (_, i) => aliasForKey(`chave-de-teste-numero-${i}-xxxxxxxx`)));
    expect(aliases.size).toBe(2000);
    for (const alias of aliases) expect(alias).toMatch(/^[0-9a-z]{6}$/);
  });
});
