// The only reader of process.env. Configuration is parsed and validated once at start,
// typed and frozen, then passed to whatever needs it. A bad value stops the start with one
// clear line (see main.ts).
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import type { SiteConfig } from '../shared/api.js';
import { BRAND_COLOR_PATTERN, SITE_DEFAULTS } from '../shared/site.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1');

/** Requests per minute of an API key without its own figure, unless API_KEY_RATE_LIMIT_PER_MINUTE says otherwise. */
export const API_KEY_RATE_LIMIT_DEFAULT = 600;

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

// Every variable the server reads, once: its rule and its default (.env.example documents
// the same). toConfig below places each in Config.
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATABASE_URL: z.string().min(1).default('sqlite:./data/links.db'),
  DATABASE_POOL_SIZE: positiveInt(10),
  SQLITE_BUSY_TIMEOUT_MS: z.coerce.number().int().min(0).default(5000),
  MIGRATE_ON_START: flag(true),
  STATS_TIMEZONE: z
    .string()
    .default(SITE_DEFAULTS.statsTimeZone)
    .refine(isKnownTimeZone, { message: 'not an IANA time zone such as America/Sao_Paulo' }),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  TRUST_PROXY: z.string().default('false'),
  // A whole request, body included, must have arrived within this (a slow-body client holds a
  // connection no longer); Node checks every REQUEST_TIMEOUT_MS / 4, at most every 30 s.
  REQUEST_TIMEOUT_MS: positiveInt(120_000),
  // Pages rendered for one request (a query, an alias, a console page) a second, all visitors
  // together; past it the app's shell is sent and renders in the browser (web/render-budget.ts).
  PAGE_RENDERS_PER_SECOND: positiveInt(50),
  CLICK_FLUSH_INTERVAL_MS: positiveInt(1000),
  CLICK_FLUSH_MAX_PENDING: positiveInt(50_000),
  // Records are addressed by 32-bit offsets: the arena stays under 4 GiB.
  LINK_CACHE_MB: z.coerce.number().int().positive().max(4095).default(64),
  LINK_CACHE_WARM: flag(true),
  LINK_CACHE_TTL_MS: positiveInt(60 * 60_000),
  LINK_CACHE_MISS_TTL_MS: positiveInt(2_000),
  LINK_CACHE_MISS_MAX: positiveInt(50_000),
  MANAGE_RATE_LIMIT_PER_MINUTE: positiveInt(120),
  API_KEY_RATE_LIMIT_PER_MINUTE: positiveInt(API_KEY_RATE_LIMIT_DEFAULT),
  STATS_CACHE_MS: z.coerce.number().int().min(0).default(2_000),
  INSIGHTS: flag(true),
  INSIGHTS_RETENTION_DAYS: z.coerce.number().int().min(90).max(3650).default(400),
  INSIGHTS_FLUSH_INTERVAL_MS: positiveInt(10_000),
  // Counter rows a second the owners' insights reads not answered from memory may read, all
  // together (insights/insights-read-budget.ts); past it they answer 503 with Retry-After.
  INSIGHTS_READ_ROWS_PER_SECOND: positiveInt(100_000),
  // MaxMind-format (.mmdb) files. The country database ships with the product (an npm
  // package); a city-level one (regions) is the operator's choice.
  GEOIP_COUNTRY_DB: z.string().min(1).optional(),
  GEOIP_CITY_DB: z.string().min(1).optional(),
  WEB_DIST_DIR: z.string().default('dist/web'),
  METADATA_FETCH: flag(true),
  METADATA_MAX_AGE_HOURS: positiveInt(24 * 7),
  METADATA_ALLOWED_PORTS: z
    .string()
    .default('80,443')
    .refine((v) => v.split(',').every((p) => /^\d{1,5}$/.test(p.trim()) && Number(p) > 0 && Number(p) < 65_536), {
      message: 'must be a comma-separated list of ports, e.g. 80,443',
    }),
  METADATA_TIMEOUT_MS: positiveInt(3000),
  METADATA_MAX_BYTES: positiveInt(512 * 1024),
  METADATA_MAX_REDIRECTS: z.coerce.number().int().min(0).max(10).default(3),
  METADATA_CONCURRENCY: positiveInt(4),
  METADATA_FAILURE_TTL_MS: positiveInt(10 * 60_000),
  // Test-only switches (off by default; main.ts refuses to start with one on unless
  // UNSAFE_FORCE_TEST_SWITCHES is also set): the metadata fetcher may reach loopback fixture
  // servers (127/8, ::1; other private ranges stay refused), and links may point at loopback.
  UNSAFE_ALLOW_PRIVATE_FETCH: flag(false),
  UNSAFE_ALLOW_LOOPBACK_TARGETS: flag(false),
  UNSAFE_FORCE_TEST_SWITCHES: flag(false),
  RATE_LIMIT_DISABLED: flag(false),
  CREATE_RATE_LIMIT_PER_MINUTE: positiveInt(10),
  CREATE_RATE_LIMIT_PER_DAY: positiveInt(100),
  CREATE_RATE_LIMIT_PER_NETWORK_PER_MINUTE: positiveInt(60),
  CREATE_GLOBAL_LIMIT_PER_MINUTE: positiveInt(1200),
  REPORT_RATE_LIMIT_PER_HOUR: positiveInt(5),
  RATE_LIMIT_IPV6_PREFIX: z.coerce.number().int().min(1).max(128).default(64),
  CLICK_BUFFER_MAX_ENTRIES: positiveInt(200_000),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  ADMIN_SESSION_HOURS: z.coerce.number().positive().max(24 * 30).default(12),
  // Signs the console's session cookie; unset, the first instance makes one and keeps it in the
  // database for the others (server_secrets).
  ADMIN_SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  METRICS_ALLOW: z
    .string()
    .default('127.0.0.1/8,::1/128')
    .refine((v) => splitList(v).every(isAddressOrRange), { message: 'must be a comma-separated list of addresses or CIDR ranges, e.g. 127.0.0.1/8,::1/128' }),
  SITE_NAME: z.string().min(1).default(SITE_DEFAULTS.siteName),
  BRAND_COLOR: z.string().regex(BRAND_COLOR_PATTERN, 'must be a colour such as #0f766e').default(SITE_DEFAULTS.brandColor),
  CONTACT_EMAIL: z.email().default(SITE_DEFAULTS.contactEmail),
  CONTACT_WHATSAPP: z
    .string()
    .regex(/^\d{10,15}$/, 'must be digits only with country code, e.g. 5548999990000')
    .default(SITE_DEFAULTS.whatsappNumber),
  CONTACT_ADDRESS: z.string().min(1).default(SITE_DEFAULTS.address),
  DEVELOPER_CREDIT: z.string().min(1).default(SITE_DEFAULTS.developerCredit),
  OWNER_CREDIT: z.string().min(1).default(SITE_DEFAULTS.ownerCredit),
  COMPANY_LINE: z.string().min(1).default(SITE_DEFAULTS.companyLine),
  AD_SCRIPT_SRC: z.union([z.literal(''), z.url({ protocol: /^https$/ })]).default(SITE_DEFAULTS.adScriptSrc),
});

