// @fastify/session's store for the console's sessions, in the database (admin_sessions), so a
// session opened on one instance holds on every other and survives a restart. A session lasts
// a fixed time from sign-in (ADMIN_SESSION_HOURS), used or not: its end is worked out from the
// sign-in time it carries, with the server's clock (injectable, for tests), never extended.
import type { SessionStore } from '@fastify/session';
import type { Session } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../calendar.js';
import { toIsoString } from '../db/dialect.js';
import type { Database } from '../db/schema.js';

/** What the console keeps in a session besides @fastify/session's own fields. */
export interface OperatorSessionData {
  operatorId?: number;
  email?: string;
  /** Epoch ms of the sign-in (the server's clock). */
  signedInAt?: number;
}

declare module 'fastify' {
  // The console's fields on @fastify/session's request.session.
  interface Session extends OperatorSessionData {
    /** @fastify/csrf-protection's secret for this session. */
    _csrf?: string;
  }
}

type Callback = Parameters<SessionStore['set']>[2];
type GetCallback = Parameters<SessionStore['get']>[1];

/** Expired sessions are swept at most this often, on a write. */
const SWEEP_EVERY_MS = 10 * 60_000;

export function createSessionStore(db: Kysely<Database>, clock: Clock, sessionMs: number): SessionStore {
  let sweptAt = 0;
  const run = (work: () => Promise<void>, callback: Callback): void => {
    work().then(() => callback(), callback);
  };

  return {
    set(sessionId: string, session: Session, callback: Callback): void {
      run(async () => {
        const data: OperatorSessionData = session;
        // Only signed-in sessions are kept (saveUninitialized is off; a sign-in sets these).
        if (typeof data.operatorId !== 'number' || typeof data.signedInAt !== 'number') return;
        const expiresAt = new Date(data.signedInAt + sessionMs).toISOString();
        const row = { id: sessionId, operator_id: data.operatorId, data: JSON.stringify(session), expires_at: expiresAt };
        await db
          .insertInto('admin_sessions')
          .values(row)
          .onConflict((oc) => oc.column('id').doUpdateSet({ data: row.data, expires_at: row.expires_at }))
          .execute();
        if (clock() - sweptAt > SWEEP_EVERY_MS) {
          sweptAt = clock();
          await db.deleteFrom('admin_sessions').where('expires_at', '<=', new Date(clock()).toISOString()).execute();
        }
      }, callback);
    },
    get(sessionId: string, callback: GetCallback): void {
      db.selectFrom('admin_sessions')
        .select(['data', 'expires_at'])
        .where('id', '=', sessionId)
        .executeTakeFirst()
        .then(async (row) => {
          if (row === undefined) return callback(null, null);
          if (Date.parse(toIsoString(row.expires_at)) <= clock()) {
            await db.deleteFrom('admin_sessions').where('id', '=', sessionId).execute();
            return callback(null, null);
          }
          return callback(null, JSON.parse(row.data) as Session);
        }, (error: unknown) => callback(error));
    },
    destroy(sessionId: string, callback: Callback): void {
      run(async () => {
        await db.deleteFrom('admin_sessions').where('id', '=', sessionId).execute();
      }, callback);
    },
  };
}
