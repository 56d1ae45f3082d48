import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { importBlocklistFeed, parseBlocklistFeed } from '../../src/server/abuse/blocklist-feed.js';
import { runAdmin } from '../../src/server/admin-cli.js';
import type { Store } from '../../src/server/db/store.js';
import type { CreateLinkResponse } from '../../src/shared/api.js';
import { BROWSER } from '../helpers/fixtures.js';
import { startTestServer, testDialect, type TestServer, useTestStore } from '../helpers/test-server.js';

const clock = () => Date.parse('2025-03-01T12:00:00.000Z');
const admin = (store: Store, ...args: string[]) => runAdmin(args, store, { timeZone: 'America/Sao_Paulo', clock });

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'blocklist-feed-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
let fileCount = 0;
function writeFeed(text: string): string {
  const file = path.join(tmp, `feed-${++fileCount}.txt`);
  fs.writeFileSync(file, text);
  return file;
}

async function countBlocked(store: Store): Promise<number> {
  const row = await store.db.selectFrom('blocked_domains').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('parseBlocklistFeed (pure)', () => {
  it('reads a plain domain list, normalised and without repeats', () => {
    expect(parseBlocklistFeed('evil.example\nEVIL.example\n*.Phish.Example.\nbanco-falso.com.br\n')).toEqual({
      domains: ['evil.example', 'phish.example', 'banco-falso.com.br'],
      errors: [],
    });
  });

  it('reads a hosts file, skipping the names of the machine itself', () => {
    const hosts = [
      '127.0.0.1 localhost',
      '127.0.0.1\tlocalhost.localdomain local',
      '255.255.255.255 broadcasthost',
      '::1 localhost ip6-localhost ip6-loopback',
      'fe80::1%lo0 localhost',
      '0.0.0.0 0.0.0.0',
      '0.0.0.0 evil.example',
      '127.0.0.1   a.example   b.example',
      '0.0.0.0 evil.example',
    ].join('\n');
    expect(parseBlocklistFeed(hosts)).toEqual({ domains: ['evil.example', 'a.example', 'b.example'], errors: [] });
  });

  it('reads a CSV of URLs: the host of the first http(s) column, after a header line', () => {
    const csv = [
      'id,date,url,status',
      '1,2025-02-28,https://Login.Banco-Falso.example/entrar?x=1,online',
      '2,2025-02-28,"http://pix.golpe.example:8080/a,b",online',
      'https://first.example/#frag,https://second.example/',
      '3;2025-02-28;https://semicolon.example/',
      'https://only-url.example/path',
    ].join('\n');
    expect(parseBlocklistFeed(csv)).toEqual({
      domains: ['login.banco-falso.example', 'pix.golpe.example', 'first.example', 'semicolon.example', 'only-url.example'],
      errors: [],
    });
    // A one-column CSV has a header too.
    expect(parseBlocklistFeed('url\nhttps://a.example/\n')).toEqual({ domains: ['a.example'], errors: [] });
  });

  it('ignores comments, trailing comments, blank lines, a BOM and CRLF', () => {
    const text = '\uFEFF# Lista de phishing\r\n\r\n   \r\nevil.example # visto em 2025-02\r\n0.0.0.0 hosts.example\t# comentário\r\n  # recuado\r\nhttps://url.example/a#fragmento\r\n';
    expect(parseBlocklistFeed(text)).toEqual({ domains: ['evil.example', 'hosts.example', 'url.example'], errors: [] });
  });

  it('reports bad lines with their 1-based numbers and keeps the good ones', () => {
    const text = [
      '# comentário', // 1
      'good.example', // 2
      'not a domain', // 3
      'com', // 4
      'ftp://files.example/x', // 5
      '0.0.0.0 ok.example bad_name.example', // 6
      'id,date', // 7: a header only counts as one on the first line
      'https://[2606:4700:0::1111]/x', // 8: an IPv6 host blocks that address (as URLs write it)
      'also-good.example', // 9
      'com.br', // 10: a public suffix, as wide as a top-level domain
      'https://gov.br/', // 11
      'pagina.gov.br', // 12: one site under it
    ].join('\n');
    const { domains, errors } = parseBlocklistFeed(text);
    expect(domains).toEqual(['good.example', 'ok.example', '[2606:4700::1111]', 'also-good.example', 'pagina.gov.br']);
    expect(errors).toEqual([
      { line: 3, message: 'linha 3: domínio inválido: "not a domain"' },
      { line: 4, message: 'linha 4: domínio sem ponto (bloquearia um domínio de topo inteiro): "com"' },
      { line: 5, message: 'linha 5: nenhuma URL http(s) encontrada: "ftp://files.example/x"' },
      { line: 6, message: 'linha 6: domínio inválido: "bad_name.example"' },
      { line: 7, message: 'linha 7: nenhuma URL http(s) encontrada: "id,date"' },
      { line: 10, message: 'linha 10: sufixo público (bloquearia todos os sites sob ele): "com.br"' },
      { line: 11, message: 'linha 11: sufixo público (bloquearia todos os sites sob ele): "gov.br"' },
    ]);
  });

  it('turns international names into punycode, as link hosts are stored', () => {
    const hostOfLink = (domain: string) => new URL(`https://${domain}/`).hostname;
    expect(parseBlocklistFeed('pãodeaçúcar.example\n0.0.0.0 bücher.example').domains).toEqual([hostOfLink('pãodeaçúcar.example'), 'xn--bcher-kva.example']);
  });

  it('an empty or comment-only feed yields nothing', () => {
    expect(parseBlocklistFeed('')).toEqual({ domains: [], errors: [] });
    expect(parseBlocklistFeed('\uFEFF# nada\n\n')).toEqual({ domains: [], errors: [] });
  });
});

describe(`importBlocklistFeed (${testDialect})`, () => {
  const opened = useTestStore();
  afterEach(async () => {
    await opened.store.db.deleteFrom('blocked_domains').execute();
  });

  it('counts what it added and what was already there; existing entries keep their reason', async () => {
    await admin(opened.store, 'block', 'b.example', 'bloqueio', 'manual');
    expect(await importBlocklistFeed(opened.store.db, ['a.example', 'b.example', 'c.example'], 'feed X', clock)).toEqual({ added: 2, alreadyPresent: 1 });
    expect(await importBlocklistFeed(opened.store.db, ['c.example', 'd.example', 'D.example'], 'feed Y', clock)).toEqual({ added: 1, alreadyPresent: 1 });
    const rows = await opened.store.db.selectFrom('blocked_domains').select(['domain', 'reason']).orderBy('domain').execute();
    expect(rows).toEqual([
      { domain: 'a.example', reason: 'feed X' },
      { domain: 'b.example', reason: 'bloqueio manual' },
      { domain: 'c.example', reason: 'feed X' },
      { domain: 'd.example', reason: 'feed Y' },
    ]);
    expect(await importBlocklistFeed(opened.store.db, [], null, clock)).toEqual({ added: 0, alreadyPresent: 0 });
  });

  it('is one transaction: a failure in a later chunk leaves nothing behind', async () => {
    // A trigger refuses one domain of the third chunk, after two chunks went in.
    if (opened.store.dialect === 'sqlite') {
      await sql`create trigger refuse_boom before insert on blocked_domains when new.domain = 'boom.example' begin select raise(abort, 'boom'); end`.execute(opened.store.db);
    } else {
      await sql`create function refuse_boom() returns trigger language plpgsql as $$ begin if new.domain = 'boom.example' then raise exception 'boom'; end if; return new; end $$`.execute(opened.store.db);
      await sql`create trigger refuse_boom before insert on blocked_domains for each row execute function refuse_boom()`.execute(opened.store.db);
    }
    try {
      const domains = Array.from({ length: 3000 }, (_, i) => (i === 2500 ? 'boom.example' : `d${i}.chunk.example`));
      await expect(importBlocklistFeed(opened.store.db, domains, null, clock)).rejects.toThrow(/boom/);
      expect(await countBlocked(opened.store)).toBe(0);
    } finally {
      await sql`drop trigger refuse_boom${sql.raw(opened.store.dialect === 'sqlite' ? '' : ' on blocked_domains')}`.execute(opened.store.db);
      if (opened.store.dialect === 'postgres') await sql`drop function refuse_boom()`.execute(opened.store.db);
    }
  });

  it('another connection sees none of the import, then all of it', async () => {
    const other = opened.openAnother();
    const domains = Array.from({ length: 5000 }, (_, i) => `seen${i}.atomic.example`);
    let done = false;
    const importing = importBlocklistFeed(opened.store.db, domains, null, clock).finally(() => {
      done = true;
    });
    const seen: number[] = [];
    while (!done) {
      seen.push(await countBlocked(other));
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await importing).toEqual({ added: 5000, alreadyPresent: 0 });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((n) => n === 0 || n === 5000)).toBe(true);
    expect(await countBlocked(other)).toBe(5000);
  });

  it('imports a 100,000-line hosts file through the admin tool in under 10 s', { timeout: 60_000 }, async () => {
    const lines = ['# Lista gerada para o teste', '127.0.0.1 localhost', '::1 ip6-localhost'];
    for (let i = 0; i < 100_000; i++) lines.push(`0.0.0.0 host${i}.bulk-feed.example`);
    const file = writeFeed(lines.join('\n'));

    const started = performance.now();
    const result = await runAdmin(['block-file', file], opened.store, { timeZone: 'America/Sao_Paulo' });
    const seconds = (performance.now() - started) / 1000;
    console.log(`[${testDialect}] block-file with 100,000 hosts lines: ${seconds.toFixed(2)} s`);

    expect(result).toEqual({
      code: 0,
      output: `Importado do arquivo ${file}: 100000 domínios adicionados, 0 já estavam bloqueados, 0 linhas ilegíveis. Os servidores em execução passam a bloquear em até 5 s.`,
    });
    expect(await countBlocked(opened.store)).toBe(100_000);
    expect(seconds).toBeLessThan(10);
  });
});

