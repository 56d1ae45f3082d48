// The admin tool's one rule for arguments, on both dialects: bad input says what was wrong in
// pt-BR and exits 1; a command with nothing to change says "Nada a fazer" and exits 0.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseAdminCommand, runAdmin } from '../../src/server/admin-cli.js';
import { createLinkRepository } from '../../src/server/links/link-repository.js';
import type { Store } from '../../src/server/db/store.js';
import { testDialect, useTestStore } from '../helpers/test-server.js';

const clock = () => Date.parse('2025-03-01T12:00:00.000Z');
const opened = useTestStore();
const admin = (...args: string[]) => runAdmin(args, opened.store, { timeZone: 'America/Sao_Paulo', clock });

async function createLink(store: Store, alias: string, url = `https://example.com/${alias}`, apiKeyId?: number): Promise<number> {
  return store.insertCountedLink({
    alias,
    url,
    createdAt: new Date(clock()).toISOString(),
    manageTokenHash: `hash-${alias}`,
    day: '2025-03-01',
    ...(apiKeyId === undefined ? {} : { apiKeyId }),
  });
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
    expect(await admin('block', 'com')).toEqual({ code: 1, output: `com é um domínio de topo: bloqueá-lo bloquearia todos os sites sob ele.${usageOf('block <domínio> [motivo…]')}` });
    expect(await admin('block', 'https://com.br/x')).toEqual({ code: 1, output: `com.br é um sufixo público: bloqueá-lo bloquearia todos os sites sob ele.${usageOf('block <domínio> [motivo…]')}` });
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

  it('delete: only with --yes; then the link and its clicks are gone, in the audit log, and a second delete exits 1', async () => {
    const id = await createLink(opened.store, 'apagar-este');
    await opened.store.db.insertInto('link_clicks_daily').values({ link_id: id, day: '2025-03-01', clicks: 7 }).execute();
    const stillThere = async () => (await opened.store.db.selectFrom('links').select('id').where('alias', '=', 'apagar-este').executeTakeFirst()) !== undefined;

    const unconfirmed = `Excluir não tem volta: o link apagar-este e os cliques dele somem. Para confirmar, repita com --yes.${usageOf('delete <alias> --yes')}`;
    expect(await admin('delete', 'Apagar-Este')).toEqual({ code: 1, output: unconfirmed });
    expect(await admin('delete')).toEqual({ code: 1, output: `Falta o alias.${usageOf('delete <alias> --yes')}` });
    expect(await admin('delete', 'a b', '--yes')).toEqual({ code: 1, output: `Alias inválido: "a b" (de 3 a 64 letras, números, - ou _).${usageOf('delete <alias> --yes')}` });
    expect(await admin('delete', 'apagar-este', '--yes=sim')).toEqual({ code: 1, output: `A opção --yes não leva valor.${usageOf('delete <alias> --yes')}` });
    expect(await stillThere()).toBe(true);

    expect(await runAdmin(['delete', 'Apagar-Este', '--yes'], opened.store, { timeZone: 'America/Sao_Paulo', clock, actor: { name: 'cli:ana', via: 'cli' } })).toEqual({
      code: 0,
      output: 'Excluído: apagar-este',
    });
    expect(await stillThere()).toBe(false);
    expect(await opened.store.db.selectFrom('link_clicks_daily').selectAll().where('link_id', '=', id).execute()).toEqual([]);
    const logged = await opened.store.db.selectFrom('audit_log').select(['actor', 'via', 'action', 'target', 'detail']).where('action', '=', 'link.delete').execute();
    expect(logged).toEqual([{ actor: 'cli:ana', via: 'cli', action: 'link.delete', target: 'apagar-este', detail: 'https://example.com/apagar-este' }]);

    expect(await admin('delete', 'apagar-este', '--yes')).toEqual({ code: 1, output: 'Link não encontrado: apagar-este.' });
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
    // A subdomain on the list too: taken off it, its links still get 410 through the parent, and the answer says so.
    expect(await admin('block', 'www.golpe.example')).toEqual({ code: 0, output: 'Bloqueado: www.golpe.example (e subdomínios)' });
    expect(await admin('unblock', 'www.golpe.example')).toEqual({ code: 0, output: 'Desbloqueado: www.golpe.example. Continua bloqueado por golpe.example.' });
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

const KEY_FORMAT = /^ebr_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;
const KEYS_USAGE = '\nUso: npm run admin -- keys create | keys list | keys revoke';

interface IssuedKey {
  id: number;
  name: string;
  key: string;
}

interface ListedKey {
  id: number;
  name: string;
  prefix: string;
  perMinute: number | null;
  createdAt: string;
  revokedAt: string | null;
  links: number;
}

async function createKey(...args: string[]): Promise<IssuedKey> {
  const result = await admin('keys', 'create', ...args, '--json');
  expect(result.code, result.output).toBe(0);
  // One line of JSON, nothing around it: a script reads it as is.
  expect(result.output.split('\n')).toHaveLength(1);
  return JSON.parse(result.output) as IssuedKey;
}

async function listKeys(): Promise<ListedKey[]> {
  const result = await admin('keys', 'list', '--json');
  expect(result.code).toBe(0);
  expect(result.output.split('\n')).toHaveLength(1);
  return JSON.parse(result.output) as ListedKey[];
}

describe(`npm run admin -- keys (${testDialect})`, () => {
  it('keys create prints the key once, with the instructions; --json prints one line with id, name and key', async () => {
    const plain = await admin('keys', 'create', 'Loja', 'do', 'Zé');
    expect(plain.code).toBe(0);
    const lines = plain.output.split('\n');
    const key = lines.find((line) => line.startsWith('ebr_')) ?? '';
    expect(key).toMatch(KEY_FORMAT);
    // The key appears exactly once in the output.
    expect(plain.output.split(key)).toHaveLength(2);
    expect(lines[0]).toMatch(/^Chave criada: id \d+, "Loja do Zé", 600 requisições por minuto \(padrão\)\.$/);
    expect(plain.output).toContain('Guarde-a agora: ela não será mostrada de novo');
    expect(plain.output).toContain('Authorization: Bearer <chave>');

    const json = await createKey('integração-crm');
    expect(Object.keys(json).sort()).toEqual(['id', 'key', 'name']);
    expect(json.name).toBe('integração-crm');
    expect(json.key).toMatch(KEY_FORMAT);
    expect(Number.isInteger(json.id)).toBe(true);
    const plainId = Number(/id (\d+)/.exec(lines[0] ?? '')?.[1]);
    expect(json.id).toBeGreaterThan(plainId);

    // Each key is its own: public id and secret both differ.
    const again = await createKey('integração-crm');
    expect(again.key).not.toBe(json.key);
    expect(KEY_FORMAT.exec(again.key)?.[1]).not.toBe(KEY_FORMAT.exec(json.key)?.[1]);
    expect(KEY_FORMAT.exec(again.key)?.[2]).not.toBe(KEY_FORMAT.exec(json.key)?.[2]);

    // The plain output names the key's own figure, and the operator's default when it has none.
    const own = await admin('keys', 'create', 'parceiro', '--per-minute', '1500');
    expect(own.output.split('\n')[0]).toMatch(/^Chave criada: id \d+, "parceiro", 1\.500 requisições por minuto\.$/);
    const configured = await runAdmin(['keys', 'create', 'outro'], opened.store, { timeZone: 'America/Sao_Paulo', clock, apiKeyPerMinute: 42 });
    expect(configured.output.split('\n')[0]).toMatch(/, 42 requisições por minuto \(padrão\)\.$/);
  });

  it("prints stored texts with their control characters escaped: a name's escape sequence does not reach the terminal", async () => {
    const created = await admin('keys', 'create', 'limpa\u001b[2J\u001b[31mtela\u0007');
    expect(created.code).toBe(0);
    expect(created.output.split('\n')[0]).toMatch(/^Chave criada: id \d+, "limpa\\x1b\[2J\\x1b\[31mtela\\x07", /);
    const listed = await admin('keys', 'list');
    expect(listed.output).toContain('limpa\\x1b[2J\\x1b[31mtela\\x07');
    expect(listed.output).not.toMatch(/[^\P{Cc}\t\n]/u);
    // --json stays JSON: the name as stored, its controls escaped by JSON itself.
    expect((await listKeys()).map((key) => key.name)).toContain('limpa\u001b[2J\u001b[31mtela\u0007');
  });

  it('the database keeps neither the key nor its secret: only the public id and the SHA-256 of the secret', async () => {
    const issued = await createKey('guardada', '--per-minute', '30');
    const [, publicId = '', secret = ''] = KEY_FORMAT.exec(issued.key) ?? [];
    const row = await opened.store.db.selectFrom('api_keys').selectAll().where('id', '=', issued.id).executeTakeFirstOrThrow();
    expect(Object.keys(row).sort()).toEqual(['created_at', 'id', 'name', 'per_minute', 'public_id', 'revoked_at', 'secret_hash']);
    expect(row.public_id).toBe(publicId);
    expect(row.secret_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(row.name).toBe('guardada');
    expect(Number(row.per_minute)).toBe(30);
    expect(row.revoked_at).toBeNull();
    expect(new Date(row.created_at).toISOString()).toBe(new Date(clock()).toISOString());
    for (const value of Object.values(row)) {
      const text = value instanceof Date ? value.toISOString() : String(value);
      expect(text).not.toContain(secret);
      expect(text).not.toContain(issued.key);
    }
  });

  it('keys create: the name and --per-minute are checked, and nothing is stored when they are wrong', async () => {
    const usage = usageOf('keys create <nome> [--per-minute N] [--json]');
    const before = (await listKeys()).length;
    for (const bad of ['0', '-1', '1.5', 'abc', '1e3', '1000001', ' 5']) {
      expect(await admin('keys', 'create', 'ruim', '--per-minute', bad), bad).toEqual({
        code: 1,
        output: `Número inválido para N (--per-minute): "${bad}" (use um inteiro de 1 a 1000000).${usage}`,
      });
    }
    expect(await admin('keys', 'create', 'ruim', '--per-minute')).toEqual({ code: 1, output: `Falta o valor de --per-minute.${usage}` });
    expect(await admin('keys', 'create', 'ruim', '--json=sim')).toEqual({ code: 1, output: `A opção --json não leva valor.${usage}` });
    expect(await admin('keys', 'create', 'ruim', '--por-minuto', '5')).toEqual({ code: 1, output: `Opção desconhecida: "--por-minuto".${usage}` });
    expect(await admin('keys', 'create')).toEqual({ code: 1, output: `Falta o nome da chave.${usage}` });
    expect(await admin('keys', 'create', '   ')).toEqual({ code: 1, output: `Nome inválido: use de 1 a 100 caracteres.${usage}` });
    expect(await admin('keys', 'create', 'x'.repeat(101))).toEqual({ code: 1, output: `Nome inválido: use de 1 a 100 caracteres.${usage}` });
    // Only control or invisible characters: a name nobody could read in the list (as the console refuses it).
    expect(await admin('keys', 'create', '\u0000\u001b')).toEqual({ code: 1, output: `Nome inválido: use de 1 a 100 caracteres.${usage}` });
    expect(await admin('keys', 'create', '\u200b\u200b')).toEqual({ code: 1, output: `Nome inválido: o nome da chave precisa ter ao menos uma letra, um número ou um símbolo.${usage}` });
    expect((await listKeys()).length).toBe(before);
    // The bounds themselves are accepted.
    expect((await createKey('y'.repeat(100), '--per-minute', '1000000')).name).toBe('y'.repeat(100));
    expect((await createKey('mínimo', '--per-minute=1')).name).toBe('mínimo');
    expect(parseAdminCommand(['keys', 'create', 'a', 'b', '--per-minute', '7', '--json'])).toEqual({ name: 'keys create', keyName: 'a b', perMinute: 7, json: true });
  });

  it('keys list shows every key without its secret, with its state and how many links it created', async () => {
    const listed = await createKey('listada', '--per-minute', '77');
    const revoked = await createKey('revogada');
    await createLink(opened.store, 'da-chave-1', undefined, listed.id);
    await createLink(opened.store, 'da-chave-2', undefined, listed.id);
    await createLink(opened.store, 'da-revogada', undefined, revoked.id);
    await createLink(opened.store, 'sem-chave');
    expect((await admin('keys', 'revoke', String(revoked.id))).code).toBe(0);

    const json = await listKeys();
    const jsonText = JSON.stringify(json);
    const [, listedPublicId = '', listedSecret = ''] = KEY_FORMAT.exec(listed.key) ?? [];
    const [, revokedPublicId = '', revokedSecret = ''] = KEY_FORMAT.exec(revoked.key) ?? [];
    expect(jsonText).not.toContain(listedSecret);
    expect(jsonText).not.toContain(revokedSecret);
    expect(jsonText).not.toContain('secret');
    // Oldest first.
    expect(json.map((k) => k.id)).toEqual([...json.map((k) => k.id)].sort((a, b) => a - b));
    expect(json.find((k) => k.id === listed.id)).toEqual({
      id: listed.id,
      name: 'listada',
      prefix: `ebr_${listedPublicId}`,
      perMinute: 77,
      createdAt: new Date(clock()).toISOString(),
      revokedAt: null,
      links: 2,
    });
    expect(json.find((k) => k.id === revoked.id)).toMatchObject({ prefix: `ebr_${revokedPublicId}`, perMinute: null, revokedAt: new Date(clock()).toISOString(), links: 1 });

    const plain = await admin('keys', 'list');
    expect(plain.code).toBe(0);
    expect(plain.output).not.toContain(listedSecret);
    expect(plain.output).not.toContain(revokedSecret);
    const lineOf = (id: number) => plain.output.split('\n').find((line) => line.startsWith(`${id}\t`)) ?? '';
    expect(lineOf(listed.id).split('\t')).toEqual([String(listed.id), 'listada', `ebr_${listedPublicId}_…`, '77/min', new Date(clock()).toISOString(), 'ativa', '2 links']);
    expect(lineOf(revoked.id).split('\t')).toEqual([String(revoked.id), 'revogada', `ebr_${revokedPublicId}_…`, '600/min', new Date(clock()).toISOString(), `revogada em ${new Date(clock()).toISOString()}`, '1 link']);
    expect(plain.output.split('\n')).toHaveLength(json.length);
    expect(await admin('keys', 'list', 'tudo')).toEqual({ code: 1, output: `Argumento a mais: "tudo".${usageOf('keys list [--json]')}` });
  });

  it('keys revoke: revokes once, then "Nada a fazer"; an unknown or malformed id exits 1', async () => {
    const issued = await createKey('revogar');
    expect(await admin('keys', 'revoke', String(issued.id))).toEqual({ code: 0, output: `Revogada: chave ${issued.id}. Requisições com ela passam a receber 401.` });
    const row = await opened.store.db.selectFrom('api_keys').select('revoked_at').where('id', '=', issued.id).executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
    expect(await admin('keys', 'revoke', String(issued.id))).toEqual({ code: 0, output: `Nada a fazer: a chave ${issued.id} já estava revogada.` });
    expect(await admin('keys', 'revoke', '999999')).toEqual({ code: 1, output: 'Chave não encontrada: 999999.' });
    const usage = usageOf('keys revoke <id>');
    expect(await admin('keys', 'revoke')).toEqual({ code: 1, output: `Falta o id da chave.${usage}` });
    for (const bad of ['abc', '0', '1.5', issued.key]) {
      expect(await admin('keys', 'revoke', bad), bad).toEqual({ code: 1, output: `Id inválido: "${bad}" (use o número mostrado em keys list).${usage}` });
    }
    expect(await admin('keys', 'revoke', '1', '2')).toEqual({ code: 1, output: `Argumento a mais: "2".${usage}` });
  });

  it('keys without a subcommand, or with an unknown one, says which exist', async () => {
    expect(await admin('keys')).toEqual({ code: 1, output: `Falta o subcomando de keys.${KEYS_USAGE}` });
    expect(await admin('keys', 'delete', '3')).toEqual({ code: 1, output: `Subcomando desconhecido: "keys delete".${KEYS_USAGE}` });
    expect(await admin('keys', '--json')).toEqual({ code: 1, output: `Subcomando desconhecido: "keys --json".${KEYS_USAGE}` });
    expect(await admin('create', 'nome')).toMatchObject({ code: 1, output: expect.stringMatching(/^Comando desconhecido: "create"\./) as unknown });
    // The usage lists the key commands.
    const help = await admin('help');
    expect(help.output).toContain('keys create <nome> [--per-minute N] [--json]');
    expect(help.output).toContain('keys revoke <id>');
    expect((await admin('keys', 'list', '--help')).code).toBe(0);
  });
});
