// Entry of `npm run admin` (scripts/admin.mjs runs it): checks the arguments, then opens the store
// named by the configuration and runs one command. Help and argument errors need no database.
import { parseAdminCommand, runAdmin } from './admin-cli.js';
import { ConfigError, loadConfig } from './config.js';
import { openStore } from './db/store.js';
import { migrateToLatest } from './db/migrate.js';

const print = (result: { code: number; output: string }): void => {
  (result.code === 0 ? console.log : console.error)(result.output);
  process.exitCode = result.code;
};

const args = process.argv.slice(2);
const checked = parseAdminCommand(args);
if (!('name' in checked)) {
  print(checked);
} else {
  try {
    const config = loadConfig();
    const store = openStore(config.database);
    try {
      await migrateToLatest(store.db, store.dialect);
      print(await runAdmin(args, store, { timeZone: config.statsTimeZone, apiKeyPerMinute: config.rateLimits.apiKeyPerMinute }));
    } finally {
      await store.close();
    }
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : `Falhou: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
