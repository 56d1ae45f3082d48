// Link creations on PostgreSQL, committed together: the links asked for during one turn of the
// event loop are inserted and counted in one statement, as SQLite's group commit does for its
// connection (sqlite-group-commit.ts). Each creation is still answered only after its commit.
//
// Why: every creation of a day adds to the same daily_totals row, and its lock is held until the
// transaction commits. With a transaction per creation the instances took that row one commit
// at a time. With BEGIN, insert, count and COMMIT sent one by one, each holder also waited for
// its own process to send COMMIT. A bulk of 1,000 links sent to each of three instances at once
// then waited so long for pool connections that 30–70% of the items failed 'unavailable'
// ("timeout exceeded when trying to connect") on a healthy database. As one statement the lock
// is held only for the server's commit; with one statement per turn, a bulk takes it a few
// times instead of a thousand. Figures: docs/performance.md, "Creation on PostgreSQL, several
// instances".
import type { Kysely } from 'kysely';
import { isRetryableTransactionError, isStoreUnavailable, withTransactionRetry } from './dialect.js';
import { insertCountedLinksQuery, type NewLink } from './link-statements.js';
import type { Database } from './schema.js';

/** Links per statement at most: 13 parameters each, far below PostgreSQL's 65,535. */
const MAX_BATCH = 500;

interface Pending {
  link: NewLink;
  resolve(id: number): void;
  reject(error: unknown): void;
}

/** What a taken alias fails with, as PostgreSQL's own unique violation would (isUniqueViolation). */
function aliasTaken(alias: string): Error {
  return Object.assign(new Error(`alias already taken: ${alias}`), { code: '23505' });
}

/**
 * `insertCountedLink` for PostgreSQL: resolves with the new link's id once committed; fails as a
 * unique violation when the alias is taken (by a link already stored, or by one asked for
 * earlier in the same batch), or with the store's error.
 */
export function createPostgresCreations(db: Kysely<Database>, maxBatch = MAX_BATCH): (link: NewLink) => Promise<number> {
  let queue: Pending[] = [];

  function flush(): void {
    const pending = queue;
    queue = [];
    // One statement per day counted (a batch straddles midnight at most).
    const byDay = new Map<string, Pending[]>();
    for (const item of pending) {
      const day = byDay.get(item.link.day);
      if (day === undefined) byDay.set(item.link.day, [item]);
      else day.push(item);
    }
    for (const [day, items] of byDay) {
      for (let start = 0; start < items.length; start += maxBatch) void write(day, items.slice(start, start + maxBatch));
    }
  }

  async function write(day: string, items: Pending[]): Promise<void> {
    // An alias asked for twice in one batch goes to the first asker, or to nobody when it was
    // taken already: either way the later ones have lost it. They are told once the first's
    // insert has settled, as PostgreSQL tells a second insert of an alias only after the first
    // commits: a loser that looks the alias up then finds the link (a retried creation, told
    // by its Idempotency-Key that the link is its own, is answered it).
    const first = new Map<string, Pending>();
    const later = new Map<string, Pending[]>();
    for (const item of items) {
      if (!first.has(item.link.alias)) first.set(item.link.alias, item);
      else later.set(item.link.alias, [...(later.get(item.link.alias) ?? []), item]);
    }
    const tellLosers = (alias: string): void => {
      for (const item of later.get(alias) ?? []) item.reject(aliasTaken(alias));
    };
    // In alias order: two instances inserting the same aliases at once wait for each other in
    // the same order, never in a cycle (a deadlock).
    const batch = [...first.values()].sort((a, b) => (a.link.alias < b.link.alias ? -1 : a.link.alias > b.link.alias ? 1 : 0));
    let created: Map<string, number>;
    try {
      const rows = await withTransactionRetry(() => insertCountedLinksQuery(db, day, batch.map((item) => item.link)).execute());
      created = new Map(rows.map((row) => [row.alias, row.id]));
    } catch (error) {
      if (batch.length === 1 || isStoreUnavailable(error) || isRetryableTransactionError(error)) {
        for (const item of batch) {
          item.reject(error);
          tellLosers(item.link.alias);
        }
        return;
      }
      // A link the database refused for a reason of its own (none is expected: each was
      // checked): one by one, so that it fails alone, as it would have without the others.
      for (const item of batch) void write(day, [item]).then(() => tellLosers(item.link.alias));
      return;
    }
    for (const item of batch) {
      const id = created.get(item.link.alias);
      if (id === undefined) item.reject(aliasTaken(item.link.alias));
      else item.resolve(id);
      tellLosers(item.link.alias);
    }
  }

  return (link) =>
    new Promise<number>((resolve, reject) => {
      // After the poll phase, when every request read in this turn has asked (as SQLite's).
      if (queue.length === 0) setImmediate(flush);
      queue.push({ link, resolve, reject });
    });
}