describe(`npm run admin -- block-file (${testDialect})`, () => {
  const opened = useTestStore();

  it('prints what it added, what was there and the bad lines (20 at most), with --reason', async () => {
    await admin(opened.store, 'block', 'ja-estava.example');
    const lines = ['ja-estava.example', 'novo.example'];
    for (let i = 0; i < 25; i++) lines.push(`ruim ${i}`);
    const file = writeFeed(lines.join('\n'));
    const result = await admin(opened.store, 'block-file', file, '--reason', 'lista', 'do', 'CERT');
    expect(result.code).toBe(0);
    const output = result.output.split('\n');
    expect(output[0]).toBe(`Importado do arquivo ${file}: 1 domínio adicionado, 1 já estava bloqueado, 25 linhas ilegíveis. Os servidores em execução passam a bloquear em até 5 s.`);
    expect(output.slice(1, 21)).toEqual(Array.from({ length: 20 }, (_, i) => `linha ${i + 3}: domínio inválido: "ruim ${i}"`));
    expect(output[21]).toBe('… e mais 5');
    expect(output).toHaveLength(22);
    expect((await admin(opened.store, 'blocked')).output).toMatch(/^novo\.example\t.+\tlista do CERT$/m);
  });

  it('fails on a missing file, a file with no valid domain, or no file given', async () => {
    const missing = path.join(tmp, 'nao-existe.txt');
    expect(await admin(opened.store, 'block-file', missing)).toEqual({ code: 1, output: `Não foi possível ler o arquivo ${missing}: arquivo não encontrado` });
    expect(await admin(opened.store, 'block-file', tmp)).toEqual({ code: 1, output: `Não foi possível ler o arquivo ${tmp}: é um diretório` });

    const before = await countBlocked(opened.store);
    const bad = writeFeed('# só lixo\nnão é domínio\n');
    expect(await admin(opened.store, 'block-file', bad)).toEqual({
      code: 1,
      output: `Nenhum domínio válido no arquivo ${bad}; nada foi importado.\nlinha 2: domínio inválido: "não é domínio"`,
    });
    expect(await countBlocked(opened.store)).toBe(before);

    expect((await admin(opened.store, 'block-file')).code).toBe(1);
    expect((await admin(opened.store, 'block-file', '--reason', 'x')).code).toBe(1);
    expect((await admin(opened.store, 'help')).output).toContain('block-file <arquivo> [--reason motivo…]');
  });
});

