// `npm run migrate`: applies pending migrations and exits, for deployments that migrate
// before starting instances (with MIGRATE_ON_START=false). A run is one transaction, and
// concurrent runs do not collide: on PostgreSQL Kysely's migrator takes an advisory lock around
// the whole run; on SQLite the run holds the file's write lock (migrate.ts), so a second run
// waits for it (up to SQLITE_BUSY_TIMEOUT_MS) or fails before changing anything.
import { ConfigError, loadConfig } from './config.js';
import { openStore } from './db/store.js';
import { MigrationError, migrateToLatest } from './db/migrate.js';

try {
  const config = loadConfig();
  const store = openStore(config.database);
  try {
    await migrateToLatest(store.db, store.dialect);
    console.log(`Migrations applied (${config.database.kind}).`);
  } finally {
    await store.close();
  }
} catch (error) {
  // Configuration and migration errors say what failed themselves ('Migration <name> failed: …').
  const said = error instanceof ConfigError || error instanceof MigrationError;
  console.error(said ? error.message : `Migration failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
