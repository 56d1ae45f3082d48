// The operator's tool (`npm run admin -- <command>`, entry admin-main.ts). It works on the database named by the
// same configuration as the server (DATABASE_URL…), so it runs beside a live site: servers
// pick blocked domains and disabled links up within a few seconds (at once on PostgreSQL for
// disabled links, through NOTIFY).
//
// One rule for every command: bad input (a missing or malformed argument, an unknown command or
// option, an alias or link that does not exist) says what was wrong in pt-BR and exits 1; a
// command that finds nothing to change says so ("Nada a fazer: …") and exits 0.
import { isValidAliasFormat, normalizeAlias } from '../shared/alias-rules.js';
import { formatInteger } from '../shared/integer-format.js';
import type { ScryptCost } from './password-hash.js';
import { createBlocklist, normalizeDomain, tooBroadToBlock } from './abuse/blocklist.js';
import { readBlocklistFile } from './abuse/blocklist-feed.js';
import { createReportRepository } from './abuse/report-repository.js';
import { topLinks } from './admin/admin-queries.js';
import { type Actor, createAuditLog } from './admin/audit-log.js';
import { type ActionResult, createOperatorActions } from './admin/operator-actions.js';
import { createOperatorRepository } from './admin/operator-repository.js';
import { createOperatorService, isAcceptableOperatorPassword, normalizeOperatorEmail } from './admin/operator-service.js';
import { API_KEY_PER_MINUTE_MAX, OPERATOR_PASSWORD_MAX, OPERATOR_PASSWORD_MIN } from '../shared/admin-api.js';
import { addDays, createCalendar, systemClock } from './calendar.js';
import { API_KEY_RATE_LIMIT_DEFAULT } from './config.js';
import type { Store } from './db/store.js';
import { createLinkRepository } from './links/link-repository.js';
import { createApiKeyRepository } from './keys/api-key-repository.js';
import { API_KEY_NAME_MAX, createApiKeyService } from './keys/api-key-service.js';
import { cleanKeyName, keyNameProblem, unreadableKeyNameMessage } from './keys/key-name.js';

const USAGE = `Uso: npm run admin -- <comando>

  block <domínio> [motivo…]   bloqueia o domínio e todos os subdomínios (criação e redirecionamento)
  block-file <arquivo> [--reason motivo…]   importa uma lista de domínios, um arquivo hosts ou um CSV de URLs
  unblock <domínio>           desbloqueia o domínio
  blocked                     lista os domínios bloqueados
  disable <alias>             desativa um link (passa a responder 410 'Link bloqueado')
  enable <alias>              reativa um link desativado
  delete <alias> --yes        exclui o link e os cliques dele para sempre (passa a responder 404; o alias não volta a ser usado)
  release <alias>             libera o alias de um link excluído para quem criar um link com ele
  top [N] [--days D]          os N links mais clicados nos últimos D dias (padrão: 20, 1 = hoje)
  reports [N]                 as N denúncias mais recentes (padrão: 50)
  keys create <nome> [--per-minute N] [--json]   cria uma chave de API e a mostra uma única vez
  keys list [--json]          lista as chaves de API
  keys revoke <id>            revoga uma chave de API (deixa de valer na hora)
  operators add <e-mail> --password-stdin   cria um operador do console (/admin); a senha vem da entrada padrão
  operators remove <e-mail>   remove um operador e encerra as sessões dele
  operators list [--json]     lista os operadores

Toda ação que muda algo fica no registro de auditoria (console → Registro).`;

export interface AdminResult {
  code: number;
  output: string;
}

/** What a command accepts, to check its arguments before it touches the database. */
interface CommandSpec {
  /** The command's line of the usage, repeated under an argument error. */
  synopsis: string;
  /** The required positional arguments, as named in "Falta …" ('o domínio'). */
  required: readonly string[];
  /** How many optional positional arguments may follow; Infinity for free text (a reason). */
  optional: number;
  /** Options taking one value (`--days 7` or `--days=7`). */
  valueOptions: readonly string[];
  /** An option that takes every word after it (`--reason lista do CERT`). */
  restOption?: string;
  /** Options that take no value (`--json`). */
  flags?: readonly string[];
}

