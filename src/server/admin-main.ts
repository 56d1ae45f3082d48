// Entry of `npm run admin` (scripts/admin.mjs runs it): checks the arguments, then opens the store
// named by the configuration and runs one command. Help and argument errors need no database.
import { userInfo } from 'node:os';
import { cliActor, parseAdminCommand, runAdmin } from './admin-cli.js';
import { ConfigError, loadConfig } from './config.js';
import { openStore } from './db/store.js';
import { migrateToLatest } from './db/migrate.js';

const print = (result: { code: number; output: string }): void => {
  (result.code === 0 ? console.log : console.error)(result.output);
  process.exitCode = result.code;
};

/** The standard input's first line, without its line break (`--password-stdin`). */
async function readFirstLine(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk as Buffer));
  return (Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '');
}

/** The system user running the tool, for the audit log. */
function systemUser(): string {
  try {
    return userInfo().username;
  } catch {
    return 'desconhecido';
  }
}

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
      print(
        await runAdmin(args, store, {
          timeZone: config.statsTimeZone,
          apiKeyPerMinute: config.rateLimits.apiKeyPerMinute,
          actor: cliActor(systemUser()),
          readPassword: readFirstLine,
        }),
      );
    } finally {
      await store.close();
    }
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : `Falhou: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
