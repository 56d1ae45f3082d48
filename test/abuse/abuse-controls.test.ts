import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, CreateLinkResponse } from '../../src/shared/api.js';
import { runAdmin } from '../../src/server/admin-cli.js';
import { isForbiddenTargetHost } from '../../src/server/abuse/target-rules.js';
import { normalizeDomain } from '../../src/server/abuse/blocklist.js';
import { hostKeyOf } from '../../src/server/links/host-key.js';
import { BROWSER, BROWSER_USER_AGENTS, CRAWLER_USER_AGENTS } from '../helpers/fixtures.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

describe('forbidden targets (pure)', () => {
  it.each([
    'localhost', 'LOCALHOST', 'api.localhost', 'router.local', 'db.internal', 'nas.home.arpa',
    '127.0.0.1', '127.1.2.3', '10.0.0.1', '172.16.5.4', '192.168.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
    '[::1]', '[fe80::1]', '[fd00::1]', '[::ffff:127.0.0.1]', '[::ffff:c0a8:101]',
    // One label, or a suffix only private networks use.
    'router', 'intranet', 'wpad', 'router.', 'printer.lan', 'nas.home', 'wiki.corp', 'portal.intranet', 'git.private',
    // The DNS root's dot, once or more.
    'localhost..', 'router.lan..', 'printer.local...',
  ])('refuses %s', (host) => {
    expect(isForbiddenTargetHost(host, false)).toBe(true);
  });

  it.each(['example.com', 'www.gov.br', 'localhost.example.com', 'mylocal.com', '8.8.8.8', '[2606:4700::1111]', 'lan.example.com', 'home.com.br', 'fritz.box'])('accepts %s', (host) => {
    expect(isForbiddenTargetHost(host, false)).toBe(false);
  });

  it('the test switch opens loopback only', () => {
    expect(isForbiddenTargetHost('127.0.0.1', true)).toBe(false);
    expect(isForbiddenTargetHost('localhost', true)).toBe(false);
    expect(isForbiddenTargetHost('[::1]', true)).toBe(false);
    expect(isForbiddenTargetHost('10.0.0.1', true)).toBe(true);
    expect(isForbiddenTargetHost('169.254.169.254', true)).toBe(true);
    expect(isForbiddenTargetHost('router.local', true)).toBe(true);
  });

  it('normalises domains given to the admin tool', () => {
    expect(normalizeDomain('https://Evil.Example.com/path')).toBe('evil.example.com');
    expect(normalizeDomain('*.evil.example')).toBe('evil.example');
    expect(normalizeDomain('evil.example.')).toBe('evil.example');
    expect(normalizeDomain('Evil.Example..')).toBe('evil.example');
    // International names as people type them, stored as URLs carry them.
    expect(normalizeDomain('café.com.br')).toBe('xn--caf-dma.com.br');
    expect(normalizeDomain('CAFÉ.com.br.')).toBe('xn--caf-dma.com.br');
    expect(normalizeDomain('xn--caf-dma.com.br')).toBe('xn--caf-dma.com.br');
    expect(normalizeDomain('café com.br')).toBeUndefined();
    // Links stored before hosts with empty labels were refused are keyed as their domain.
    expect(hostKeyOf('https://Example.com../a')).toBe('com.example.');
    expect(normalizeDomain('not a domain')).toBeUndefined();
    expect(normalizeDomain('')).toBeUndefined();
    // An IPv6 address, typed or from a URL, as a stored URL serialises its host.
    expect(normalizeDomain('2606:4700:0:0::1111')).toBe('[2606:4700::1111]');
    expect(normalizeDomain('[2606:4700::1111]')).toBe('[2606:4700::1111]');
    expect(normalizeDomain('https://[2606:4700::1111]:8443/pix')).toBe('[2606:4700::1111]');
    expect(normalizeDomain('[2606:4700::zz]')).toBeUndefined();
    expect(normalizeDomain('cafe.be:80')).toBeUndefined();
  });
});