describe(`a running server picks an imported feed up (${testDialect})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  async function createLink(url: string): Promise<CreateLinkResponse> {
    const res = await fetch(`${server.url}/api/links`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url }) });
    expect(res.status).toBe(201);
    return (await res.json()) as CreateLinkResponse;
  }
  const visit = async (alias: string): Promise<number> =>
    (await fetch(`${server.url}/${alias}`, { redirect: 'manual', headers: { 'user-agent': BROWSER } })).status;

  it('within 5 s on its own (the periodic refresh), then 410', { timeout: 30_000 }, async () => {
    const link = await createLink('https://sub.evil-feed.example/x');
    expect(await visit(link.alias)).toBe(302); // now in the redirect cache too

    const file = writeFeed('# feed de phishing\n0.0.0.0 evil-feed.example\n');
    expect((await admin(server.store, 'block-file', file)).code).toBe(0);

    // No refreshBlocklist(): only the server's own 5 s timer can make this turn.
    const started = performance.now();
    let status = await visit(link.alias);
    while (status !== 410 && performance.now() - started < 8000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = await visit(link.alias);
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(`[${testDialect}] imported domain blocked by the running server after ${seconds.toFixed(2)} s`);
    expect(status).toBe(410);
    // The refresh period is 5 s; the rest is room for one refresh query and a poll step on a busy machine.
    expect(seconds).toBeLessThan(6);
  });

  it('at once after refreshBlocklist()', async () => {
    const link = await createLink('https://pagamento.now-feed.example/pix');
    expect(await visit(link.alias)).toBe(302);
    const file = writeFeed('url,date\nhttps://now-feed.example/login,2025-03-01\n');
    expect((await admin(server.store, 'block-file', file)).code).toBe(0);
    await server.app.refreshBlocklist();
    expect(await visit(link.alias)).toBe(410);
    const refused = await fetch(`${server.url}/api/links`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: 'https://x.now-feed.example/' }) });
    expect(refused.status).toBe(400);
  });
});
