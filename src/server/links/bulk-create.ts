// POST /api/links/bulk: up to BULK_MAX_ITEMS links in one request, each checked and created as
// POST /api/links would (same schema, same rules), each answered on its own, in input order.
// Items run concurrently, up to BULK_ITEMS_AT_ONCE of them: the creations of one turn share a
// commit (SQLite: db/sqlite-group-commit.ts; PostgreSQL: one statement, db/postgres-creations.ts),
// which is what makes a thousand links a fraction of a second. Items that ask for the same alias
// are the exception: each waits for the one before it, so the first in input order that can
// have it does (racing, the one whose password hashed first won).
import { Ajv, type ValidateFunction } from 'ajv';
import pLimit from 'p-limit';
import type { BulkCreateResult, CreateLinkRequest } from '../../shared/api.js';
import { NEW_LINK_SCHEMA } from '../api/api-schemas.js';
import { AppError } from '../errors.js';
import { describeError, describeSchemaErrors } from '../http-errors.js';
import { normalizeAlias } from '../../shared/alias-rules.js';
import type { LinkService } from './link-service.js';

// The same options as the server's own validator (app.ts): no coercion, nothing dropped.
const ajv = new Ajv({ coerceTypes: false, removeAdditional: false, allErrors: false });
const { $id: _id, ...itemSchema } = NEW_LINK_SCHEMA;
const checkItem: ValidateFunction<CreateLinkRequest> = ajv.compile<CreateLinkRequest>(itemSchema);

/**
 * Items of one request being created at once; the others wait here, in input order. All 1,000
 * at once put 1,000 requests for a connection (each creation's cache invalidation, besides its
 * insert) in the PostgreSQL pool's queue, where another request waited behind all of them and
 * an item that waited past the pool's 5 s connection timeout failed 'unavailable' on a healthy
 * database. 100 at a time still fills a group commit: SQLite's bulk rate was within its noise of
 * the unbounded one (docs/performance.md, "Creation on PostgreSQL, several instances").
 */
export const BULK_ITEMS_AT_ONCE = 100;

export interface BulkCreateDeps {
  links: Pick<LinkService, 'createLink'>;
  /** Called when an item fails for a reason of the server's (logged once per request). */
  onServerError: (error: unknown) => void;
}

/**
 * `idempotencyKey`: the request's Idempotency-Key. Each item is created with a key of its own,
 * the request's and its place in the list, so the same request sent again (its answer lost)
 * answers each item as it was made the first time, and makes only what failed then.
 */
export async function createInBulk(items: readonly unknown[], apiKeyId: number, deps: BulkCreateDeps, idempotencyKey?: string): Promise<BulkCreateResult[]> {
  let serverError: unknown;
  const bounded = pLimit(BULK_ITEMS_AT_ONCE);
  /** Per alias asked for, the latest item's result so far. */
  const byAlias = new Map<string, Promise<BulkCreateResult>>();
  const results = await Promise.all(
    items.map((item, index): Promise<BulkCreateResult> => {
      if (!checkItem(item)) {
        const { code, message } = describeSchemaErrors(checkItem.errors ?? []);
        return Promise.resolve({ ok: false, error: { code, message } });
      }
      const alias = item.alias === undefined ? '' : normalizeAlias(item.alias);
      if (alias === '') return bounded(() => create(item, index));
      const earlier = byAlias.get(alias);
      // A later asker of an alias queues only once the one before it is answered; it holds no
      // slot while it waits, so it cannot keep the earlier one from running.
      const result = earlier === undefined ? bounded(() => create(item, index)) : earlier.then((before) => (before.ok ? aliasTaken() : bounded(() => create(item, index))));
      byAlias.set(alias, result);
      return result;
    }),
  );
  if (serverError !== undefined) deps.onServerError(serverError);
  return results;

  async function create(item: CreateLinkRequest, index: number): Promise<BulkCreateResult> {
    try {
      const itemKey = idempotencyKey === undefined ? {} : { idempotencyKey: `${idempotencyKey}\n${index}` };
      return { ok: true, link: await deps.links.createLink(item, { apiKeyId, ...itemKey }) };
    } catch (error) {
      if (!(error instanceof AppError)) serverError ??= error;
      const { code, message } = describeError(error instanceof AppError ? error : toFastifyLike(error));
      return { ok: false, error: { code, message } };
    }
  }
}

function aliasTaken(): BulkCreateResult {
  const { code, message } = describeError(new AppError('alias_taken', 409));
  return { ok: false, error: { code, message } };
}

/** describeError takes Fastify's error shape; a store error carries what it needs (its code). */
function toFastifyLike(error: unknown): Parameters<typeof describeError>[0] {
  if (error instanceof Error) return error as Parameters<typeof describeError>[0];
  return new Error(String(error)) as Parameters<typeof describeError>[0];
}
