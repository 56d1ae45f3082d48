// Group commit for SQLite: the writes that requests queue during one turn of the event loop
// share one transaction, committed once at the end of that turn (setImmediate runs after the
// poll phase, when every request read in it has queued its write).
//
// Why: a commit per creation was a large share of creation's main-thread time (the WAL append
// of every page the insert dirtied, checksums, periodic checkpoints, and Kysely's BEGIN/COMMIT
// round trips); under concurrent creations one commit per turn raised creation throughput by
// more than half (figures in docs/performance.md, "Creation"). A write is still answered only
// after its commit.
import type { CompiledQuery } from 'kysely';

/** The slice of a better-sqlite3 connection this needs. */
export interface GroupCommitConnection {
  inTransaction(): boolean;
  /** Prepares (or takes from a cache) a statement. */
  prepare(sql: string): {
    readonly reader: boolean;
    all(parameters: readonly unknown[]): unknown[];
    run(parameters: readonly unknown[]): unknown;
  };
}

/**
 * Queues a unit of writes: compiled queries run in order, all or none (under a savepoint), in
 * the transaction that commits at the end of this event-loop turn. Resolves with each query's
 * rows once committed. Rejects with the unit's own error (its writes undone, the other units
 * kept), or with the error of BEGIN or COMMIT (then no unit of the batch is written).
 */
export type WriteInBatch = (queries: readonly CompiledQuery[]) => Promise<unknown[][]>;

interface Unit {
  queries: readonly CompiledQuery[];
  resolve(rows: unknown[][]): void;
  reject(error: unknown): void;
}

type Outcome = { ok: true; rows: unknown[][] } | { ok: false; error: unknown };

/**
 * `exclusive` runs the batch while no other query can use the connection: Kysely's
 * transactions span several awaits, and a batch must not BEGIN inside one of them.
 */
export function createGroupCommit(
  connection: GroupCommitConnection,
  exclusive: (run: () => void) => Promise<void>,
): WriteInBatch {
  let queue: Unit[] = [];
  let scheduled = false;
  const statement = (sql: string) => connection.prepare(sql);
  const begin = statement('BEGIN IMMEDIATE');
  const commit = statement('COMMIT');
  const rollback = statement('ROLLBACK');
  const savepoint = statement('SAVEPOINT batch_unit');
  const release = statement('RELEASE batch_unit');
  const rollbackTo = statement('ROLLBACK TO batch_unit');

  function runQueries(queries: readonly CompiledQuery[]): unknown[][] {
    return queries.map((query) => {
      const prepared = statement(query.sql);
      if (prepared.reader) return prepared.all(query.parameters);
      prepared.run(query.parameters);
      return [];
    });
  }

  /** Runs the batch; outcomes per unit, or one error for all when the transaction failed. */
  function runBatch(units: Unit[]): Outcome[] | { error: unknown } {
    try {
      begin.run([]);
    } catch (error) {
      return { error };
    }
    const outcomes: Outcome[] = [];
    for (const unit of units) {
      savepoint.run([]);
      try {
        const rows = runQueries(unit.queries);
        release.run([]);
        outcomes.push({ ok: true, rows });
      } catch (error) {
        // An I/O error or a full disk rolls the whole transaction back inside SQLite: the
        // units already run are lost with it.
        if (!connection.inTransaction()) return { error };
        rollbackTo.run([]);
        release.run([]);
        outcomes.push({ ok: false, error });
      }
    }
    try {
      commit.run([]);
    } catch (error) {
      return { error };
    }
    return outcomes;
  }

  /** runBatch, leaving no transaction open whatever failed (even a ROLLBACK TO). */
  function runBatchSafely(units: Unit[]): Outcome[] | { error: unknown } {
    let result: Outcome[] | { error: unknown };
    try {
      result = runBatch(units);
    } catch (error) {
      result = { error };
    }
    if (connection.inTransaction()) {
      try {
        rollback.run([]);
      } catch (error) {
        return { error };
      }
    }
    return result;
  }

  async function flush(): Promise<void> {
    const units = queue;
    queue = [];
    scheduled = false;
    let result: Outcome[] | { error: unknown } = { error: new Error('group commit did not run') };
    try {
      await exclusive(() => {
        result = runBatchSafely(units);
      });
    } catch (error) {
      result = { error };
    }
    const settled = result;
    units.forEach((unit, i) => {
      if (!Array.isArray(settled)) return unit.reject(settled.error);
      const outcome = settled[i];
      if (outcome === undefined) unit.reject(new Error('group commit lost a unit'));
      else if (outcome.ok) unit.resolve(outcome.rows);
      else unit.reject(outcome.error);
    });
  }

  return (queries) =>
    new Promise<unknown[][]>((resolve, reject) => {
      queue.push({ queries, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => void flush());
      }
    });
}
