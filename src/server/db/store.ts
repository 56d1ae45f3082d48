// The store: one interface for everything that differs between SQLite and PostgreSQL, with one
// adapter per dialect (sqlite-store.ts, postgres-store.ts). Callers never ask which dialect they
// have; the repositories use `db` (Kysely), whose SQL is the same on both.
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Kysely, RawBuilder } from 'kysely';
import type { Clock } from '../calendar.js';
import type { Config } from '../config.js';
import type { CacheInvalidation, CacheTarget } from '../redirect/cache-invalidation.js';
import type { ClickWriter, InsightsWriting } from '../stats/click-writer.js';
import type { Dialect } from './dialect.js';
import type { NewLink, PreviewTarget, RedirectTarget } from './link-statements.js';
import type { Database } from './schema.js';
import { openPostgresStore } from './postgres-store.js';
import { openSqliteStore } from './sqlite-store.js';

export interface Store {
  db: Kysely<Database>;
  /** For migrations' column types, and for tests that check which server they run on. */
  dialect: Dialect;
  /**
   * The redirect's lookup of a link (never a link whose creation is not committed). Answered at
   * once, without a promise, when the store can (SQLite, outside a transaction): a flood of
   * unknown aliases then costs no promise per request.
   */
  findRedirectTarget(alias: string): RedirectTarget | undefined | Promise<RedirectTarget | undefined>;
  /** The same with what link previews show, in one query. */
  findPreviewTarget(alias: string): Promise<PreviewTarget | undefined>;
  /**
   * Inserts the link and counts it in daily_totals, all or nothing, committed before it
   * resolves. A duplicate alias fails as a unique violation (`isUniqueViolation`; the caller maps
   * it), so concurrent creates of one alias never both win. Both adapters commit the creations of
   * one event-loop turn together (SQLite's group commit, PostgreSQL's one statement).
   */
  insertCountedLink(link: NewLink): Promise<number>;
  /**
   * Takes one of a limited link's visits (link-statements.ts takeVisitQuery), committed before
   * it resolves; true when one was left and is now taken. On SQLite the visits of one event-loop
   * turn share a commit (the group commit): one fsync'd commit each, on the main thread, took
   * redirects to ~3,000 a second under a flood of visits to a link with a huge limit (an audit).
   */
  takeVisit(id: number): Promise<boolean>;
  /**
   * Deletes a link (its counters go with it, ON DELETE CASCADE) and tells every other instance to
   * forget its alias, all or nothing; false when there was no such link. On PostgreSQL the NOTIFY
   * is sent inside the deleting transaction: the instances hear it when the deletion commits,
   * and a NOTIFY that fails rolls the deletion back (an error `isStoreUnavailable` knows, so a
   * 503 with nothing changed). Sent after the commit, a failed NOTIFY left the others serving
   * the deleted link from their caches for up to LINK_CACHE_TTL_MS. The caller forgets the alias
   * in its own cache. SQLite has one server process; the admin tool's deletions reach it through
   * the audit log's poll (abuse/blocklist.ts). The link's open reports are left open: they are the
   * operator's evidence (they kept the link's targets, migration 0012), and the alias is retired
   * in the same transaction, so no other link is ever given it (migration 0011) and they cannot
   * move on to one; releasing the alias resolves them (OperatorActions.releaseAlias).
   */
  deleteLink(link: { id: number; alias: string }): Promise<boolean>;
  /** Where buffered clicks are written (one transaction per flush), and their breakdowns unless `insights` is undefined. */
  createClickWriter(insights?: InsightsWriting): ClickWriter;
  /** How a forgotten alias reaches every instance's redirect cache. */
  createInvalidation(target: CacheTarget, log: FastifyBaseLogger): CacheInvalidation;
  /**
   * Tells running servers that `alias` changed, from a process without a cache (the admin tool).
   * Where this cannot reach them at once, they pick the change up by polling (the blocklist refresh).
   */
  notifyChanged(alias: string): Promise<void>;
  /**
   * Tells `listener` of a connection the database ended or broke (PostgreSQL: a failover, a
   * restart, pg_terminate_backend). The query it was running fails, as any store error; the
   * pool opens another connection for the next one. The latest listener replaces the previous.
   */
  onConnectionError(listener: (error: Error) => void): void;
  /** The rate-limit counters' store: undefined keeps them in this process's memory. */
  rateLimitStore(clock: Clock): FastifyRateLimitStoreCtor | undefined;
  /**
   * `links.alias` compared and sorted byte by byte, as an index has it (the console's prefix
   * search: a prefix is then one range): the column itself on SQLite, `(alias collate "C")` on
   * PostgreSQL, whose expression index migration 0008 made.
   */
  aliasBytes: RawBuilder<string>;
  /**
   * True when a statement runs on this process's thread (SQLite: the driver is synchronous), so
   * every request waits while it runs: a long read is then cut into short statements with a turn
   * of the event loop between them (topLinks in admin-queries.ts). On PostgreSQL a statement runs
   * in the server, and one statement is the faster way.
   */
  queriesHoldEventLoop: boolean;
  close(): Promise<void>;
}

export function openStore(database: Config['database']): Store {
  return database.kind === 'postgres' ? openPostgresStore(database.url, database.poolSize) : openSqliteStore(database.file, database.busyTimeoutMs);
}