/** The names of the variables read (test/contracts checks .env.example against them). */
export const ENV_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export type TrustProxy = boolean | number | string[];

export type DatabaseConfig =
  | { kind: 'sqlite'; file: string; busyTimeoutMs: number }
  | { kind: 'postgres'; url: string; poolSize: number };

/** The parsed environment: each variable as envSchema types it (numbers, flags, enums). */
type Env = z.output<typeof envSchema>;

/**
 * Where each variable goes. Config's type is inferred from this: a variable is named in the
 * schema (rule, default) and placed here, and nowhere else.
 */
function toConfig(e: Env) {
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    /** host[:port] of PUBLIC_URL, lowercased: links may not point here. */
    publicHost: new URL(publicUrl).host.toLowerCase(),
    database: parseDatabaseUrl(e.DATABASE_URL, e.DATABASE_POOL_SIZE, e.SQLITE_BUSY_TIMEOUT_MS),
    /** Run migrations at start (default); deployments may run `npm run migrate` instead. */
    migrateOnStart: e.MIGRATE_ON_START,
    statsTimeZone: e.STATS_TIMEZONE,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    pageRendersPerSecond: e.PAGE_RENDERS_PER_SECOND,
    clickFlushIntervalMs: e.CLICK_FLUSH_INTERVAL_MS,
    clickFlushMaxPending: e.CLICK_FLUSH_MAX_PENDING,
    linkCache: {
      maxBytes: e.LINK_CACHE_MB * 2 ** 20,
      warm: e.LINK_CACHE_WARM,
      ttlMs: e.LINK_CACHE_TTL_MS,
      missTtlMs: e.LINK_CACHE_MISS_TTL_MS,
      /** Unknown aliases remembered at most (kept apart from the links: a flood of them never pushes links out). */
      maxMisses: e.LINK_CACHE_MISS_MAX,
    },
    statsCacheMs: e.STATS_CACHE_MS,
    /** Click insights (src/server/insights/): breakdowns counted beside the clicks. */
    insights: {
      enabled: e.INSIGHTS,
      /** Insight counters older than this many days are deleted (the daily clicks stay). */
      retentionDays: e.INSIGHTS_RETENTION_DAYS,
      /** Breakdowns are written this often (clicks every CLICK_FLUSH_INTERVAL_MS): over a longer window a link's clicks share rows. */
      flushIntervalMs: e.INSIGHTS_FLUSH_INTERVAL_MS,
      /** Counter rows a second read for insights answers not kept in memory, all owners together (~0.5 µs of SQLite's main thread a row). */
      readRowsPerSecond: e.INSIGHTS_READ_ROWS_PER_SECOND,
      /** Country database; undefined: the one that ships with the product. */
      countryDb: e.GEOIP_COUNTRY_DB === undefined ? undefined : path.resolve(e.GEOIP_COUNTRY_DB),
      /** City-level database(s) for regions (states), asked in order (DB-IP Lite ships IPv4 and IPv6 as two files); undefined: regions are 'unknown'. */
      cityDb: e.GEOIP_CITY_DB === undefined ? undefined : Object.freeze(splitList(e.GEOIP_CITY_DB).map((file) => path.resolve(file))),
    },
    rateLimits: {
      enabled: !e.RATE_LIMIT_DISABLED,
      /** Per client IP (TRUST_PROXY decides what the client IP is). */
      createPerMinute: e.CREATE_RATE_LIMIT_PER_MINUTE,
      createPerDay: e.CREATE_RATE_LIMIT_PER_DAY,
      /**
       * Per network (an IPv4 /24, an IPv6 /48): one holder of many addresses (a /48 is 65,536
       * /64s, each a client) would otherwise spend the site-wide budget alone and lock everyone out.
       */
      createPerNetworkPerMinute: e.CREATE_RATE_LIMIT_PER_NETWORK_PER_MINUTE,
      /** All clients together: a ceiling against distributed floods. */
      createGlobalPerMinute: e.CREATE_GLOBAL_LIMIT_PER_MINUTE,
      reportPerHour: e.REPORT_RATE_LIMIT_PER_HOUR,
      /** Routes that check a manage token. */
      managePerMinute: e.MANAGE_RATE_LIMIT_PER_MINUTE,
      /** Requests per minute of an API key created without its own figure (keys create --per-minute). */
      apiKeyPerMinute: e.API_KEY_RATE_LIMIT_PER_MINUTE,
      /** Leading bits of an IPv6 address that name one client (a home or VPS gets a /64). */
      ipv6Prefix: e.RATE_LIMIT_IPV6_PREFIX,
    },
    /** Test-only: links may point at loopback addresses (end-to-end fixture pages). */
    allowLoopbackTargets: e.UNSAFE_ALLOW_LOOPBACK_TARGETS,
    /** Both test-only switches may be on in a started server only when this is set. */
    forceTestSwitches: e.UNSAFE_FORCE_TEST_SWITCHES,
    /** Distinct (day, link) click counters kept in memory while the store cannot be written. */
    clickBufferMaxEntries: e.CLICK_BUFFER_MAX_ENTRIES,
    metrics: { token: e.METRICS_TOKEN, allow: splitList(e.METRICS_ALLOW) },
    /** The operator's console (/admin). */
    admin: {
      /** A session ends this long after sign-in, used or not. */
      sessionMs: Math.round(e.ADMIN_SESSION_HOURS * 3_600_000),
      sessionSecret: e.ADMIN_SESSION_SECRET,
      /** The session cookie is Secure (and __Host- prefixed) when the site is served over https. */
      secureCookie: publicUrl.startsWith('https://'),
    },
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    metadata: {
      enabled: e.METADATA_FETCH,
      maxAgeMs: e.METADATA_MAX_AGE_HOURS * 3_600_000,
      allowedPorts: Object.freeze(splitList(e.METADATA_ALLOWED_PORTS).map(Number)),
      timeoutMs: e.METADATA_TIMEOUT_MS,
      maxBytes: e.METADATA_MAX_BYTES,
      maxRedirects: e.METADATA_MAX_REDIRECTS,
      concurrency: e.METADATA_CONCURRENCY,
      failureTtlMs: e.METADATA_FAILURE_TTL_MS,
      /** Test-only switch: allow loopback addresses. */
      allowPrivateAddresses: e.UNSAFE_ALLOW_PRIVATE_FETCH,
      userAgent: `${e.SITE_NAME}-preview/1.0 (+${publicUrl})`,
    },
    /** Brand and contact texts: the SiteConfig the app receives, less the public URL. */
    site: {
      siteName: e.SITE_NAME,
      brandColor: e.BRAND_COLOR,
      contactEmail: e.CONTACT_EMAIL,
      whatsappNumber: e.CONTACT_WHATSAPP,
      address: e.CONTACT_ADDRESS,
      developerCredit: e.DEVELOPER_CREDIT,
      ownerCredit: e.OWNER_CREDIT,
      companyLine: e.COMPANY_LINE,
      adScriptSrc: e.AD_SCRIPT_SRC,
      clickInsights: e.INSIGHTS,
      statsTimeZone: e.STATS_TIMEZONE,
    } satisfies Omit<SiteConfig, 'publicUrl'>,
  };
}

