// The database's plan for a query the code builds, as text the plan tests match against:
// EXPLAIN on PostgreSQL, EXPLAIN QUERY PLAN on SQLite, one line per row of the answer.
import { CompiledQuery } from 'kysely';
import type { Store } from '../../src/server/db/store.js';

export async function queryPlan(store: Pick<Store, 'db' | 'dialect'>, query: { compile(): CompiledQuery }): Promise<string> {
  const compiled = query.compile();
  const explain = store.dialect === 'postgres' ? 'explain' : 'explain query plan';
  const { rows } = await store.db.executeQuery(CompiledQuery.raw(`${explain} ${compiled.sql}`, [...compiled.parameters]));
  return rows.map((row) => Object.values(row as Record<string, unknown>).join(' ')).join('\n');
}
