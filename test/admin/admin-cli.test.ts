// The admin tool's one rule for arguments, on both dialects: bad input says what was wrong in
// pt-BR and exits 1; a command with nothing to change says "Nada a fazer" and exits 0.
import { describe, expect, it } from 'vitest';
import { parseAdminCommand, runAdmin } from '../../src/server/admin-cli.js';
import { createLinkRepository } from '../../src/server/links/link-repository.js';
import type { Store } from '../../src/server/db/store.js';
import { testDialect, useTestStore } from '../helpers/test-server.js';

const clock = () => Date.parse('2025-03-01T12:00:00.000Z');
const opened = useTestStore();
const admin = (...args: string[]) => runAdmin(args, opened.store, { timeZone: 'America/Sao_Paulo', clock });

async function createLink(store: Store, alias: string, url = `https://example.com/${alias}`): Promise<number> {
  return store.insertCountedLink({ alias, url, createdAt: new Date(clock()).toISOString(), manageTokenHash: `hash-${alias}`, day: '2025-03-01' });
}

const usageOf = (synopsis: string) => `\nUso: npm run admin -- ${synopsis}`;

describe(`npm run admin: argument errors (${testDialect})`, () => {
  it('an unknown command names it, then prints the usage; no command at all says so', async () => {
    const unknown = await admin('apagar-tudo');
    expect(unknown.code).toBe(1);
    expect(unknown.output).toMatch(/^Comando desconhecido: "apagar-tudo"\.\n\nUso: npm run admin -- <comando>\n/);
    const none = await admin();
    expect(none.code).toBe(1);
    expect(none.output).toMatch(/^Falta o comando\.\n\nUso: npm run admin -- <comando>\n/);
  });

  it('help (in any spelling, on any command) prints the usage and exits 0', async () => {
    for (const args of [['help'], ['--help'], ['-h'], ['top', '--help'], ['block', '-h']]) {
      const result = await admin(...args);
      expect(result.code, args.join(' ')).toBe(0);
      expect(result.output, args.join(' ')).toMatch(/^Uso: npm run admin -- <comando>\n/);
    }
  });

  it('top: N and D must be whole numbers in range', async () => {
    expect(await admin('top', 'abc')).toEqual({ code: 1, output: `Número inválido para N: "abc" (use um inteiro a partir de 1).${usageOf('top [N] [--days D]')}` });
    for (const bad of ['0', '-1', '2.5', '1e3', '99999999999999999999']) {
      expect(await admin('top', bad)).toEqual({ code: 1, output: `Número inválido para N: "${bad}" (use um inteiro a partir de 1).${usageOf('top [N] [--days D]')}` });
    }
    for (const bad of ['0', '367', 'sete', '-2']) {
      expect(await admin('top', '--days', bad)).toEqual({ code: 1, output: `Número inválido para D (--days): "${bad}" (use um inteiro de 1 a 366).${usageOf('top [N] [--days D]')}` });
    }
    expect(await admin('top', '--days')).toEqual({ code: 1, output: `Falta o valor de --days.${usageOf('top [N] [--days D]')}` });
    expect(await admin('top', '--days', '--days', '3')).toEqual({ code: 1, output: `Falta o valor de --days.${usageOf('top [N] [--days D]')}` });
    expect(await admin('top', '--days', '2', '--days', '3')).toEqual({ code: 1, output: `Opção repetida: --days.${usageOf('top [N] [--days D]')}` });
    expect(await admin('top', '5', '6')).toEqual({ code: 1, output: `Argumento a mais: "6".${usageOf('top [N] [--days D]')}` });
  });

  it('reports: N must be a whole number from 1', async () => {
    expect(await admin('reports', 'abc')).toEqual({ code: 1, output: `Número inválido para N: "abc" (use um inteiro a partir de 1).${usageOf('reports [N]')}` });
    expect((await admin('reports', '0')).code).toBe(1);
    expect(await admin('reports', '3', 'mais')).toEqual({ code: 1, output: `Argumento a mais: "mais".${usageOf('reports [N]')}` });
  });

  it('unknown options are errors, on every command', async () => {
    expect(await admin('blocked', '--all')).toEqual({ code: 1, output: `Opção desconhecida: "--all".${usageOf('blocked')}` });
    expect(await admin('top', '--dias=7')).toEqual({ code: 1, output: `Opção desconhecida: "--dias".${usageOf('top [N] [--days D]')}` });
    expect(await admin('reports', '-n', '5')).toEqual({ code: 1, output: `Opção desconhecida: "-n".${usageOf('reports [N]')}` });
    expect(await admin('block', 'golpe.example', '--force')).toEqual({ code: 1, output: `Opção desconhecida: "--force".${usageOf('block <domínio> [motivo…]')}` });
    expect((await admin('unblock', '--yes', 'golpe.example')).code).toBe(1);
    expect((await admin('disable', 'algum-link', '--now')).code).toBe(1);
    expect(await admin('block-file', 'lista.txt', '--motivo', 'x')).toEqual({ code: 1, output: `Opção desconhecida: "--motivo".${usageOf('block-file <arquivo> [--reason motivo…]')}` });
    expect(await admin('blocked')).toEqual({ code: 0, output: 'Nenhum domínio bloqueado.' });
  });

  it('missing, malformed and extra arguments name the problem', async () => {
    expect(await admin('block')).toEqual({ code: 1, output: `Falta o domínio.${usageOf('block <domínio> [motivo…]')}` });
    expect(await admin('block', 'não é domínio')).toEqual({ code: 1, output: `Domínio inválido: "não é domínio".${usageOf('block <domínio> [motivo…]')}` });
    expect(await admin('unblock')).toEqual({ code: 1, output: `Falta o domínio.${usageOf('unblock <domínio>')}` });
    expect(await admin('unblock', 'a.example', 'b.example')).toEqual({ code: 1, output: `Argumento a mais: "b.example".${usageOf('unblock <domínio>')}` });
    expect(await admin('disable')).toEqual({ code: 1, output: `Falta o alias.${usageOf('disable <alias>')}` });
    expect(await admin('enable', 'x!')).toEqual({ code: 1, output: `Alias inválido: "x!" (de 3 a 64 letras, números, - ou _).${usageOf('enable <alias>')}` });
    expect(await admin('blocked', 'agora')).toEqual({ code: 1, output: `Argumento a mais: "agora".${usageOf('blocked')}` });
  });

  it('block-file: no file, a missing --reason value or a second file are errors; its import is unchanged', async () => {
    const usage = usageOf('block-file <arquivo> [--reason motivo…]');
    expect(await admin('block-file')).toEqual({ code: 1, output: `Falta o arquivo.${usage}` });
    expect(await admin('block-file', '--reason', 'lista', 'do', 'CERT')).toEqual({ code: 1, output: `Falta o arquivo.${usage}` });
    expect(await admin('block-file', 'lista.txt', '--reason')).toEqual({ code: 1, output: `Falta o valor de --reason.${usage}` });
    expect(await admin('block-file', 'a.txt', 'b.txt')).toEqual({ code: 1, output: `Argumento a mais: "b.txt".${usage}` });
    // Past the arguments, the import itself answers, as before.
    expect(await admin('block-file', '/nao/existe.txt', '--reason', 'x')).toEqual({ code: 1, output: 'Não foi possível ler o arquivo /nao/existe.txt: arquivo não encontrado' });
  });

  it('argument errors are found without a database (the entry checks before opening the store)', () => {
    expect(parseAdminCommand(['top', 'abc'])).toMatchObject({ code: 1 });
    expect(parseAdminCommand(['top', '7', '--days=30'])).toEqual({ name: 'top', limit: 7, days: 30 });
    expect(parseAdminCommand(['top'])).toEqual({ name: 'top', limit: 20, days: 1 });
    expect(parseAdminCommand(['reports'])).toEqual({ name: 'reports', limit: 50 });
    expect(parseAdminCommand(['block', 'HTTPS://Golpe.Example/x', 'phishing', 'de', 'banco'])).toEqual({ name: 'block', domain: 'golpe.example', reason: 'phishing de banco' });
    expect(parseAdminCommand(['block', 'golpe.example', '--', '--nota', 'do', 'CERT'])).toEqual({ name: 'block', domain: 'golpe.example', reason: '--nota do CERT' });
    expect(parseAdminCommand(['block-file', 'f.txt', '--reason=lista', 'CERT'])).toEqual({ name: 'block-file', file: 'f.txt', reason: 'lista CERT' });
    expect(parseAdminCommand(['disable', 'Meu-Link'])).toEqual({ name: 'disable', alias: 'meu-link' });
  });
});