export type Config = ReturnType<typeof toConfig>;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Readonly<Config> {
  // Empty strings in .env files mean "not set", except where empty has a meaning of its own.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([key, value]) => value !== '' || key === 'AD_SCRIPT_SRC'),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path.join('.') ?? 'environment';
    throw new ConfigError(`Invalid configuration: ${name}${shownValue(name, env[name] ?? '')}: ${issue?.message ?? 'invalid'}`);
  }
  return deepFreeze(toConfig(parsed.data));
}

/**
 * Start-up errors end up in logs and CI output that more people read than those who hold the
 * secrets: a secret variable is named with its rule but its value is never printed, and a
 * database URL is printed without its password.
 */
const SECRET_NAME = /TOKEN|SECRET|PASSWORD|API_KEY/;

function shownValue(name: string, value: string): string {
  if (SECRET_NAME.test(name)) return ' (value not shown)';
  if (name === 'DATABASE_URL') return `=${JSON.stringify(withoutPassword(value))}`;
  return `=${JSON.stringify(value)}`;
}

/**
 * "postgres://user:secret@host/db" → "postgres://user:***@host/db". Everything between the
 * user name and the last "@" is hidden, so a password holding "@" or "/" is hidden whole.
 */
export function withoutPassword(url: string): string {
  const match = /^([a-z][a-z0-9+.-]*:\/\/[^:@/]*):(.*)@([^@]*)$/is.exec(url);
  return match === null ? url : `${match[1] ?? ''}:***@${match[3] ?? ''}`;
}

