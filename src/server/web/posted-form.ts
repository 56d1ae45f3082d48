// What the pages' forms sent without JavaScript have in common (the home form, 'Denunciar
// link'): refusing a form another site's page posts, reading a form-encoded field, the body's
// bound, and turning a refusal into the status and pt-BR message the answering page shows.
import type { FastifyRequest } from 'fastify';
import { type ApiErrorCode, postedFormMessages } from '../../shared/messages.js';
import { AppError } from '../errors.js';
import { describeError } from '../http-errors.js';
import { ownOriginCheck } from '../request-origin.js';

/** A few fields of at most a few kilobytes; anything bigger is not one of these forms. */
export const FORM_BODY_LIMIT = 16 * 1024;

/** A posted field as sent (a field given twice, or not at all, is empty). */
export function rawFormField(body: unknown, name: string): string {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : '';
}

/** A posted field without the spaces around it. */
export const formField = (body: unknown, name: string): string => rawFormField(body, name).trim();

export interface FormRefusal {
  status: number;
  code: ApiErrorCode;
  message: string;
  /** The limit's Retry-After, for a 429. */
  retryAfter?: string;
}

/** The refusal a page shows for what the form's handling threw (a failure of ours is logged, as the API's error handler does). */
export function formRefusal(error: unknown, request: FastifyRequest, form: string): FormRefusal {
  const described = describeError(error as AppError);
  if (described.status >= 500) request.log.error({ err: error }, `${form} failed`);
  const retryAfter = error instanceof AppError ? error.headers['retry-after'] : undefined;
  return { ...described, ...(retryAfter === undefined ? {} : { retryAfter }) };
}

/**
 * The refusal a page shows for a body its form parser refused before the route ran (past
 * FORM_BODY_LIMIT, not form-encoded): in a person's words, with the status the API would give.
 * `tooLarge` names what can make that form's body too big.
 */
export function refusedBody(error: unknown, request: FastifyRequest, form: string, tooLarge: string): FormRefusal {
  const refusal = formRefusal(error, request, form);
  if (refusal.status >= 500 || refusal.code === 'rate_limited') return refusal;
  return { ...refusal, message: refusal.code === 'payload_too_large' ? tooLarge : postedFormMessages.unreadable };
}

/**
 * The check that refuses (403 foreign_form) a form posted from another site's page. Such a page
 * could make its visitors' browsers create links or file reports, each from its own address,
 * past the limits per address. Browsers send Origin with every form POST, and a page cannot
 * forge it; a request without one (curl, a script) is not a visitor's browser and is let
 * through to the limits.
 */
export function foreignFormGuard(publicUrl: string): (request: FastifyRequest) => void {
  const isOwn = ownOriginCheck(publicUrl);
  return (request) => {
    const origin = request.headers.origin;
    if (origin !== undefined && !isOwn(origin, request)) throw new AppError('foreign_form', 403);
  };
}
