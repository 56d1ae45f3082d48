// Vitest global setup of the `server-postgres` project: one PostgreSQL server for the run;
// each test server gets a throwaway database on it (test-server.ts).
import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startPostgres();
  project.provide('postgresAdminUrl', server.adminUrl);
  return () => server.stop();
}
