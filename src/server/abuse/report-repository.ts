import type { Kysely } from 'kysely';
import { toIsoString } from '../db/dialect.js';
import type { Database } from '../db/schema.js';

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

/** The open reports of one alias, as the operator's queue shows them. */
export interface OpenReportGroup {
  alias: string;
  reports: number;
  firstReportedAt: string;
  lastReportedAt: string;
}

export function createReportRepository(db: Kysely<Database>) {
  return {
    async insertReport(alias: string, reason: string, createdAt: string): Promise<void> {
      await db.insertInto('link_reports').values({ alias, reason, created_at: createdAt }).execute();
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
        .select((eb) => ['alias', eb.fn.countAll<number | string>().as('n'), eb.fn.min('created_at').as('first'), eb.fn.max('created_at').as('last')])
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
      return rows.map((r) => ({ alias: r.alias, reports: Number(r.n), firstReportedAt: toIsoString(r.first), lastReportedAt: toIsoString(r.last) }));
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
    /** Open reports in all, and how many aliases they name. */
    async openCounts(): Promise<{ reports: number; aliases: number }> {
      const row = await db
        .selectFrom('link_reports')
        .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.count<number | string>('alias').distinct().as('aliases')])
        .where('resolved_at', 'is', null)
        .executeTakeFirst();
      return { reports: Number(row?.n ?? 0), aliases: Number(row?.aliases ?? 0) };
    },
    /** Marks the alias's open reports resolved; how many there were. */
    async resolve(alias: string, resolvedAt: string): Promise<number> {
      const result = await db.updateTable('link_reports').set({ resolved_at: resolvedAt }).where('alias', '=', alias).where('resolved_at', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

export type ReportRepository = ReturnType<typeof createReportRepository>;
