// The owner's calls (the dashboard's and the statistics page's), apart from lib/api.ts: those
// pages load on demand, and the home's first bundle, which holds lib/api.ts for the form,
// would otherwise carry them too (a bundle holds a module whole).
import { API_ROUTES, insightsPath, type LinkOwnerView, linkPath } from '../../shared/api';
import { ApiError, request } from './api';

// The owner's calls. The manage token goes only here, in the Authorization header of a
// same-origin request: never in a URL, never logged.
function ownerHeaders(manageToken: string): HeadersInit {
  return { accept: 'application/json', authorization: `Bearer ${manageToken}` };
}

/** GET /api/links/:alias: the link with its clicks (401 no token, 403 wrong token, 404 gone). */
export async function fetchLinkView(alias: string, manageToken: string, signal?: AbortSignal): Promise<LinkOwnerView> {
  const response = await request(linkPath(alias), { headers: ownerHeaders(manageToken), cache: 'no-store', ...(signal ? { signal } : {}) });
  return (await response.json()) as LinkOwnerView;
}

/** DELETE /api/links/:alias: permanent deletion (204). */
export async function deleteLink(alias: string, manageToken: string): Promise<void> {
  await request(linkPath(alias), { method: API_ROUTES.deleteLink.method, headers: ownerHeaders(manageToken) });
}

/**
 * GET /api/links/:alias/insights?days=N: where the link's clicks came from over the range
 * (401 no token, 403 wrong token, 404 gone, 429 with Retry-After). The body is read as it
 * comes; the caller checks its shape.
 */
export async function fetchLinkInsights(alias: string, manageToken: string, days: number, signal?: AbortSignal): Promise<unknown> {
  const response = await request(insightsPath(alias, days), { headers: ownerHeaders(manageToken), cache: 'no-store', ...(signal ? { signal } : {}) });
  return (await response.json()) as unknown;
}

/**
 * Whether a failed owner call says the link is gone: the API's own 404 (`link_not_found`),
 * never a bare 404 page from a proxy or a server mid-deploy, which would otherwise drop the
 * link, and its manage token, from this browser while it still exists.
 */
export function isLinkGone(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404 && error.code === 'link_not_found';
}