const COMMANDS = {
  block: { synopsis: 'block <domínio> [motivo…]', required: ['o domínio'], optional: Infinity, valueOptions: [] },
  'block-file': { synopsis: 'block-file <arquivo> [--reason motivo…]', required: ['o arquivo'], optional: 0, valueOptions: [], restOption: 'reason' },
  unblock: { synopsis: 'unblock <domínio>', required: ['o domínio'], optional: 0, valueOptions: [] },
  blocked: { synopsis: 'blocked', required: [], optional: 0, valueOptions: [] },
  disable: { synopsis: 'disable <alias>', required: ['o alias'], optional: 0, valueOptions: [] },
  enable: { synopsis: 'enable <alias>', required: ['o alias'], optional: 0, valueOptions: [] },
  delete: { synopsis: 'delete <alias> --yes', required: ['o alias'], optional: 0, valueOptions: [], flags: ['yes'] },
  release: { synopsis: 'release <alias>', required: ['o alias'], optional: 0, valueOptions: [] },
  top: { synopsis: 'top [N] [--days D]', required: [], optional: 1, valueOptions: ['days'] },
  reports: { synopsis: 'reports [N]', required: [], optional: 1, valueOptions: [] },
  'keys create': { synopsis: 'keys create <nome> [--per-minute N] [--json]', required: ['o nome da chave'], optional: Infinity, valueOptions: ['per-minute'], flags: ['json'] },
  'keys list': { synopsis: 'keys list [--json]', required: [], optional: 0, valueOptions: [], flags: ['json'] },
  'keys revoke': { synopsis: 'keys revoke <id>', required: ['o id da chave'], optional: 0, valueOptions: [] },
  'operators add': { synopsis: 'operators add <e-mail> --password-stdin', required: ['o e-mail'], optional: 0, valueOptions: [], flags: ['password-stdin'] },
  'operators remove': { synopsis: 'operators remove <e-mail>', required: ['o e-mail'], optional: 0, valueOptions: [] },
  'operators list': { synopsis: 'operators list [--json]', required: [], optional: 0, valueOptions: [], flags: ['json'] },
} satisfies Record<string, CommandSpec>;

/** Commands written as two words (`keys create`): the group, and how to name its subcommands. */
const GROUPS: Readonly<Record<string, string>> = {
  keys: 'keys create | keys list | keys revoke',
  operators: 'operators add | operators remove | operators list',
};

type CommandName = keyof typeof COMMANDS;

interface ParsedArgs {
  positionals: string[];
  options: Map<string, string>;
}

/** A word that reads as an option: `--days`, `-h`; not `-5` (a bad number) nor `-` or `--`. */
const looksLikeOption = (arg: string): boolean => /^--?[\p{L}]/u.test(arg);