describe('abuse controls through the real app', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { UNSAFE_ALLOW_LOOPBACK_TARGETS: 'false' } });
  });
  afterAll(async () => {
    await server.close();
  });

  const create = (url: string, alias?: string) =>
    server.app.server.inject({ method: 'POST', url: '/api/links', payload: alias === undefined ? { url } : { url, alias } });
  const visit = (alias: string, ua: string = BROWSER) => server.app.server.inject({ method: 'GET', url: `/${alias}`, headers: { 'user-agent': ua } });
  const admin = (...args: string[]) => runAdmin(args, server.store, { timeZone: 'America/Sao_Paulo' });

  it('refuses links to this machine and private networks, in any notation', async () => {
    for (const url of [
      'http://localhost:8080/admin',
      'http://127.0.0.1/',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://[::1]:3000/',
      'http://[::ffff:127.0.0.1]/',
      'http://10.1.2.3/painel',
      'http://192.168.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://impressora.local/',
      'http://roteador/',
      'http://intranet/admin',
      'http://wpad/wpad.dat',
      'http://printer.lan/',
    ]) {
      const res = await create(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json<ApiErrorBody>().error).toEqual({
        code: 'forbidden_target',
        message: 'Não é possível encurtar endereços locais ou de redes privadas.',
      });
    }
    expect((await create('https://example.com/ok')).statusCode).toBe(201);
  });

  it('a blocked domain (and its subdomains) cannot be shortened, and its existing links answer 410', async () => {
    const before = (await create('https://promo.golpe.example/pix', 'antes-do-bloqueio')).json<CreateLinkResponse>();
    expect((await visit(before.alias)).statusCode).toBe(302);

    expect(await admin('block', 'golpe.example', 'phishing', 'de', 'banco')).toEqual({ code: 0, output: 'Bloqueado: golpe.example (e subdomínios)' });
    await server.app.refreshBlocklist();

    for (const url of ['https://golpe.example/', 'https://promo.golpe.example/pix', 'http://A.B.GOLPE.EXAMPLE/x']) {
      const res = await create(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json<ApiErrorBody>().error.code).toBe('blocked_url');
    }
    // Not a subdomain: a different domain that merely ends with the same letters.
    expect((await create('https://naogolpe.example/')).statusCode).toBe(201);

    for (const ua of [BROWSER, CRAWLER_USER_AGENTS.whatsapp]) {
      const blocked = await visit(before.alias, ua);
      expect(blocked.statusCode).toBe(410);
      expect(blocked.body).toContain('<title>Link bloqueado | Encurta.br</title>');
      expect(blocked.body).toContain('Este link foi desativado por violar nossas regras de uso.');
      expect(blocked.headers.location).toBeUndefined();
    }
    expect((await admin('blocked')).output).toMatch(/^golpe\.example\t.+\tphishing de banco$/);
    // Its owner is told: the view says disabled.
    const owner = await server.app.server.inject({ method: 'GET', url: `/api/links/${before.alias}`, headers: { authorization: `Bearer ${before.manageToken}` } });
    expect(owner.json<{ disabled: boolean }>().disabled).toBe(true);

    expect((await admin('unblock', 'golpe.example')).code).toBe(0);
    await server.app.refreshBlocklist();
    expect((await visit(before.alias)).statusCode).toBe(302);
    // Nothing to change is not an error (README, admin tool): "Nada a fazer", exit code 0.
    const again = await admin('unblock', 'golpe.example');
    expect(again.code).toBe(0);
    expect(again.output).toMatch(/^Nada a fazer/);
    expect((await admin('block', 'não é domínio')).code).toBe(1);
  });

  it('an IPv6 address is blocked as itself: its links answer 410, new ones are refused, and it says so', async () => {
    const before = (await create('https://[2606:4700:0::1111]/pix', 'ipv6-golpe')).json<CreateLinkResponse>();
    expect((await visit(before.alias)).statusCode).toBe(302);
    expect(await admin('block', '2606:4700::1111')).toEqual({ code: 0, output: 'Bloqueado: [2606:4700::1111] (só este endereço IP)' });
    await server.app.refreshBlocklist();
    expect((await visit(before.alias)).statusCode).toBe(410);
    const again = await create('http://[2606:4700::1111]:8080/outro');
    expect(again.statusCode).toBe(400);
    expect(again.json<ApiErrorBody>().error.code).toBe('blocked_url');
    // Another address is another host.
    expect((await create('https://[2606:4700::1112]/x')).statusCode).toBe(201);
    expect((await admin('unblock', '[2606:4700::1111]')).code).toBe(0);
    await server.app.refreshBlocklist();
    expect((await visit(before.alias)).statusCode).toBe(302);
  });

  it('an international domain blocked as people write it blocks both its forms; extra root dots get past nothing', async () => {
    expect(await admin('block', 'pão-golpe.example')).toEqual({ code: 0, output: 'Bloqueado: xn--po-golpe-rza.example (e subdomínios)' });
    await server.app.refreshBlocklist();
    for (const url of ['https://pão-golpe.example/pix', 'https://www.xn--po-golpe-rza.example/', 'https://PÃO-GOLPE.example./x']) {
      const res = await create(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json<ApiErrorBody>().error.code, url).toBe('blocked_url');
    }
    // Two root dots are no host at all now (they slipped past the blocklist's one-dot rule).
    expect((await create('https://pão-golpe.example../pix')).json<ApiErrorBody>().error.code).toBe('invalid_url');
  });

  it("a blocked domain in a link's iPhone or Android target blocks the link, for every visitor and the password form", async () => {
    const make = async (alias: string, extra: Record<string, unknown>) => {
      const res = await server.app.server.inject({ method: 'POST', url: '/api/links', payload: { url: 'https://inofensivo.example/', alias, ...extra } });
      expect(res.statusCode, alias).toBe(201);
      return res.json<CreateLinkResponse>();
    };
    // What its owner reads: `disabled` says visitors get 'Link bloqueado'.
    const ownerSees = async (link: CreateLinkResponse) =>
      (await server.app.server.inject({ method: 'GET', url: `/api/links/${link.alias}`, headers: { authorization: `Bearer ${link.manageToken}` } })).json<{ disabled: boolean }>().disabled;
    const ios = await make('app-golpe-ios', { iosUrl: 'https://login.phish-app.example/ios' });
    expect(await ownerSees(ios)).toBe(false);
    await make('app-golpe-android', { androidUrl: 'https://phish-app.example/a', password: 'segredo-1' });
    expect((await visit('app-golpe-ios', BROWSER_USER_AGENTS.safariIphone)).headers.location).toBe('https://login.phish-app.example/ios');

    expect((await admin('block', 'phish-app.example', 'golpe')).code).toBe(0);
    await server.app.refreshBlocklist();
    for (const alias of ['app-golpe-ios', 'app-golpe-android']) {
      for (const ua of [BROWSER_USER_AGENTS.safariIphone, BROWSER_USER_AGENTS.chromeAndroid, BROWSER, CRAWLER_USER_AGENTS.whatsapp]) {
        const res = await visit(alias, ua);
        expect(res.statusCode, `${alias} ${ua}`).toBe(410);
        expect(res.body).toContain('Link bloqueado');
        expect(res.headers.location).toBeUndefined();
      }
    }
    const form = await server.app.server.inject({
      method: 'POST',
      url: '/app-golpe-android',
      headers: { 'user-agent': BROWSER_USER_AGENTS.chromeAndroid, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'password=segredo-1',
    });
    expect(form.statusCode).toBe(410);
    expect(form.headers.location).toBeUndefined();
    expect(await ownerSees(ios)).toBe(true);
    // A new link cannot take it as an app target; the refusal names the field and the reason.
    const refused = await server.app.server.inject({ method: 'POST', url: '/api/links', payload: { url: 'https://inofensivo.example/', iosUrl: 'https://phish-app.example/ios' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ApiErrorBody>().error).toEqual({ code: 'invalid_ios_url', message: 'O link para iPhone e iPad não pode ser usado: o domínio foi bloqueado por abuso.' });

    expect((await admin('unblock', 'phish-app.example')).code).toBe(0);
    await server.app.refreshBlocklist();
    expect((await visit('app-golpe-ios', BROWSER_USER_AGENTS.safariIphone)).statusCode).toBe(302);
    expect(await ownerSees(ios)).toBe(false);
  });

  it('the operator can disable and enable an alias; a running server notices within a refresh', async () => {
    const link = (await create('https://example.com/desativar', 'desativar-me')).json<CreateLinkResponse>();
    expect((await visit(link.alias)).statusCode).toBe(302); // now cached
    expect(await admin('disable', 'Desativar-Me')).toEqual({ code: 0, output: 'Desativado: desativar-me' });
    // The admin tool is another process: the server learns of it on its periodic refresh.
    await server.app.refreshBlocklist();
    expect((await visit(link.alias)).statusCode).toBe(410);
    const owner = await server.app.server.inject({ method: 'GET', url: `/api/links/${link.alias}`, headers: { authorization: `Bearer ${link.manageToken}` } });
    expect(owner.json<{ disabled: boolean }>().disabled).toBe(true);
    expect(await admin('enable', 'desativar-me')).toEqual({ code: 0, output: 'Reativado: desativar-me' });
    expect((await admin('disable', 'nao-existe')).code).toBe(1);
  });

  it('the operator can delete an alias with the admin tool; a running server stops redirecting it within a refresh', async () => {
    const link = (await create('https://example.com/apagar', 'apagar-me')).json<CreateLinkResponse>();
    expect((await visit(link.alias)).statusCode).toBe(302); // now cached
    expect(await admin('delete', 'apagar-me', '--yes')).toEqual({ code: 0, output: 'Excluído: apagar-me' });
    // The tool is another process: no row is left to poll, the audit log's entry is what the
    // server reads (PostgreSQL also hears a NOTIFY at once).
    await server.app.refreshBlocklist();
    expect((await visit(link.alias)).statusCode).toBe(404);
    // A later refresh reads only newer entries, and the alias stays gone.
    await server.app.refreshBlocklist();
    expect((await visit(link.alias)).statusCode).toBe(404);
  });

  it('lists the most clicked links of the last day', async () => {
    const a = (await create('https://example.com/popular', 'mais-clicado')).json<CreateLinkResponse>();
    const b = (await create('https://example.com/menos', 'menos-clicado')).json<CreateLinkResponse>();
    for (let i = 0; i < 5; i++) await visit(a.alias);
    for (let i = 0; i < 3; i++) await visit(b.alias);
    await server.app.clicks.flush();
    const top = await admin('top', '2');
    expect(top.code).toBe(0);
    const lines = top.output.split('\n');
    expect(lines[0]).toMatch(/^Mais clicados de \d{4}-\d{2}-\d{2} a \d{4}-\d{2}-\d{2} \(America\/Sao_Paulo\):$/);
    expect(lines.slice(1)).toEqual(['5\tmais-clicado\thttps://example.com/popular', '3\tmenos-clicado\thttps://example.com/menos']);
  });

  it("'Denunciar link': reports are stored and listed by the admin tool", async () => {
    const link = (await create('https://example.com/suspeito', 'suspeito')).json<CreateLinkResponse>();
    const report = (body: unknown) => server.app.server.inject({ method: 'POST', url: '/api/reports', payload: body as Record<string, unknown> });

    const ok = await report({ alias: link.shortUrl, reason: 'Página pedindo senha do banco, parece golpe.' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toEqual({ message: 'Denúncia recebida. Obrigado por ajudar a manter o site seguro.' });

    expect((await report({ alias: 'nao-existe', reason: 'Um motivo qualquer e longo.' })).statusCode).toBe(404);
    const short = await report({ alias: 'suspeito', reason: 'curto' });
    expect(short.statusCode).toBe(400);
    expect(short.json<ApiErrorBody>().error.code).toBe('invalid_report');
    expect((await report({ alias: 'suspeito', reason: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await report({ alias: 'suspeito' })).statusCode).toBe(400);
    expect((await report({ alias: 'suspeito', reason: 'Motivo suficiente aqui.', extra: 1 })).statusCode).toBe(400);
    // Control characters are not text: eleven of them are no reason, and an escape sequence
    // (which would clear the operator's terminal and print forged lines) is stored as spaces.
    const controls = await report({ alias: 'suspeito', reason: '\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008\u000e\u000f' });
    expect(controls.json<ApiErrorBody>().error.code).toBe('invalid_report');
    // A short link shared with a query string or a fragment, pasted whole.
    expect((await report({ alias: `${link.shortUrl}?utm_source=whatsapp`, reason: '\u001b[2J\u001b[31mFALSO: tudo certo\u001b[0m\u0007 golpe aqui' })).statusCode).toBe(201);
    expect((await report({ alias: `${link.shortUrl}/#topo`, reason: 'Outro motivo, longo o bastante.' })).statusCode).toBe(201);

    const listed = await admin('reports');
    const lines = listed.output.split('\n');
    expect(lines).toHaveLength(3);
    expect(listed.output).not.toMatch(/\p{Cc}(?<![\t\n])/u);
    expect(lines.find((line) => line.includes('Página pedindo'))).toMatch(/\tsuspeito\tPágina pedindo senha do banco, parece golpe\.$/);
    expect(lines.find((line) => line.includes('FALSO'))).toMatch(/\tsuspeito\t\[2J \[31mFALSO: tudo certo \[0m golpe aqui$/);
  });

  it('prints its usage for unknown commands', async () => {
    const result = await admin('apagar-tudo');
    expect(result.code).toBe(1);
    expect(result.output).toContain('Uso: npm run admin -- <comando>');
  });
});
