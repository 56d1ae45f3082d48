// The browser's only way to the server: same-origin JSON calls to /api (the owner's, with a
// manage token, in lib/owner-api.ts).
import {
  API_ROUTES,
  type ApiErrorBody,
  type CreateLinkRequest,
  type CreateLinkResponse,
  EMPTY_STATS,
  type ReportLinkRequest,
  type ReportLinkResponse,
  type StatsResponse,
} from '../../shared/api';

/** A failed call. `serverMessage` is the API's pt-BR message, absent when there was no usable answer. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly serverMessage: string | undefined;
  /** Seconds to wait before trying again (Retry-After of a 429 or 503), when the server said. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, code?: string, serverMessage?: string, retryAfterSeconds?: number) {
    super(serverMessage ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.serverMessage = serverMessage;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

function retryAfter(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

async function readError(response: Response): Promise<ApiError> {
  const wait = retryAfter(response);
  try {
    const body = (await response.json()) as Partial<ApiErrorBody>;
    const error = body.error;
    if (error && typeof error.message === 'string' && error.message !== '') {
      return new ApiError(response.status, error.code, error.message, wait);
    }
  } catch {
    // not JSON (a proxy's error page, for instance)
  }
  return new ApiError(response.status, undefined, undefined, wait);
}

/** A same-origin call; a failed answer throws ApiError with the API's pt-BR message (the console's client uses it too). */
export async function request(input: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(input, { ...init, credentials: 'same-origin' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0);
  }
  if (!response.ok) throw await readError(response);
  return response;
}

/**
 * The last creation not answered with its link, and its Idempotency-Key. The link may be stored
 * all the same (the connection dropped on the way back), so the same creation sent again carries
 * the same key, and the server answers that link and its manage token instead of "alias já em
 * uso". Other content is another creation, with a key of its own. The key is 256 random bits
 * as eight decimal numbers run together (about 77 digits, never near the server's 22 at least):
 * crypto.randomUUID exists only on HTTPS and localhost, getRandomValues everywhere.
 */
let unanswered: [body: string, key: string] | undefined;

/**
 * How long a creation may take before the form gives up and says so: a request the network lost
 * without a word otherwise left 'Personalizando...' on screen until the browser's own limit
 * (minutes). A creation takes well under a second; pressing again is safe (the same key).
 */
const CREATE_TIMEOUT_MS = 30_000;

export async function createLink(link: CreateLinkRequest): Promise<CreateLinkResponse> {
  const body = JSON.stringify(link);
  if (unanswered?.[0] !== body) unanswered = [body, crypto.getRandomValues(new Uint32Array(8)).join('')];
  const response = await request(API_ROUTES.createLink.url, {
    method: API_ROUTES.createLink.method,
    headers: { 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': unanswered[1] },
    body,
    signal: AbortSignal.timeout(CREATE_TIMEOUT_MS),
  });
  const created = (await response.json()) as CreateLinkResponse;
  unanswered = undefined;
  return created;
}

/** POST /api/reports: 201 with a thank-you message; 404 unknown link, 400 bad reason, 429 too many. */
export async function reportLink(body: ReportLinkRequest): Promise<ReportLinkResponse> {
  const response = await request(API_ROUTES.report.url, {
    method: API_ROUTES.report.method,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as ReportLinkResponse;
}

const STAT_FIELDS = [
  'links_today',
  'clicks_today',
  'links_last_7_days',
  'clicks_last_7_days',
  'links_last_30_days',
  'clicks_last_30_days',
] as const satisfies readonly (keyof StatsResponse)[];

export const emptyStats: Readonly<StatsResponse> = EMPTY_STATS;

export async function fetchStats(signal?: AbortSignal): Promise<StatsResponse> {
  const response = await request(API_ROUTES.stats.url, { headers: { accept: 'application/json' }, ...(signal ? { signal } : {}) });
  const body = (await response.json()) as Partial<Record<keyof StatsResponse, unknown>>;
  // Spec: each figure defaults to 0.
  const stats = { ...emptyStats };
  for (const field of STAT_FIELDS) {
    const value = Number(body[field]);
    stats[field] = Number.isFinite(value) ? value : 0;
  }
  return stats;
}
