// POST /api/links/bulk: up to BULK_MAX_ITEMS links in one request, each checked and created as
// POST /api/links would (same schema, same rules), each answered on its own, in input order.
// Items run concurrently: on SQLite the creations of one turn share a commit
// (db/sqlite-group-commit.ts), on PostgreSQL they share the pool, which is what makes a
// thousand links a fraction of a second.
import { Ajv, type ValidateFunction } from 'ajv';
import type { BulkCreateResult, CreateLinkRequest } from '../../shared/api.js';
import { NEW_LINK_SCHEMA } from '../api/api-schemas.js';
import { AppError } from '../errors.js';
import { describeError, describeSchemaErrors } from '../http-errors.js';
import type { LinkService } from './link-service.js';

// The same options as the server's own validator (app.ts): no coercion, nothing dropped.
const ajv = new Ajv({ coerceTypes: false, removeAdditional: false, allErrors: false });
const { $id: _id, ...itemSchema } = NEW_LINK_SCHEMA;
const checkItem: ValidateFunction<CreateLinkRequest> = ajv.compile<CreateLinkRequest>(itemSchema);

export interface BulkCreateDeps {
  links: Pick<LinkService, 'createLink'>;
  /** Called when an item fails for a reason of the server's (logged once per request). */
  onServerError: (error: unknown) => void;
}

export async function createInBulk(items: readonly unknown[], apiKeyId: number, deps: BulkCreateDeps): Promise<BulkCreateResult[]> {
  let serverError: unknown;
  const results = await Promise.all(
    items.map(async (item): Promise<BulkCreateResult> => {
      if (!checkItem(item)) {
        const { code, message } = describeSchemaErrors(checkItem.errors ?? []);
        return { ok: false, error: { code, message } };
      }
      try {
        return { ok: true, link: await deps.links.createLink(item, { apiKeyId }) };
      } catch (error) {
        if (!(error instanceof AppError)) serverError ??= error;
        const { code, message } = describeError(error instanceof AppError ? error : toFastifyLike(error));
        return { ok: false, error: { code, message } };
      }
    }),
  );
  if (serverError !== undefined) deps.onServerError(serverError);
  return results;
}

/** describeError takes Fastify's error shape; a store error carries what it needs (its code). */
function toFastifyLike(error: unknown): Parameters<typeof describeError>[0] {
  if (error instanceof Error) return error as Parameters<typeof describeError>[0];
  return new Error(String(error)) as Parameters<typeof describeError>[0];
}
