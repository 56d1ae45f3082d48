// The only reader of process.env. Configuration is parsed and validated once at start,
// typed and frozen, then passed to whatever needs it. A bad value stops the start with one
// clear line (see main.ts).
import path from 'node:path';
import { z } from 'zod';
import type { SiteConfig } from '../shared/api.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1');

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

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
    .default('America/Sao_Paulo')
    .refine(isKnownTimeZone, { message: 'not an IANA time zone such as America/Sao_Paulo' }),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  TRUST_PROXY: z.string().default('false'),
  CLICK_FLUSH_INTERVAL_MS: positiveInt(1000),
  CLICK_FLUSH_MAX_PENDING: positiveInt(50_000),
  // Records are addressed by 32-bit offsets: the arena stays under 4 GiB.
  LINK_CACHE_MB: z.coerce.number().int().positive().max(4095).default(64),
  LINK_CACHE_WARM: flag(true),
  LINK_CACHE_TTL_MS: positiveInt(60 * 60_000),
  LINK_CACHE_MISS_TTL_MS: positiveInt(2_000),
  MANAGE_RATE_LIMIT_PER_MINUTE: positiveInt(120),
  STATS_CACHE_MS: z.coerce.number().int().min(0).default(2_000),
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
  CREATE_GLOBAL_LIMIT_PER_MINUTE: positiveInt(1200),
  REPORT_RATE_LIMIT_PER_HOUR: positiveInt(5),
  CLICK_BUFFER_MAX_ENTRIES: positiveInt(200_000),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  METRICS_ALLOW: z.string().default('127.0.0.1/8,::1/128'),
  SITE_NAME: z.string().min(1).default('Encurta.br'),
  BRAND_COLOR: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour such as #0f766e')
    .default('#0f766e'),
  CONTACT_EMAIL: z.email().default('contato@encurta.br'),
  CONTACT_WHATSAPP: z
    .string()
    .regex(/^\d{10,15}$/, 'must be digits only with country code, e.g. 5548999990000')
    .default('5548999990000'),
  CONTACT_ADDRESS: z.string().min(1).default('Rua XV de Novembro, 100, Centro, Blumenau - SC, 89010-000'),
  DEVELOPER_CREDIT: z.string().min(1).default('Desenvolvido por Escritório Digital Vale'),
  OWNER_CREDIT: z.string().min(1).default('Vale Imóveis Ltda.'),
  COMPANY_LINE: z.string().min(1).default('Encurta.br é um produto da Vale Imóveis Ltda.'),
  AD_SCRIPT_SRC: z.union([z.literal(''), z.url({ protocol: /^https$/ })]).default(''),
});

