// SQL for the console's operators. Their sessions (admin_sessions) are deleted with them.
import type { Kysely } from 'kysely';
import { toIsoString } from '../db/dialect.js';
import type { Database } from '../db/schema.js';

export interface StoredOperator {
  id: number;
  email: string;
  passwordHash: string;
  createdAt: string;
}

export function createOperatorRepository(db: Kysely<Database>) {
  return {
    async findByEmail(email: string): Promise<StoredOperator | undefined> {
      const row = await db.selectFrom('operators').selectAll().where('email', '=', email).executeTakeFirst();
      return row === undefined ? undefined : { id: row.id, email: row.email, passwordHash: row.password_hash, createdAt: toIsoString(row.created_at) };
    },
    /** The new operator's id, or undefined when the e-mail is taken. */
    async insert(email: string, passwordHash: string, createdAt: string): Promise<number | undefined> {
      const row = await db
        .insertInto('operators')
        .values({ email, password_hash: passwordHash, created_at: createdAt })
        .onConflict((oc) => oc.column('email').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },
    /** Removes the operator and every session of theirs; false when there was none. */
    async remove(email: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('operators').select('id').where('email', '=', email).executeTakeFirst();
        if (row === undefined) return false;
        // Not left to ON DELETE CASCADE: SQLite enforces it only with foreign_keys on.
        await trx.deleteFrom('admin_sessions').where('operator_id', '=', row.id).execute();
        await trx.deleteFrom('operators').where('id', '=', row.id).execute();
        return true;
      });
    },
    async list(): Promise<{ email: string; createdAt: string; sessions: number }[]> {
      const rows = await db
        .selectFrom('operators')
        .select(['email', 'created_at'])
        .select((eb) => eb.selectFrom('admin_sessions').select((inner) => inner.fn.countAll<number | string>().as('n')).whereRef('admin_sessions.operator_id', '=', 'operators.id').as('sessions'))
        .orderBy('email')
        .execute();
      return rows.map((row) => ({ email: row.email, createdAt: toIsoString(row.created_at), sessions: Number(row.sessions ?? 0) }));
    },
  };
}

export type OperatorRepository = ReturnType<typeof createOperatorRepository>;
