// The secret that signs the console's session cookie: ADMIN_SESSION_SECRET when set; otherwise
// one made at random by the first instance that needs it and kept in the database, where every
// other instance (and every restart) finds the same, so a session cookie stays valid across them.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

const SECRET_NAME = 'admin-session-cookie';

export async function sessionCookieSecret(db: Kysely<Database>, configured: string | undefined): Promise<string> {
  if (configured !== undefined) return configured;
  // Two instances starting together: one insert wins, both read the winner.
  await db
    .insertInto('server_secrets')
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', SECRET_NAME).executeTakeFirstOrThrow();
  return row.value;
}