/** Splits a command's arguments by its spec; a string is the pt-BR reason they are wrong. */
function parseArgs(args: readonly string[], spec: CommandSpec): ParsedArgs | string {
  const positionals: string[] = [];
  const options = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--') {
      // Everything after `--` is an argument, even when it starts with a dash.
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (!looksLikeOption(arg)) {
      positionals.push(arg);
      continue;
    }
    const equals = arg.indexOf('=');
    const name = (equals === -1 ? arg : arg.slice(0, equals)).replace(/^--?/, '');
    const inline = equals === -1 ? undefined : arg.slice(equals + 1);
    const flag = `--${name}`;
    const isFlag = arg.startsWith('--') && (spec.flags ?? []).includes(name);
    const known = isFlag || (arg.startsWith('--') && (name === spec.restOption || spec.valueOptions.includes(name)));
    if (!known) return `Opção desconhecida: "${equals === -1 ? arg : arg.slice(0, equals)}".`;
    if (options.has(name)) return `Opção repetida: ${flag}.`;
    if (isFlag) {
      if (inline !== undefined) return `A opção ${flag} não leva valor.`;
      options.set(name, 'true');
      continue;
    }
    if (name === spec.restOption) {
      const value = (inline === undefined ? args.slice(i + 1) : [inline, ...args.slice(i + 1)]).join(' ').trim();
      if (value === '') return `Falta o valor de ${flag}.`;
      options.set(name, value);
      break;
    }
    const value = inline ?? args[i + 1];
    if (value === undefined || value === '' || (inline === undefined && looksLikeOption(value))) return `Falta o valor de ${flag}.`;
    options.set(name, value);
    if (inline === undefined) i++;
  }
  const missing = spec.required[positionals.length];
  if (missing !== undefined) return `Falta ${missing}.`;
  const extra = positionals[spec.required.length + spec.optional];
  if (extra !== undefined) return `Argumento a mais: "${extra}".`;
  return { positionals, options };
}

/** A whole number from min to max written in digits only ("1e3", "2.0", "-1", " 5" are refused). */
function parseCount(raw: string, min: number, max: number): number | undefined {
  if (!/^\d+$/.test(raw)) return undefined;
  const value = Number(raw);
  return Number.isSafeInteger(value) && value >= min && value <= max ? value : undefined;
}

/** A command whose arguments passed every check that needs no database. */
export type AdminCommand =
  | { name: 'block'; domain: string; reason: string | null }
  | { name: 'block-file'; file: string; reason: string | null }
  | { name: 'unblock'; domain: string }
  | { name: 'blocked' }
  | { name: 'disable' | 'enable' | 'delete' | 'release'; alias: string }
  | { name: 'top'; limit: number; days: number }
  | { name: 'reports'; limit: number }
  | { name: 'keys create'; keyName: string; perMinute: number | null; json: boolean }
  | { name: 'keys list'; json: boolean }
  | { name: 'keys revoke'; id: number }
  | { name: 'operators add'; email: string }
  | { name: 'operators remove'; email: string }
  | { name: 'operators list'; json: boolean };

/**
 * Checks the arguments without touching the database: the command to run, or what to print
 * (the usage, or what was wrong with exit code 1). The entry calls it before opening the store,
 * so `help` and mistakes need no database.
 */
