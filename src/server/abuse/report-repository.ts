import type { Kysely } from 'kysely';
import { toIsoString } from '../db/dialect.js';
import type { Database } from '../db/schema.js';

export interface LinkReport {
  id: number;
  alias: string;
  reason: string;
  createdAt: string;
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
  };
}

export type ReportRepository = ReturnType<typeof createReportRepository>;
