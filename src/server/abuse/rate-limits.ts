// The rate limits of the API, per client (request.ip honours TRUST_PROXY; an IPv6 client is its
// /64, see client-key.ts) plus a site-wide ceiling on creation. Counting is @fastify/rate-limit's
// (createRateLimit); its store is the store adapter's (in memory with one SQLite process, in the
// database with PostgreSQL, so limits hold across instances). The plugin's own route hook runs one
// limiter per request, so a route with several limits chains them in one hook here.
// The redirect is never limited. The per-day creation limit refuses with its own message and
// the real time left in its window: "wait a little" would be wrong there.
import rateLimit, { type CreateRateLimitOptions, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { normalizeAlias } from '../../shared/alias-rules.js';
import type { Config } from '../config.js';
import { dailyCreationLimitMessage, hourlyReportLimitMessage, networkCreationLimitMessage, networkReportLimitMessage, siteCreationLimitMessage } from '../../shared/messages.js';
import { AppError } from '../errors.js';
import { createClientKey, createNetworkKey } from './client-key.js';
import { detachedString } from '../ops/detached-string.js';

export interface Limiters {
  /** Per client, counted on every attempt (an abuser's refused requests use up their own budget). */
  create: onRequestAsyncHookHandler[];
  /**
   * The site-wide creation budget, asked only once a creation has passed validation, right
   * before it is stored: a request refused for its own content never uses the budget of others.
   */
  admitCreation(request: FastifyRequest): Promise<void>;
  /**
   * The per-client report budget, asked only once a report has passed validation (the alias
   * names a link, the reason has the right length): a mistyped report never uses it up.
   * 'repeat' when this client already reported the alias within REPEAT_REPORT_WINDOW_MS: that
   * report is not stored, though it spends the budget like any other.
   */
  admitReport(request: FastifyRequest, alias: string): Promise<'admitted' | 'repeat'>;
  /**
   * Every report attempt, valid or not, within a loose bound: an invalid one uses no quota but
   * may read the store (is the alias a link?), so a flood of them is still bounded per client.
   */
  reportAttempts: onRequestAsyncHookHandler[];
  manage: onRequestAsyncHookHandler[];
  /**
   * Per API key (its own figure, or API_KEY_RATE_LIMIT_PER_MINUTE), on every request made with
   * one. `create` and `manage` let those through: a key is limited per key, not per address.
   */
  perKey: onRequestAsyncHookHandler[];
  /**
   * Requests with a bad API key, per client: counted when a key fails, refused with 429 past the
   * bound. Guessing a 256-bit secret is hopeless; this bounds the load of trying (each try reads
   * the store).
   */
  refuseBadKeyFlood(request: FastifyRequest): Promise<void>;
}

/** Requests with a bad API key per client and minute before they are refused with 429. */
const BAD_API_KEYS_PER_MINUTE = 30;

/** A network's report budget, in clients' budgets (REPORT_RATE_LIMIT_PER_HOUR each). */
const REPORT_NETWORK_CLIENTS = 3;

/**
 * How long a client's report on a link stands for it: the operator's queue puts the most
 * reported links first, and one sender filing the same link again (each within the hourly
 * budget) pushed it up the queue as if others had reported it too.
 */
const REPEAT_REPORT_WINDOW_MS = 24 * 60 * 60_000;

/** Report attempts per client and minute, valid or not (a person retyping a reason stays far below). */
const REPORT_ATTEMPTS_PER_MINUTE = 30;

const MINUTE = 60_000;

type Check = ReturnType<FastifyInstance['createRateLimit']>;
/** A counted request's outcome (an allow-listed one carries no counts). */
type Outcome = Extract<Awaited<ReturnType<Check>>, { isAllowed: false }>;
/** Builds the 429 of one limit from its outcome; the default is the short limits' message. */
type Refusal = (outcome: Outcome) => AppError;

interface Limit {
  check: Check;
  refusal: Refusal;
}

const waitSeconds = (outcome: Outcome): number => Math.max(1, outcome.ttlInSeconds);
const shortRefusal: Refusal = (outcome) => new AppError('rate_limited', 429, { headers: { 'retry-after': String(waitSeconds(outcome)) } });
/** A short limit's refusal in words of its own (who it counts is not the person alone). */
const shortRefusalSaying =
  (message: string): Refusal =>
  (outcome) =>
    new AppError('rate_limited', 429, { message, headers: { 'retry-after': String(waitSeconds(outcome)) } });


/** The refusal of a long limit, which waiting "a little" does not end: its message names it and the time left. */
const longRefusal =
  (message: (secondsLeft: number) => string): Refusal =>
  (outcome) =>
    new AppError('rate_limited', 429, { message: message(waitSeconds(outcome)), headers: { 'retry-after': String(waitSeconds(outcome)) } });

/**
 * Counts each long limit (a day's creations, an hour's reports) keeps in memory when the store
 * keeps none (SQLite; PostgreSQL keeps them in the database). @fastify/rate-limit gives each
 * limit an LRU of 5,000 (client, window) counts: after 5,000 other clients created a link, a
 * client past its day's limit was forgotten and could create again. ~250 bytes a count, so at
 * most 12 MB a limit; a day's limit then holds for 50,000 clients a day (the site-wide limit
 * holds whatever). The minute limits keep the default: forgetting one costs a minute's quota.
 */
export const LONG_LIMIT_MEMORY_ENTRIES = 50_000;

export function createLimiters(app: FastifyInstance, limits: Readonly<Config['rateLimits']>): Limiters {
  if (!limits.enabled) return { create: [], admitCreation: async () => undefined, admitReport: async () => 'admitted', reportAttempts: [], manage: [], perKey: [], refuseBadKeyFlood: async () => undefined };
  const clientKey = createClientKey(limits.ipv6Prefix);
  const networkKey = createNetworkKey(limits.ipv6Prefix);
  // `cache` (the in-memory LRU's size) is read by createRateLimit but missing from its options'
  // type; given through this wider type, it reaches the limit's own store.
  const limiter = (options: CreateRateLimitOptions & { cache?: number }) =>
    app.createRateLimit(options.timeWindow !== undefined && Number(options.timeWindow) > MINUTE ? { ...options, cache: LONG_LIMIT_MEMORY_ENTRIES } : options);
  const perClient = (name: string, max: number, timeWindow: number, refusal: Refusal = shortRefusal): Limit => ({
    check: limiter({ max, timeWindow, keyGenerator: (request: FastifyRequest) => `${name}:${clientKey(request.ip)}` }),
    refusal,
  });
  const dayRefusal = longRefusal((secondsLeft) => dailyCreationLimitMessage(limits.createPerDay, secondsLeft));
  const perNetwork: Limit = {
    check: app.createRateLimit({ max: limits.createPerNetworkPerMinute, timeWindow: MINUTE, keyGenerator: (request: FastifyRequest) => `create-net-minute:${networkKey(request.ip)}` }),
    refusal: shortRefusalSaying(networkCreationLimitMessage),
  };
  const global: Limit = {
    check: app.createRateLimit({ max: limits.createGlobalPerMinute, timeWindow: MINUTE, keyGenerator: () => 'create-global' }),
    refusal: shortRefusalSaying(siteCreationLimitMessage),
  };
  const hourRefusal = longRefusal((secondsLeft) => hourlyReportLimitMessage(limits.reportPerHour, secondsLeft));
  const report = perClient('report-hour', limits.reportPerHour, 60 * MINUTE, hourRefusal);
  // Three clients' worth per network (IPv4 /24, IPv6 /48): a /48's 65,536 /64s filed 3,000
  // reports on one link in 8 s, and could bury the operator's queue.
  const reportPerNetwork: Limit = {
    check: limiter({
      max: REPORT_NETWORK_CLIENTS * limits.reportPerHour,
      timeWindow: 60 * MINUTE,
      keyGenerator: (request: FastifyRequest) => `report-net-hour:${networkKey(request.ip)}`,
    }),
    refusal: longRefusal(networkReportLimitMessage),
  };
  // One report per client and link in the window: a limit of 1 whose key names the alias, which
  // the check reads from this map (the plugin's key generator sees only the request).
  const reportedAliasOf = new WeakMap<FastifyRequest, string>();
  const reportPerClientAndLink = limiter({
    max: 1,
    timeWindow: REPEAT_REPORT_WINDOW_MS,
    keyGenerator: (request: FastifyRequest) => `report-link-day:${clientKey(request.ip)}:${reportedAliasOf.get(request) ?? ''}`,
  });
  const badKeys = perClient('bad-api-key-minute', BAD_API_KEYS_PER_MINUTE, MINUTE);
  const perKey: Limit = {
    check: app.createRateLimit({
      max: (request: FastifyRequest) => request.apiKey?.perMinute ?? 1,
      timeWindow: MINUTE,
      keyGenerator: (request: FastifyRequest) => `api-key:${request.apiKey?.id ?? 0}`,
    }),
    refusal: shortRefusal,
  };
  return {
    create: [anonymousOnly(chain([perClient('create-minute', limits.createPerMinute, MINUTE), perClient('create-day', limits.createPerDay, 24 * 60 * MINUTE, dayRefusal), perNetwork]))],
    admitCreation: (request) => refuseIfExceeded([global], request),
    // The network's budget is asked only for a client within its own: one address refused for
    // its own reports would otherwise spend its neighbours' (a shared office's, a carrier's /24).
    // The repeat is asked last: a report the budgets refused never marks the link as reported
    // by this client (its retry an hour later is stored), and a client's repeats spend its own
    // budget like any report.
    admitReport: async (request, alias) => {
      await refuseIfExceeded([report], request);
      await refuseIfExceeded([reportPerNetwork], request);
      reportedAliasOf.set(request, alias);
      const repeat = await reportPerClientAndLink(request);
      return !repeat.isAllowed && repeat.isExceeded ? 'repeat' : 'admitted';
    },
    reportAttempts: [chain([perClient('report-attempt-minute', REPORT_ATTEMPTS_PER_MINUTE, MINUTE)])],
    manage: [anonymousOnly(chain([perClient('manage-minute', limits.managePerMinute, MINUTE)]))],
    perKey: [keyedOnly(chain([perKey]))],
    refuseBadKeyFlood: (request) => refuseIfExceeded([badKeys], request),
  };
}

/** The hook, run only for requests without an API key. */
function anonymousOnly(hook: onRequestAsyncHookHandler): onRequestAsyncHookHandler {
  return async function (this: FastifyInstance, request, reply) {
    if (request.apiKey === null) await hook.call(this, request, reply);
  };
}

/** The hook, run only for requests made with an API key. */
function keyedOnly(hook: onRequestAsyncHookHandler): onRequestAsyncHookHandler {
  return async function (this: FastifyInstance, request, reply) {
    if (request.apiKey !== null) await hook.call(this, request, reply);
  };
}

function chain(limits: Limit[]): onRequestAsyncHookHandler {
  return async (request) => refuseIfExceeded(limits, request);
}

/**
 * Counts the request against every limit, then refuses it when one is exceeded. When several
 * are, the one with the longest wait answers: before then no retry can succeed, so a shorter
 * Retry-After (or the minute limit's "wait a little" hiding the daily limit) would mislead.
 */
async function refuseIfExceeded(limits: Limit[], request: FastifyRequest): Promise<void> {
  let worst: { limit: Limit; outcome: Outcome } | undefined;
  for (const limit of limits) {
    const outcome = await limit.check(request);
    if (outcome.isAllowed || !outcome.isExceeded) continue;
    if (worst === undefined || outcome.ttl > worst.outcome.ttl) worst = { limit, outcome };
  }
  if (worst !== undefined) throw worst.limit.refusal(worst.outcome);
}

/** Attempts at one link's password per client and minute. */
export const PASSWORD_ATTEMPTS_PER_MINUTE = 10;

/**
 * Attempts at one link's password per network and minute: an IPv4 /24 or an IPv6 /48. Whoever
 * holds a /48 (or a home's /56) has thousands of /64s, each a client with its own 10 attempts;
 * together they would guess a short password in hours.
 */
export const PASSWORD_ATTEMPTS_PER_NETWORK_MINUTE = 30;

/**
 * Attempts at one link's password per minute from everyone together. Past it only a network's
 * first attempt at the link in the window is checked: whoever guesses from many networks gets
 * one guess per network and minute (an audit got 1,200 checked guesses a minute from 40 /24s),
 * while each of the link's real visitors, one attempt per network, is still let in.
 */
export const PASSWORD_ATTEMPTS_PER_LINK_MINUTE = 20;

/**
 * Attempts at any links' passwords per client, and per network, and minute: the limits above
 * count per link, and one address that made 10 protected links of its own had 100 checks a
 * minute (each a slow hash, shared with every visitor).
 */
export const PASSWORD_ATTEMPTS_PER_CLIENT_ALL_LINKS_MINUTE = 30;
export const PASSWORD_ATTEMPTS_PER_NETWORK_ALL_LINKS_MINUTE = 60;

/**
 * The limits on attempts at a link's password, registered in `scope` (the password form's own).
 * Always on, RATE_LIMIT_DISABLED or not: it is what makes guessing a password slow, not a quota.
 * Resolves to a check that counts the attempt and says whether it may go on (and rejects when
 * the counters cannot be reached).
 */
export async function createPasswordAttemptLimit(
  scope: FastifyInstance,
  options: { store: FastifyRateLimitStoreCtor | undefined; ipv6Prefix: number },
): Promise<(request: FastifyRequest) => Promise<boolean>> {
  // Unlike the API's limits, a store failure refuses the attempt (the caller answers 503): an
  // outage must not leave a password open to guessing.
  await scope.register(rateLimit, { global: false, ...(options.store === undefined ? {} : { store: options.store }), skipOnError: false });
  const clientKey = createClientKey(options.ipv6Prefix);
  // Never narrower than the client: RATE_LIMIT_IPV6_PREFIX=40 makes the network a /40 too.
  const networkKey = createNetworkKey(options.ipv6Prefix);
  // A copy: the keys outlive the request, and the alias as routed holds its whole URL (ops/detached-string.ts).
  const aliasOf = (request: FastifyRequest) => detachedString(normalizeAlias((request.params as { alias?: string }).alias ?? ''));
  const limit = (max: number, key: (request: FastifyRequest) => string) => scope.createRateLimit({ max, timeWindow: MINUTE, keyGenerator: key });
  const perClient = limit(PASSWORD_ATTEMPTS_PER_MINUTE, (request) => `link-password:${clientKey(request.ip)}:${aliasOf(request)}`);
  const perNetwork = limit(PASSWORD_ATTEMPTS_PER_NETWORK_MINUTE, (request) => `link-password-net:${networkKey(request.ip)}:${aliasOf(request)}`);
  const perLink = limit(PASSWORD_ATTEMPTS_PER_LINK_MINUTE, (request) => `link-password-all:${aliasOf(request)}`);
  const clientAllLinks = limit(PASSWORD_ATTEMPTS_PER_CLIENT_ALL_LINKS_MINUTE, (request) => `password-client:${clientKey(request.ip)}`);
  const networkAllLinks = limit(PASSWORD_ATTEMPTS_PER_NETWORK_ALL_LINKS_MINUTE, (request) => `password-net:${networkKey(request.ip)}`);
  return async (request) => {
    // Every attempt counts in each, whichever refuses it.
    const [client, network, link, ...acrossLinks] = await Promise.all([perClient(request), perNetwork(request), perLink(request), clientAllLinks(request), networkAllLinks(request)]);
    if (![client, network, ...acrossLinks].every(withinLimit)) return false;
    return admittedPastCeiling(link, network);
  };
}

type AttemptOutcome = Awaited<ReturnType<Check>>;
/** Whether a counted attempt is within its limit. */
export const withinLimit = (outcome: AttemptOutcome): boolean => outcome.isAllowed || !outcome.isExceeded;
/** The attempts a limit has counted in its window, this one included. */
const attemptsCounted = (outcome: AttemptOutcome): number => (outcome.isAllowed ? 0 : outcome.max - outcome.remaining);

/**
 * Whether an attempt at something many may try (one link's password, one operator's e-mail)
 * goes on: within the shared ceiling, or past it only as its network's first attempt in the
 * window (`network` counts that network's attempts at the same thing). A guesser from many
 * networks gets one try per network; a real visitor's first try always counts, so nobody can
 * lock the others out by failing on purpose.
 */
export function admittedPastCeiling(shared: AttemptOutcome, network: AttemptOutcome): boolean {
  return withinLimit(shared) || attemptsCounted(network) <= 1;
}
