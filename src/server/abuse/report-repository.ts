import { type Kysely, sql } from 'kysely';
import { toIsoString } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import { MAX_OPEN_REPORTS_PER_LINK } from '../../shared/report-rules.js';

export interface LinkReport {
  id: number;
  alias: string;
  reason: string;
  createdAt: string;
}

/** Where a page of the queue ends: its last group's count, latest report and alias. */
export interface OpenGroupPosition {
  reports: number;
  lastReportedAt: string;
  alias: string;
}

/** A reported link's targets, as its reports recorded them. */
export interface ReportedTargets {
  url: string;
  iosUrl: string | null;
  androidUrl: string | null;
}

/** The open reports of one alias, as the operator's queue shows them. */
export interface OpenReportGroup {
  alias: string;
  reports: number;
  firstReportedAt: string;
  lastReportedAt: string;
  /** The highest id of its open reports (what an action resolves up to). */
  lastReportId: number;
}

/**
 * MAX_OPEN_REPORTS_PER_LINK (50, in shared/report-rules.ts: the console says "50 ou mais" at it):
 * open (unresolved) reports stored per link at most; past it a report on the link is answered
 * but not stored. The reporters' limits count per client and per network, so whoever holds many
 * networks could otherwise add rows for one link without end. Fifty is far more than an
 * operator reads before acting (the queue shows a link's latest 5 reasons), and a link with
 * that many is already near the top of the queue, which puts the most reported first. Once the
 * operator resolves them, the link takes reports again.
 *
 * The bound held: exactly this many on SQLite (one process) and on PostgreSQL with one instance
 * (the count and the insert are one statement, and an instance sends one such statement per link
 * at a time); with several instances on one PostgreSQL, each may add one row past it at worst
 * (at most MAX_OPEN_REPORTS_PER_LINK + instances - 1), since their statements may run at once
 * and each sees only rows committed before it started.
 */
export { MAX_OPEN_REPORTS_PER_LINK };

