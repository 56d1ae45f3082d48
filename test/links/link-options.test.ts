// Link options through the real app and store: what POST /api/links accepts and
// refuses, what it stores (the password only as an scrypt hash), the owner's view, and what
// GET/POST /:alias answer for expired, limited, protected and app-targeted links. The server's
// clock is injected and frozen (`now`), so expiry boundaries are exact.
import fs from 'node:fs';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/server/app.js';
import type { ApiErrorBody, CreateLinkResponse, LinkOwnerView } from '../../src/shared/api.js';
import { expiresAtFormatMessage } from '../../src/shared/form-messages.js';
import { errorMessages } from '../../src/shared/messages.js';
import { verifyLinkPassword } from '../../src/server/links/link-password.js';
import { loggerOptions } from '../../src/server/ops/log-options.js';
import { createLink, storedClicksOf } from '../helpers/api.js';
import { BROWSER, BROWSER_USER_AGENTS, CRAWLER_USER_AGENTS } from '../helpers/fixtures.js';
import { FAST_SCRYPT, startTestServer, testDialect, type TestServer } from '../helpers/test-server.js';

const TEXTS = {
  expired: 'Este link expirou.',
  protectedTitle: 'Este link é protegido por senha.',
  wrongPassword: 'Senha incorreta.',
  tooManyAttempts: 'Muitas tentativas em pouco tempo. Aguarde um minuto e tente novamente.',
  protectedPreview: 'Link protegido por senha',
};

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The server's clock: frozen, moved by the tests that need it. */
let now = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();

let server: TestServer;

