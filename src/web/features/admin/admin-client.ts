// The console's calls to /api/admin (src/shared/admin-api.ts): same origin, the session cookie
// sent by the browser, and the session's CSRF token on every POST and DELETE. A failure throws
// ApiError with the server's pt-BR message; `not_signed_in` means the session ended.
import {
  type AdminActionResult,
  type AdminApiRouteName,
  type AdminAuditPage,
  type AdminBlockImpact,
  type AdminBlocklistPage,
  type AdminImportResult,
  type AdminIssuedKey,
  type AdminKeyList,
  type AdminLinkPage,
  type AdminOverview,
  type AdminReportQueue,
  type AdminSession,
  adminApiPath,
  ADMIN_API_ROUTES,
  type BlockDomainRequest,
  type CreateKeyRequest,
  CSRF_HEADER,
  type ImportBlocklistRequest,
  type SignInRequest,
} from '../../../shared/admin-api';
import { ApiError, request } from '../../lib/api';

export const SESSION_ENDED = 'not_signed_in';

/** An action without this site's origin or the session's CSRF token: the token of a session that was replaced, say. */
export const CSRF_REFUSED = 'csrf_refused';

/** True when the error says the operator's session is over (expired, signed out elsewhere, operator removed). */
export const isSessionEnded = (error: unknown): boolean => error instanceof ApiError && error.code === SESSION_ENDED;

type Params = Readonly<Record<string, string | number>>;

async function call<T>(csrfToken: string | null, name: AdminApiRouteName, params: Params = {}, body?: unknown, query?: URLSearchParams): Promise<T> {
  const route = ADMIN_API_ROUTES[name];
  const text = query?.toString() ?? '';
  const search = text === '' ? '' : `?${text}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (route.method !== 'GET' && csrfToken !== null) headers[CSRF_HEADER] = csrfToken;
  const response = await request(`${adminApiPath(name, params)}${search}`, {
    method: route.method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (response.status === 204 ? undefined : await response.json()) as T;
}

const pageQuery = (q: string, cursor?: string): URLSearchParams => {
  const query = new URLSearchParams();
  if (q !== '') query.set('q', q);
  if (cursor !== undefined) query.set('cursor', cursor);
  return query;
};

export const signIn = (body: SignInRequest) => call<AdminSession>(null, 'signIn', {}, body);

/** The session the browser's cookie carries (401 not_signed_in without one). */
export const currentSession = () => call<AdminSession>(null, 'session');

/** The calls of a signed-in operator, bound to the session's CSRF token. */
export function adminClient(csrfToken: string) {
  return {
    signOut: () => call<undefined>(csrfToken, 'signOut'),
    overview: () => call<AdminOverview>(csrfToken, 'overview'),
    reports: (cursor?: string) => call<AdminReportQueue>(csrfToken, 'reports', {}, undefined, pageQuery('', cursor)),
    // `upTo`: the group's lastReportId as shown, so reports filed since stay open for the operator to read.
    resolveReports: (alias: string, upTo: number) => call<AdminActionResult>(csrfToken, 'resolveReports', { alias }, { upTo }),
    disableReported: (alias: string, upTo: number) => call<AdminActionResult>(csrfToken, 'disableReported', { alias }, { upTo }),
    // `domain`: the one the operator chose among the targets' (absent for a server of an older release, which offers no choice).
    blockReported: (alias: string, reason: string, upTo: number, domain?: string) =>
      call<AdminActionResult>(csrfToken, 'blockReported', { alias }, { ...(reason === '' ? {} : { reason }), upTo, ...(domain === undefined ? {} : { domain }) }),
    links: (q: string, cursor?: string) => call<AdminLinkPage>(csrfToken, 'links', {}, undefined, pageQuery(q, cursor)),
    disableLink: (alias: string) => call<AdminActionResult>(csrfToken, 'disableLink', { alias }),
    enableLink: (alias: string) => call<AdminActionResult>(csrfToken, 'enableLink', { alias }),
    deleteLink: (alias: string) => call<AdminActionResult>(csrfToken, 'deleteLink', { alias }),
    releaseAlias: (alias: string) => call<AdminActionResult>(csrfToken, 'releaseAlias', { alias }),
    blocklist: (q: string, cursor?: string) => call<AdminBlocklistPage>(csrfToken, 'blocklist', {}, undefined, pageQuery(q, cursor)),
    blockImpact: (domain: string) => call<AdminBlockImpact>(csrfToken, 'blockImpact', {}, undefined, new URLSearchParams({ domain })),
    blockDomain: (body: BlockDomainRequest) => call<AdminActionResult>(csrfToken, 'blockDomain', {}, body),
    unblockDomain: (domain: string) => call<AdminActionResult>(csrfToken, 'unblockDomain', {}, undefined, new URLSearchParams({ domain })),
    importBlocklist: (body: ImportBlocklistRequest) => call<AdminImportResult>(csrfToken, 'importBlocklist', {}, body),
    keys: () => call<AdminKeyList>(csrfToken, 'keys'),
    createKey: (body: CreateKeyRequest) => call<AdminIssuedKey>(csrfToken, 'createKey', {}, body),
    revokeKey: (id: number) => call<AdminActionResult>(csrfToken, 'revokeKey', { id }),
    audit: (cursor?: string) => call<AdminAuditPage>(csrfToken, 'audit', {}, undefined, pageQuery('', cursor)),
  };
}

export type AdminClient = ReturnType<typeof adminClient>;
