// Blocklist feeds: lists of phishing domains maintained by others (plain domain lists, hosts
// files, CSVs of URLs), read line by line and imported into blocked_domains in one transaction.
import { readFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';
import type { Kysely } from 'kysely';
import type { Clock } from '../calendar.js';
import type { Database } from '../db/schema.js';
import { isIpAddress, normalizeDomain, tooBroadToBlock } from './blocklist.js';

export interface FeedError {
  /** 1-based line number in the file. */
  line: number;
  /** pt-BR, ready to print: `linha 12: domínio inválido: "…"`. */
  message: string;
}

export interface ParsedFeed {
  /** Normalised, unique, in first-seen order. */
  domains: string[];
  errors: FeedError[];
}

export interface FeedImportResult {
  added: number;
  alreadyPresent: number;
}

/** Names hosts files carry for the machine itself, never something to block. */
const HOSTS_FILE_NAMES = new Set(['localhost', 'localhost.localdomain', 'broadcasthost', 'local', '0.0.0.0']);

/** Rows per INSERT: 3,000 parameters, well under SQLite's 32,766 and PostgreSQL's 65,535. */
const CHUNK_SIZE = 1000;

/** Bad lines listed by the admin tool before it only counts the rest. */
const ERRORS_SHOWN = 20;

/** Longest piece of a bad line quoted back, so a binary file does not flood the terminal. */
const EXCERPT_MAX = 80;

export function parseBlocklistFeed(text: string): ParsedFeed {
  const seen = new Set<string>();
  const domains: string[] = [];
  const errors: FeedError[] = [];
  let sawContent = false;

  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  for (let index = 0; index < lines.length; index++) {
    const lineNumber = index + 1;
    // A comment starts a line or follows whitespace: a URL's `#fragment` is not one.
    const line = (lines[index] ?? '').replace(/(^|\s)#.*$/, '').trim();
    if (line === '') continue;
    const first = !sawContent;
    sawContent = true;

    const fail = (what: string, value: string): void => {
      errors.push({ line: lineNumber, message: `linha ${lineNumber}: ${what}: "${excerpt(value)}"` });
    };
    const add = (raw: string): void => {
      const result = toDomain(raw);
      if (typeof result === 'string') {
        if (!seen.has(result)) {
          seen.add(result);
          domains.push(result);
        }
      } else if (result.ignored !== true) {
        fail(result.problem, raw);
      }
    };

    const tokens = line.split(/\s+/);
    const head = tokens[0] ?? '';
    if (tokens.length > 1 && isIP(head.replace(/%.*$/, '')) !== 0) {
      // Hosts file: an address, then one or more names.
      for (const name of tokens.slice(1)) add(name);
      continue;
    }

    if (line.includes(',') || line.includes('://')) {
      // CSV of URLs (or one URL a line): the host of the first field that is an http(s) URL.
      const url = splitCsvLine(line).find((field) => /^https?:\/\//i.test(field));
      if (url !== undefined) {
        let host: string | undefined;
        try {
          host = new URL(url).hostname;
        } catch {
          host = undefined;
        }
        if (host === undefined || host === '') fail('URL inválida', url);
        else add(host);
      } else if (!(first && isHeader(line))) {
        fail('nenhuma URL http(s) encontrada', line);
      }
      continue;
    }

    // Column names of a one-column CSV ("url", "domain") carry no dot; a domain always does.
    if (first && isHeader(line)) continue;
    if (tokens.length > 1) fail('domínio inválido', line);
    else add(head);
  }
  return { domains, errors };
}

/**
 * A feed's name as a blocked_domains key, or why not. International names become punycode, as
 * the URL parser writes hosts of links. A name without a dot is refused: from a feed nobody
 * reads line by line, `com` would block a whole top-level domain.
 */
function toDomain(raw: string): string | { problem: string; ignored?: boolean } {
  const lower = raw.toLowerCase();
  if (HOSTS_FILE_NAMES.has(lower) || lower.startsWith('ip6-')) return { problem: '', ignored: true };
  const ascii = /[^\u0020-\u007e]/.test(raw) ? domainToASCII(raw.replace(/^\*\./, '').replace(/\.$/, '')) : raw;
  const domain = normalizeDomain(ascii);
  if (domain === undefined) return { problem: 'domínio inválido' };
  // An IPv6 address ('[2606:4700::1111]', a URL's host) has no dot and blocks only itself.
  if (!domain.includes('.') && !isIpAddress(domain)) return { problem: 'domínio sem ponto (bloquearia um domínio de topo inteiro)' };
  if (tooBroadToBlock(domain) !== undefined) return { problem: 'sufixo público (bloquearia todos os sites sob ele)' };
  return domain;
}

/**
 * A first line of column names (`url,date`, `"id";"url"`, `url`): no dot and no URL, which every
 * domain has, and either separated fields or one bare word (so "não é domínio" stays an error).
 */
function isHeader(line: string): boolean {
  if (line.includes('.') || line.includes('://')) return false;
  return /[,;]/.test(line) || /^[\p{L}\p{N}_-]+$/u.test(line);
}

/** Fields of one CSV line; quoted fields may hold commas and doubled quotes. */
function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',' || char === ';') {
      fields.push(field.trim());
      field = '';
    } else {
      field += char;
    }
  }
  fields.push(field.trim());
  return fields;
}

