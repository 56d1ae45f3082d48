// Row types of the store, as Kysely sees them. The migrations are the schema's source;
// these types follow them.
import type { ColumnType, Generated } from 'kysely';

/** Instants are written as ISO 8601 strings; PostgreSQL may hand back Date objects. */
type Instant = ColumnType<string | Date, string, string>;
/** Integer counters: PostgreSQL returns bigint sums as strings. */
type Counter = ColumnType<number | string | bigint, number, number>;

export interface LinksTable {
  id: Generated<number>;
  alias: string;
  url: string;
  created_at: Instant;
  manage_token_hash: string;
  title: string | null;
  description: string | null;
  image: string | null;
  metadata_fetched_at: Instant | null;
  /** Set by the operator (npm run admin): the link answers 410 instead of redirecting. */
  disabled_at: Instant | null;
  /** Link options (migration 0006): null when not set. */
  expires_at: Instant | null;
  max_clicks: number | null;
  /** Visits still to send on (max_clicks set): decremented atomically by each one. */
  clicks_left: number | null;
  /** scrypt hash (links/link-password.ts), never the password. */
  password_hash: string | null;
  ios_url: string | null;
  android_url: string | null;
  /** 1 when any option is set: the redirect reads the options only then. */
  has_options: Generated<number>;
  /** The API key that created the link (migration 0007); null when made anonymously. */
  api_key_id: number | null;
  /**
   * The target's host, labels reversed ('com.example.www.', links/host-key.ts), for the
   * operator's search by domain (migration 0008). Null only for rows older than it, which the
   * migration backfilled.
   */
  target_host: string | null;
  /**
   * The iPhone and Android targets' host keys (migration 0009), null when the link has no such
   * target: a domain's blocked links are found through them too.
   */
  ios_target_host: string | null;
  android_target_host: string | null;
}

/** Who may sign in to the operator's console (scrypt hash, never the password). */
export interface OperatorsTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  created_at: Instant;
}

/** The console's sessions (@fastify/session's store, src/server/admin/session-store.ts). */
export interface AdminSessionsTable {
  id: string;
  operator_id: number;
  /** The session object as JSON. */
  data: string;
  expires_at: Instant;
}

/** Every operator action, from the console or the terminal tool. */
export interface AuditLogTable {
  id: Generated<number>;
  at: Instant;
  actor: string;
  via: string;
  action: string;
  target: string | null;
  detail: string | null;
}

/** Values every instance shares and nobody configured (the session cookie's secret). */
export interface ServerSecretsTable {
  name: string;
  value: string;
}

/** API keys (src/server/keys): the secret is stored only as its SHA-256. */
export interface ApiKeysTable {
  id: Generated<number>;
  /** The key's public part, by which a request's key is found. */
  public_id: string;
  secret_hash: string;
  name: string;
  /** Requests per minute; null: API_KEY_RATE_LIMIT_PER_MINUTE. */
  per_minute: number | null;
  created_at: Instant;
  revoked_at: Instant | null;
}

export interface LinkClicksDailyTable {
  link_id: number;
  /** Calendar day in STATS_TIMEZONE, YYYY-MM-DD. */
  day: string;
  clicks: Counter;
}

/** Click insights: one counter per (link, day, dimension, value); see src/shared/insights.ts. */
export interface LinkInsightsDailyTable {
  link_id: number;
  day: string;
  /** One of INSIGHT_DIMENSIONS. */
  dimension: string;
  value: string;
  clicks: Counter;
}

export interface DailyTotalsTable {
  day: string;
  links_created: Counter;
  clicks: Counter;
}

export interface BlockedDomainsTable {
  /** Lowercase host name; blocks it and every subdomain. */
  domain: string;
  reason: string | null;
  created_at: Instant;
}

export interface LinkReportsTable {
  id: Generated<number>;
  alias: string;
  reason: string;
  created_at: Instant;
  /** When the operator acted on it (migration 0008); null while it waits in the queue. */
  resolved_at: Instant | null;
  /**
   * The link's targets when the report was filed (migration 0012), so the evidence outlives a
   * deletion of the link; null where it had none, or for a report older than 0012 whose link
   * was already gone.
   */
  url: string | null;
  ios_url: string | null;
  android_url: string | null;
}

export interface RateLimitHitsTable {
  key: string;
  count: number;
  /** Epoch milliseconds when the window ends. */
  reset_at: Counter;
}

/** An alias whose link was deleted: never given out again (migration 0011). */
export interface RetiredAliasesTable {
  alias: string;
  retired_at: Instant;
}

export interface Database {
  links: LinksTable;
  retired_aliases: RetiredAliasesTable;
  api_keys: ApiKeysTable;
  link_clicks_daily: LinkClicksDailyTable;
  link_insights_daily: LinkInsightsDailyTable;
  daily_totals: DailyTotalsTable;
  blocked_domains: BlockedDomainsTable;
  link_reports: LinkReportsTable;
  rate_limit_hits: RateLimitHitsTable;
  operators: OperatorsTable;
  admin_sessions: AdminSessionsTable;
  audit_log: AuditLogTable;
  server_secrets: ServerSecretsTable;
}