export type TrustProxy = boolean | number | string[];

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  /** host[:port] of PUBLIC_URL, lowercased: links may not point here. */
  publicHost: string;
  database: { kind: 'sqlite'; file: string; busyTimeoutMs: number } | { kind: 'postgres'; url: string; poolSize: number };
  /** Run migrations at start (default); deployments may run `npm run migrate` instead. */
  migrateOnStart: boolean;
  statsTimeZone: string;
  logLevel: (typeof LOG_LEVELS)[number];
  trustProxy: TrustProxy;
  clickFlushIntervalMs: number;
  clickFlushMaxPending: number;
  linkCache: { maxBytes: number; warm: boolean; ttlMs: number; missTtlMs: number };
  statsCacheMs: number;
  rateLimits: {
    enabled: boolean;
    /** Per client IP (TRUST_PROXY decides what the client IP is). */
    createPerMinute: number;
    createPerDay: number;
    /** All clients together: a ceiling against distributed floods. */
    createGlobalPerMinute: number;
    reportPerHour: number;
    /** Routes that check a manage token. */
    managePerMinute: number;
  };
  /** Test-only: links may point at loopback addresses (end-to-end fixture pages). */
  allowLoopbackTargets: boolean;
  /** Both test-only switches may be on in a started server only when this is set. */
  forceTestSwitches: boolean;
  /** Distinct (day, link) click counters kept in memory while the store cannot be written. */
  clickBufferMaxEntries: number;
  metrics: { token: string | undefined; allow: readonly string[] };
  webDistDir: string;
  metadata: {
    enabled: boolean;
    maxAgeMs: number;
    allowedPorts: readonly number[];
    timeoutMs: number;
    maxBytes: number;
    maxRedirects: number;
    concurrency: number;
    failureTtlMs: number;
    /** Test-only switch: allow loopback addresses. */
    allowPrivateAddresses: boolean;
    userAgent: string;
  };
  /** Brand and contact texts: the SiteConfig the app receives, less the public URL. */
  site: Omit<SiteConfig, 'publicUrl'>;
}

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
    throw new ConfigError(`Invalid configuration: ${name}=${JSON.stringify(env[name] ?? '')}: ${issue?.message ?? 'invalid'}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const config: Config = {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    publicHost: new URL(publicUrl).host.toLowerCase(),
    database: parseDatabaseUrl(e.DATABASE_URL, e.DATABASE_POOL_SIZE, e.SQLITE_BUSY_TIMEOUT_MS),
    migrateOnStart: e.MIGRATE_ON_START,
    statsTimeZone: e.STATS_TIMEZONE,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    clickFlushIntervalMs: e.CLICK_FLUSH_INTERVAL_MS,
    clickFlushMaxPending: e.CLICK_FLUSH_MAX_PENDING,
    linkCache: { maxBytes: e.LINK_CACHE_MB * 2 ** 20, warm: e.LINK_CACHE_WARM, ttlMs: e.LINK_CACHE_TTL_MS, missTtlMs: e.LINK_CACHE_MISS_TTL_MS },
    statsCacheMs: e.STATS_CACHE_MS,
    rateLimits: {
      enabled: !e.RATE_LIMIT_DISABLED,
      createPerMinute: e.CREATE_RATE_LIMIT_PER_MINUTE,
      createPerDay: e.CREATE_RATE_LIMIT_PER_DAY,
      createGlobalPerMinute: e.CREATE_GLOBAL_LIMIT_PER_MINUTE,
      reportPerHour: e.REPORT_RATE_LIMIT_PER_HOUR,
      managePerMinute: e.MANAGE_RATE_LIMIT_PER_MINUTE,
    },
    allowLoopbackTargets: e.UNSAFE_ALLOW_LOOPBACK_TARGETS,
    forceTestSwitches: e.UNSAFE_FORCE_TEST_SWITCHES,
    clickBufferMaxEntries: e.CLICK_BUFFER_MAX_ENTRIES,
    metrics: { token: e.METRICS_TOKEN, allow: e.METRICS_ALLOW.split(',').map((s) => s.trim()).filter(Boolean) },
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    metadata: {
      enabled: e.METADATA_FETCH,
      maxAgeMs: e.METADATA_MAX_AGE_HOURS * 3_600_000,
      allowedPorts: e.METADATA_ALLOWED_PORTS.split(',').map((p) => Number(p.trim())),
      timeoutMs: e.METADATA_TIMEOUT_MS,
      maxBytes: e.METADATA_MAX_BYTES,
      maxRedirects: e.METADATA_MAX_REDIRECTS,
      concurrency: e.METADATA_CONCURRENCY,
      failureTtlMs: e.METADATA_FAILURE_TTL_MS,
      allowPrivateAddresses: e.UNSAFE_ALLOW_PRIVATE_FETCH,
      userAgent: `${e.SITE_NAME}-preview/1.0 (+${publicUrl})`,
    },
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
    },
  };
  return deepFreeze(config);
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

function parseDatabaseUrl(value: string, poolSize: number, busyTimeoutMs: number): Config['database'] {
  if (/^postgres(ql)?:\/\//.test(value)) return { kind: 'postgres', url: value, poolSize };
  if (value.startsWith('sqlite:')) {
    const file = value.slice('sqlite:'.length).replace(/^\/\//, '');
    if (file === '') throw new ConfigError('Invalid configuration: DATABASE_URL: sqlite: needs a file path');
    return { kind: 'sqlite', file: file === ':memory:' ? file : path.resolve(file), busyTimeoutMs };
  }
  throw new ConfigError(
    `Invalid configuration: DATABASE_URL=${JSON.stringify(value)}: use sqlite:./path/file.db or postgres://user:pass@host/db`,
  );
}

function parseTrustProxy(value: string): TrustProxy {
  const v = value.trim();
  if (v === 'false' || v === '0' || v === '') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v.split(',').map((s) => s.trim()).filter(Boolean);
  if (list.every((entry) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry) || ['loopback', 'linklocal', 'uniquelocal'].includes(entry))) {
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
