// The operator's console on the server, on both dialects, through real HTTP: operators made with
// the terminal tool; sign-in (right, wrong, limited per address and per e-mail, logged without
// the password, a new session id); sessions that end ADMIN_SESSION_HOURS after sign-in (moved
// clock) or at sign-out; CSRF refused in every shape; each action changing what visitors get,
// with its audit row, from the console and from the terminal; every console route closed
// without a session; the Secure cookie over https.
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliActor, runAdmin } from '../../src/server/admin-cli.js';
import { domainLiveLinksUpTo } from '../../src/server/admin/admin-queries.js';
import { loggerOptions } from '../../src/server/ops/log-options.js';
import type { ScryptCost } from '../../src/server/password-hash.js';
import { errorMessages } from '../../src/shared/messages.js';
import { ADMIN_API_ROUTES, adminApiPath, type AdminAuditPage, type AdminBlockImpact, type AdminBlocklistPage, type AdminLinkPage, type AdminReportQueue, CSRF_HEADER } from '../../src/shared/admin-api.js';
import { type ConsoleSession, signInToConsole } from '../helpers/console-session.js';
import { BROWSER } from '../helpers/fixtures.js';
import { FAST_SCRYPT, startTestServer, testDialect, type TestServer } from '../helpers/test-server.js';

const EMAIL = 'opera@example.com';
const PASSWORD = 'senha-longa-da-operadora';
const HOUR = 3_600_000;

let now = Date.parse('2026-11-20T15:00:00.000Z');
let server: TestServer;
const logLines: string[] = [];

/**
 * The terminal tool on this file's store. Operators it adds get the test servers' fast hash
 * (test-server.ts) unless `cost` is 'real': the tool's own, as `npm run admin` stores it.
 */
const admin = (args: string[], password?: string, cost: ScryptCost | 'real' = FAST_SCRYPT) =>
  runAdmin(args, server.store, {
    timeZone: 'America/Sao_Paulo',
    clock: () => now,
    actor: cliActor('maria'),
    readPassword: async () => password ?? '',
    ...(cost === 'real' ? {} : { operatorPasswordCost: cost }),
  });

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  server = await startTestServer({ clock: () => now, env: { TRUST_PROXY: 'true', LOG_LEVEL: 'info' }, logger: loggerOptions('info', stream) });
  // This one at the real cost: the first test checks what the tool stores, and her sign-ins check it.
  expect((await admin(['operators', 'add', EMAIL, '--password-stdin'], PASSWORD, 'real')).code).toBe(0);
}, 60_000);
afterAll(async () => {
  await server.close();
});

/** A sign-in attempt from a client address (X-Forwarded-For: TRUST_PROXY is on), at this file's server unless `at` is another. */
function attempt(email: string, password: string, address = '198.51.100.7', extra: Record<string, string> = {}, at: TestServer = server) {
  return fetch(`${at.url}${ADMIN_API_ROUTES.signIn.url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: at.url, 'x-forwarded-for': address, ...extra },
    body: JSON.stringify({ email, password }),
  });
}

let operators = 0;
/**
 * A fresh operator, signed in from an address of its own: the sign-in limits (10 a minute per
 * e-mail and per address, real time) would otherwise refuse this file's many sign-ins.
 */
async function newSession(): Promise<ConsoleSession & { email: string }> {
  operators++;
  const email = `op-${operators}@example.com`;
  expect((await admin(['operators', 'add', email, '--password-stdin'], PASSWORD)).code).toBe(0);
  return { email, ...(await signInToConsole(server.url, email, PASSWORD, { 'x-forwarded-for': `10.20.${operators}.1` })) };
}

async function errorCode(response: Response): Promise<string> {
  return ((await response.json()) as { error: { code: string } }).error.code;
}

/** Unblocking names the domain in the query: a domain may be 253 characters, past the router's 100 for a path parameter. */
const unblockPath = (domain: string) => `${ADMIN_API_ROUTES.unblockDomain.url}?${new URLSearchParams({ domain }).toString()}`;

/** A domain of exactly `length` characters under .example, in labels of at most 63. */
function domainOfLength(length: number): string {
  const labels: string[] = [];
  let left = length - '.example'.length;
  let letter = 0;
  while (left > 0) {
    const size = Math.min(63, left - (labels.length === 0 ? 0 : 1));
    labels.push(String.fromCharCode(97 + (letter++ % 26)).repeat(size));
    left -= size + (labels.length === 1 ? 0 : 1);
  }
  return `${labels.join('.')}.example`;
}

async function visit(alias: string): Promise<number> {
  return (await fetch(`${server.url}/${alias}`, { redirect: 'manual', headers: { 'user-agent': BROWSER } })).status;
}

async function createLink(alias: string, url: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}/api/links`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ alias, url }) });
}