beforeAll(async () => {
  // TRUST_PROXY: the tests of the password attempts play several clients with x-forwarded-for.
  server = await startTestServer({ clock: () => now, env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await server.close();
});

function post(payload: unknown) {
  return server.app.server.inject({ method: 'POST', url: '/api/links', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
}

function errorOf(body: string): ApiErrorBody['error'] {
  return (JSON.parse(body) as ApiErrorBody).error;
}

function visit(alias: string, options: { ua?: string; method?: 'GET' | 'HEAD' } = {}) {
  return server.app.server.inject({ method: options.method ?? 'GET', url: `/${alias}`, headers: { 'user-agent': options.ua ?? BROWSER } });
}

/** The password form as a browser posts it, from client `ip` (x-forwarded-for, TRUST_PROXY=true), to this file's server unless `at` is another. */
function submitPassword(alias: string, password: string | undefined, options: { ip?: string; ua?: string; at?: TestServer } = {}) {
  return (options.at ?? server).app.server.inject({
    method: 'POST',
    url: `/${alias}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': options.ua ?? BROWSER,
      'x-forwarded-for': options.ip ?? '192.0.2.1',
    },
    payload: password === undefined ? '' : new URLSearchParams({ password }).toString(),
  });
}

async function ownerView(link: CreateLinkResponse) {
  const res = await server.app.server.inject({ method: 'GET', url: `/api/links/${link.alias}`, headers: { authorization: `Bearer ${link.manageToken}` } });
  expect(res.statusCode).toBe(200);
  return { view: res.json<LinkOwnerView>(), body: res.body };
}

async function clicksOf(alias: string): Promise<number> {
  await server.app.clicks.flush();
  return storedClicksOf(server, alias);
}

function linkRow(alias: string, at: TestServer = server) {
  return at.store.db.selectFrom('links').selectAll().where('alias', '=', alias).executeTakeFirstOrThrow();
}

/** Nothing of `fragments` anywhere in the response: body or headers. */
function expectNothingOf(res: { body: string; headers: Record<string, unknown> }, fragments: string[]): void {
  const headers = JSON.stringify(res.headers);
  for (const fragment of fragments) {
    expect(res.body).not.toContain(fragment);
    expect(headers).not.toContain(fragment);
  }
}

describe('POST /api/links with options: refused', () => {
  const MESSAGES = {
    invalid_expires_at: 'A data de expiração deve ficar entre 1 minuto e 5 anos a partir de agora.',
    invalid_max_clicks: 'O limite de cliques deve ser um número inteiro de 1 a 1.000.000.000.',
    invalid_password: 'A senha deve ter de 4 a 128 caracteres.',
    invalid_ios_url: 'O link para iPhone e iPad precisa ser uma URL válida com http:// ou https://, de outro site.',
    invalid_android_url: 'O link para Android precisa ser uma URL válida com http:// ou https://, de outro site.',
  } as const;

  const cases: [string, keyof typeof MESSAGES, () => Record<string, unknown>][] = [
    ['expiresAt in the past', 'invalid_expires_at', () => ({ expiresAt: iso(now - 1000) })],
    ['expiresAt now', 'invalid_expires_at', () => ({ expiresAt: iso(now) })],
    ['expiresAt 59 s ahead', 'invalid_expires_at', () => ({ expiresAt: iso(now + 59_000) })],
    ['expiresAt 59.999 s ahead', 'invalid_expires_at', () => ({ expiresAt: iso(now + 59_999) })],
    ['expiresAt 5 years and 1 ms ahead', 'invalid_expires_at', () => ({ expiresAt: iso(now + 157_788_000_000 + 1) })],
    ['expiresAt 6 years ahead', 'invalid_expires_at', () => ({ expiresAt: iso(now + 6 * 366 * DAY) })],
    ['maxClicks 0', 'invalid_max_clicks', () => ({ maxClicks: 0 })],
    ['maxClicks -5', 'invalid_max_clicks', () => ({ maxClicks: -5 })],
    ['maxClicks 1.5', 'invalid_max_clicks', () => ({ maxClicks: 1.5 })],
    ['maxClicks "3"', 'invalid_max_clicks', () => ({ maxClicks: '3' })],
    ['maxClicks 1e9 + 1', 'invalid_max_clicks', () => ({ maxClicks: 1_000_000_001 })],
    ['maxClicks true', 'invalid_max_clicks', () => ({ maxClicks: true })],
    ['maxClicks [5]', 'invalid_max_clicks', () => ({ maxClicks: [5] })],
    ['password of 3 characters', 'invalid_password', () => ({ password: 'abc' })],
    ['password of 129 characters', 'invalid_password', () => ({ password: 'x'.repeat(129) })],
    ['password a number', 'invalid_password', () => ({ password: 123456 })],
    ['password an array', 'invalid_password', () => ({ password: ['abcd'] })],
    ['iosUrl javascript:', 'invalid_ios_url', () => ({ iosUrl: 'javascript:alert(1)' })],
    ['iosUrl ftp:', 'invalid_ios_url', () => ({ iosUrl: 'ftp://apps.apple.com/x' })],
    ['iosUrl without scheme', 'invalid_ios_url', () => ({ iosUrl: 'apps.apple.com/br/app/id1' })],
    ['iosUrl with credentials', 'invalid_ios_url', () => ({ iosUrl: 'https://eu:senha@apps.apple.com/' })],
    ['iosUrl to this site', 'invalid_ios_url', () => ({ iosUrl: `${server.url}/outro` })],
    ['iosUrl a number', 'invalid_ios_url', () => ({ iosUrl: 42 })],
    ['androidUrl data:', 'invalid_android_url', () => ({ androidUrl: 'data:text/html,oi' })],
    ['androidUrl without host', 'invalid_android_url', () => ({ androidUrl: 'https://' })],
    ['androidUrl too long', 'invalid_android_url', () => ({ androidUrl: `https://play.google.com/${'a'.repeat(4100)}` })],
    ['androidUrl to this site', 'invalid_android_url', () => ({ androidUrl: `${server.url}/outro` })],
    ['androidUrl an object', 'invalid_android_url', () => ({ androidUrl: { href: 'https://play.google.com/' } })],
  ];

  it.each(cases)('%s → 400 %s with its pt-BR message', async (_name, code, options) => {
    const res = await post({ url: 'https://example.com/opcoes', ...options() });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body)).toEqual({ code, message: MESSAGES[code] });
    expect(MESSAGES[code]).toBe(errorMessages[code]);
  });

  it('an expiresAt that is not an instant (no zone, a date alone, a number) is told the form it needs, not the range', async () => {
    for (const expiresAt of ['amanhã', '2027-01-01', iso(now + DAY).slice(0, 16), now + DAY, true]) {
      const res = await post({ url: 'https://example.com/opcoes', expiresAt });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res.body)).toEqual({ code: 'invalid_expires_at', message: expiresAtFormatMessage });
    }
    expect(expiresAtFormatMessage).toMatch(/^A data de expiração deve ser uma data e hora com fuso horário/);
  });

  it('an app target on a local network is refused at its field, saying why', async () => {
    for (const [options, code, message] of [
      [{ iosUrl: 'http://impressora.local/' }, 'invalid_ios_url', 'O link para iPhone e iPad não pode ser um endereço local ou de rede privada.'],
      [{ androidUrl: 'http://roteador.home.arpa/' }, 'invalid_android_url', 'O link para Android não pode ser um endereço local ou de rede privada.'],
      [{ androidUrl: 'http://10.0.0.1/app.apk' }, 'invalid_android_url', 'O link para Android não pode ser um endereço local ou de rede privada.'],
    ] as const) {
      const res = await post({ url: 'https://example.com/opcoes', ...options });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res.body)).toEqual({ code, message });
    }
  });

  it('changes nothing stored: no link, no count of creations', async () => {
    const snapshot = async () => ({
      links: await server.store.db.selectFrom('links').selectAll().orderBy('id').execute(),
      totals: await server.store.db.selectFrom('daily_totals').selectAll().execute(),
    });
    const before = await snapshot();
    for (const [i, [, , options]] of cases.entries()) {
      const res = await post({ url: 'https://example.com/recusado', alias: `recusado-${i}`, password: 'senha-valida', ...options() });
      expect(res.statusCode).toBe(400);
    }
    // A good password does not save a bad expiry, nor the reverse.
    expect((await post({ url: 'https://example.com/recusado', alias: 'recusado-x', password: 'abc', expiresAt: iso(now + DAY) })).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});

describe('POST /api/links with options: accepted', () => {
  it('echoes every option, the expiry in UTC, and never the password nor its hash', async () => {
    const expiresLocal = new Date(now + DAY - 3 * 3600_000).toISOString().slice(0, 19); // wall clock in UTC−3
    const body = {
      url: 'https://example.com/app',
      alias: 'todas-opcoes',
      expiresAt: `${expiresLocal}-03:00`,
      maxClicks: 50,
      password: 'Segredo-Forte-91',
      iosUrl: '  https://APPS.apple.com/br/app/encurta/id123  ',
      androidUrl: 'https://play.google.com/store/apps/details?id=br.encurta',
    };
    const res = await post(body);
    expect(res.statusCode).toBe(201);
    const created = res.json<CreateLinkResponse>();
    expect(created).toEqual({
      alias: 'todas-opcoes',
      shortUrl: `${server.url}/todas-opcoes`,
      url: 'https://example.com/app',
      createdAt: iso(now),
      manageToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expiresAt: iso(Math.floor((now + DAY) / 1000) * 1000),
      maxClicks: 50,
      clicksLeft: 50,
      protected: true,
      iosUrl: 'https://apps.apple.com/br/app/encurta/id123',
      androidUrl: 'https://play.google.com/store/apps/details?id=br.encurta',
    });
    expect(res.body).not.toContain('Segredo-Forte-91');
    expect(res.body).not.toContain('scrypt');
    expect(res.body).not.toContain((await linkRow('todas-opcoes')).password_hash);
  });

  it('answers null/false options for a plain link, which stores none', async () => {
    const created = await createLink(server, { url: 'https://example.com/simples', alias: 'sem-opcoes' });
    expect(created).toMatchObject({ expiresAt: null, maxClicks: null, clicksLeft: null, protected: false, iosUrl: null, androidUrl: null });
    const row = await linkRow('sem-opcoes');
    expect(row).toMatchObject({ expires_at: null, max_clicks: null, clicks_left: null, password_hash: null, ios_url: null, android_url: null });
    expect(Number(row.has_options)).toBe(0);
  });

  it('takes null and empty values as "not set"', async () => {
    const created = await createLink(server, { url: 'https://example.com/vazio', expiresAt: null, maxClicks: null, password: '', iosUrl: '', androidUrl: null });
    expect(created).toMatchObject({ expiresAt: null, maxClicks: null, clicksLeft: null, protected: false, iosUrl: null, androidUrl: null });
    expect(Number((await linkRow(created.alias)).has_options)).toBe(0);
  });

  it.each([
    ['expiresAt exactly 1 minute ahead', () => ({ expiresAt: iso(now + MINUTE) }), () => ({ expiresAt: iso(now + MINUTE) })],
    ['expiresAt 2 minutes ahead', () => ({ expiresAt: iso(now + 2 * MINUTE) }), () => ({ expiresAt: iso(now + 2 * MINUTE) })],
    ['expiresAt exactly 5 years ahead', () => ({ expiresAt: iso(now + 157_788_000_000) }), () => ({ expiresAt: iso(now + 157_788_000_000) })],
    ['maxClicks 1', () => ({ maxClicks: 1 }), () => ({ maxClicks: 1, clicksLeft: 1 })],
    ['maxClicks 1,000,000,000', () => ({ maxClicks: 1_000_000_000 }), () => ({ maxClicks: 1_000_000_000, clicksLeft: 1_000_000_000 })],
    ['password of 4 characters', () => ({ password: 'abcd' }), () => ({ protected: true })],
    ['password of 128 characters', () => ({ password: 'p'.repeat(128) }), () => ({ protected: true })],
    ['password of 4 emoji', () => ({ password: '🔑🔐🔒🔓' }), () => ({ protected: true })],
    ['iosUrl alone', () => ({ iosUrl: 'https://apps.apple.com/br/app/id9' }), () => ({ iosUrl: 'https://apps.apple.com/br/app/id9', androidUrl: null })],
    ['androidUrl alone', () => ({ androidUrl: 'http://play.google.com/x' }), () => ({ androidUrl: 'http://play.google.com/x', iosUrl: null })],
  ])('accepts %s', async (_name, options, expected) => {
    const res = await post({ url: 'https://example.com/limite', ...options() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<CreateLinkResponse>()).toMatchObject(expected());
  });

  it('stores the password only as a salted scrypt hash that verifies it', async () => {
    const password = 'Minha-Senha-Secreta-7';
    await createLink(server, { url: 'https://example.com/hash', alias: 'com-hash', password });
    await createLink(server, { url: 'https://example.com/hash', alias: 'com-hash-2', password });
    const row = await linkRow('com-hash');
    const hash = row.password_hash ?? '';
    // This file's server hashes at the test servers' fast cost (test-server.ts); the real one is checked with the flood below.
    expect(hash).toMatch(new RegExp(`^scrypt\\$${FAST_SCRYPT.N}\\$8\\$1\\$[A-Za-z0-9_-]{22}\\$[A-Za-z0-9_-]{43}$`));
    expect(hash).not.toContain(password);
    expect(JSON.stringify(row)).not.toContain(password);
    expect(await verifyLinkPassword(password, hash)).toBe(true);
    expect(await verifyLinkPassword('Minha-Senha-Secreta-8', hash)).toBe(false);
    expect(await verifyLinkPassword(password.toLowerCase(), hash)).toBe(false);
    // A salt per link: the same password, another hash.
    const other = (await linkRow('com-hash-2')).password_hash ?? '';
    expect(other).not.toBe(hash);
    expect(await verifyLinkPassword(password, other)).toBe(true);
    expect(Number(row.has_options)).toBe(1);
  });

  it.runIf(testDialect === 'sqlite')('writes the password nowhere in the database files', async () => {
    const password = 'Texto-Que-Nao-Pode-Estar-No-Disco';
    await createLink(server, { url: 'https://example.com/disco', alias: 'no-disco', password });
    expect(server.config.database.kind).toBe('sqlite');
    const file = server.config.database.kind === 'sqlite' ? server.config.database.file : '';
    const files = [file, `${file}-wal`].filter((f) => fs.existsSync(f));
    expect(files.length).toBeGreaterThan(0);
    // The hash is on disk (the check would find a plain text stored the same way).
    const hash = (await linkRow('no-disco')).password_hash ?? '';
    expect(files.some((f) => fs.readFileSync(f).includes(hash))).toBe(true);
    for (const f of files) expect(fs.readFileSync(f).includes(password), f).toBe(false);
  });
});

describe('GET /api/links/:alias (owner view) with options', () => {
  it('shows the options and the visits left as they are taken, never the password', async () => {
    const expiresAt = iso(now + 7 * DAY);
    const link = await createLink(server, {
      url: 'https://example.com/dono-opcoes',
      alias: 'dono-opcoes',
      expiresAt,
      maxClicks: 3,
      iosUrl: 'https://apps.apple.com/br/app/id1',
    });
    const first = await ownerView(link);
    expect(first.view).toMatchObject({
      alias: 'dono-opcoes',
      url: 'https://example.com/dono-opcoes',
      expiresAt,
      maxClicks: 3,
      clicksLeft: 3,
      protected: false,
      iosUrl: 'https://apps.apple.com/br/app/id1',
      androidUrl: null,
      totalClicks: 0,
    });

    expect((await visit('dono-opcoes')).statusCode).toBe(302);
    expect((await visit('dono-opcoes')).statusCode).toBe(302);
    expect((await ownerView(link)).view.clicksLeft).toBe(1);
    // Looking takes nothing.
    expect((await visit('dono-opcoes', { method: 'HEAD' })).statusCode).toBe(302);
    expect((await visit('dono-opcoes', { ua: CRAWLER_USER_AGENTS.whatsapp })).statusCode).toBe(200);
    expect((await ownerView(link)).view.clicksLeft).toBe(1);
    expect((await visit('dono-opcoes')).statusCode).toBe(302);
    expect((await visit('dono-opcoes')).statusCode).toBe(410);
    expect((await visit('dono-opcoes')).statusCode).toBe(410);

    await server.app.clicks.flush();
    const last = await ownerView(link);
    expect(last.view).toMatchObject({ maxClicks: 3, clicksLeft: 0, totalClicks: 3 });
    expect(Number((await linkRow('dono-opcoes')).clicks_left)).toBe(0);
  });

  it('says a link is protected without showing the password or its hash', async () => {
    const password = 'Visao-Do-Dono-55';
    const link = await createLink(server, { url: 'https://example.com/dono-senha', alias: 'dono-senha', password });
    const { view, body } = await ownerView(link);
    expect(view).toMatchObject({ protected: true, expiresAt: null, maxClicks: null, clicksLeft: null, iosUrl: null, androidUrl: null });
    expect(Object.keys(view).sort()).toEqual(
      ['alias', 'shortUrl', 'url', 'createdAt', 'totalClicks', 'daily', 'disabled', 'expiresAt', 'maxClicks', 'clicksLeft', 'protected', 'iosUrl', 'androidUrl'].sort(),
    );
    expect(body).not.toContain(password);
    expect(body).not.toContain('scrypt');
  });

  it('answers the plain fields for a link without options', async () => {
    const link = await createLink(server, { url: 'https://example.com/dono-simples' });
    expect((await ownerView(link)).view).toMatchObject({ disabled: false, expiresAt: null, maxClicks: null, clicksLeft: null, protected: false, iosUrl: null, androidUrl: null });
  });

  it('an expired link has no visits left: clicksLeft 0, as its visitors get 410', async () => {
    const start = now;
    const link = await createLink(server, { url: 'https://example.com/dono-expira', alias: 'dono-expira', expiresAt: iso(start + 10 * MINUTE), maxClicks: 5 });
    try {
      expect((await ownerView(link)).view).toMatchObject({ maxClicks: 5, clicksLeft: 5 });
      now = start + 10 * MINUTE;
      expect((await visit('dono-expira')).statusCode).toBe(410);
      expect((await ownerView(link)).view).toMatchObject({ maxClicks: 5, clicksLeft: 0 });
    } finally {
      now = start;
    }
  });
});

describe('GET /:alias: expiry (injected clock)', () => {
  it('redirects until the expiry instant, then answers 410 to everyone, without the target', async () => {
    const start = now;
    const expiresAt = start + 10 * MINUTE;
    await createLink(server, { url: 'https://example.com/alvo-que-expira', alias: 'expira-logo', expiresAt: iso(expiresAt) });
    try {
      expect((await visit('expira-logo')).statusCode).toBe(302);
      now = expiresAt - 1;
      const last = await visit('expira-logo');
      expect(last.statusCode).toBe(302);
      expect(last.headers.location).toBe('https://example.com/alvo-que-expira');

      now = expiresAt;
      for (const [name, ua, method] of [
        ['browser', BROWSER, 'GET'],
        ['iPhone', BROWSER_USER_AGENTS.safariIphone, 'GET'],
        ['whatsapp', CRAWLER_USER_AGENTS.whatsapp, 'GET'],
        ['facebook', CRAWLER_USER_AGENTS.facebook, 'GET'],
        ['HEAD', BROWSER, 'HEAD'],
      ] as const) {
        const res = await visit('expira-logo', { ua, method });
        expect(res.statusCode, name).toBe(410);
        expect(res.headers.location, name).toBeUndefined();
        expect(res.headers['cache-control'], name).toBe('private, no-store');
        if (method === 'GET') {
          expect(res.headers['content-type']).toContain('text/html');
          expect(res.body, name).toContain(TEXTS.expired);
        }
        expectNothingOf(res, ['alvo-que-expira']);
      }
      now = expiresAt + 365 * DAY;
      expect((await visit('expira-logo')).statusCode).toBe(410);
      // The two redirects were counted; nothing after.
      expect(await clicksOf('expira-logo')).toBe(2);
    } finally {
      now = start;
    }
  });

  it('expires a protected link too: 410 instead of the password page, and the right password opens nothing', async () => {
    const start = now;
    const expiresAt = start + 5 * MINUTE;
    await createLink(server, { url: 'https://example.com/alvo-pe-secreto', alias: 'protegido-expira', expiresAt: iso(expiresAt), password: 'senha-certa' });
    try {
      expect((await visit('protegido-expira')).statusCode).toBe(200);
      expect((await submitPassword('protegido-expira', 'senha-certa')).statusCode).toBe(302);
      now = expiresAt;
      const page = await visit('protegido-expira');
      expect(page.statusCode).toBe(410);
      expect(page.body).toContain(TEXTS.expired);
      expect(page.body).not.toContain(TEXTS.protectedTitle);
      const posted = await submitPassword('protegido-expira', 'senha-certa');
      expect(posted.statusCode).toBe(410);
      expect(posted.body).toContain(TEXTS.expired);
      expectNothingOf(posted, ['alvo-pe-secreto']);
      const crawler = await visit('protegido-expira', { ua: CRAWLER_USER_AGENTS.whatsapp });
      expect(crawler.statusCode).toBe(410);
    } finally {
      now = start;
    }
  });
});

describe('GET /:alias: click limit', () => {
  it('sends on exactly maxClicks GET visits; HEAD and crawlers take none; then 410 for everyone', async () => {
    await createLink(server, { url: 'https://example.com/alvo-limitado', alias: 'limitado-2', maxClicks: 2 });
    for (let i = 0; i < 5; i++) {
      const head = await visit('limitado-2', { method: 'HEAD' });
      expect(head.statusCode).toBe(302);
      expect(head.headers.location).toBe('https://example.com/alvo-limitado');
    }
    for (const ua of [CRAWLER_USER_AGENTS.whatsapp, CRAWLER_USER_AGENTS.facebook, CRAWLER_USER_AGENTS.curl]) {
      expect((await visit('limitado-2', { ua })).statusCode).toBe(200);
    }
    expect(Number((await linkRow('limitado-2')).clicks_left)).toBe(2);

    expect((await visit('limitado-2')).headers.location).toBe('https://example.com/alvo-limitado');
    expect((await visit('limitado-2', { ua: BROWSER_USER_AGENTS.safariIphone })).statusCode).toBe(302);
    for (const [ua, method] of [[BROWSER, 'GET'], [BROWSER, 'HEAD'], [CRAWLER_USER_AGENTS.whatsapp, 'GET']] as const) {
      const res = await visit('limitado-2', { ua, method });
      expect(res.statusCode).toBe(410);
      if (method === 'GET') expect(res.body).toContain(TEXTS.expired);
      expectNothingOf(res, ['alvo-limitado']);
    }
    expect(Number((await linkRow('limitado-2')).clicks_left)).toBe(0);
    expect(await clicksOf('limitado-2')).toBe(2);
  });

  it('60 concurrent GETs over real HTTP at a link limited to 25: exactly 25 × 302 and 35 × 410', async () => {
    await createLink(server, { url: 'https://example.com/corrida-limitada', alias: 'corrida-25', maxClicks: 25 });
    const responses = await Promise.all(
      Array.from({ length: 60 }, () => fetch(`${server.url}/corrida-25`, { redirect: 'manual', headers: { 'user-agent': BROWSER } })),
    );
    const statuses = responses.map((r) => r.status);
    await Promise.all(responses.map((r) => r.arrayBuffer()));
    expect(statuses.filter((s) => s === 302)).toHaveLength(25);
    expect(statuses.filter((s) => s === 410)).toHaveLength(35);
    for (const r of responses) if (r.status === 302) expect(r.headers.get('location')).toBe('https://example.com/corrida-limitada');
    expect(Number((await linkRow('corrida-25')).clicks_left)).toBe(0);
    expect(await clicksOf('corrida-25')).toBe(25);
  });

  it('leaves plain links alone: no counter, unlimited redirects', async () => {
    await createLink(server, { url: 'https://example.com/sem-limite', alias: 'sem-limite' });
    const responses = await Promise.all(
      Array.from({ length: 40 }, () => fetch(`${server.url}/sem-limite`, { redirect: 'manual', headers: { 'user-agent': BROWSER } })),
    );
    expect(responses.every((r) => r.status === 302)).toBe(true);
    const row = await linkRow('sem-limite');
    expect(row.clicks_left).toBeNull();
    expect(row.max_clicks).toBeNull();
    expect(await clicksOf('sem-limite')).toBe(40);
  });
});

describe('GET and POST /:alias: password', () => {
  const TARGET = 'https://example.com/alvo-protegido-xyz';
  const PASSWORD = 'abacaxi-azul';

  beforeAll(async () => {
    await createLink(server, { url: TARGET, alias: 'protegido', password: PASSWORD });
  });

  it('GET: a 200 page asking for the password, with a form, and nothing of the target', async () => {
    for (const path of ['protegido', 'PROTEGIDO']) {
      const res = await visit(path);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers.location).toBeUndefined();
      expect(res.body).toContain(TEXTS.protectedTitle);
      expect(res.body).toMatch(/<form method="post"/);
      expect(res.body).toMatch(/<input [^>]*type="password"[^>]*name="password"/);
      // Room for the longest password (128 emoji are 256 UTF-16 units), and a body under the form's 2 KB.
      expect(res.body).toMatch(/<input [^>]*type="password"[^>]*maxLength="256"|<input [^>]*maxLength="256"[^>]*type="password"/i);
      expect(res.body).not.toContain(TEXTS.wrongPassword);
      expectNothingOf(res, ['alvo-protegido-xyz', PASSWORD]);
    }
    // HEAD gets the same answer, without a body.
    const head = await visit('protegido', { method: 'HEAD' });
    expect(head.statusCode).toBe(200);
    expect(head.headers.location).toBeUndefined();
  });

  it('wrong (or missing) password: 401 page with "Senha incorreta.", nothing of the target', async () => {
    for (const attempt of ['abacaxi-verde', 'ABACAXI-AZUL', 'abacaxi-azul ', '', undefined]) {
      const res = await submitPassword('protegido', attempt, { ip: '198.51.100.21' });
      expect(res.statusCode, String(attempt)).toBe(401);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers.location).toBeUndefined();
      expect(res.body).toContain(TEXTS.protectedTitle);
      expect(res.body).toContain(TEXTS.wrongPassword);
      expectNothingOf(res, ['alvo-protegido-xyz']);
    }
  });

  it('right password: 302 to the target, counted as one click (the page and wrong attempts are not)', async () => {
    await createLink(server, { url: 'https://example.com/conta-senha', alias: 'conta-senha', password: PASSWORD });
    await visit('conta-senha');
    await submitPassword('conta-senha', 'errada-1', { ip: '198.51.100.22' });
    const res = await submitPassword('conta-senha', PASSWORD, { ip: '198.51.100.22' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://example.com/conta-senha');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(await clicksOf('conta-senha')).toBe(1);
    expect((await submitPassword('conta-senha', PASSWORD, { ip: '198.51.100.22' })).statusCode).toBe(302);
    expect(await clicksOf('conta-senha')).toBe(2);
  });

  it('compares the password as typed, in either Unicode normal form', async () => {
    await createLink(server, { url: 'https://example.com/acento', alias: 'senha-acento', password: 'café-com-pão' });
    const decomposed = 'cafe\u0301-com-pa\u0303o';
    expect((await submitPassword('senha-acento', decomposed, { ip: '198.51.100.23' })).statusCode).toBe(302);
    expect((await submitPassword('senha-acento', 'cafe-com-pao', { ip: '198.51.100.23' })).statusCode).toBe(401);
  });

  it('takes any password the API accepts through the form: spaces, and the longest (128 emoji)', async () => {
    const longest = '🔑'.repeat(128);
    await createLink(server, { url: 'https://example.com/senha-longa', alias: 'senha-longa', password: longest });
    expect((await submitPassword('senha-longa', longest, { ip: '198.51.100.29' })).statusCode).toBe(302);
    expect((await submitPassword('senha-longa', '🔑'.repeat(127), { ip: '198.51.100.29' })).statusCode).toBe(401);
    // A browser sends spaces as '+'.
    await createLink(server, { url: 'https://example.com/senha-espaco', alias: 'senha-espaco', password: 'minha senha + secreta' });
    expect(new URLSearchParams({ password: 'minha senha + secreta' }).toString()).toBe('password=minha+senha+%2B+secreta');
    expect((await submitPassword('senha-espaco', 'minha senha + secreta', { ip: '198.51.100.29' })).statusCode).toBe(302);
    expect((await submitPassword('senha-espaco', 'minha+senha+++secreta', { ip: '198.51.100.29' })).statusCode).toBe(401);
  });

  it('with a click limit: the page takes no visit, the right password takes one; then 410', async () => {
    const link = await createLink(server, { url: 'https://example.com/senha-e-limite', alias: 'senha-limite', password: PASSWORD, maxClicks: 1 });
    expect((await visit('senha-limite')).statusCode).toBe(200);
    expect((await visit('senha-limite', { ua: CRAWLER_USER_AGENTS.whatsapp })).statusCode).toBe(200);
    expect((await submitPassword('senha-limite', 'errada', { ip: '198.51.100.24' })).statusCode).toBe(401);
    expect((await ownerView(link)).view.clicksLeft).toBe(1);
    const ok = await submitPassword('senha-limite', PASSWORD, { ip: '198.51.100.24' });
    expect(ok.statusCode).toBe(302);
    expect(ok.headers.location).toBe('https://example.com/senha-e-limite');
    expect((await ownerView(link)).view.clicksLeft).toBe(0);
    const again = await submitPassword('senha-limite', PASSWORD, { ip: '198.51.100.25' });
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain(TEXTS.expired);
    expectNothingOf(again, ['senha-e-limite']);
    // A wrong password gets the same 410, not 401: the answer does not tell whether a guess was right.
    const wrong = await submitPassword('senha-limite', 'errada', { ip: '198.51.100.25' });
    expect(wrong.statusCode).toBe(410);
    expect(wrong.body).toContain(TEXTS.expired);
    expect((await visit('senha-limite')).statusCode).toBe(410);
    expect(await clicksOf('senha-limite')).toBe(1);
  });

  it('concurrent right passwords from 10 clients at a link limited to 4: exactly 4 × 302', async () => {
    await createLink(server, { url: 'https://example.com/senha-corrida', alias: 'senha-corrida', password: PASSWORD, maxClicks: 4 });
    const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => submitPassword('senha-corrida', PASSWORD, { ip: `203.0.113.${100 + i}` })));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 302)).toHaveLength(4);
    expect(statuses.filter((s) => s === 410)).toHaveLength(6);
    expect(await clicksOf('senha-corrida')).toBe(4);
  });

  it('with app targets: the right password sends an iPhone to iosUrl', async () => {
    await createLink(server, {
      url: 'https://example.com/senha-web',
      alias: 'senha-app',
      password: PASSWORD,
      iosUrl: 'https://apps.apple.com/br/app/id77',
      androidUrl: 'https://play.google.com/store/apps/details?id=senha',
    });
    const page = await visit('senha-app', { ua: BROWSER_USER_AGENTS.safariIphone });
    expect(page.statusCode).toBe(200);
    expectNothingOf(page, ['senha-web', 'id77', 'id=senha']);
    const ios = await submitPassword('senha-app', PASSWORD, { ip: '198.51.100.26', ua: BROWSER_USER_AGENTS.safariIphone });
    expect(ios.headers.location).toBe('https://apps.apple.com/br/app/id77');
    const android = await submitPassword('senha-app', PASSWORD, { ip: '198.51.100.26', ua: BROWSER_USER_AGENTS.chromeAndroid });
    expect(android.headers.location).toBe('https://play.google.com/store/apps/details?id=senha');
    const desktop = await submitPassword('senha-app', PASSWORD, { ip: '198.51.100.26' });
    expect(desktop.headers.location).toBe('https://example.com/senha-web');
  });

  it('POST to a link without a password: 303 to the link itself (and no visit taken)', async () => {
    await createLink(server, { url: 'https://example.com/aberto', alias: 'sem-senha' });
    const plain = await submitPassword('sem-senha', 'qualquer', { ip: '198.51.100.27' });
    expect(plain.statusCode).toBe(303);
    expect(plain.headers.location).toBe('/sem-senha');
    const upper = await submitPassword('SEM-SENHA', 'qualquer', { ip: '198.51.100.27' });
    expect(upper.statusCode).toBe(303);
    expect(upper.headers.location).toBe('/sem-senha');

    await createLink(server, { url: 'https://example.com/aberto-limitado', alias: 'sem-senha-limite', maxClicks: 2 });
    expect((await submitPassword('sem-senha-limite', 'qualquer', { ip: '198.51.100.27' })).statusCode).toBe(303);
    expect(Number((await linkRow('sem-senha-limite')).clicks_left)).toBe(2);
  });

  it('POST to an unknown alias: 404', async () => {
    expect((await submitPassword('nao-existe-senha', 'qualquer', { ip: '198.51.100.28' })).statusCode).toBe(404);
  });
});