/**
 * An address or a CIDR range, checked here with the parser that reads it later (ipaddr.js, in
 * proxy-addr and the /metrics check): a typo such as 10.0.0.0/99 stopped the start only when the
 * server was built, with ipaddr's message and no variable named.
 */
function isAddressOrRange(entry: string): boolean {
  if (entry.includes('/')) return ipaddr.IPv4.isValidCIDRFourPartDecimal(entry) || ipaddr.IPv6.isValidCIDR(entry);
  return ipaddr.IPv4.isValidFourPartDecimal(entry) || ipaddr.IPv6.isValid(entry);
}

/** "a, b,,c" → ['a', 'b', 'c']. */
function splitList(value: string): readonly string[] {
  return value.split(',').map((s) => s.trim()).filter(Boolean);
}

/**
 * The test-only switches open loopback to link targets and to the metadata fetcher, which in
 * production would expose whatever listens on the machine. main.ts calls this at start.
 */
export function assertTestSwitchesOff(config: Pick<Readonly<Config>, 'metadata' | 'allowLoopbackTargets' | 'forceTestSwitches'>): void {
  const on = [
    config.metadata.allowPrivateAddresses ? 'UNSAFE_ALLOW_PRIVATE_FETCH' : undefined,
    config.allowLoopbackTargets ? 'UNSAFE_ALLOW_LOOPBACK_TARGETS' : undefined,
  ].filter((name): name is string => name !== undefined);
  if (on.length > 0 && !config.forceTestSwitches) {
    throw new ConfigError(
      `Refusing to start: ${on.join(' and ')} open loopback addresses (tests only); set UNSAFE_FORCE_TEST_SWITCHES=true to start anyway.`,
    );
  }
}

