// The audit log: every operator action (from the console or the terminal tool), who did it and
// when, kept in the database. Written by the operator actions (operator-actions.ts) and the
// sign-in routes; read by the console, newest first.
import type { Kysely } from 'kysely';
import type { AuditAction, AuditEntry } from '../../shared/admin-api.js';
import type { Clock } from '../calendar.js';
import { toIsoString } from '../db/dialect.js';
import type { Database } from '../db/schema.js';

/** Who acts: an operator in the console (their e-mail), or the terminal tool (`cli:<user>`). */
export interface Actor {
  name: string;
  via: 'console' | 'cli';
}

export interface AuditRecord {
  action: AuditAction;
  target?: string | null;
  detail?: string | null;
}

/** Longest detail kept (a block reason, an import summary): the row stays small. */
const DETAIL_MAX = 500;

export function createAuditLog(db: Kysely<Database>, clock: Clock) {
  return {
    async record(actor: Actor, entry: AuditRecord): Promise<void> {
      const detail = entry.detail === undefined || entry.detail === null ? null : [...entry.detail].slice(0, DETAIL_MAX).join('');
      await db
        .insertInto('audit_log')
        .values({ at: new Date(clock()).toISOString(), actor: actor.name, via: actor.via, action: entry.action, target: entry.target ?? null, detail })
        .execute();
    },
    /** One page, newest first: entries with an id below `beforeId` (null: from the newest). */
    async page(beforeId: number | null, limit: number): Promise<AuditEntry[]> {
      let query = db.selectFrom('audit_log').selectAll();
      if (beforeId !== null) query = query.where('id', '<', beforeId);
      const rows = await query.orderBy('id', 'desc').limit(limit).execute();
      return rows.map((row) => ({
        id: Number(row.id),
        at: toIsoString(row.at),
        actor: row.actor,
        via: row.via === 'cli' ? 'cli' : 'console',
        action: row.action as AuditAction,
        target: row.target,
        detail: row.detail,
      }));
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