describe('POST /:alias: attempts limited per client and link', () => {
  const PASSWORD = 'senha-da-forca';

  it('runs here with the general rate limits off (RATE_LIMIT_DISABLED=true): the limit below is its own', () => {
    expect(server.config.rateLimits.enabled).toBe(false);
  });

  it('10 attempts a minute, then 429 with Retry-After even for the right password', async () => {
    await createLink(server, { url: 'https://example.com/forca-alvo', alias: 'forca-bruta', password: PASSWORD });
    const attacker = '203.0.113.10';
    for (let i = 0; i < 10; i++) {
      expect((await submitPassword('forca-bruta', `chute-${i}`, { ip: attacker })).statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const limited = await submitPassword('forca-bruta', PASSWORD, { ip: attacker });
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers['content-type']).toContain('text/html');
    expect(limited.headers.location).toBeUndefined();
    expect(limited.body).toContain(TEXTS.protectedTitle);
    expect(limited.body).toContain(TEXTS.tooManyAttempts);
    expectNothingOf(limited, ['forca-alvo']);
    // The alias in another case or with a trailing slash is the same link.
    expect((await submitPassword('FORCA-BRUTA', PASSWORD, { ip: attacker })).statusCode).toBe(429);
    expect((await submitPassword('forca-bruta/', PASSWORD, { ip: attacker })).statusCode).toBe(429);
    // Nothing was let through.
    expect(await clicksOf('forca-bruta')).toBe(0);

    // Another client at this link, and this client at another link, are not affected.
    const other = await submitPassword('forca-bruta', PASSWORD, { ip: '198.51.100.77' });
    expect(other.statusCode).toBe(302);
    expect(other.headers.location).toBe('https://example.com/forca-alvo');
    await createLink(server, { url: 'https://example.com/forca-outro', alias: 'forca-outro', password: PASSWORD });
    expect((await submitPassword('forca-outro', PASSWORD, { ip: attacker })).statusCode).toBe(302);
    // The GET page is not an attempt, and still answers.
    expect((await server.app.server.inject({ method: 'GET', url: '/forca-bruta', headers: { 'user-agent': BROWSER, 'x-forwarded-for': attacker } })).statusCode).toBe(200);
  });

  it('counts right attempts too', async () => {
    await createLink(server, { url: 'https://example.com/forca-certa', alias: 'forca-certa', password: PASSWORD });
    for (let i = 0; i < 10; i++) expect((await submitPassword('forca-certa', PASSWORD, { ip: '203.0.113.11' })).statusCode).toBe(302);
    expect((await submitPassword('forca-certa', PASSWORD, { ip: '203.0.113.11' })).statusCode).toBe(429);
    expect(await clicksOf('forca-certa')).toBe(10);
  });

  it('20 attempts a minute at a link from everyone together; past that, one per network (IPv4 /24, IPv6 /48): many /64s or many networks do not each get 10', async () => {
    await createLink(server, { url: 'https://example.com/forca-rede', alias: 'forca-rede', password: PASSWORD });
    const statuses = async (addresses: string[], tries: number) => {
      const seen: number[] = [];
      for (const ip of addresses) for (let i = 0; i < tries; i++) seen.push((await submitPassword('forca-rede', `chute-${i}`, { ip })).statusCode);
      return seen;
    };
    // Four /64s of 2001:db8:5::/48, 10 each: 20 attempts are checked, then the network's next ones are refused.
    const v6 = await statuses(['2001:db8:5:1::1', '2001:db8:5:2::1', '2001:db8:5:3::1', '2001:db8:5:ffff::1'], 10);
    expect(v6).toEqual([...Array.from({ length: 20 }, () => 401), ...Array.from({ length: 20 }, () => 429)]);
    // 30 more networks (an attacker's /24s), 3 tries each: each network's first attempt is checked, no more.
    const networks = Array.from({ length: 30 }, (_, i) => `100.${64 + i}.7.1`);
    const rotating = await statuses(networks, 3);
    expect(rotating.filter((status) => status === 401)).toHaveLength(30);
    expect(rotating.filter((status) => status === 429)).toHaveLength(60);
    // A real visitor from another network, right password, first attempt: let in, as on any day.
    const visitor = await submitPassword('forca-rede', PASSWORD, { ip: '2001:db8:6:1::1' });
    expect(visitor.statusCode).toBe(302);
    expect((await submitPassword('forca-rede', PASSWORD, { ip: '198.51.101.1' })).statusCode).toBe(302);
  });

  it('30 attempts a minute per client at any links: one address with many protected links of its own gets no more', async () => {
    const aliases = ['forca-varias-1', 'forca-varias-2', 'forca-varias-3', 'forca-varias-4'];
    for (const alias of aliases) await createLink(server, { url: `https://example.com/${alias}`, alias, password: PASSWORD });
    const seen: number[] = [];
    for (const alias of aliases) for (let i = 0; i < 10; i++) seen.push((await submitPassword(alias, `chute-${i}`, { ip: '100.100.1.1' })).statusCode);
    expect(seen).toEqual([...Array.from({ length: 30 }, () => 401), ...Array.from({ length: 10 }, () => 429)]);
    // Another client is not affected.
    expect((await submitPassword('forca-varias-4', PASSWORD, { ip: '100.101.1.1' })).statusCode).toBe(302);
  });

  it('too many checks waiting at once (a flood from many networks): the rest get 503 with Retry-After at once, not a long wait', async () => {
    // A server hashing at the real cost: checks of ~0.15 s each queue behind one another, where
    // this file's fast ones (test-server.ts) could all be done before the flood has arrived.
    const slow = await startTestServer({ clock: () => now, env: { TRUST_PROXY: 'true' }, passwordCosts: {} });
    try {
      await createLink(slow, { url: 'https://example.com/forca-fila', alias: 'forca-fila', password: PASSWORD });
      await createLink(slow, { url: 'https://example.com/forca-fila-2', alias: 'forca-fila-2', password: PASSWORD });
      expect((await linkRow('forca-fila', slow)).password_hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
      // 60 first attempts from 60 networks, at once: each is admitted by the limits, and the slow checks queue.
      const responses = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          submitPassword(i % 2 === 0 ? 'forca-fila' : 'forca-fila-2', `chute-${i}`, { ip: `100.${(i >> 4) + 110}.${i & 15}.1`, at: slow }),
        ),
      );
      const busy = responses.filter((r) => r.statusCode === 503);
      expect(busy.length).toBeGreaterThan(0);
      expect(responses.filter((r) => r.statusCode === 401).length + busy.length).toBe(60);
      for (const res of busy) {
        expect(res.headers['retry-after']).toBe('5');
        expect(res.body).not.toContain('forca-fila');
      }
      // Once the queue drains, the right password works.
      expect((await submitPassword('forca-fila', PASSWORD, { ip: '100.120.1.1', at: slow })).statusCode).toBe(302);
    } finally {
      await slow.close();
    }
  });

  it('holds under 25 concurrent attempts from one client: exactly 10 are checked', async () => {
    await createLink(server, { url: 'https://example.com/forca-paralela', alias: 'forca-paralela', password: PASSWORD });
    const responses = await Promise.all(Array.from({ length: 25 }, (_, i) => submitPassword('forca-paralela', `chute-${i}`, { ip: '203.0.113.12' })));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });
});