/**
 * TRUST_PROXY=true believes every X-Forwarded-For entry, even the one a client writes itself:
 * each request could then name its own address, past every limit per address (and reach
 * /metrics as 127.0.0.1). Allowed, since a chain of proxies of unknown length needs it, but said
 * at start. A hop count trusts whoever connects as the nearest proxy: said too when the server
 * listens beyond loopback, where a client may reach it without the proxy. Undefined when there
 * is nothing to say.
 */
export function trustProxyWarning(trustProxy: TrustProxy, host = '127.0.0.1'): string | undefined {
  if (trustProxy === true) {
    return 'TRUST_PROXY=true trusts every X-Forwarded-For entry, including one a client writes: limits per address and the /metrics address check can be stepped past. Behind one proxy use TRUST_PROXY=1, or list the proxies\' addresses.';
  }
  if (typeof trustProxy === 'number' && !isLoopbackHost(host)) {
    return `TRUST_PROXY=${trustProxy} trusts whoever connects as the nearest proxy, and HOST=${host} listens beyond loopback: a client that reaches this port without the proxy names its own address. Let only the proxy reach it, or list the proxies' addresses in TRUST_PROXY.`;
  }
  return undefined;
}

function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

function parseDatabaseUrl(value: string, poolSize: number, busyTimeoutMs: number): DatabaseConfig {
  if (/^postgres(ql)?:\/\//.test(value)) return { kind: 'postgres', url: value, poolSize };
  if (value.startsWith('sqlite:')) {
    const file = value.slice('sqlite:'.length).replace(/^\/\//, '');
    if (file === '') throw new ConfigError('Invalid configuration: DATABASE_URL: sqlite: needs a file path');
    return { kind: 'sqlite', file: file === ':memory:' ? file : path.resolve(file), busyTimeoutMs };
  }
  throw new ConfigError(
    `Invalid configuration: DATABASE_URL=${JSON.stringify(withoutPassword(value))}: use sqlite:./path/file.db or postgres://user:pass@host/db`,
  );
}

function parseTrustProxy(value: string): TrustProxy {
  const v = value.trim();
  if (v === 'false' || v === '0' || v === '') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v.split(',').map((s) => s.trim()).filter(Boolean);
  if (list.every((entry) => isAddressOrRange(entry) || ['loopback', 'linklocal', 'uniquelocal'].includes(entry))) {
    return list;
  }
  throw new ConfigError(
    `Invalid configuration: TRUST_PROXY=${JSON.stringify(value)}: use false, true, a hop count, or a comma-separated list of addresses/CIDRs`,
  );
}

function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function deepFreeze<T extends object>(value: T): Readonly<T> {
  for (const inner of Object.values(value)) {
    if (inner !== null && typeof inner === 'object' && !Object.isFrozen(inner)) deepFreeze(inner as object);
  }
  return Object.freeze(value);
}