describe(`npm run admin: acting, and nothing to do (${testDialect})`, () => {
  it('disable / enable: changes once, then "Nada a fazer" with exit 0; an unknown link exits 1', async () => {
    await createLink(opened.store, 'liga-desliga');
    const links = createLinkRepository(opened.store);
    expect(await admin('enable', 'liga-desliga')).toEqual({ code: 0, output: 'Nada a fazer: o link liga-desliga já está ativo.' });
    expect(await admin('disable', 'Liga-Desliga')).toEqual({ code: 0, output: 'Desativado: liga-desliga' });
    const disabledAt = (await opened.store.db.selectFrom('links').select('disabled_at').where('alias', '=', 'liga-desliga').executeTakeFirstOrThrow()).disabled_at;
    expect(disabledAt).not.toBeNull();

    expect(await admin('disable', 'liga-desliga')).toEqual({ code: 0, output: 'Nada a fazer: o link liga-desliga já está desativado.' });
    // The second disable leaves the first date alone.
    expect(await links.setDisabled('liga-desliga', '2030-01-01T00:00:00.000Z')).toBe('unchanged');
    const after = (await opened.store.db.selectFrom('links').select('disabled_at').where('alias', '=', 'liga-desliga').executeTakeFirstOrThrow()).disabled_at;
    expect(after).toEqual(disabledAt);

    expect(await admin('enable', 'liga-desliga')).toEqual({ code: 0, output: 'Reativado: liga-desliga' });
    expect(await admin('enable', 'liga-desliga')).toEqual({ code: 0, output: 'Nada a fazer: o link liga-desliga já está ativo.' });

    expect(await admin('disable', 'nao-existe')).toEqual({ code: 1, output: 'Link não encontrado: nao-existe.' });
    expect(await admin('enable', 'nao-existe')).toEqual({ code: 1, output: 'Link não encontrado: nao-existe.' });
    expect(await links.setDisabled('nao-existe', null)).toBe('not_found');
  });

  it('block / unblock: acts once, then says there was nothing to do, with exit 0', async () => {
    expect(await admin('block', 'golpe.example', 'phishing', 'de', 'banco')).toEqual({ code: 0, output: 'Bloqueado: golpe.example (e subdomínios)' });
    expect(await admin('block', 'golpe.example')).toEqual({ code: 0, output: 'Nada a fazer: golpe.example já estava bloqueado.' });
    expect(await admin('block', 'golpe.example', 'phishing', 'de', 'banco')).toEqual({ code: 0, output: 'Nada a fazer: golpe.example já estava bloqueado.' });
    // A bare repeat keeps the reason; a new reason replaces it.
    expect((await admin('blocked')).output).toMatch(/^golpe\.example\t.+\tphishing de banco$/m);
    expect(await admin('block', 'golpe.example', 'lista', 'do', 'CERT')).toEqual({ code: 0, output: 'golpe.example já estava bloqueado; motivo atualizado.' });
    expect((await admin('blocked')).output).toMatch(/^golpe\.example\t.+\tlista do CERT$/m);

    expect(await admin('unblock', 'sub.golpe.example')).toEqual({ code: 0, output: 'Nada a fazer: sub.golpe.example não estava bloqueado. Continua bloqueado por golpe.example.' });
    expect(await admin('unblock', 'golpe.example')).toEqual({ code: 0, output: 'Desbloqueado: golpe.example' });
    expect(await admin('unblock', 'golpe.example')).toEqual({ code: 0, output: 'Nada a fazer: golpe.example não estava bloqueado.' });
    expect(await admin('unblock', 'localhost')).toEqual({ code: 0, output: 'Nada a fazer: localhost não estava bloqueado.' });
  });

  it('top and reports run with valid numbers', async () => {
    const a = await createLink(opened.store, 'mais-clicado');
    const b = await createLink(opened.store, 'clicado-antes');
    await opened.store.db
      .insertInto('link_clicks_daily')
      .values([
        { link_id: a, day: '2025-03-01', clicks: 5 },
        { link_id: b, day: '2025-02-25', clicks: 9 },
      ])
      .execute();
    expect(await admin('top', '1')).toEqual({ code: 0, output: 'Mais clicados de 2025-03-01 a 2025-03-01 (America/Sao_Paulo):\n5\tmais-clicado\thttps://example.com/mais-clicado' });
    expect(await admin('top', '--days', '7', '1')).toEqual({ code: 0, output: 'Mais clicados de 2025-02-23 a 2025-03-01 (America/Sao_Paulo):\n9\tclicado-antes\thttps://example.com/clicado-antes' });
    expect((await admin('top', '--days=7')).output.split('\n')).toHaveLength(3);
    expect(await admin('reports', '5')).toEqual({ code: 0, output: 'Nenhuma denúncia.' });
  });
});