describe('GET /:alias: crawlers', () => {
  const TARGET = 'https://example.com/alvo-previa-secreta';

  it("give a protected link's preview: 200, 'Link protegido por senha', nothing of the target", async () => {
    await createLink(server, {
      url: TARGET,
      alias: 'previa-protegida',
      password: 'senha-previa',
      iosUrl: 'https://apps.apple.com/br/app/id-previa',
      androidUrl: 'https://play.google.com/store/apps/details?id=previa',
    });
    for (const [name, ua] of Object.entries(CRAWLER_USER_AGENTS)) {
      const res = await visit('previa-protegida', { ua });
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body, name).toContain(`<meta property="og:description" content="${TEXTS.protectedPreview}">`);
      expect(res.body).toContain(`<meta property="og:title" content="${server.config.site.siteName}">`);
      expect(res.body).toContain(`<meta property="og:url" content="${server.url}/previa-protegida">`);
      expectNothingOf(res, ['alvo-previa-secreta', 'id-previa', 'id=previa', 'senha-previa']);
    }
    expect(await clicksOf('previa-protegida')).toBe(0);
  });

  it("give a limited link's plain preview while visits are left, and take none", async () => {
    await createLink(server, { url: 'https://example.com/previa-limitada', alias: 'previa-limitada', maxClicks: 1 });
    for (let i = 0; i < 3; i++) {
      const res = await visit('previa-limitada', { ua: CRAWLER_USER_AGENTS.whatsapp });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Acesse o link: https://example.com/previa-limitada');
    }
    expect((await visit('previa-limitada')).statusCode).toBe(302);
    expect((await visit('previa-limitada', { ua: CRAWLER_USER_AGENTS.whatsapp })).statusCode).toBe(410);
  });
});

