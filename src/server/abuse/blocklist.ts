// Domains the operator has blocked (npm run admin). A blocked domain blocks its subdomains.
// Checked at creation, and at every redirect from an in-memory copy refreshed every few
// seconds (and at once on the instance that changed it), so the hot path reads no table.
import { domainToASCII } from 'node:url';
import type { Kysely } from 'kysely';
import { parse as parseHost } from 'tldts-icann';
import type { Clock } from '../calendar.js';
import { toIsoString } from '../db/dialect.js';
import type { Database } from '../db/schema.js';

export interface BlockedDomain {
  domain: string;
  reason: string | null;
  createdAt: string;
}

export interface Blocklist {
  /** True when the host or one of its parent domains is blocked. */
  isBlocked(hostname: string): boolean;
  /** True when the URL's host (or a parent domain of it) is blocked; a stored link's URL is read without parsing it again. */
  isBlockedUrl(url: string): boolean;
  refresh(): Promise<void>;
  block(domain: string, reason: string | null): Promise<void>;
  unblock(domain: string): Promise<boolean>;
  list(): Promise<BlockedDomain[]>;
  start(): void;
  stop(): void;
}

const FULL_RELOAD_MS = 60_000;

/**
 * Why a normalised domain may not be blocked, or undefined when it may: a name without a dot or
 * a public suffix (`com`, `com.br`, `gov.br`, from the ICANN part of the Public Suffix List)
 * would block every site under it, which no single report or feed line should be able to do.
 * An IP address (IPv4 or IPv6) may be blocked: it blocks that address only.
 */
export function tooBroadToBlock(domain: string): string | undefined {
  const parsed = parseHost(domain);
  if (parsed.isIp === true) return undefined;
  if (!domain.includes('.')) return `${domain} é um domínio de topo: bloqueá-lo bloquearia todos os sites sob ele.`;
  if (parsed.domain === null) return `${domain} é um sufixo público: bloqueá-lo bloquearia todos os sites sob ele.`;
  return undefined;
}

/** Whether a normalised domain is an IP address: it blocks that address only, having no subdomains. */
export function isIpAddress(domain: string): boolean {
  return parseHost(domain).isIp === true;
}

/**
 * What may be blocked for a target's host, narrowest first: the host itself, then its registrable
 * domain (golpe-banco.com for www.golpe-banco.com, by the ICANN part of the Public Suffix List)
 * when that differs. An IP address (IPv4 or IPv6) is only itself; a public suffix itself gives
 * nothing.
 */
export function blockChoicesFor(host: string): string[] {
  const domain = normalizeDomain(host);
  if (domain === undefined || tooBroadToBlock(domain) !== undefined) return [];
  if (isIpAddress(domain)) return [domain];
  const registrable = parseHost(domain).domain;
  return registrable === null || registrable === domain || normalizeDomain(registrable) === undefined ? [domain] : [domain, registrable];
}

/**
 * A domain as the blocklist stores it: lowercase ASCII (an international name in its punycode
 * form, as URLs carry it: 'café.com.br' → 'xn--caf-dma.com.br'), without 'http://…', a leading
 * '*.' or the DNS root's trailing dots; an IP address as URLs carry it ('203.0.113.9',
 * '[2606:4700::1111]'); undefined when it is not a domain name or an address.
 */
export function normalizeDomain(raw: string): string | undefined {
  let value = raw.trim().toLowerCase();
  if (value.includes('://')) {
    try {
      value = new URL(value).hostname;
    } catch {
      return undefined;
    }
  }
  value = withoutRootDots(value.replace(/^\*\./, ''));
  // An IPv6 address, with or without brackets, as a stored URL serialises its host
  // ('[2606:4700::1111]'): a link to one is blocked by that exact host, like an IPv4 address.
  if (value.includes(':') && /^\[?[0-9a-f:.]+\]?$/.test(value)) return ipv6Host(value.replace(/^\[|\]$/g, ''));
  // An international name, typed as people write it.
  if (/[^ -~]/.test(value)) value = domainToASCII(value);
  return /^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(value) && value.length <= 253 ? value : undefined;
}

/** The WHATWG URL serialisation of an IPv6 address ('[2606:4700::1111]'), or undefined when it is not one. */
function ipv6Host(address: string): string | undefined {
  try {
    return new URL(`http://[${address}]/`).hostname;
  } catch {
    return undefined;
  }
}

/** A host without the DNS root's trailing dots ('example.com.' and 'example.com..' are example.com to the blocklist). */
export function withoutRootDots(host: string): string {
  return host.endsWith('.') ? host.replace(/\.+$/, '') : host;
}

/**
 * `onChanged` hears of links disabled or deleted since the last refresh (by the admin tool, from
 * another process), so this instance drops them from its redirect cache within one refresh
 * period. On PostgreSQL the tool also publishes the change at once (NOTIFY); on SQLite this
 * poll is how a running server learns of it.
 */