export function createReportRepository(db: Kysely<Database>) {
  const oneAtATime = createKeyedQueue();
  return {
    /**
     * Stores the report unless its alias already has MAX_OPEN_REPORTS_PER_LINK open ones; true
     * when it was stored.
     */
    addOpenReport(alias: string, reason: string, createdAt: string): Promise<boolean> {
      return oneAtATime(alias, async () => {
        // One statement: the row is inserted only while the link's open reports (counted on the
        // open-reports index) are below the bound. The link's targets are copied with it
        // (migration 0012): if its owner deletes it, the operator still sees where it led.
        const target = (column: 'url' | 'ios_url' | 'android_url') =>
          db.selectFrom('links').select(column).where('alias', '=', alias).limit(1).as(column);
        const result = await db
          .insertInto('link_reports')
          .columns(['alias', 'reason', 'created_at', 'url', 'ios_url', 'android_url'])
          .expression(
            db
              .selectNoFrom([
                sql<string>`${alias}`.as('alias'),
                sql<string>`${reason}`.as('reason'),
                sql<string>`${createdAt}`.as('created_at'),
                target('url'),
                target('ios_url'),
                target('android_url'),
              ])
              .where((eb) =>
                eb(
                  eb.selectFrom('link_reports').select((inner) => inner.fn.countAll().as('n')).where('alias', '=', alias).where('resolved_at', 'is', null),
                  '<',
                  MAX_OPEN_REPORTS_PER_LINK,
                ),
              ),
          )
          .executeTakeFirst();
        return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
      });
    },
    async listReports(limit: number): Promise<LinkReport[]> {
      const rows = await db.selectFrom('link_reports').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map((r) => ({ id: r.id, alias: r.alias, reason: r.reason, createdAt: toIsoString(r.created_at) }));
    },
    /**
     * Open reports grouped by alias, the most reported first, then the most recently reported
     * (the open-reports index); `after`, the last group of the previous page. By count first: a
     * flood of links reported once each (one report costs an attacker one address an hour)
     * must not push a link many people reported out of sight.
     */
    async openGroups(limit: number, after?: OpenGroupPosition): Promise<OpenReportGroup[]> {
      let query = db
        .selectFrom('link_reports')
        .select((eb) => ['alias', eb.fn.countAll<number | string>().as('n'), eb.fn.min('created_at').as('first'), eb.fn.max('created_at').as('last'), eb.fn.max('id').as('last_id')])
        .where('resolved_at', 'is', null)
        .groupBy('alias');
      if (after !== undefined) {
        query = query.having((eb) => {
          const n = eb.fn.countAll();
          const last = eb.fn.max('created_at');
          return eb.or([
            eb(n, '<', after.reports),
            eb.and([eb(n, '=', after.reports), eb(last, '<', after.lastReportedAt)]),
            eb.and([eb(n, '=', after.reports), eb(last, '=', after.lastReportedAt), eb('alias', '>', after.alias)]),
          ]);
        });
      }
      const rows = await query.orderBy('n', 'desc').orderBy('last', 'desc').orderBy('alias').limit(limit).execute();
      return rows.map((r) => ({ alias: r.alias, reports: Number(r.n), firstReportedAt: toIsoString(r.first), lastReportedAt: toIsoString(r.last), lastReportId: Number(r.last_id) }));
    },
    /** The latest reasons of these aliases' open reports, newest first, at most `perAlias` each. */
    async openReasons(aliases: readonly string[], perAlias: number): Promise<Map<string, string[]>> {
      const byAlias = new Map<string, string[]>();
      if (aliases.length === 0) return byAlias;
      const rows = await db
        .selectFrom('link_reports')
        .select(['alias', 'reason'])
        .where('resolved_at', 'is', null)
        .where('alias', 'in', aliases)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      for (const row of rows) {
        const reasons = byAlias.get(row.alias) ?? [];
        if (reasons.length < perAlias) reasons.push(row.reason);
        byAlias.set(row.alias, reasons);
      }
      return byAlias;
    },
    /**
     * The targets the latest open report of each alias recorded (migration 0012), for aliases
     * whose link is gone: what the operator sees of a deleted link, and the domain it can block.
     */
    async openTargets(aliases: readonly string[]): Promise<Map<string, ReportedTargets>> {
      const byAlias = new Map<string, ReportedTargets>();
      if (aliases.length === 0) return byAlias;
      // At most MAX_OPEN_REPORTS_PER_LINK rows an alias (open-reports index), newest first.
      const rows = await db
        .selectFrom('link_reports')
        .select(['alias', 'url', 'ios_url', 'android_url'])
        .where('resolved_at', 'is', null)
        .where('alias', 'in', aliases)
        .where('url', 'is not', null)
        .orderBy('id', 'desc')
        .execute();
      for (const row of rows) {
        if (row.url === null || byAlias.has(row.alias)) continue;
        byAlias.set(row.alias, { url: row.url, iosUrl: row.ios_url, androidUrl: row.android_url });
      }
      return byAlias;
    },
    /** Open reports in all, and how many aliases they name. */
    async openCounts(): Promise<{ reports: number; aliases: number }> {
      const row = await db
        .selectFrom('link_reports')
        .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.count<number | string>('alias').distinct().as('aliases')])
        .where('resolved_at', 'is', null)
        .executeTakeFirst();
      return { reports: Number(row?.n ?? 0), aliases: Number(row?.aliases ?? 0) };
    },
    /**
     * Marks the alias's open reports resolved, only those up to the id `upTo` when given (the
     * latest the operator saw: one filed since was never read); how many there were.
     */
    async resolve(alias: string, resolvedAt: string, upTo?: number): Promise<number> {
      let update = db.updateTable('link_reports').set({ resolved_at: resolvedAt }).where('alias', '=', alias).where('resolved_at', 'is', null);
      if (upTo !== undefined) update = update.where('id', '<=', upTo);
      const result = await update.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    /** How many open reports the alias has. */
    async openCount(alias: string): Promise<number> {
      const row = await db
        .selectFrom('link_reports')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('alias', '=', alias)
        .where('resolved_at', 'is', null)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
}

export type ReportRepository = ReturnType<typeof createReportRepository>;

/**
 * Runs the works given one key one after another, in the order given (works of different keys
 * run side by side); a work's failure is its caller's alone. Holds an entry only while a key has
 * work waiting or running.
 */
function createKeyedQueue(): <T>(key: string, work: () => Promise<T>) => Promise<T> {
  const tails = new Map<string, Promise<void>>();
  return (key, work) => {
    const result = (tails.get(key) ?? Promise.resolve()).then(work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return result;
  };
}