describe('GET /:alias: app targets by user agent', () => {
  const WEB = 'https://example.com/pagina-web';
  const IOS = 'https://apps.apple.com/br/app/encurta/id123456';
  const ANDROID = 'https://play.google.com/store/apps/details?id=br.encurta.app';
  const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

  beforeAll(async () => {
    await createLink(server, { url: WEB, alias: 'app-alvos', iosUrl: IOS, androidUrl: ANDROID });
    await createLink(server, { url: WEB, alias: 'so-ios', iosUrl: IOS });
  });

  it.each([
    ['iPhone Safari', BROWSER_USER_AGENTS.safariIphone, IOS],
    ['iPad', IPAD, IOS],
    ['Chrome on Android', BROWSER_USER_AGENTS.chromeAndroid, ANDROID],
    ['Samsung Internet', BROWSER_USER_AGENTS.samsungInternet, ANDROID],
    ['Chrome on Windows', BROWSER_USER_AGENTS.chromeWindows, WEB],
    ['Firefox on Linux', BROWSER_USER_AGENTS.firefoxLinux, WEB],
    ['Edge on Windows', BROWSER_USER_AGENTS.edgeWindows, WEB],
  ])('%s → its target', async (_name, ua, expected) => {
    const res = await visit('app-alvos', { ua });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(expected);
  });

  it('a system without its own target goes to the URL; every redirect is counted', async () => {
    expect((await visit('so-ios', { ua: BROWSER_USER_AGENTS.chromeAndroid })).headers.location).toBe(WEB);
    expect((await visit('so-ios', { ua: BROWSER_USER_AGENTS.safariIphone })).headers.location).toBe(IOS);
    expect((await visit('so-ios')).headers.location).toBe(WEB);
    expect(await clicksOf('so-ios')).toBe(3);
  });

  it('HEAD is sent to the same target', async () => {
    const res = await visit('app-alvos', { ua: BROWSER_USER_AGENTS.safariIphone, method: 'HEAD' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(IOS);
  });
});

describe('options hold across instances and link lifetimes', () => {
  const others: App[] = [];
  afterAll(async () => {
    for (const app of others) await app.server.close();
  });

  it('a restarted instance (its cache warmed from the store, or read on a miss) still applies every option', async () => {
    const start = now;
    await createLink(server, { url: 'https://example.com/reinicio-limite', alias: 'reinicio-limite', maxClicks: 3 });
    await createLink(server, { url: 'https://example.com/reinicio-senha', alias: 'reinicio-senha', password: 'senha-reinicio' });
    await createLink(server, { url: 'https://example.com/reinicio-expira', alias: 'reinicio-expira', expiresAt: iso(start + 2 * MINUTE) });
    await createLink(server, { url: 'https://example.com/reinicio-app', alias: 'reinicio-app', iosUrl: 'https://apps.apple.com/br/app/id5' });
    expect((await visit('reinicio-limite')).statusCode).toBe(302);

    for (const warm of [true, false]) {
      const app = await buildApp({ config: { ...server.config, linkCache: { ...server.config.linkCache, warm } }, store: server.store, clock: () => now });
      others.push(app);
      await app.server.ready();
      if (warm) expect(await app.linkCacheWarmed()).toBeDefined();
      const get = (alias: string, ua: string = BROWSER) => app.server.inject({ method: 'GET', url: `/${alias}`, headers: { 'user-agent': ua } });

      // One visit on the first instance, one here: the counter is the store's.
      expect((await get('reinicio-limite')).statusCode, `warm=${warm}`).toBe(302);
      const page = await get('reinicio-senha');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(TEXTS.protectedTitle);
      expectNothingOf(page, ['reinicio-senha']);
      expect((await get('reinicio-app', BROWSER_USER_AGENTS.safariIphone)).headers.location).toBe('https://apps.apple.com/br/app/id5');
      expect((await get('reinicio-expira')).statusCode).toBe(302);
    }
    // 1 + 2 visits taken of 3.
    expect(Number((await linkRow('reinicio-limite')).clicks_left)).toBe(0);
    const last = others.at(-1) as App;
    expect((await last.server.inject({ method: 'GET', url: '/reinicio-limite', headers: { 'user-agent': BROWSER } })).statusCode).toBe(410);
    try {
      now = start + 2 * MINUTE;
      expect((await last.server.inject({ method: 'GET', url: '/reinicio-expira', headers: { 'user-agent': BROWSER } })).statusCode).toBe(410);
    } finally {
      now = start;
    }
  });

  it("a deleted link's options go with it, and its alias is never made again (so no cached option can reach another link)", async () => {
    const old = await createLink(server, { url: 'https://example.com/antigo', alias: 'refeito', password: 'senha-antiga', maxClicks: 1 });
    expect((await visit('refeito')).statusCode).toBe(200);
    expect((await submitPassword('refeito', 'senha-antiga', { ip: '198.51.100.60' })).statusCode).toBe(302);
    expect((await visit('refeito')).statusCode).toBe(410);
    const deleted = await server.app.server.inject({ method: 'DELETE', url: '/api/links/refeito', headers: { authorization: `Bearer ${old.manageToken}` } });
    expect(deleted.statusCode).toBe(204);

    expect((await visit('refeito')).statusCode).toBe(404);
    expect((await submitPassword('refeito', 'senha-antiga', { ip: '198.51.100.60' })).statusCode).toBe(404);
    const again = await server.app.server.inject({ method: 'POST', url: '/api/links', payload: { url: 'https://example.com/novo', alias: 'refeito' } });
    expect(again.statusCode).toBe(409);
    expect((await visit('refeito')).statusCode).toBe(404);
  });
});

describe('logs never hold a password', () => {
  let logged: TestServer;
  const lines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    // The app's own logger options (client addresses masked, tokens redacted), at the most verbose level.
    logged = await startTestServer({ logger: loggerOptions('trace', stream), env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await logged.close();
  });

  it('at creation, on right and wrong attempts, past the attempt limit, and in failed requests', async () => {
    const secrets = {
      created: 'Senha-Na-Criacao-71',
      refused: `Senha-Longa-Demais-${'z'.repeat(120)}`,
      wrong: 'Senha-Errada-Tentada-42',
      duringFailure: 'Senha-Durante-Falha-93',
    };
    const inject = logged.app.server.inject.bind(logged.app.server);
    const form = (password: string, ip = '203.0.113.50') => ({
      method: 'POST' as const,
      url: '/senha-no-log',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': BROWSER, 'x-forwarded-for': ip },
      payload: new URLSearchParams({ password }).toString(),
    });

    const created = await inject({ method: 'POST', url: '/api/links', payload: { url: 'https://example.com/log', alias: 'senha-no-log', password: secrets.created, maxClicks: 100 } });
    expect(created.statusCode).toBe(201);
    expect((await inject({ method: 'POST', url: '/api/links', payload: { url: 'https://example.com/log', password: secrets.refused } })).statusCode).toBe(400);
    expect((await inject({ method: 'GET', url: '/senha-no-log', headers: { 'user-agent': BROWSER } })).statusCode).toBe(200);
    expect((await inject(form(secrets.wrong))).statusCode).toBe(401);
    expect((await inject(form(secrets.created))).statusCode).toBe(302);
    await Promise.all(Array.from({ length: 9 }, () => inject(form(secrets.wrong, '203.0.113.51'))));
    expect((await inject(form(secrets.wrong, '203.0.113.51'))).statusCode).toBe(401);
    expect((await inject(form(secrets.created, '203.0.113.51'))).statusCode).toBe(429);
    const hash = (await logged.store.db.selectFrom('links').select('password_hash').where('alias', '=', 'senha-no-log').executeTakeFirstOrThrow()).password_hash ?? '';

    // Requests that fail while a password is in them: the store loses its links table.
    await sql`alter table links rename to links_away`.execute(logged.store.db);
    try {
      const failedCreate = await inject({ method: 'POST', url: '/api/links', payload: { url: 'https://example.com/falha', password: secrets.duringFailure } });
      expect(failedCreate.statusCode).toBeGreaterThanOrEqual(500);
      // The right password, on a limited link: taking the visit fails.
      const failedVisit = await inject(form(secrets.created, '203.0.113.52'));
      expect(failedVisit.statusCode).toBe(503);
    } finally {
      await sql`alter table links_away rename to links`.execute(logged.store.db);
    }

    // Something was logged (the failures), so the check below looks at real lines.
    const errors = lines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
    expect(errors.length).toBeGreaterThan(0);
    for (const line of lines) {
      for (const secret of Object.values(secrets)) expect(line).not.toContain(secret.slice(0, 16));
      expect(line).not.toContain(hash);
    }
  }, 60_000);
});
