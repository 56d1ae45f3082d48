// Maps any error to an HTTP status, a code and the pt-BR message the API sends. 5xx details
// never leave the server; a store that cannot be reached is a 503, not a 500.
import type { FastifyError } from 'fastify';
import { expiresAtFormatMessage } from '../shared/form-messages.js';
import { type ApiErrorCode, errorMessages } from '../shared/messages.js';
import { isStoreUnavailable } from './db/dialect.js';
import { AppError } from './errors.js';

export interface DescribedError {
  status: number;
  code: ApiErrorCode;
  message: string;
}

const BY_FASTIFY_CODE: Record<string, [number, ApiErrorCode]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'invalid_request'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'invalid_json'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'invalid_json'],
  FST_ERR_BAD_URL: [400, 'invalid_request'],
  FST_ERR_ASYNC_CONSTRAINT: [400, 'invalid_request'],
  // @fastify/csrf-protection's refusals (the operator's console).
  FST_CSRF_MISSING_SECRET: [403, 'csrf_refused'],
  FST_CSRF_INVALID_TOKEN: [403, 'csrf_refused'],
};

/**
 * The client closed its connection while its body was being read (Node's "aborted", with the
 * code ECONNRESET that a database connection reset also carries): nothing of ours failed, and
 * the store must not be reported as failing for it.
 */
export function isClientAbort(error: unknown): boolean {
  return error instanceof Error && (error as { code?: unknown }).code === 'ECONNRESET' && error.message === 'aborted';
}

export function describeError(error: FastifyError | AppError, fieldCodes: FieldCodes = FIELD_CODES): DescribedError {
  if (error instanceof AppError) return { status: error.statusCode, code: error.code, message: error.message };
  // Nobody reads this answer; it only keeps the request out of the 5xx counts and logs.
  if (isClientAbort(error)) return { status: 400, code: 'invalid_request', message: errorMessages.invalid_request };
  if (error.validation !== undefined) return describeSchemaErrors(error.validation, fieldCodes);
  const known = BY_FASTIFY_CODE[error.code];
  if (known !== undefined) return { status: known[0], code: known[1], message: errorMessages[known[1]] };
  if (isStoreUnavailable(error)) return { status: 503, code: 'unavailable', message: errorMessages.unavailable };
  const status = error.statusCode ?? 500;
  if (error instanceof SyntaxError && status === 400) return { status, code: 'invalid_json', message: errorMessages.invalid_json };
  if (status >= 400 && status < 500) return { status, code: 'invalid_request', message: errorMessages.invalid_request };
  return { status: 500, code: 'internal', message: errorMessages.internal };
}

type FieldCodes = Readonly<Record<string, ApiErrorCode>>;

/** A bad field of a link to create, by the code the link service would answer for it. */
const FIELD_CODES: FieldCodes = {
  url: 'invalid_url',
  alias: 'invalid_alias',
  reason: 'invalid_report',
  // The insights range (?days=): any value but one of INSIGHT_RANGES, or the parameter twice.
  days: 'invalid_days',
  expiresAt: 'invalid_expires_at',
  maxClicks: 'invalid_max_clicks',
  password: 'invalid_password',
  iosUrl: 'invalid_ios_url',
  androidUrl: 'invalid_android_url',
  limit: 'invalid_limit',
  cursor: 'invalid_cursor',
  links: 'invalid_bulk',
  // The operator's console.
  name: 'invalid_key_name',
  perMinute: 'invalid_per_minute',
  domain: 'invalid_domain',
  content: 'invalid_feed',
};

/**
 * The operator's console names some fields as the public routes do, with other rules: its
 * `reason` is a block's (at most 500 characters), not a report's; a sign-in `password` beyond
 * any operator's is wrong credentials, not a link password's length, and so is a sign-in
 * without an `email` (or with one that is not text), rather than a bare "Requisição inválida.".
 */
export const CONSOLE_FIELD_CODES: FieldCodes = { ...FIELD_CODES, reason: 'invalid_admin_reason', password: 'invalid_credentials', email: 'invalid_credentials' };

/** The answer to a body or query that failed its schema (the first error found names the field). */
export function describeSchemaErrors(errors: readonly { keyword: string; instancePath: string; params: object }[], fieldCodes: FieldCodes = FIELD_CODES): DescribedError {
  const first = errors[0];
  const params = (first?.params ?? {}) as { missingProperty?: string; additionalProperty?: string };
  if (first?.keyword === 'additionalProperties' && params.additionalProperty !== undefined) {
    return {
      status: 400,
      code: 'unknown_field',
      message: `${errorMessages.unknown_field} Campo não permitido: "${params.additionalProperty.slice(0, 64)}".`,
    };
  }
  // '/links/3/url' (a bulk item's field) is refused as the whole request's `links`.
  const field = params.missingProperty ?? first?.instancePath.split('/')[1] ?? '';
  const code = Object.hasOwn(fieldCodes, field) ? fieldCodes[field] : undefined;
  // An expiry of the wrong type (a number, true) is malformed, not out of range: the same
  // message as the one the link's rules give a string that is not an instant.
  if (code === 'invalid_expires_at') return { status: 400, code, message: expiresAtFormatMessage };
  if (code !== undefined) return { status: 400, code, message: errorMessages[code] };
  return { status: 400, code: 'invalid_request', message: errorMessages.invalid_request };
}
