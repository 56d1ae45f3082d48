// The operator's tool (`npm run admin -- <command>`, entry admin-main.ts). It works on the database named by the
// same configuration as the server (DATABASE_URL…), so it runs beside a live site: servers
// pick blocked domains and disabled links up within a few seconds (at once on PostgreSQL for
// disabled links, through NOTIFY).
//
// One rule for every command: bad input (a missing or malformed argument, an unknown command or
// option, an alias or link that does not exist) says what was wrong in pt-BR and exits 1; a
// command that finds nothing to change says so ("Nada a fazer: …") and exits 0.
import { isValidAliasFormat, normalizeAlias } from '../shared/alias-rules.js';
import { createBlocklist, normalizeDomain } from './abuse/blocklist.js';
import { importBlocklistFile } from './abuse/blocklist-feed.js';
import { createReportRepository } from './abuse/report-repository.js';
import { addDays, createCalendar, systemClock } from './calendar.js';
import type { Store } from './db/store.js';
import { toNumber } from './db/dialect.js';
import { createLinkRepository } from './links/link-repository.js';

const USAGE = `Uso: npm run admin -- <comando>

  block <domínio> [motivo…]   bloqueia o domínio e todos os subdomínios (criação e redirecionamento)
  block-file <arquivo> [--reason motivo…]   importa uma lista de domínios, um arquivo hosts ou um CSV de URLs
  unblock <domínio>           desbloqueia o domínio
  blocked                     lista os domínios bloqueados
  disable <alias>             desativa um link (passa a responder 410 'Link bloqueado')
  enable <alias>              reativa um link desativado
  top [N] [--days D]          os N links mais clicados nos últimos D dias (padrão: 20, 1 = hoje)
  reports [N]                 as N denúncias mais recentes (padrão: 50)`;

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
}

const COMMANDS = {
  block: { synopsis: 'block <domínio> [motivo…]', required: ['o domínio'], optional: Infinity, valueOptions: [] },
  'block-file': { synopsis: 'block-file <arquivo> [--reason motivo…]', required: ['o arquivo'], optional: 0, valueOptions: [], restOption: 'reason' },
  unblock: { synopsis: 'unblock <domínio>', required: ['o domínio'], optional: 0, valueOptions: [] },
  blocked: { synopsis: 'blocked', required: [], optional: 0, valueOptions: [] },
  disable: { synopsis: 'disable <alias>', required: ['o alias'], optional: 0, valueOptions: [] },
  enable: { synopsis: 'enable <alias>', required: ['o alias'], optional: 0, valueOptions: [] },
  top: { synopsis: 'top [N] [--days D]', required: [], optional: 1, valueOptions: ['days'] },
  reports: { synopsis: 'reports [N]', required: [], optional: 1, valueOptions: [] },
} satisfies Record<string, CommandSpec>;

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
    const known = arg.startsWith('--') && (name === spec.restOption || spec.valueOptions.includes(name));
    if (!known) return `Opção desconhecida: "${equals === -1 ? arg : arg.slice(0, equals)}".`;
    if (options.has(name)) return `Opção repetida: ${flag}.`;
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
  | { name: 'disable' | 'enable'; alias: string }
  | { name: 'top'; limit: number; days: number }
  | { name: 'reports'; limit: number };

/**
 * Checks the arguments without touching the database: the command to run, or what to print
 * (the usage, or what was wrong with exit code 1). The entry calls it before opening the store,
 * so `help` and mistakes need no database.
 */
