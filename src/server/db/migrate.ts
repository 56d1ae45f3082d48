// Migrations are the only source of the schema. They are listed here in order (no file
// scanning, so the compiled and the TypeScript code run the same list).
import { type Kysely, type Migration, type MigrationInfo, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Dialect } from './dialect.js';
import { initial } from './migrations/0001-initial.js';
import { abuseControls } from './migrations/0002-abuse-controls.js';
import { sqliteHotPath } from './migrations/0003-sqlite-hot-path.js';
import { sqliteClickLinkCheck } from './migrations/0004-sqlite-click-link-check.js';
import { clickInsights } from './migrations/0005-click-insights.js';
import { linkOptions } from './migrations/0006-link-options.js';
import { apiKeys } from './migrations/0007-api-keys.js';
import { operatorConsole } from './migrations/0008-operator-console.js';
import { appTargetHosts } from './migrations/0009-app-target-hosts.js';
import { hostKeyCatchUp } from './migrations/0010-host-key-catch-up.js';
import { retiredAliases } from './migrations/0011-retired-aliases.js';
import { reportTargets } from './migrations/0012-report-targets.js';
import type { Database } from './schema.js';

function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    '0001-initial': initial(dialect),
    '0002-abuse-controls': abuseControls(dialect),
    '0003-sqlite-hot-path': sqliteHotPath(dialect),
    '0004-sqlite-click-link-check': sqliteClickLinkCheck(dialect),
    '0005-click-insights': clickInsights(dialect),
    '0006-link-options': linkOptions(dialect),
    '0007-api-keys': apiKeys(dialect),
    '0008-operator-console': operatorConsole(dialect),
    '0009-app-target-hosts': appTargetHosts(dialect),
    '0010-host-key-catch-up': hostKeyCatchUp(),
    '0011-retired-aliases': retiredAliases(dialect),
    '0012-report-targets': reportTargets(),
  };
}

/** The migrations of a dialect, for Kysely's Migrator (tests step down and up with it). */
export function migrationProvider(dialect: Dialect): MigrationProvider {
  return { getMigrations: async () => migrationsFor(dialect) };
}

/** A migration that did not apply; its message says which, and why. */
export class MigrationError extends Error {}

export async function migrateToLatest(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    await migrateSqliteInOneTransaction(db);
    return;
  }
  // PostgreSQL: Kysely runs the whole run in one transaction, under an advisory lock.
  await runMigrator(db, dialect);
}

/**
 * Kysely's SQLite adapter declares no transactional DDL, so its migrator ran each statement on
 * its own: a run cut short (a full disk, a kill during a long backfill) left half a migration
 * behind ("table already exists" at every later start), and it takes no lock, so two runs on one
 * file collided. SQLite's DDL is transactional: the whole run goes in one `BEGIN IMMEDIATE`
 * transaction on one connection (the write lock at once: a second run waits for the first, then
 * finds nothing to do), and a failure rolls everything back, to be run again once its cause is fixed.
 */
async function migrateSqliteInOneTransaction(db: Kysely<Database>): Promise<void> {
  await db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      await runMigrator(connection, 'sqlite');
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
    await sql`commit`.execute(connection);
  });
}

async function runMigrator(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider(dialect) });
  // An instance of this version restarted after a newer one migrated (a rolling deploy, a
  // rollback) got Kysely's "corrupted migrations: previously executed migration … is missing".
  await assertNotNewer(db, await migrator.getMigrations());
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined || failed !== undefined) {
    const reason = error instanceof Error ? error.message : String(error ?? '');
    // The driver's error as the cause: the start names what a SQLite code means (store-check.ts).
    throw new MigrationError(failed === undefined ? `Migration failed: ${reason}` : `Migration ${failed.migrationName} failed: ${reason}`, { cause: error });
  }
}

/**
 * For a start without migrating (MIGRATE_ON_START=false): refuses a database this code does not
 * match. Behind by some migrations, it would answer 500 wherever a newer column is used; ahead
 * (migrated by a newer version still running beside this one, or before a rollback), this code
 * would ignore what it does not know, such as a newer link option, and serve links unprotected.
 */
export async function assertSchemaMatches(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  const known = await new Migrator({ db, provider: migrationProvider(dialect) }).getMigrations();
  await assertNotNewer(db, known);
  const pending = known.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
  if (pending.length > 0) {
    throw new MigrationError(`The database lacks ${pending.length === 1 ? 'migration' : 'migrations'} ${pending.join(', ')}: run \`npm run migrate\` first (MIGRATE_ON_START is false).`);
  }
}

/** Refuses a database with migrations this code does not know (applied by a newer version). */
async function assertNotNewer(db: Kysely<Database>, known: readonly MigrationInfo[]): Promise<void> {
  // Nothing applied yet (a new database, where the migrations' table may not exist): nothing newer.
  if (known.every((migration) => migration.executedAt === undefined)) return;
  const names = new Set(known.map((migration) => migration.name));
  const executed = (await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows.map((row) => row.name);
  const unknown = executed.filter((name) => !names.has(name));
  if (unknown.length > 0) {
    throw new MigrationError(`The database was migrated by a newer version of the code (${unknown.join(', ')}): run that version, or restore the backup taken before the upgrade.`);
  }
}