export function parseAdminCommand(args: readonly string[]): AdminCommand | AdminResult {
  const [command, ...rest] = args;
  if (command === undefined) return { code: 1, output: `Falta o comando.\n\n${USAGE}` };
  if (command === 'help' || command === '--help' || command === '-h' || rest.includes('--help') || rest.includes('-h')) return { code: 0, output: USAGE };
  const group = GROUPS[command];
  if (group !== undefined) {
    const sub = rest[0];
    if (sub === undefined) return { code: 1, output: `Falta o subcomando de ${command}.\nUso: npm run admin -- ${group}` };
    if (!Object.hasOwn(COMMANDS, `${command} ${sub}`)) return { code: 1, output: `Subcomando desconhecido: "${command} ${sub}".\nUso: npm run admin -- ${group}` };
  }
  const fullName = group === undefined ? command : `${command} ${rest[0] ?? ''}`;
  if (!Object.hasOwn(COMMANDS, fullName)) return { code: 1, output: `Comando desconhecido: "${command}".\n\n${USAGE}` };
  const name = fullName as CommandName;
  const spec: CommandSpec = COMMANDS[name];
  // An argument error names the problem, then recalls how the command is written.
  const fail = (message: string): AdminResult => ({ code: 1, output: `${message}\nUso: npm run admin -- ${spec.synopsis}` });
  const parsed = parseArgs(group === undefined ? rest : rest.slice(1), spec);
  if (typeof parsed === 'string') return fail(parsed);
  const { positionals, options } = parsed;
  const first = positionals[0] ?? '';
  const domain = (): string | AdminResult => normalizeDomain(first) ?? fail(`Domínio inválido: "${first}".`);
  const count = (fallback: number): number | AdminResult =>
    positionals[0] === undefined ? fallback : (parseCount(first, 1, Number.MAX_SAFE_INTEGER) ?? fail(`Número inválido para N: "${first}" (use um inteiro a partir de 1).`));

  switch (name) {
    case 'block': {
      const checked = domain();
      if (typeof checked !== 'string') return checked;
      const tooBroad = tooBroadToBlock(checked);
      return tooBroad === undefined ? { name, domain: checked, reason: positionals.slice(1).join(' ').trim() || null } : fail(tooBroad);
    }
    case 'block-file':
      return { name, file: first, reason: options.get('reason') ?? null };
    case 'unblock': {
      const checked = domain();
      return typeof checked === 'string' ? { name, domain: checked } : checked;
    }
    case 'blocked':
      return { name };
    case 'disable':
    case 'enable':
    case 'delete':
    case 'release': {
      const alias = normalizeAlias(first);
      if (!isValidAliasFormat(alias)) return fail(`Alias inválido: "${first}" (de 3 a 64 letras, números, - ou _).`);
      // Nothing brings a deleted link back: the operator says so in the command itself.
      if (name === 'delete' && !options.has('yes')) return fail(`Excluir não tem volta: o link ${alias} e os cliques dele somem. Para confirmar, repita com --yes.`);
      return { name, alias };
    }
    case 'top': {
      const limit = count(20);
      if (typeof limit !== 'number') return limit;
      const rawDays = options.get('days');
      const days = rawDays === undefined ? 1 : parseCount(rawDays, 1, 366);
      if (days === undefined) return fail(`Número inválido para D (--days): "${rawDays ?? ''}" (use um inteiro de 1 a 366).`);
      return { name, limit, days };
    }
    case 'reports': {
      const limit = count(50);
      return typeof limit === 'number' ? { name, limit } : limit;
    }
    case 'keys create': {
      // Stored as typed (its control characters are escaped wherever the tool prints it), but
      // judged as the console judges it: a name with nothing readable is refused.
      const keyName = positionals.join(' ').trim();
      const problem = keyNameProblem(cleanKeyName(keyName));
      if (problem === 'length') return fail(`Nome inválido: use de 1 a ${API_KEY_NAME_MAX} caracteres.`);
      if (problem === 'unreadable') return fail(`Nome inválido: ${unreadableKeyNameMessage.charAt(0).toLowerCase()}${unreadableKeyNameMessage.slice(1)}`);
      const rawPerMinute = options.get('per-minute');
      const perMinute = rawPerMinute === undefined ? null : parseCount(rawPerMinute, 1, API_KEY_PER_MINUTE_MAX);
      if (perMinute === undefined) return fail(`Número inválido para N (--per-minute): "${rawPerMinute ?? ''}" (use um inteiro de 1 a 1000000).`);
      return { name, keyName, perMinute, json: options.has('json') };
    }
    case 'keys list':
      return { name, json: options.has('json') };
    case 'keys revoke': {
      const id = parseCount(first, 1, Number.MAX_SAFE_INTEGER);
      if (id === undefined) return fail(`Id inválido: "${first}" (use o número mostrado em keys list).`);
      return { name, id };
    }
    case 'operators add':
    case 'operators remove': {
      const email = normalizeOperatorEmail(first);
      if (email === undefined) return fail(`E-mail inválido: "${first}".`);
      // A password on the command line would stay in the shell's history and in `ps`.
      if (name === 'operators add' && !options.has('password-stdin')) return fail('Informe a senha pela entrada padrão, com --password-stdin (nunca na linha de comando).');
      return { name, email };
    }
    case 'operators list':
      return { name, json: options.has('json') };
  }
}

