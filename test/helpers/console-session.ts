// Signs in to the operator's console over real HTTP, as the browser does: the session cookie
// comes back in Set-Cookie, the CSRF token in the body; every later call sends both (and the
// site's Origin, which state-changing calls must carry).
import { ADMIN_API_ROUTES, CSRF_HEADER, type AdminSession } from '../../src/shared/admin-api.js';

export interface ConsoleSession {
  /** Calls the console API at `path` with the session (and the CSRF token on POST/DELETE). */
  call(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<Response>;
  cookie: string;
  csrfToken: string;
}

/** `headers`: sent with the sign-in only (an X-Forwarded-For, so tests stay under the per-address sign-in limit). */
export async function signInToConsole(baseUrl: string, email: string, password: string, headers: Record<string, string> = {}): Promise<ConsoleSession> {
  const response = await fetch(`${baseUrl}${ADMIN_API_ROUTES.signIn.url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, ...headers },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const session = (await response.json()) as AdminSession;
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return {
    cookie,
    csrfToken: session.csrfToken,
    call: (method, path, body) =>
      fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          cookie,
          origin: baseUrl,
          ...(method === 'GET' ? {} : { [CSRF_HEADER]: session.csrfToken }),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
  };
}
