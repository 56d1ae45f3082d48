// What every console request passes before its handler: a signed-in operator; for a change, a
// request from a page of this site (Origin) carrying the session's CSRF token; for a sign-in,
// the attempt limits per address and per e-mail.
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, onRequestHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import { createClientKey, createNetworkKey } from '../abuse/client-key.js';
import { admittedPastCeiling } from '../abuse/rate-limits.js';
import { AppError } from '../errors.js';
import { ownOriginCheck } from '../request-origin.js';
import { normalizeOperatorEmail } from './operator-service.js';

/** Sign-in attempts per minute, per client address and per e-mail, before 429. */
export const SIGN_IN_ATTEMPTS_PER_MINUTE = 10;

const MINUTE = 60_000;

/**
 * 401 not_signed_in unless the request's session is an operator's. An onRequest hook (after the
 * session plugin's own), so a stranger learns nothing from the body's validation either.
 */
export const requireOperator: onRequestAsyncHookHandler = async (request) => {
  if (typeof request.session.operatorId !== 'number' || typeof request.session.email !== 'string') throw new AppError('not_signed_in', 401);
};

/** The origin of a Referer, or undefined. */
function originOf(referer: string | undefined): string | undefined {
  if (referer === undefined) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

/**
 * 403 csrf_refused unless the request says it comes from a page of this site: its Origin (or,
 * without one, its Referer) is the site's public origin or the origin the request was made to.
 * Browsers send Origin with every cross-site POST and DELETE and a page cannot forge it; a request
 * that names no origin at all is refused too. The CSRF token is checked besides (the second half
 * of the defence), by @fastify/csrf-protection.
 */
export function sameOriginOnly(publicUrl: string): onRequestAsyncHookHandler {
  const isOwn = ownOriginCheck(publicUrl);
  return async (request) => {
    const origin = request.headers.origin ?? originOf(request.headers.referer);
    if (origin !== undefined && isOwn(origin, request)) return;
    throw new AppError('csrf_refused', 403);
  };
}

/** The hooks of a state-changing console route, before its body is read: signed in, same origin, the session's CSRF token. */
export function changeGuards(scope: FastifyInstance, publicUrl: string): onRequestHookHandler[] {
  return [requireOperator as onRequestHookHandler, sameOriginOnly(publicUrl) as onRequestHookHandler, scope.csrfProtection];
}

/**
 * The sign-in attempt limits (always on, like a link password's: they are what makes guessing
 * slow, not a quota): every attempt counts, right or wrong, per client, and per e-mail when the
 * client is within its own limit. Past an e-mail's limit only each network's first attempt at
 * it in the window is checked: refusing every attempt let anyone keep an operator out with ten
 * wrong passwords a minute, while a guesser from many networks gets one try per network a
 * minute at a password of 12 characters or more. A store failure refuses the attempt (503)
 * rather than leaving the door open.
 */
export async function createSignInLimit(
  scope: FastifyInstance,
  options: { store: FastifyRateLimitStoreCtor | undefined; ipv6Prefix: number },
): Promise<preHandlerAsyncHookHandler> {
  await scope.register(rateLimit, { global: false, ...(options.store === undefined ? {} : { store: options.store }), skipOnError: false });
  const clientKey = createClientKey(options.ipv6Prefix);
  const emailOf = (request: FastifyRequest): string => {
    const raw = (request.body as { email?: unknown } | undefined)?.email;
    return typeof raw === 'string' ? (normalizeOperatorEmail(raw) ?? raw.trim().toLowerCase().slice(0, 320)) : '';
  };
  const networkKey = createNetworkKey(options.ipv6Prefix);
  const limit = (key: (request: FastifyRequest) => string) => scope.createRateLimit({ max: SIGN_IN_ATTEMPTS_PER_MINUTE, timeWindow: MINUTE, keyGenerator: key });
  const perClient = limit((request) => `admin-sign-in-ip:${clientKey(request.ip)}`);
  const perEmail = limit((request) => `admin-sign-in-email:${emailOf(request)}`);
  const perNetworkAndEmail = limit((request) => `admin-sign-in-net-email:${networkKey(request.ip)}:${emailOf(request)}`);
  const refuse = (outcome: { ttlInSeconds: number }) => new AppError('rate_limited', 429, { headers: { 'retry-after': String(Math.max(1, outcome.ttlInSeconds)) } });
  return async (request) => {
    // The client first, and the e-mail only for a client within its limit: counted for every
    // attempt, an address already refused could send thousands of made-up e-mails a minute, and
    // on one SQLite process (the plugin's LRU of 5,000 keys) push the real e-mail's count out,
    // which reset its limit (an audit did: 10 more guesses at once).
    const client = await perClient(request);
    if (!client.isAllowed && client.isExceeded) throw refuse(client);
    const [email, network] = await Promise.all([perEmail(request), perNetworkAndEmail(request)]);
    if (email.isAllowed || admittedPastCeiling(email, network)) return;
    throw refuse(email);
  };
}