function excerpt(value: string): string {
  return value.length > EXCERPT_MAX ? `${value.slice(0, EXCERPT_MAX)}…` : value;
}

/**
 * Adds the domains to blocked_domains, all or nothing, in chunks of CHUNK_SIZE rows (one
 * statement per row would take minutes for a 100,000-line feed on PostgreSQL). Domains already
 * blocked keep their reason and date: a feed never overwrites what the operator wrote.
 * Running servers pick the new domains up on their next refresh.
 */
export async function importBlocklistFeed(db: Kysely<Database>, domains: readonly string[], reason: string | null, clock: Clock): Promise<FeedImportResult> {
  const unique = new Set<string>();
  for (const raw of domains) {
    const domain = normalizeDomain(raw);
    // The caller hands parsed domains; anything else would never match a host, so say so loudly.
    if (domain === undefined) throw new TypeError(`invalid domain: ${JSON.stringify(raw)}`);
    unique.add(domain);
  }
  const all = [...unique];
  const createdAt = new Date(clock()).toISOString();
  let added = 0;
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < all.length; start += CHUNK_SIZE) {
      const rows = all.slice(start, start + CHUNK_SIZE).map((domain) => ({ domain, reason, created_at: createdAt }));
      const inserted = await trx
        .insertInto('blocked_domains')
        .values(rows)
        .onConflict((oc) => oc.column('domain').doNothing())
        .returning('domain')
        .execute();
      added += inserted.length;
    }
  });
  return { added, alreadyPresent: all.length - added };
}

/** What an import of a feed's text came to, in pt-BR for the terminal and the console alike. */
export interface FeedTextImport {
  /** 0 when the import ran (even past some bad lines); 1 when the text held no valid domain (nothing written). */
  code: number;
  /** The summary line, then the bad lines listed. */
  output: string;
  summary: string;
  added: number;
  alreadyPresent: number;
  /** The first bad lines' messages ('linha 12: domínio inválido: "…"'). */
  errors: string[];
  /** Bad lines in all. */
  errorCount: number;
}

/**
 * Parses and imports a feed's text (`source` names it in the messages after "arquivo": the
 * file's name, or "enviado") and
 * says in pt-BR what came of it.
 */
export async function importBlocklistText(db: Kysely<Database>, text: string, source: string, reason: string | null, clock: Clock): Promise<FeedTextImport> {
  const { domains, errors } = parseBlocklistFeed(text);
  const listed = errors.slice(0, ERRORS_SHOWN).map((e) => e.message);
  if (errors.length > ERRORS_SHOWN) listed.push(`… e mais ${errors.length - ERRORS_SHOWN}`);
  // A hosts line may carry several bad names: count lines, list every error.
  const badLines = new Set(errors.map((e) => e.line)).size;
  if (domains.length === 0) {
    const summary = `Nenhum domínio válido no arquivo ${source}; nada foi importado.`;
    return { code: 1, output: [summary, ...listed].join('\n'), summary, added: 0, alreadyPresent: 0, errors: listed, errorCount: badLines };
  }
  const { added, alreadyPresent } = await importBlocklistFeed(db, domains, reason, clock);
  const summary =
    `Importado do arquivo ${source}: ${added} ${added === 1 ? 'domínio adicionado' : 'domínios adicionados'}, ` +
    `${alreadyPresent} já ${alreadyPresent === 1 ? 'estava bloqueado' : 'estavam bloqueados'}, ` +
    `${badLines} ${badLines === 1 ? 'linha ilegível' : 'linhas ilegíveis'}. ` +
    'Os servidores em execução passam a bloquear em até 5 s.';
  return { code: 0, output: [summary, ...listed].join('\n'), summary, added, alreadyPresent, errors: listed, errorCount: badLines };
}

/**
 * The admin tool's `block-file`: reads the file, then imports its text (importBlocklistText).
 * Code 1 as well when the file could not be read.
 */
export async function readBlocklistFile(file: string): Promise<{ text: string } | { code: 1; output: string }> {
  try {
    return { text: await readFile(file, 'utf8') };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const why = code === 'ENOENT' ? 'arquivo não encontrado' : code === 'EACCES' ? 'sem permissão de leitura' : code === 'EISDIR' ? 'é um diretório' : String(code ?? error);
    return { code: 1, output: `Não foi possível ler o arquivo ${file}: ${why}` };
  }
}