export function createBlocklist(db: Kysely<Database>, clock: Clock, onChanged: (alias: string) => void = () => undefined, refreshMs = 5000): Blocklist {
  let domains = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  // Overlap the windows a little: a disable committed during a refresh is seen next time.
  let disabledSince = new Date(clock() - refreshMs).toISOString();
  // A deleted link leaves no row to poll for, but every deletion writes an audit entry
  // ('link.delete', console or tool): read the entries added since the last refresh, by id (the
  // primary key: a range, however long the log). Undefined until the first refresh, which reads
  // the same overlap window as the disables.
  let auditSeen: number | undefined;

  // What the table looked like at the last full read: feeds make it large (100,000s of rows), so
  // it is read again only when a cheap summary says it changed (a block adds a row with a newer
  // created_at; an unblock lowers the count), and once a minute whatever it says, for the rare
  // change it cannot see (an unblock and a block together, with clocks apart across hosts).
  let loadedVersion = '';
  let loadedAt = -Infinity;

  async function refresh(): Promise<void> {
    const summary = await db
      .selectFrom('blocked_domains')
      .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.max('created_at').as('latest')])
      .executeTakeFirst();
    const version = `${String(summary?.n ?? 0)}|${summary?.latest === null || summary?.latest === undefined ? '' : toIsoString(summary.latest)}`;
    if (version !== loadedVersion || clock() - loadedAt >= FULL_RELOAD_MS) {
      const rows = await db.selectFrom('blocked_domains').select('domain').execute();
      domains = new Set(rows.map((r) => r.domain));
      loadedVersion = version;
      loadedAt = clock();
    }
    const checkedAt = new Date(clock() - 1000).toISOString();
    const disabled = await db.selectFrom('links').select('alias').where('disabled_at', 'is not', null).where('disabled_at', '>=', disabledSince).execute();
    for (const row of disabled) onChanged(row.alias);
    for (const alias of await deletedSince(disabledSince)) onChanged(alias);
    disabledSince = checkedAt;
  }

  async function deletedSince(since: string): Promise<string[]> {
    const top = await db.selectFrom('audit_log').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
    const last = top?.id === null || top?.id === undefined ? 0 : Number(top.id);
    let query = db.selectFrom('audit_log').select('target').where('action', '=', 'link.delete').where('id', '<=', last);
    query = auditSeen === undefined ? query.where('at', '>=', since) : query.where('id', '>', auditSeen);
    const rows = await query.execute();
    auditSeen = last;
    return rows.flatMap((row) => (row.target === null ? [] : [row.target]));
  }

  function isBlocked(hostname: string): boolean {
    if (domains.size === 0) return false;
    let host = withoutRootDots(hostname.toLowerCase());
    for (;;) {
      if (domains.has(host)) return true;
      const dot = host.indexOf('.');
      if (dot === -1) return false;
      host = host.slice(dot + 1);
    }
  }

  return {
    isBlocked,
    // Asked on every redirect: with nothing blocked (the usual case) no host is worked out.
    isBlockedUrl: (url) => domains.size !== 0 && isBlocked(hostOfUrl(url)),
    refresh,
    async block(domain, reason) {
      await db
        .insertInto('blocked_domains')
        .values({ domain, reason, created_at: new Date(clock()).toISOString() })
        .onConflict((oc) => oc.column('domain').doUpdateSet({ reason }))
        .execute();
      await refresh();
    },
    async unblock(domain) {
      const result = await db.deleteFrom('blocked_domains').where('domain', '=', domain).executeTakeFirst();
      await refresh();
      return result.numDeletedRows > 0n;
    },
    async list() {
      const rows = await db.selectFrom('blocked_domains').selectAll().orderBy('domain').execute();
      return rows.map((r) => ({ domain: r.domain, reason: r.reason, createdAt: toIsoString(r.created_at) }));
    },
    start() {
      // A failed refresh keeps the last known list; the next one tries again.
      timer ??= setInterval(() => void refresh().catch(() => undefined), refreshMs);
      timer.unref();
    },
    stop() {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
    },
  };
}

/**
 * Whether any of a link's targets (its URL, its iPhone and Android URLs; null where none) is on
 * the blocklist: visitors then get 410 'Link bloqueado', whichever device they come from, and
 * the owner and the operator see the link as blocked. The one rule for the redirect, the owner
 * view and the console.
 */
export function anyTargetBlocked(isBlockedUrl: (url: string) => boolean, urls: readonly (string | null)[]): boolean {
  return urls.some((url) => url !== null && isBlockedUrl(url));
}

/**
 * The host name of a stored link's URL. Stored URLs are WHATWG-serialized
 * (`new URL(input).href`), so for http(s) the host sits between `://` (after any `user@`) and
 * the first `/`, `:` or `]`; that is read without parsing the URL again on every redirect.
 * Anything else goes through the URL parser.
 */
export function hostOfUrl(url: string): string {
  const start = url.startsWith('https://') ? 8 : url.startsWith('http://') ? 7 : -1;
  if (start !== -1) {
    let end = url.indexOf('/', start);
    if (end === -1) end = url.length;
    const at = url.lastIndexOf('@', end);
    const hostStart = at >= start ? at + 1 : start;
    if (url.charCodeAt(hostStart) === 0x5b /* [ */) {
      const close = url.indexOf(']', hostStart);
      if (close !== -1 && close < end) return url.slice(hostStart, close + 1);
    } else {
      const colon = url.indexOf(':', hostStart);
      return url.slice(hostStart, colon !== -1 && colon < end ? colon : end);
    }
  }
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}