export function parseAdminCommand(args: readonly string[]): AdminCommand | AdminResult {
  const [command, ...rest] = args;
  if (command === undefined) return { code: 1, output: `Falta o comando.\n\n${USAGE}` };
  if (command === 'help' || command === '--help' || command === '-h' || rest.includes('--help') || rest.includes('-h')) return { code: 0, output: USAGE };
  if (!Object.hasOwn(COMMANDS, command)) return { code: 1, output: `Comando desconhecido: "${command}".\n\n${USAGE}` };
  const name = command as CommandName;
  const spec: CommandSpec = COMMANDS[name];
  // An argument error names the problem, then recalls how the command is written.
  const fail = (message: string): AdminResult => ({ code: 1, output: `${message}\nUso: npm run admin -- ${spec.synopsis}` });
  const parsed = parseArgs(rest, spec);
  if (typeof parsed === 'string') return fail(parsed);
  const { positionals, options } = parsed;
  const first = positionals[0] ?? '';
  const domain = (): string | AdminResult => normalizeDomain(first) ?? fail(`Domínio inválido: "${first}".`);
  const count = (fallback: number): number | AdminResult =>
    positionals[0] === undefined ? fallback : (parseCount(first, 1, Number.MAX_SAFE_INTEGER) ?? fail(`Número inválido para N: "${first}" (use um inteiro a partir de 1).`));

  switch (name) {
    case 'block': {
      const checked = domain();
      return typeof checked === 'string' ? { name, domain: checked, reason: positionals.slice(1).join(' ').trim() || null } : checked;
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
    case 'enable': {
      const alias = normalizeAlias(first);
      if (!isValidAliasFormat(alias)) return fail(`Alias inválido: "${first}" (de 3 a 64 letras, números, - ou _).`);
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
  }
}

/** Runs one command against an open store; returns what to print and the exit code. */
export async function runAdmin(args: readonly string[], store: Store, options: { timeZone: string; clock?: () => number }): Promise<AdminResult> {
  const command = parseAdminCommand(args);
  if (!('name' in command)) return command;
  const clock = options.clock ?? systemClock;
  const links = createLinkRepository(store);
  const blocklist = createBlocklist(store.db, clock);

  switch (command.name) {
    case 'block': {
      const { domain, reason } = command;
      const existing = await store.db.selectFrom('blocked_domains').select('reason').where('domain', '=', domain).executeTakeFirst();
      if (existing !== undefined) {
        // A new reason replaces the old one; without one, the row is left as it was.
        if (reason === null || reason === existing.reason) return { code: 0, output: `Nada a fazer: ${domain} já estava bloqueado.` };
        await blocklist.block(domain, reason);
        return { code: 0, output: `${domain} já estava bloqueado; motivo atualizado.` };
      }
      await blocklist.block(domain, reason);
      return { code: 0, output: `Bloqueado: ${domain} (e subdomínios)` };
    }
    case 'block-file':
      return importBlocklistFile(store.db, command.file, command.reason, clock);
    case 'unblock': {
      const { domain } = command;
      if (await blocklist.unblock(domain)) return { code: 0, output: `Desbloqueado: ${domain}` };
      // Not in the list itself, but maybe still blocked through a parent domain: say so.
      const labels = domain.split('.');
      const parents = labels.slice(1).map((_, i) => labels.slice(i + 1).join('.'));
      const parent =
        parents.length === 0
          ? undefined
          : await store.db.selectFrom('blocked_domains').select('domain').where('domain', 'in', parents).orderBy('domain').executeTakeFirst();
      const still = parent === undefined ? '' : ` Continua bloqueado por ${parent.domain}.`;
      return { code: 0, output: `Nada a fazer: ${domain} não estava bloqueado.${still}` };
    }
    case 'blocked': {
      const rows = await blocklist.list();
      if (rows.length === 0) return { code: 0, output: 'Nenhum domínio bloqueado.' };
      return { code: 0, output: rows.map((r) => `${r.domain}\t${r.createdAt}\t${r.reason ?? ''}`).join('\n') };
    }
    case 'disable':
    case 'enable': {
      const { alias } = command;
      const disable = command.name === 'disable';
      const outcome = await links.setDisabled(alias, disable ? new Date(clock()).toISOString() : null);
      if (outcome === 'not_found') return { code: 1, output: `Link não encontrado: ${alias}.` };
      if (outcome === 'unchanged') return { code: 0, output: `Nada a fazer: o link ${alias} já está ${disable ? 'desativado' : 'ativo'}.` };
      await store.notifyChanged(alias);
      return { code: 0, output: disable ? `Desativado: ${alias}` : `Reativado: ${alias}` };
    }
    case 'top': {
      const today = createCalendar(options.timeZone, clock).today();
      const from = addDays(today, -(command.days - 1));
      const rows = await store.db
        .selectFrom('link_clicks_daily')
        .innerJoin('links', 'links.id', 'link_clicks_daily.link_id')
        .select(['links.alias', 'links.url', (eb) => eb.fn.sum<number | string>('link_clicks_daily.clicks').as('clicks')])
        .where('link_clicks_daily.day', '>=', from)
        .where('link_clicks_daily.day', '<=', today)
        .groupBy(['links.alias', 'links.url'])
        .orderBy('clicks', 'desc')
        .orderBy('links.alias')
        .limit(command.limit)
        .execute();
      const header = `Mais clicados de ${from} a ${today} (${options.timeZone}):`;
      if (rows.length === 0) return { code: 0, output: `${header}\nNenhum clique.` };
      return { code: 0, output: [header, ...rows.map((r) => `${toNumber(r.clicks)}\t${r.alias}\t${r.url}`)].join('\n') };
    }
    case 'reports': {
      const rows = await createReportRepository(store.db).listReports(command.limit);
      if (rows.length === 0) return { code: 0, output: 'Nenhuma denúncia.' };
      return { code: 0, output: rows.map((r) => `${r.createdAt}\t${r.alias}\t${r.reason}`).join('\n') };
    }
  }
}
