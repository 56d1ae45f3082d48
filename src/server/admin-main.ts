// Entry of `npm run admin`: opens the store named by the configuration and runs one command.
import { runAdmin } from './admin-cli.js';
import { ConfigError, loadConfig } from './config.js';
import { openStore } from './db/store.js';
import { migrateToLatest } from './db/migrate.js';

try {
  const config = loadConfig();
  const store = openStore(config.database);
  try {
    await migrateToLatest(store.db, store.dialect);
    const result = await runAdmin(process.argv.slice(2), store, { timeZone: config.statsTimeZone });
    (result.code === 0 ? console.log : console.error)(result.output);
    process.exitCode = result.code;
  } finally {
    await store.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Falhou: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