/** A new link, reported once (its creator and its reporter each from an address of `network`): its group's targets in the queue. */
async function reportedTargets(session: ConsoleSession, alias: string, url: string, reason: string, network: string): Promise<AdminReportQueue['groups'][number]['targets']> {
  expect((await createLink(alias, url, { 'x-forwarded-for': `${network}.0.1` })).status).toBe(201);
  const reported = await fetch(`${server.url}/api/reports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `${network}.1.1` },
    body: JSON.stringify({ alias, reason }),
  });
  expect(reported.status).toBe(201);
  const queue = (await (await session.call('GET', ADMIN_API_ROUTES.reports.url)).json()) as AdminReportQueue;
  return queue.groups.find((group) => group.alias === alias)?.targets;
}

async function auditEntries(session: ConsoleSession): Promise<AdminAuditPage['entries']> {
  return ((await (await session.call('GET', ADMIN_API_ROUTES.audit.url)).json()) as AdminAuditPage).entries;
}

describe(`the operator's console on the server (${testDialect})`, () => {
  it('operators: added with the password from standard input (stored as scrypt), listed, refused when malformed', async () => {
    const row = await server.store.db.selectFrom('operators').selectAll().where('email', '=', EMAIL).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$65536\$8\$2\$/);
    expect(row.password_hash).not.toContain(PASSWORD);
    expect(await admin(['operators', 'add', 'OPERA@example.com', '--password-stdin'], 'outra-senha-qualquer')).toEqual({
      code: 0,
      output: `Nada a fazer: ${EMAIL} já é operador (a senha não foi alterada).`,
    });
    expect(await admin(['operators', 'add', 'curta@example.com', '--password-stdin'], 'curta')).toMatchObject({ code: 1, output: expect.stringMatching(/^Senha inválida: use de 12 a 256/) });
    expect(await admin(['operators', 'add', 'sem-stdin@example.com'])).toMatchObject({ code: 1, output: expect.stringContaining('--password-stdin') });
    expect(await admin(['operators', 'add', 'nao-e-email', '--password-stdin'], PASSWORD)).toMatchObject({ code: 1, output: expect.stringContaining('E-mail inválido') });
    const listed = await admin(['operators', 'list', '--json']);
    expect(JSON.parse(listed.output)).toEqual([{ email: EMAIL, createdAt: new Date(now).toISOString(), sessions: 0 }]);
  });

  it('sign-in: the right password opens a session (HttpOnly, SameSite=Strict, 12 h), a wrong one or an unknown e-mail gets the same 401', async () => {
    const right = await attempt(EMAIL, PASSWORD, '198.51.100.1');
    expect(right.status).toBe(200);
    const cookie = right.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^ebr_admin=[^;]+; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Strict$/);
    const expires = Date.parse(/Expires=([^;]+)/.exec(cookie)?.[1] ?? '');
    expect(Math.abs(expires - (Date.now() + 12 * HOUR))).toBeLessThan(60_000);
    expect(cookie).not.toMatch(/Secure/);
    expect(await right.json()).toMatchObject({ operator: { email: EMAIL }, csrfToken: expect.any(String) });

    const wrong = await attempt(EMAIL, 'senha-errada-de-proposito', '198.51.100.2');
    const unknown = await attempt('ninguem@example.com', PASSWORD, '198.51.100.3');
    // An operator who typed the password in the e-mail field.
    const swapped = await attempt('Minha-Senha-no-Campo-Errado!', PASSWORD, '198.51.100.5');
    for (const refused of [wrong, unknown, swapped]) {
      expect(refused.status).toBe(401);
      expect(refused.headers.get('set-cookie')).toBeNull();
      expect(await refused.json()).toEqual({ error: { code: 'invalid_credentials', message: 'E-mail ou senha incorretos.' } });
    }
    // Logged with the outcome and an operator's e-mail, never a password nor what was typed for an unknown e-mail.
    const log = logLines.join('');
    const refusals = logLines.filter((line) => line.includes('"event":"admin_sign_in"') && line.includes('"outcome":"refused"')).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(refusals.map(({ email, reason }) => ({ email, reason }))).toEqual([
      { email: EMAIL, reason: 'wrong_password' },
      { email: undefined, reason: 'unknown_email' },
      { email: undefined, reason: 'unknown_email' },
    ]);
    expect(log).toContain(EMAIL);
    expect(log).not.toContain(PASSWORD);
    expect(log).not.toContain('senha-errada-de-proposito');
    expect(log).not.toContain('ninguem@example.com');
    expect(log.toLowerCase()).not.toContain('minha-senha-no-campo-errado');
  });

  it('sign-in: a session id presented at sign-in is replaced by a new one', async () => {
    const first = await newSession();
    const again = await fetch(`${server.url}${ADMIN_API_ROUTES.signIn.url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, cookie: first.cookie, 'x-forwarded-for': '198.51.100.4' },
      body: JSON.stringify({ email: first.email, password: PASSWORD }),
    });
    expect(again.status).toBe(200);
    const renewed = (again.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(renewed).toMatch(/^ebr_admin=/);
    expect(renewed).not.toBe(first.cookie);
    // The old id is gone.
    expect((await first.call('GET', ADMIN_API_ROUTES.session.url)).status).toBe(401);
  });

  it('sign-in and sign-out when the store cannot keep or forget a session: our pt-BR error, no "accepted" line, and sign-out still drops the cookie', async () => {
    const session = await newSession();
    const email = 'sem-sessao@example.com';
    expect((await admin(['operators', 'add', email, '--password-stdin'], PASSWORD)).code).toBe(0);
    // The sessions' table out of the way: every write to it fails, as on a full disk.
    await sql`alter table admin_sessions rename to admin_sessions_fora`.execute(server.store.db);
    let signIn: Response;
    let signOut: Response;
    try {
      signIn = await attempt(email, PASSWORD, '198.18.90.1');
      signOut = await session.call('DELETE', ADMIN_API_ROUTES.signOut.url);
    } finally {
      await sql`alter table admin_sessions_fora rename to admin_sessions`.execute(server.store.db);
    }
    // Before: @fastify/session's hook failed after the handler, and Fastify's own handler answered
    // {"statusCode":500,"code":"FST_ERR_FAILED_ERROR_SERIALIZATION","message":"Failed to serialize…"}.
    expect(signIn.status).toBe(500);
    expect(await signIn.json()).toEqual({ error: { code: 'internal', message: errorMessages.internal } });
    expect(signIn.headers.get('set-cookie')).toBeNull();
    expect(logLines.some((line) => line.includes('"console sign-in"') && line.includes(email))).toBe(false);

    expect(signOut.status).toBe(500);
    expect(signOut.headers.get('set-cookie')).toMatch(/^ebr_admin=;.*Expires=Thu, 01 Jan 1970/);
    // With the store back, both work.
    expect((await attempt(email, PASSWORD, '198.18.90.1')).status).toBe(200);
  });

  it('sign-in: past 10 attempts a minute for one e-mail, a network that already tried it gets 429 even with the right password; the operator from her own network still signs in', async () => {
    const target = 'limitada@example.com';
    expect((await admin(['operators', 'add', target, '--password-stdin'], PASSWORD)).code).toBe(0);
    for (let i = 0; i < 10; i++) expect((await attempt(target, `errada-${i}-xxxxxxxx`, `203.0.113.${i + 1}`)).status).toBe(401);
    const limited = await attempt(target, PASSWORD, '203.0.113.200');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await errorCode(limited)).toBe('rate_limited');
    // Others' wrong passwords do not keep her out: her network's first attempt at the e-mail is checked.
    expect((await attempt(target, PASSWORD, '198.18.40.7')).status).toBe(200);
    // A guesser from many networks gets one try each: the second from one of them is refused.
    expect((await attempt(target, 'errada-de-novo-xxxx', '198.18.41.7')).status).toBe(401);
    expect((await attempt(target, 'errada-outra-vez-xx', '198.18.41.8')).status).toBe(429);
  });

  it('sign-in: when too many checks wait (a flood from many networks), the next ones get 503 with Retry-After at once', async () => {
    // A server hashing at the real cost: checks of ~0.5 s each queue behind one another, where
    // this file's fast ones (test-server.ts) could all be done before the flood has arrived.
    const slow = await startTestServer({ clock: () => now, env: { TRUST_PROXY: 'true' }, passwordCosts: {} });
    try {
      const responses = await Promise.all(Array.from({ length: 24 }, (_, i) => attempt(`fila-${i}@example.com`, 'qualquer-senha-longa', `198.18.${60 + i}.1`, {}, slow)));
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 503).length).toBeGreaterThan(0);
      expect(statuses.every((status) => status === 503 || status === 401)).toBe(true);
      for (const response of responses.filter((r) => r.status === 503)) {
        expect(response.headers.get('retry-after')).toBe('5');
        expect(await errorCode(response)).toBe('unavailable');
      }
    } finally {
      await slow.close();
    }
    // The 16 admitted checks are real scrypt hashes (64 MB each, 2 at a time): ~9 s alone, and
    // 18–20 s of the default 20 on a busy 2-CPU host running the whole suite.
  }, 60_000);

  it("sign-in: an address past its limit cannot push an e-mail's count out with made-up e-mails (the limit held: 429 after)", async () => {
    const target = 'resiste@example.com';
    expect((await admin(['operators', 'add', target, '--password-stdin'], PASSWORD)).code).toBe(0);
    for (let i = 0; i < 10; i++) expect((await attempt(target, `errada-${i}-xxxxxxxx`, `203.0.114.${i + 1}`)).status).toBe(401);
    // One address: its 10 attempts, then 5,100 refused ones, each naming another e-mail (more
    // than the 5,000 keys the in-memory counters keep). The refused ones go through the same app
    // without a socket (Fastify's inject: the same hooks and limits, ~4 times faster than 5,100
    // HTTP requests, which took 24–28 s of a CI run).
    const flooder = '192.0.2.150';
    for (let i = 0; i < 10; i++) expect((await attempt(`inventado-${i}@example.com`, 'qualquer-senha-longa', flooder)).status).toBe(401);
    const injected = (email: string) =>
      server.app.server.inject({
        method: 'POST',
        url: ADMIN_API_ROUTES.signIn.url,
        headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': flooder },
        payload: JSON.stringify({ email, password: 'qualquer-senha-longa' }),
      });
    for (let batch = 0; batch < 102; batch++) {
      const statuses = await Promise.all(Array.from({ length: 50 }, (_, i) => injected(`inventado-${batch}-${i}@example.com`).then((res) => res.statusCode)));
      expect(statuses.every((status) => status === 429)).toBe(true);
    }
    expect((await attempt(target, PASSWORD, '203.0.114.200')).status).toBe(429);
  }, 60_000);

  it('sign-in: the 11th attempt in a minute from one address (11 e-mails) is 429', async () => {
    for (let i = 0; i < 10; i++) expect((await attempt(`quem-${i}@example.com`, 'qualquer-senha-longa', '192.0.2.99')).status).toBe(401);
    const limited = await attempt(EMAIL, PASSWORD, '192.0.2.99');
    expect(limited.status).toBe(429);
    // Another address still signs in.
    expect((await attempt(EMAIL, PASSWORD, '192.0.2.100')).status).toBe(200);
  });

  it('a session ends 12 h after sign-in (the server clock), and at sign-out', async () => {
    const session = await newSession();
    const signedInAt = now;
    try {
      now = signedInAt + 12 * HOUR - 1000;
      expect((await session.call('GET', ADMIN_API_ROUTES.session.url)).status).toBe(200);
      now = signedInAt + 12 * HOUR + 1000;
      const ended = await session.call('GET', ADMIN_API_ROUTES.overview.url);
      expect(ended.status).toBe(401);
      expect(await ended.json()).toEqual({ error: { code: 'not_signed_in', message: 'Entre com sua conta de operador para continuar.' } });
      const id = decodeURIComponent(session.cookie.split('=')[1] ?? '').split('.')[0] ?? '';
      expect(await server.store.db.selectFrom('admin_sessions').select('id').where('id', '=', id).execute()).toEqual([]);
    } finally {
      now = signedInAt;
    }
    const other = await newSession();
    // Sign-out needs the token like any change.
    const noToken = await fetch(`${server.url}${ADMIN_API_ROUTES.signOut.url}`, { method: 'DELETE', headers: { cookie: other.cookie, origin: server.url } });
    expect(noToken.status).toBe(403);
    expect((await other.call('DELETE', ADMIN_API_ROUTES.signOut.url)).status).toBe(204);
    expect((await other.call('GET', ADMIN_API_ROUTES.session.url)).status).toBe(401);
  });

  it('CSRF: a change without the token, with a wrong or another session\'s token, from another origin or none, is 403 and changes nothing', async () => {
    expect((await createLink('csrf-alvo', 'https://example.com/csrf')).status).toBe(201);
    const session = await newSession();
    const otherSession = await newSession();
    const disable = adminApiPath('disableLink', { alias: 'csrf-alvo' });
    const post = (headers: Record<string, string>) => fetch(`${server.url}${disable}`, { method: 'POST', headers: { cookie: session.cookie, ...headers } });
    const refusals: [string, Record<string, string>][] = [
      ['no token', { origin: server.url }],
      ['wrong token', { origin: server.url, [CSRF_HEADER]: 'x'.repeat(52) }],
      ["another session's token", { origin: server.url, [CSRF_HEADER]: otherSession.csrfToken }],
      ['another origin', { origin: 'https://evil.example', [CSRF_HEADER]: session.csrfToken }],
      // A forwarded host is any client's to send: the request's own Host is what names the site.
      ['another origin, claimed as the forwarded host', { origin: 'http://evil.example', 'x-forwarded-host': 'evil.example', [CSRF_HEADER]: session.csrfToken }],
      ['another referer, no origin', { referer: 'https://evil.example/page', [CSRF_HEADER]: session.csrfToken }],
      ['no origin, no referer', { [CSRF_HEADER]: session.csrfToken }],
    ];
    for (const [name, headers] of refusals) {
      const response = await post(headers);
      expect(response.status, name).toBe(403);
      expect(await errorCode(response), name).toBe('csrf_refused');
      expect(await visit('csrf-alvo'), name).toBe(302);
    }
    // A page of the site without Origin (Referer only) is accepted.
    const fromPage = await post({ referer: `${server.url}/admin/links`, [CSRF_HEADER]: session.csrfToken });
    expect(fromPage.status).toBe(200);
    expect(await visit('csrf-alvo')).toBe(410);
  });

  it('each action changes what visitors get, and the audit log says who did what', async () => {
    const session = await newSession();
    expect((await createLink('acao-um', 'https://www.acoes.example/1')).status).toBe(201);
    expect((await createLink('acao-dois', 'https://acoes.example/2')).status).toBe(201);
    const ok = async (method: 'POST' | 'DELETE', path: string, body?: unknown) => {
      const response = await session.call(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(200);
      return (await response.json()) as { outcome: string; message: string };
    };

    expect(await ok('POST', adminApiPath('disableLink', { alias: 'acao-um' }))).toEqual({ outcome: 'changed', message: 'Desativado: acao-um' });
    expect(await visit('acao-um')).toBe(410);
    expect(await ok('POST', adminApiPath('disableLink', { alias: 'acao-um' }))).toEqual({ outcome: 'unchanged', message: 'Nada a fazer: o link acao-um já está desativado.' });
    expect(await ok('POST', adminApiPath('enableLink', { alias: 'acao-um' }))).toEqual({ outcome: 'changed', message: 'Reativado: acao-um' });
    expect(await visit('acao-um')).toBe(302);

    expect(await ok('POST', ADMIN_API_ROUTES.blockDomain.url, { domain: 'https://acoes.example/qualquer', reason: 'golpe' })).toEqual({ outcome: 'changed', message: 'Bloqueado: acoes.example (e subdomínios)' });
    expect(await visit('acao-um')).toBe(410);
    expect(await visit('acao-dois')).toBe(410);
    const refused = await createLink('acao-tres', 'https://novo.acoes.example/');
    expect(refused.status).toBe(400);
    expect(await errorCode(refused)).toBe('blocked_url');
    const listed = await (await session.call('GET', `${ADMIN_API_ROUTES.blocklist.url}?q=acoes`)).json();
    expect(listed).toMatchObject({ domains: [{ domain: 'acoes.example', reason: 'golpe', links: 2 }] });
    expect(await ok('DELETE', unblockPath('acoes.example'))).toEqual({ outcome: 'changed', message: 'Desbloqueado: acoes.example' });
    expect(await visit('acao-um')).toBe(302);

    expect(await ok('DELETE', adminApiPath('deleteLink', { alias: 'acao-dois' }))).toEqual({ outcome: 'changed', message: 'Excluído: acao-dois' });
    expect(await visit('acao-dois')).toBe(404);
    expect(await server.store.db.selectFrom('links').select('id').where('alias', '=', 'acao-dois').execute()).toEqual([]);

    // The report queue: a report, then "block the domain" from it, which resolves it.
    await fetch(`${server.url}/api/reports`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ alias: 'acao-um', reason: 'golpe do pix, cuidado' }) });
    const queue = (await (await session.call('GET', ADMIN_API_ROUTES.reports.url)).json()) as AdminReportQueue;
    expect(queue.groups).toEqual([
      expect.objectContaining({ alias: 'acao-um', url: 'https://www.acoes.example/1', domain: 'www.acoes.example', state: 'active', domainBlocked: false, reports: 1, reasons: ['golpe do pix, cuidado'] }),
    ]);
    const blocked = await ok('POST', adminApiPath('blockReported', { alias: 'acao-um' }), {});
    expect(blocked.message).toBe('Bloqueado: www.acoes.example (e subdomínios); denúncia resolvida.');
    expect(await visit('acao-um')).toBe(410);
    expect(((await (await session.call('GET', ADMIN_API_ROUTES.reports.url)).json()) as AdminReportQueue).openReports).toBe(0);

    // Keys: shown once, working, then revoked.
    const issued = await session.call('POST', ADMIN_API_ROUTES.createKey.url, { name: 'Bot do WhatsApp', perMinute: 60 });
    expect(issued.status).toBe(201);
    const { id, key } = (await issued.json()) as { id: number; key: string };
    expect((await createLink('da-chave', 'https://example.com/chave', { authorization: `Bearer ${key}` })).status).toBe(201);
    const keys = await (await session.call('GET', ADMIN_API_ROUTES.keys.url)).text();
    expect(keys).toContain(`"prefix":"${key.split('_').slice(0, 2).join('_')}"`);
    expect(keys).not.toContain(key);
    expect(await ok('POST', adminApiPath('revokeKey', { id }))).toMatchObject({ outcome: 'changed' });
    expect((await createLink('da-chave-2', 'https://example.com/chave2', { authorization: `Bearer ${key}` })).status).toBe(401);

    // From the terminal, as cli:maria.
    expect((await admin(['disable', 'da-chave'])).output).toBe('Desativado: da-chave');

    const entries = await auditEntries(session);
    const mine = entries.filter((entry) => entry.actor === session.email).map((entry) => `${entry.action} ${entry.target ?? ''}`);
    expect(mine).toEqual(
      expect.arrayContaining([
        'link.disable acao-um',
        'link.enable acao-um',
        'domain.block acoes.example',
        'domain.unblock acoes.example',
        'link.delete acao-dois',
        'domain.block www.acoes.example',
        'reports.resolve acao-um',
        `key.create ${id}`,
        `key.revoke ${id}`,
        'signin ',
      ]),
    );
    // The refused CSRF attempts and the "Nada a fazer" left no row.
    expect(mine.filter((line) => line === 'link.disable acao-um')).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor: 'cli:maria', via: 'cli', action: 'link.disable', target: 'da-chave' });
    expect(entries.every((entry, i) => i === 0 || (entries[i - 1]?.id ?? 0) > entry.id)).toBe(true);
  });

  it("a search for a deleted link's whole alias shows it retired; releasing it lets it be created again", async () => {
    const session = await newSession();
    expect((await createLink('marca-retirada', 'https://loja.example/antiga')).status).toBe(201);
    expect((await createLink('marca-retirada-2', 'https://loja.example/outra')).status).toBe(201);
    // The store dates a deletion by the wall clock, not this file's.
    const before = Date.now();
    expect((await session.call('DELETE', adminApiPath('deleteLink', { alias: 'marca-retirada' }))).status).toBe(200);
    const after = Date.now();
    expect((await createLink('marca-retirada', 'https://loja.example/nova')).status).toBe(409);
    const search = async (q: string) => {
      const response = await session.call('GET', `${ADMIN_API_ROUTES.links.url}?q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(200);
      return (await response.json()) as AdminLinkPage;
    };

    // The whole alias (in any case, or as its short URL): the prefix's links and the retired alias.
    for (const q of ['marca-retirada', 'MARCA-RETIRADA', `${server.url}/marca-retirada`]) {
      const page = await search(q);
      expect(page.links.map((link) => link.alias), q).toEqual(['marca-retirada-2']);
      expect(page.retired?.alias, q).toBe('marca-retirada');
      const retiredAt = Date.parse(page.retired?.retiredAt ?? '');
      expect(retiredAt, q).toBeGreaterThanOrEqual(before - 1);
      expect(retiredAt, q).toBeLessThanOrEqual(after + 1);
    }
    // Only a whole alias: not a prefix of it, and not another search's mode.
    expect((await search('marca-ret')).retired).toBeNull();
    expect((await search('loja.example')).retired).toBeNull();

    const release = () => session.call('POST', adminApiPath('releaseAlias', { alias: 'marca-retirada' }));
    const released = await release();
    expect(released.status).toBe(200);
    expect(await released.json()).toEqual({ outcome: 'changed', message: 'Liberado: marca-retirada pode ser usado de novo por quem criar um link.' });
    expect((await search('marca-retirada')).retired).toBeNull();
    expect(await (await release()).json()).toEqual({ outcome: 'unchanged', message: 'Nada a fazer: marca-retirada não é o alias de um link excluído.' });
    expect((await createLink('marca-retirada', 'https://loja.example/nova')).status).toBe(201);
    expect(await visit('marca-retirada')).toBe(302);
    expect(await (await release()).json()).toEqual({ outcome: 'unchanged', message: 'Nada a fazer: marca-retirada é um link ativo, não um alias excluído.' });

    const mine = (await auditEntries(session)).filter((entry) => entry.actor === session.email).map((entry) => `${entry.action} ${entry.target ?? ''}`);
    expect(mine.filter((line) => line.startsWith('alias.release'))).toEqual(['alias.release marca-retirada']);
    // Like every change: refused without the session's CSRF token.
    const forged = await fetch(`${server.url}${adminApiPath('releaseAlias', { alias: 'marca-retirada' })}`, { method: 'POST', headers: { origin: server.url, cookie: session.cookie } });
    expect(forged.status).toBe(403);
  });

  it("a link whose iPhone or Android target is on a blocked domain reads 'blocked', as its visitors get 410", async () => {
    const session = await newSession();
    const created = await fetch(`${server.url}/api/links`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.60.0.1' },
      body: JSON.stringify({ alias: 'so-o-app', url: 'https://loja-limpa.example/', androidUrl: 'https://apk.app-golpe.example/baixar' }),
    });
    expect(created.status).toBe(201);
    const stateOfLink = async () =>
      ((await (await session.call('GET', `${ADMIN_API_ROUTES.links.url}?q=so-o-app`)).json()) as AdminLinkPage).links.find((link) => link.alias === 'so-o-app')?.state;
    expect(await stateOfLink()).toBe('active');
    expect((await session.call('POST', ADMIN_API_ROUTES.blockDomain.url, { domain: 'app-golpe.example' })).status).toBe(200);
    expect(await stateOfLink()).toBe('blocked');
    expect((await session.call('DELETE', unblockPath('app-golpe.example'))).status).toBe(200);
    expect(await stateOfLink()).toBe('active');
  });

  it("a blocked domain's links affected count every link with any target on it (main, iPhone, Android), once each: the links whose visitors get 410", async () => {
    const session = await newSession();
    const links: [alias: string, targets: { url: string; iosUrl?: string; androidUrl?: string }][] = [
      ['afeta-principal', { url: 'https://golpe-app.example/entrar' }],
      ['afeta-iphone', { url: 'https://loja-limpa.example/1', iosUrl: 'https://www.golpe-app.example/ios' }],
      ['afeta-android', { url: 'https://loja-limpa.example/2', androidUrl: 'https://dl.golpe-app.example/app.apk' }],
      ['afeta-todos', { url: 'https://golpe-app.example/a', iosUrl: 'https://golpe-app.example/i', androidUrl: 'https://golpe-app.example/d' }],
      // Look-alikes of the domain are not it.
      ['afeta-nenhum', { url: 'https://loja-limpa.example/3', iosUrl: 'https://nao-golpe-app.example/', androidUrl: 'https://golpe-app.example.br/' }],
    ];
    for (const [alias, targets] of links) {
      const created = await fetch(`${server.url}/api/links`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.61.0.1' },
        body: JSON.stringify({ alias, ...targets }),
      });
      expect(created.status, alias).toBe(201);
    }
    const affected = async () =>
      ((await (await session.call('GET', `${ADMIN_API_ROUTES.blocklist.url}?q=golpe-app.example`)).json()) as AdminBlocklistPage).domains.find((entry) => entry.domain === 'golpe-app.example')
        ?.links;
    expect((await session.call('POST', ADMIN_API_ROUTES.blockDomain.url, { domain: 'golpe-app.example', reason: 'app falso' })).status).toBe(200);
    const answers = await Promise.all(links.map(async ([alias]) => [alias, await visit(alias)] as const));
    expect(answers).toEqual([
      ['afeta-principal', 410],
      ['afeta-iphone', 410],
      ['afeta-android', 410],
      ['afeta-todos', 410],
      ['afeta-nenhum', 302],
    ]);
    expect(await affected()).toBe(4);
    expect((await session.call('DELETE', unblockPath('golpe-app.example'))).status).toBe(200);
  });

  it('acting on reports where nothing is left to do: an existing block keeps its reason, the message is one sentence', async () => {
    const session = await newSession();
    const ok = async (path: string, body?: unknown) => {
      const response = await session.call('POST', path, body);
      expect(response.status, path).toBe(200);
      return (await response.json()) as { outcome: string; message: string };
    };
    let reporters = 0;
    const report = async (alias: string) => {
      reporters++;
      const response = await fetch(`${server.url}/api/reports`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.40.0.${reporters}` },
        body: JSON.stringify({ alias, reason: 'página falsa do banco' }),
      });
      expect(response.status).toBe(201);
    };
    const storedReason = async () =>
      (await server.store.db.selectFrom('blocked_domains').select('reason').where('domain', '=', 'phish.example.net').executeTakeFirstOrThrow()).reason;

    expect((await createLink('ja-bloq', 'https://phish.example.net/entrar')).status).toBe(201);
    await report('ja-bloq');
    await report('ja-bloq');
    expect(await ok(ADMIN_API_ROUTES.blockDomain.url, { domain: 'phish.example.net', reason: 'lista do CERT' })).toMatchObject({ outcome: 'changed' });
    // The optional reason left empty: the block's own reason stays.
    expect(await ok(adminApiPath('blockReported', { alias: 'ja-bloq' }), {})).toEqual({ outcome: 'changed', message: 'phish.example.net já estava bloqueado; 2 denúncias resolvidas.' });
    expect(await storedReason()).toBe('lista do CERT');
    // A reason given replaces it.
    await report('ja-bloq');
    expect(await ok(adminApiPath('blockReported', { alias: 'ja-bloq' }), { reason: 'golpe confirmado' })).toEqual({
      outcome: 'changed',
      message: 'phish.example.net já estava bloqueado; motivo atualizado; denúncia resolvida.',
    });
    expect(await storedReason()).toBe('golpe confirmado');
    // Without reports left, the same click has nothing to do and says so.
    expect(await ok(adminApiPath('blockReported', { alias: 'ja-bloq' }), {})).toEqual({ outcome: 'unchanged', message: 'Nada a fazer: phish.example.net já estava bloqueado.' });

    // A new block from a report, without a reason, says where it came from.
    expect((await createLink('novo-bloq', 'https://outro-phish.example.net/x')).status).toBe(201);
    await report('novo-bloq');
    expect(await ok(adminApiPath('blockReported', { alias: 'novo-bloq' }), {})).toEqual({ outcome: 'changed', message: 'Bloqueado: outro-phish.example.net (e subdomínios); denúncia resolvida.' });
    const fresh = await server.store.db.selectFrom('blocked_domains').select('reason').where('domain', '=', 'outro-phish.example.net').executeTakeFirstOrThrow();
    expect(fresh.reason).toBe('denúncias de novo-bloq');

    // "Desativar link" on a link already disabled.
    expect((await createLink('ja-desat', 'https://example.com/ja-desat')).status).toBe(201);
    await report('ja-desat');
    expect(await ok(adminApiPath('disableLink', { alias: 'ja-desat' }))).toMatchObject({ outcome: 'changed' });
    expect(await ok(adminApiPath('disableReported', { alias: 'ja-desat' }))).toEqual({ outcome: 'changed', message: 'O link ja-desat já estava desativado; denúncia resolvida.' });

    // A disabled link whose domain is blocked too: the queue says both.
    await report('ja-bloq');
    expect(await ok(adminApiPath('disableLink', { alias: 'ja-bloq' }))).toMatchObject({ outcome: 'changed' });
    const queue = (await (await session.call('GET', ADMIN_API_ROUTES.reports.url)).json()) as AdminReportQueue;
    expect(queue.groups.find((group) => group.alias === 'ja-bloq')).toMatchObject({ state: 'disabled', domainBlocked: true });
  });

  it("a deleted link's open reports stay in the queue with its target; its domain can be blocked from them; releasing the alias resolves them", async () => {
    const session = await newSession();
    const created = await createLink('golpe-apagado', 'https://www.phish-apagado.example/pix');
    expect(created.status).toBe(201);
    const { manageToken } = (await created.json()) as { manageToken: string };
    for (const n of [1, 2]) {
      const reported = await fetch(`${server.url}/api/reports`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.42.0.${n}` },
        body: JSON.stringify({ alias: 'golpe-apagado', reason: 'página falsa pedindo pix' }),
      });
      expect(reported.status).toBe(201);
    }
    const groups = async () => ((await (await session.call('GET', ADMIN_API_ROUTES.reports.url)).json()) as AdminReportQueue).groups.filter((group) => group.alias === 'golpe-apagado');
    expect(await groups()).toHaveLength(1);
    // Its owner deletes it (a console or terminal deletion goes through the same store).
    const deleted = await fetch(`${server.url}/api/links/golpe-apagado`, { method: 'DELETE', headers: { authorization: `Bearer ${manageToken}` } });
    expect(deleted.status).toBe(204);
    // The evidence stays: the reports, shown as a deleted link's, with where it led.
    expect(await groups()).toEqual([
      expect.objectContaining({ state: 'missing', url: 'https://www.phish-apagado.example/pix', domain: 'www.phish-apagado.example', domainBlocked: false, reports: 2 }),
    ]);
    // Nobody can take the alias again: the reports' alias can never name an innocent link.
    expect((await createLink('golpe-apagado', 'https://loja-honesta.example/')).status).toBe(409);

    // "Bloquear domínio" works from them: the next link on that domain is refused.
    const blocked = await session.call('POST', adminApiPath('blockReported', { alias: 'golpe-apagado' }), {});
    expect(blocked.status).toBe(200);
    expect(await blocked.json()).toEqual({ outcome: 'changed', message: 'Bloqueado: www.phish-apagado.example (e subdomínios); 2 denúncias resolvidas.' });
    expect((await createLink('golpe-de-novo', 'https://www.phish-apagado.example/pix2')).status).toBe(400);
    expect(await groups()).toEqual([]);

    // Reports of a deleted link still open when its alias is released are resolved with the
    // release, in the audit log: the next link on the alias starts with none.
    expect((await createLink('apagado-liberado', 'https://example.com/liberado')).status).toBe(201);
    await fetch(`${server.url}/api/reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.42.0.9' },
      body: JSON.stringify({ alias: 'apagado-liberado', reason: 'página falsa pedindo pix' }),
    });
    expect((await session.call('DELETE', adminApiPath('deleteLink', { alias: 'apagado-liberado' }))).status).toBe(200);
    const released = await session.call('POST', adminApiPath('releaseAlias', { alias: 'apagado-liberado' }));
    expect(await released.json()).toEqual({ outcome: 'changed', message: 'Liberado: apagado-liberado pode ser usado de novo por quem criar um link; denúncia resolvida.' });
    expect((await createLink('apagado-liberado', 'https://loja-honesta.example/')).status).toBe(201);
    const open = await server.store.db.selectFrom('link_reports').select('id').where('alias', '=', 'apagado-liberado').where('resolved_at', 'is', null).execute();
    expect(open).toEqual([]);
    const log = (await auditEntries(session)).filter((entry) => entry.target === 'apagado-liberado').map((entry) => `${entry.action} ${entry.detail ?? ''}`);
    expect(log).toContain('reports.resolve 1 denúncia; alias liberado');
  });

  it('an action from a stale queue resolves only the reports the operator saw: those filed since stay open, and the answer says how many', async () => {
    const session = await newSession();
    let reporters = 0;
    const report = async (alias: string, times: number) => {
      for (let i = 0; i < times; i++) {
        reporters++;
        const response = await fetch(`${server.url}/api/reports`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.43.${reporters}.1` },
          body: JSON.stringify({ alias, reason: 'página falsa do banco' }),
        });
        expect(response.status).toBe(201);
      }
    };
    const groupOf = async (alias: string) => ((await (await session.call('GET', ADMIN_API_ROUTES.reports.url)).json()) as AdminReportQueue).groups.find((group) => group.alias === alias);
    const act = async (path: string, body?: unknown) => {
      const response = await session.call('POST', path, body);
      expect(response.status, path).toBe(200);
      return response.json();
    };

    expect((await createLink('fila-velha', 'https://fila-velha.example/entrar')).status).toBe(201);
    await report('fila-velha', 8);
    const seen = await groupOf('fila-velha');
    expect(seen).toMatchObject({ reports: 8 });
    await report('fila-velha', 3);
    expect(await act(adminApiPath('resolveReports', { alias: 'fila-velha' }), { upTo: seen?.lastReportId })).toEqual({
      outcome: 'changed',
      message: '8 denúncias resolvidas: fila-velha; chegaram 3 novas.',
    });
    // The card stays, with the three the operator has not read.
    const left = await groupOf('fila-velha');
    expect(left).toMatchObject({ reports: 3 });
    // Sent again from the same stale card: nothing it showed is open any more.
    expect(await act(adminApiPath('resolveReports', { alias: 'fila-velha' }), { upTo: seen?.lastReportId })).toEqual({
      outcome: 'unchanged',
      message: 'Nada a fazer: as denúncias exibidas de fila-velha já estavam resolvidas; chegaram 3 novas denúncias.',
    });

    // "Desativar link" and "Bloquear domínio" are bound the same way.
    await report('fila-velha', 1);
    expect(await act(adminApiPath('disableReported', { alias: 'fila-velha' }), { upTo: left?.lastReportId })).toEqual({
      outcome: 'changed',
      message: 'Desativado: fila-velha; 3 denúncias resolvidas; chegou 1 nova.',
    });
    const beforeBlock = await groupOf('fila-velha');
    await report('fila-velha', 2);
    expect(await act(adminApiPath('blockReported', { alias: 'fila-velha' }), { upTo: beforeBlock?.lastReportId })).toEqual({
      outcome: 'changed',
      message: 'Bloqueado: fila-velha.example (e subdomínios); denúncia resolvida; chegaram 2 novas.',
    });
    expect(await groupOf('fila-velha')).toMatchObject({ reports: 2 });

    // A bound that is not a report id is refused, resolving nothing.
    expect((await session.call('POST', adminApiPath('resolveReports', { alias: 'fila-velha' }), { upTo: 0 })).status).toBe(400);
    expect((await session.call('POST', adminApiPath('resolveReports', { alias: 'fila-velha' }), { upTo: 'todas' })).status).toBe(400);
    // Without the bound (an older client, the terminal), every open report is resolved, as before.
    const all = await session.call('POST', adminApiPath('resolveReports', { alias: 'fila-velha' }));
    expect(await all.json()).toEqual({ outcome: 'changed', message: '2 denúncias resolvidas: fila-velha' });
    expect(await groupOf('fila-velha')).toBeUndefined();
  });

  it('"Bloquear domínio" shows every target of a reported link, offers the exact host and the registrable domain with the live links each would block, and blocks the one chosen', async () => {
    const session = await newSession();
    const make = async (alias: string, targets: { url: string; iosUrl?: string; androidUrl?: string }) => {
      const created = await fetch(`${server.url}/api/links`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.62.0.1' },
        body: JSON.stringify({ alias, ...targets }),
      });
      expect(created.status, alias).toBe(201);
    };
    // The reported link leads to an honest shop on the web and to phishing on the iPhone; its
    // Android target is the main one again (shown once).
    await make('gb-ios', { url: 'https://loja-boa.com.br/promo', iosUrl: 'https://www.golpe-banco.com.br/ios', androidUrl: 'https://loja-boa.com.br/promo' });
    await make('gb-www', { url: 'https://www.golpe-banco.com.br/entrar' });
    await make('gb-login', { url: 'https://login.golpe-banco.com.br/x' });
    await make('gb-app', { url: 'https://loja-limpa.com.br/', androidUrl: 'https://golpe-banco.com.br/app.apk' });
    await make('gb-off', { url: 'https://www.golpe-banco.com.br/off' });
    await make('gb-vizinho', { url: 'https://golpe-banco-nao.com.br/' });
    expect((await session.call('POST', adminApiPath('disableLink', { alias: 'gb-off' }))).status).toBe(200);
    const reported = await fetch(`${server.url}/api/reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.62.1.1' },
      body: JSON.stringify({ alias: 'gb-ios', reason: 'o app de iPhone pede a senha do banco' }),
    });
    expect(reported.status).toBe(201);
    const group = async () => ((await (await session.call('GET', ADMIN_API_ROUTES.reports.url)).json()) as AdminReportQueue).groups.find((g) => g.alias === 'gb-ios');
    expect((await group())?.targets).toEqual([
      { kind: 'main', url: 'https://loja-boa.com.br/promo', host: 'loja-boa.com.br', domains: ['loja-boa.com.br'], ip: false, blocked: false },
      { kind: 'ios', url: 'https://www.golpe-banco.com.br/ios', host: 'www.golpe-banco.com.br', domains: ['www.golpe-banco.com.br', 'golpe-banco.com.br'], ip: false, blocked: false },
    ]);

    // What each choice would do: the live links (not the disabled one) with any target on it or under it.
    const impact = async (domain: string) => {
      const response = await session.call('GET', `${ADMIN_API_ROUTES.blockImpact.url}?${new URLSearchParams({ domain }).toString()}`);
      expect(response.status, domain).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      return (await response.json()) as AdminBlockImpact;
    };
    // With what may be blocked for it, narrowest first, as a report target's `domains`: the
    // 'Bloqueios' form offers a typed host's registrable domain from there.
    expect(await impact('www.golpe-banco.com.br')).toEqual({
      domain: 'www.golpe-banco.com.br',
      links: 2,
      more: false,
      ip: false,
      blocked: false,
      domains: ['www.golpe-banco.com.br', 'golpe-banco.com.br'],
    });
    expect(await impact('golpe-banco.com.br')).toEqual({ domain: 'golpe-banco.com.br', links: 4, more: false, ip: false, blocked: false, domains: ['golpe-banco.com.br'] });
    // Read as the block form reads a domain (a URL gives its host, capitals fold, an international name is punycode).
    expect(await impact('https://WWW.Golpe-Banco.com.br/qualquer')).toMatchObject({ domain: 'www.golpe-banco.com.br', links: 2, domains: ['www.golpe-banco.com.br', 'golpe-banco.com.br'] });
    expect(await impact('Loja.Café.com.br')).toMatchObject({ domain: 'loja.xn--caf-dma.com.br', links: 0, domains: ['loja.xn--caf-dma.com.br', 'xn--caf-dma.com.br'] });
    // The count stops past its bound: one more row than the bound says "more".
    const counted = await domainLiveLinksUpTo(server.store.db, 'golpe-banco.com.br', 2, new Date(now).toISOString()).executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBe(3);

    // A domain the card did not offer is refused, blocking nothing and resolving nothing.
    const other = await session.call('POST', adminApiPath('blockReported', { alias: 'gb-ios' }), { domain: 'golpe-banco-nao.com.br', upTo: (await group())?.lastReportId });
    expect(other.status).toBe(400);
    expect(((await other.json()) as { error: { code: string; message: string } }).error).toEqual({
      code: 'invalid_domain',
      message: 'golpe-banco-nao.com.br não é o domínio de um destino de gb-ios. Escolha um dos domínios oferecidos, ou bloqueie-o em Bloqueios.',
    });
    expect(await server.store.db.selectFrom('blocked_domains').select('domain').where('domain', 'like', '%golpe-banco%').execute()).toEqual([]);

    // The iPhone target's registrable domain, chosen: every subdomain's links answer 410.
    const blocked = await session.call('POST', adminApiPath('blockReported', { alias: 'gb-ios' }), { domain: 'golpe-banco.com.br', upTo: (await group())?.lastReportId });
    expect(await blocked.json()).toEqual({ outcome: 'changed', message: 'Bloqueado: golpe-banco.com.br (e subdomínios); denúncia resolvida.' });
    const answers = await Promise.all(['gb-ios', 'gb-www', 'gb-login', 'gb-app', 'gb-vizinho'].map(async (alias) => [alias, await visit(alias)] as const));
    expect(answers).toEqual([
      ['gb-ios', 410],
      ['gb-www', 410],
      ['gb-login', 410],
      ['gb-app', 410],
      ['gb-vizinho', 302],
    ]);
    expect(await impact('www.golpe-banco.com.br')).toMatchObject({ blocked: true });
    expect(await group()).toBeUndefined();
    expect((await session.call('DELETE', unblockPath('golpe-banco.com.br'))).status).toBe(200);
  });

  it('a reported link to an IP address offers that address alone, and its block says so (an IP has no subdomains)', async () => {
    const session = await newSession();
    expect(await reportedTargets(session, 'alvo-ip', 'http://203.0.114.9/banco/entrar', 'página falsa do banco num IP', '10.63')).toEqual([
      { kind: 'main', url: 'http://203.0.114.9/banco/entrar', host: '203.0.114.9', domains: ['203.0.114.9'], ip: true, blocked: false },
    ]);
    const impact = await session.call('GET', `${ADMIN_API_ROUTES.blockImpact.url}?domain=203.0.114.9`);
    expect(await impact.json()).toEqual({ domain: '203.0.114.9', links: 1, more: false, ip: true, blocked: false, domains: ['203.0.114.9'] });
    const blocked = await session.call('POST', adminApiPath('blockReported', { alias: 'alvo-ip' }), { domain: '203.0.114.9' });
    expect(await blocked.json()).toEqual({ outcome: 'changed', message: 'Bloqueado: 203.0.114.9 (só este endereço IP); denúncia resolvida.' });
    expect(await visit('alvo-ip')).toBe(410);
    const direct = await session.call('POST', ADMIN_API_ROUTES.blockDomain.url, { domain: '203.0.114.10' });
    expect(await direct.json()).toEqual({ outcome: 'changed', message: 'Bloqueado: 203.0.114.10 (só este endereço IP)' });
  });

  it('the block impact counts only links a block would change: not an expired one, nor one whose visits ran out', async () => {
    const session = await newSession();
    const make = (alias: string, options: Record<string, unknown>) =>
      fetch(`${server.url}/api/links`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.65.0.1' },
        body: JSON.stringify({ alias, url: `https://impacto-opcoes.example/${alias}`, ...options }),
      });
    expect((await make('imp-vivo', {})).status).toBe(201);
    expect((await make('imp-expira', { expiresAt: new Date(now + 120_000).toISOString() })).status).toBe(201);
    expect((await make('imp-limite', { maxClicks: 1 })).status).toBe(201);
    expect((await make('imp-limite-ok', { maxClicks: 5 })).status).toBe(201);
    const links = async () => ((await (await session.call('GET', `${ADMIN_API_ROUTES.blockImpact.url}?domain=impacto-opcoes.example`)).json()) as { links: number }).links;
    expect(await links()).toBe(4);
    // Its one visit: the link answers 410 from now on, blocked or not.
    expect(await visit('imp-limite')).toBe(302);
    expect(await visit('imp-limite')).toBe(410);
    expect(await links()).toBe(3);
    const saved = now;
    try {
      now += 180_000;
      expect(await links()).toBe(2);
    } finally {
      now = saved;
    }
  });

  it('a reported link to an IPv6 address: the card offers it as URLs write it, its count reads the link, and blocking it makes the link answer 410', async () => {
    const session = await newSession();
    expect(await reportedTargets(session, 'alvo-ipv6', 'https://[2606:4700:0::1111]/banco', 'página falsa do banco num IPv6', '10.64')).toEqual([
      { kind: 'main', url: 'https://[2606:4700::1111]/banco', host: '[2606:4700::1111]', domains: ['[2606:4700::1111]'], ip: true, blocked: false },
    ]);
    // The Links search finds it by its address, with or without brackets.
    for (const q of ['2606:4700::1111', '[2606:4700:0::1111]']) {
      const found = (await (await session.call('GET', `${ADMIN_API_ROUTES.links.url}?q=${encodeURIComponent(q)}`)).json()) as AdminLinkPage;
      expect(found.links.map((link) => link.alias), q).toEqual(['alvo-ipv6']);
    }
    // Typed without brackets, as people copy an address.
    const impact = await session.call('GET', `${ADMIN_API_ROUTES.blockImpact.url}?domain=${encodeURIComponent('2606:4700::1111')}`);
    expect(await impact.json()).toEqual({ domain: '[2606:4700::1111]', links: 1, more: false, ip: true, blocked: false, domains: ['[2606:4700::1111]'] });
    const blocked = await session.call('POST', adminApiPath('blockReported', { alias: 'alvo-ipv6' }), { domain: '[2606:4700::1111]' });
    expect(await blocked.json()).toEqual({ outcome: 'changed', message: 'Bloqueado: [2606:4700::1111] (só este endereço IP); denúncia resolvida.' });
    expect(await visit('alvo-ipv6')).toBe(410);
  });

  it('"Bloquear domínio" on a link to a public suffix itself is refused: it would block every site under it', async () => {
    const session = await newSession();
    expect((await createLink('sufixo', 'https://com.br/promo')).status).toBe(201);
    expect((await createLink('vizinho', 'https://loja-honesta.com.br/x')).status).toBe(201);
    const reported = await fetch(`${server.url}/api/reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.41.0.1' },
      body: JSON.stringify({ alias: 'sufixo', reason: 'golpe do pix no site' }),
    });
    expect(reported.status).toBe(201);
    const refused = await session.call('POST', adminApiPath('blockReported', { alias: 'sufixo' }), {});
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { code: string; message: string } }).error).toEqual({
      code: 'invalid_domain',
      message: 'com.br é um sufixo público: bloqueá-lo bloquearia todos os sites sob ele. Desative o link em vez disso.',
    });
    expect(await server.store.db.selectFrom('blocked_domains').select('domain').where('domain', '=', 'com.br').executeTakeFirst()).toBeUndefined();
    // The report stays open for another action, and the neighbour's link still works.
    const queue = (await (await session.call('GET', ADMIN_API_ROUTES.reports.url)).json()) as AdminReportQueue;
    expect(queue.groups.some((group) => group.alias === 'sufixo')).toBe(true);
    const visit = await fetch(`${server.url}/vizinho`, { redirect: 'manual', headers: { 'user-agent': BROWSER } });
    expect(visit.status).toBe(302);
  });

  it('the report queue comes a page at a time, the most reported first: a flood of links reported once each buries nothing', async () => {
    const session = await newSession();
    const at = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
    // A link 9 people reported an hour ago, then 120 links reported once each since (a flood).
    const rows = [
      ...Array.from({ length: 9 }, () => ({ alias: 'denunciado-muito', reason: 'golpe do pix', created_at: at(60) })),
      ...Array.from({ length: 120 }, (_, i) => ({ alias: `enxurrada-${String(i).padStart(3, '0')}`, reason: 'spam spam spam', created_at: at(i % 3) })),
    ];
    await server.store.db.insertInto('link_reports').values(rows).execute();
    const pages: AdminReportQueue[] = [];
    let cursor: string | null = null;
    do {
      const response = await session.call('GET', `${ADMIN_API_ROUTES.reports.url}${cursor === null ? '' : `?cursor=${cursor}`}`);
      expect(response.status).toBe(200);
      const page = (await response.json()) as AdminReportQueue;
      pages.push(page);
      cursor = page.nextCursor;
    } while (cursor !== null && pages.length < 20);
    expect(pages[0]?.groups[0]).toMatchObject({ alias: 'denunciado-muito', reports: 9 });
    expect(pages.every((page) => page.groups.length <= 50)).toBe(true);
    const groups = pages.flatMap((page) => page.groups);
    const aliases = groups.map((group) => group.alias);
    // Every group once, in order: by count, then the latest report, then the alias.
    expect(new Set(aliases).size).toBe(aliases.length);
    for (let i = 0; i < 120; i++) expect(aliases).toContain(`enxurrada-${String(i).padStart(3, '0')}`);
    for (let i = 1; i < groups.length; i++) {
      const [a, b] = [groups[i - 1], groups[i]];
      if (a === undefined || b === undefined) continue;
      const key = (g: typeof a) => [-g.reports, -Date.parse(g.lastReportedAt)] as const;
      const [ka, kb] = [key(a), key(b)];
      expect(ka[0] < kb[0] || (ka[0] === kb[0] && (ka[1] < kb[1] || (ka[1] === kb[1] && a.alias < b.alias)))).toBe(true);
    }
    expect(pages.length).toBeGreaterThanOrEqual(3);
    // A cursor not made by the server is refused.
    const forged = await session.call('GET', `${ADMIN_API_ROUTES.reports.url}?cursor=${Buffer.from('report:1|ontem|x').toString('base64url')}`);
    expect(forged.status).toBe(400);
    expect(await errorCode(forged)).toBe('invalid_cursor');
    await server.store.db.updateTable('link_reports').set({ resolved_at: new Date(now).toISOString() }).where('resolved_at', 'is', null).execute();
  });

  it('the audit log names an API key at its creation and its revocation, with figures written as the console writes them', async () => {
    const session = await newSession();
    const issued = await session.call('POST', ADMIN_API_ROUTES.createKey.url, { name: 'Parceiro grande', perMinute: 1200 });
    expect(issued.status).toBe(201);
    const { id } = (await issued.json()) as { id: number };
    expect((await session.call('POST', adminApiPath('revokeKey', { id }))).status).toBe(200);
    const mine = (await auditEntries(session)).filter((entry) => entry.actor === session.email && entry.target === String(id));
    expect(mine.map(({ action, detail }) => ({ action, detail }))).toEqual([
      { action: 'key.revoke', detail: '"Parceiro grande"' },
      { action: 'key.create', detail: '"Parceiro grande", 1.200/min' },
    ]);
  });

  it('the audit log pages by 50 without repeats', async () => {
    const session = await newSession();
    for (let i = 0; i < 30; i++) await admin(['block', `pagina-${i}.example`]);
    const first = (await (await session.call('GET', ADMIN_API_ROUTES.audit.url)).json()) as AdminAuditPage;
    expect(first.entries).toHaveLength(50);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await (await session.call('GET', `${ADMIN_API_ROUTES.audit.url}?cursor=${first.nextCursor ?? ''}`)).json()) as AdminAuditPage;
    const ids = [...first.entries, ...second.entries].map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(second.entries.length).toBeGreaterThan(0);
    const badCursor = await session.call('GET', `${ADMIN_API_ROUTES.audit.url}?cursor=nada`);
    expect(badCursor.status).toBe(400);
    expect(await errorCode(badCursor)).toBe('invalid_cursor');
  });

  it('bad input gets its 4xx and pt-BR message, never a 500', async () => {
    const session = await newSession();
    const cases: [string, 'GET' | 'POST' | 'DELETE', string, unknown, number, string][] = [
      ['domain', 'POST', ADMIN_API_ROUTES.blockDomain.url, { domain: 'não é domínio' }, 400, 'invalid_domain'],
      ['reason', 'POST', ADMIN_API_ROUTES.blockDomain.url, { domain: 'ok.example', reason: 'x'.repeat(501) }, 400, 'invalid_admin_reason'],
      ['search', 'GET', `${ADMIN_API_ROUTES.links.url}?q=${encodeURIComponent('dois termos')}`, undefined, 400, 'invalid_search'],
      ['key name', 'POST', ADMIN_API_ROUTES.createKey.url, { name: '   ' }, 400, 'invalid_key_name'],
      ['key limit', 'POST', ADMIN_API_ROUTES.createKey.url, { name: 'ok', perMinute: 0 }, 400, 'invalid_per_minute'],
      ['unknown key', 'POST', adminApiPath('revokeKey', { id: 999_999 }), undefined, 404, 'key_not_found'],
      ['key id', 'POST', adminApiPath('revokeKey', { id: 'abc' }), undefined, 404, 'key_not_found'],
      ['unknown link', 'POST', adminApiPath('disableLink', { alias: 'nao-existe-aqui' }), undefined, 404, 'link_not_found'],
      ['bad alias', 'DELETE', adminApiPath('deleteLink', { alias: 'a' }), undefined, 404, 'link_not_found'],
      ['bad alias to release', 'POST', adminApiPath('releaseAlias', { alias: 'não/é' }), undefined, 404, 'link_not_found'],
      ['empty feed', 'POST', ADMIN_API_ROUTES.importBlocklist.url, { content: '# só comentários\n' }, 400, 'invalid_feed'],
      ['unknown field', 'POST', ADMIN_API_ROUTES.createKey.url, { name: 'ok', admin: true }, 400, 'unknown_field'],
      // The console's own rules for the names the public routes also use.
      ['reason of another type', 'POST', ADMIN_API_ROUTES.blockDomain.url, { domain: 'ok.example', reason: 5 }, 400, 'invalid_admin_reason'],
      ['feed reason of another type', 'POST', ADMIN_API_ROUTES.importBlocklist.url, { content: 'ok.example', reason: [] }, 400, 'invalid_admin_reason'],
      ['sign-in password beyond any operator\'s', 'POST', ADMIN_API_ROUTES.signIn.url, { email: 'ninguem@exemplo.com.br', password: 'x'.repeat(5000) }, 400, 'invalid_credentials'],
      ['sign-in without an e-mail', 'POST', ADMIN_API_ROUTES.signIn.url, { password: 'uma senha qualquer' }, 400, 'invalid_credentials'],
      ['sign-in e-mail of another type', 'POST', ADMIN_API_ROUTES.signIn.url, { email: 5, password: 'uma senha qualquer' }, 400, 'invalid_credentials'],
      ['sign-in without a password', 'POST', ADMIN_API_ROUTES.signIn.url, { email: 'ninguem@exemplo.com.br' }, 400, 'invalid_credentials'],
      ['top-level domain', 'POST', ADMIN_API_ROUTES.blockDomain.url, { domain: 'com' }, 400, 'invalid_domain'],
      ['public suffix', 'POST', ADMIN_API_ROUTES.blockDomain.url, { domain: 'https://gov.br/' }, 400, 'invalid_domain'],
      // The block dialog's count: only a domain that could be blocked is asked about.
      ['impact of no domain', 'GET', `${ADMIN_API_ROUTES.blockImpact.url}?domain=${encodeURIComponent('não é domínio')}`, undefined, 400, 'invalid_domain'],
      ['impact of a public suffix', 'GET', `${ADMIN_API_ROUTES.blockImpact.url}?domain=com.br`, undefined, 400, 'invalid_domain'],
      ['impact of a top-level domain', 'GET', `${ADMIN_API_ROUTES.blockImpact.url}?domain=com`, undefined, 400, 'invalid_domain'],
      ['impact of an empty domain', 'GET', `${ADMIN_API_ROUTES.blockImpact.url}?domain=`, undefined, 400, 'invalid_domain'],
      ['impact without a domain', 'GET', ADMIN_API_ROUTES.blockImpact.url, undefined, 400, 'invalid_domain'],
      ['impact of a domain too long', 'GET', `${ADMIN_API_ROUTES.blockImpact.url}?domain=${'a'.repeat(3000)}.example`, undefined, 400, 'invalid_domain'],
      ['impact of an unknown parameter', 'GET', `${ADMIN_API_ROUTES.blockImpact.url}?domain=ok.example&todos=1`, undefined, 400, 'unknown_field'],
      ['impact of two domains', 'GET', `${ADMIN_API_ROUTES.blockImpact.url}?domain=a.example&domain=b.example`, undefined, 400, 'invalid_domain'],
      ['reported link, domain of another type', 'POST', adminApiPath('blockReported', { alias: 'nao-existe-aqui' }), { domain: 5 }, 400, 'invalid_domain'],
    ];
    for (const [name, method, path, body, status, code] of cases) {
      const response = await session.call(method, path, body);
      expect(response.status, name).toBe(status);
      const error = ((await response.json()) as { error: { code: string; message: string } }).error;
      expect(error.code, name).toBe(code);
      expect(error.message, name).toMatch(/[a-zà-ú]/);
    }
    const broad = async (domain: string) => ((await (await session.call('POST', ADMIN_API_ROUTES.blockDomain.url, { domain })).json()) as { error: { message: string } }).error.message;
    expect(await broad('com')).toBe('com é um domínio de topo: bloqueá-lo bloquearia todos os sites sob ele. Informe o domínio de um site, como exemplo.com.br.');
    expect(await broad('com.br')).toBe('com.br é um sufixo público: bloqueá-lo bloquearia todos os sites sob ele. Informe o domínio de um site, como exemplo.com.br.');
    expect((await (await session.call('GET', `${ADMIN_API_ROUTES.blocklist.url}?q=com`)).json()) as AdminBlocklistPage).toMatchObject({ domains: [] });
    const unnamed = await session.call('POST', ADMIN_API_ROUTES.importBlocklist.url, { content: '# só comentários\n' });
    expect(((await unnamed.json()) as { error: { message: string } }).error.message).toBe('Nenhum domínio válido no arquivo enviado; nada foi importado.');
  });

  it('a domain of 127 or 253 characters is blocked and unblocked; a console path parameter past the router\'s limit is no "link not found"', async () => {
    const session = await newSession();
    for (const length of [127, 253]) {
      const domain = domainOfLength(length);
      expect(domain).toHaveLength(length);
      expect((await session.call('POST', ADMIN_API_ROUTES.blockDomain.url, { domain })).status, `${length}`).toBe(200);
      const listed = (await (await session.call('GET', `${ADMIN_API_ROUTES.blocklist.url}?q=${encodeURIComponent(domain)}`)).json()) as AdminBlocklistPage;
      expect(listed.domains.map((entry) => entry.domain)).toEqual([domain]);
      const unblocked = await session.call('DELETE', unblockPath(domain));
      expect(unblocked.status, `${length}`).toBe(200);
      expect(await unblocked.json()).toEqual({ outcome: 'changed', message: `Desbloqueado: ${domain}` });
      const after = (await (await session.call('GET', `${ADMIN_API_ROUTES.blocklist.url}?q=${encodeURIComponent(domain)}`)).json()) as AdminBlocklistPage;
      expect(after.domains).toEqual([]);
    }
    // A console route's path parameter past 100 characters, refused by the router before any route runs.
    for (const path of [adminApiPath('revokeKey', { id: '1'.repeat(150) }), adminApiPath('resolveReports', { alias: 'a'.repeat(150) })]) {
      const tooLong = await session.call('POST', path);
      expect(tooLong.status, path).toBe(400);
      const error = ((await tooLong.json()) as { error: { code: string; message: string } }).error;
      expect(error.code, path).toBe('invalid_request');
      expect(error.message, path).not.toBe(errorMessages.link_not_found);
    }
    // The public API's own parameter, an alias, still reads as an unknown link.
    const publicTooLong = await fetch(`${server.url}/api/links/${'a'.repeat(150)}`);
    expect(publicTooLong.status).toBe(404);
    expect(await errorCode(publicTooLong)).toBe('link_not_found');
  });

  it('the blocklist filter reads as the block form does (case, accents as punycode, a URL\'s host) and says how many it found', async () => {
    const session = await newSession();
    for (const domain of ['filtro-golpe-um.example', 'filtro-golpe-dois.example', 'café.com.br', 'filtro-limpo.example']) {
      expect((await session.call('POST', ADMIN_API_ROUTES.blockDomain.url, { domain })).status, domain).toBe(200);
    }
    const filtered = async (q: string) => (await (await session.call('GET', `${ADMIN_API_ROUTES.blocklist.url}?q=${encodeURIComponent(q)}`)).json()) as AdminBlocklistPage;
    const golpe = await filtered('filtro-golpe');
    expect(golpe.domains.map((entry) => entry.domain)).toEqual(['filtro-golpe-dois.example', 'filtro-golpe-um.example']);
    expect(golpe.matching).toBe(2);
    expect(golpe.total).toBeGreaterThanOrEqual(4);
    const all = await filtered('');
    expect(all.matching).toBe(all.total);
    for (const q of ['café', 'CAFÉ.com.br', ' Café ', 'https://café.com.br/promo?x=1', 'https://xn--caf-dma.com.br/']) {
      const page = await filtered(q);
      expect(page.domains.map((entry) => entry.domain), q).toEqual(['xn--caf-dma.com.br']);
      expect(page.matching, q).toBe(1);
    }
    for (const domain of ['filtro-golpe-um.example', 'filtro-golpe-dois.example', 'xn--caf-dma.com.br', 'filtro-limpo.example']) {
      expect((await session.call('DELETE', unblockPath(domain))).status, domain).toBe(200);
    }
  });

  it('an API key name with no printable character (control characters only) is refused with a pt-BR message', async () => {
    const session = await newSession();
    for (const name of ['\u0001\u0002\u0003', '\u0007 \u001b', '\u200b\u200b']) {
      const response = await session.call('POST', ADMIN_API_ROUTES.createKey.url, { name });
      expect(response.status, JSON.stringify(name)).toBe(400);
      const error = ((await response.json()) as { error: { code: string; message: string } }).error;
      expect(error.code).toBe('invalid_key_name');
      expect(error.message).toMatch(/[a-zà-ú]/);
    }
    // Control characters inside a readable name are dropped, the name kept.
    const issued = await session.call('POST', ADMIN_API_ROUTES.createKey.url, { name: 'Loja\u0000 da Ana\u0007' });
    expect(issued.status).toBe(201);
    expect(((await issued.json()) as { name: string }).name).toBe('Loja da Ana');
  });

  it('every console route but sign-in is closed without a session', async () => {
    for (const [name, route] of Object.entries(ADMIN_API_ROUTES)) {
      if (name === 'signIn') continue;
      const response = await fetch(`${server.url}${adminApiPath(name as keyof typeof ADMIN_API_ROUTES, { alias: 'algum-link', domain: 'x.example', id: 1 })}`, {
        method: route.method,
        headers: { origin: server.url, [CSRF_HEADER]: 'x' },
      });
      expect(response.status, name).toBe(401);
      expect(await errorCode(response), name).toBe('not_signed_in');
    }
  });

  it('removing an operator ends their sessions at once', async () => {
    expect((await admin(['operators', 'add', 'sai@example.com', '--password-stdin'], PASSWORD)).code).toBe(0);
    const session = await signInToConsole(server.url, 'sai@example.com', PASSWORD, { 'x-forwarded-for': '10.30.0.1' });
    expect((await session.call('GET', ADMIN_API_ROUTES.overview.url)).status).toBe(200);
    expect(await admin(['operators', 'remove', 'sai@example.com'])).toEqual({ code: 0, output: 'Operador removido: sai@example.com. As sessões dele foram encerradas.' });
    expect((await session.call('GET', ADMIN_API_ROUTES.overview.url)).status).toBe(401);
    expect((await admin(['operators', 'remove', 'sai@example.com'])).code).toBe(1);
  });

  it('pages: /admin is rendered for the request (sign-in form or the operator), noindex and never cached', async () => {
    const signedOut = await fetch(`${server.url}/admin`);
    expect(signedOut.status).toBe(200);
    expect(signedOut.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(signedOut.headers.get('cache-control')).toBe('no-store');
    const session = await newSession();
    const signedIn = await fetch(`${server.url}/admin/chaves`, { headers: { cookie: session.cookie } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${server.url}/admin/nada-aqui`)).status).toBe(404);
  });
});

describe(`the console over https (${testDialect})`, () => {
  let secure: TestServer;
  beforeAll(async () => {
    secure = await startTestServer({ env: { PUBLIC_URL: 'https://encurta.example', TRUST_PROXY: 'true' } });
    await runAdmin(['operators', 'add', EMAIL, '--password-stdin'], secure.store, { timeZone: 'America/Sao_Paulo', readPassword: async () => PASSWORD });
  }, 60_000);
  afterAll(async () => {
    await secure.close();
  });

  const signIn = (headers: Record<string, string>) =>
    fetch(`${secure.url}${ADMIN_API_ROUTES.signIn.url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://encurta.example', ...headers },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });

  it('refuses to sign in over plain http (the cookie would never come back), and over https sets a __Host- Secure cookie', async () => {
    const plain = await signIn({});
    expect(plain.status).toBe(400);
    expect(await errorCode(plain)).toBe('https_required');
    const overTls = await signIn({ 'x-forwarded-proto': 'https' });
    expect(overTls.status).toBe(200);
    expect(overTls.headers.get('set-cookie')).toMatch(/^__Host-ebr_admin=[^;]+; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Strict$/);
  });
});