/** How the tool's actions are signed in the audit log: `cli:<system user>`. */
export function cliActor(user: string): Actor {
  return { name: `cli:${user}`, via: 'cli' };
}

/** An action's outcome as the tool prints it: not found exits 1, the rest 0. */
const printed = (result: ActionResult): AdminResult => ({ code: result.outcome === 'not_found' || result.outcome === 'refused' ? 1 : 0, output: result.message });

/**
 * What the tool prints, safe for a terminal: stored texts (a report's reason, a key's name, a
 * console reason) come from people, and a control character among them (an escape sequence that
 * clears the screen or colours a forged line) would act on the operator's terminal. Shown as
 * `\x1b`-style escapes instead; the tool's own line breaks and tabs stay.
 */
export function terminalSafe(text: string): string {
  return text.replace(/[^\P{Cc}\t\n]/gu, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** Runs one command against an open store; returns what to print (terminalSafe) and the exit code. */
export async function runAdmin(
  args: readonly string[],
  store: Store,
  options: Parameters<typeof runAdminCommand>[2],
): Promise<AdminResult> {
  const result = await runAdminCommand(args, store, options);
  return { ...result, output: terminalSafe(result.output) };
}

async function runAdminCommand(
  args: readonly string[],
  store: Store,
  options: {
    timeZone: string;
    clock?: () => number;
    apiKeyPerMinute?: number;
    /** Who runs the tool, for the audit log (`cli:<user>`). */
    actor?: Actor;
    /** The standard input's first line (`--password-stdin`). */
    readPassword?: () => Promise<string>;
    /** The operators' hash cost: the real one unless a test lowers it (password-hash.ts). */
    operatorPasswordCost?: ScryptCost;
  },
): Promise<AdminResult> {
  const command = parseAdminCommand(args);
  if (!('name' in command)) return command;
  const clock = options.clock ?? systemClock;
  const actor = options.actor ?? cliActor('desconhecido');
  const keys = createApiKeyService({ keys: createApiKeyRepository(store.db), clock, defaultPerMinute: options.apiKeyPerMinute ?? API_KEY_RATE_LIMIT_DEFAULT });
  const links = createLinkRepository(store);
  const blocklist = createBlocklist(store.db, clock);
  const operators = createOperatorService({ operators: createOperatorRepository(store.db), clock, cost: options.operatorPasswordCost });
  const actions = createOperatorActions({
    db: store.db,
    links,
    blocklist,
    apiKeys: keys,
    reports: createReportRepository(store.db),
    operators,
    audit: createAuditLog(store.db, clock),
    clock,
    // Servers hear of it at once on PostgreSQL (NOTIFY); on SQLite a disabled link is picked up
    // by their next refresh (within 5 s).
    linkChanged: (alias) => store.notifyChanged(alias),
    // No cache here; the deletion told the servers (PostgreSQL) or its audit entry will (SQLite).
    linkDeleted: () => undefined,
  });

  switch (command.name) {
    case 'block':
      return printed(await actions.blockDomain(actor, command.domain, command.reason));
    case 'block-file': {
      const read = await readBlocklistFile(command.file);
      if (!('text' in read)) return read;
      const result = await actions.importFeed(actor, read.text, command.file, command.reason);
      return { code: result.code, output: result.output };
    }
    case 'unblock':
      return printed(await actions.unblockDomain(actor, command.domain));
    case 'blocked': {
      const rows = await blocklist.list();
      if (rows.length === 0) return { code: 0, output: 'Nenhum domínio bloqueado.' };
      return { code: 0, output: rows.map((r) => `${r.domain}\t${r.createdAt}\t${r.reason ?? ''}`).join('\n') };
    }
    case 'disable':
      return printed(await actions.disableLink(actor, command.alias));
    case 'enable':
      return printed(await actions.enableLink(actor, command.alias));
    case 'delete':
      return printed(await actions.deleteLink(actor, command.alias));
    case 'release':
      return printed(await actions.releaseAlias(actor, command.alias));
    case 'top': {
      const today = createCalendar(options.timeZone, clock).today();
      const from = addDays(today, -(command.days - 1));
      const rows = await topLinks(store, from, today, command.limit);
      const header = `Mais clicados de ${from} a ${today} (${options.timeZone}):`;
      if (rows.length === 0) return { code: 0, output: `${header}\nNenhum clique.` };
      return { code: 0, output: [header, ...rows.map((r) => `${r.clicks}\t${r.alias}\t${r.url}`)].join('\n') };
    }
    case 'reports': {
      const rows = await createReportRepository(store.db).listReports(command.limit);
      if (rows.length === 0) return { code: 0, output: 'Nenhuma denúncia.' };
      return { code: 0, output: rows.map((r) => `${r.createdAt}\t${r.alias}\t${r.reason}`).join('\n') };
    }
    case 'keys create': {
      const issued = await actions.createKey(actor, command.keyName, command.perMinute);
      if (command.json) return { code: 0, output: JSON.stringify({ id: issued.id, name: issued.name, key: issued.key }) };
      const limit = `${(issued.perMinute ?? keys.defaultPerMinute).toLocaleString('pt-BR')} requisições por minuto${issued.perMinute === null ? ' (padrão)' : ''}`;
      return {
        code: 0,
        output: [
          `Chave criada: id ${issued.id}, "${issued.name}", ${limit}.`,
          '',
          issued.key,
          '',
          'Guarde-a agora: ela não será mostrada de novo (o site guarda só um hash dela).',
          'Use no cabeçalho: Authorization: Bearer <chave>',
        ].join('\n'),
      };
    }
    case 'keys list': {
      const rows = await keys.list();
      if (command.json) {
        return {
          code: 0,
          output: JSON.stringify(rows.map((r) => ({ id: r.id, name: r.name, prefix: `ebr_${r.publicId}`, perMinute: r.perMinute, createdAt: r.createdAt, revokedAt: r.revokedAt, links: r.links }))),
        };
      }
      if (rows.length === 0) return { code: 0, output: 'Nenhuma chave de API.' };
      const line = (r: (typeof rows)[number]): string =>
        [r.id, r.name, `ebr_${r.publicId}_…`, `${r.perMinute ?? keys.defaultPerMinute}/min`, r.createdAt, r.revokedAt === null ? 'ativa' : `revogada em ${r.revokedAt}`, r.links === 1 ? '1 link' : `${formatInteger(r.links)} links`].join('\t');
      return { code: 0, output: rows.map(line).join('\n') };
    }
    case 'keys revoke':
      return printed(await actions.revokeKey(actor, command.id));
    case 'operators add': {
      const password = (await options.readPassword?.()) ?? '';
      if (!isAcceptableOperatorPassword(password)) {
        return { code: 1, output: `Senha inválida: use de ${OPERATOR_PASSWORD_MIN} a ${OPERATOR_PASSWORD_MAX} caracteres (lida da primeira linha da entrada padrão).` };
      }
      return printed(await actions.addOperator(actor, command.email, password));
    }
    case 'operators remove':
      return printed(await actions.removeOperator(actor, command.email));
    case 'operators list': {
      const rows = await operators.list();
      if (command.json) return { code: 0, output: JSON.stringify(rows) };
      if (rows.length === 0) return { code: 0, output: 'Nenhum operador. Crie o primeiro com: npm run admin -- operators add <e-mail> --password-stdin' };
      return { code: 0, output: rows.map((r) => [r.email, r.createdAt, `${r.sessions} ${r.sessions === 1 ? 'sessão' : 'sessões'}`].join('\t')).join('\n') };
    }
  }
}
