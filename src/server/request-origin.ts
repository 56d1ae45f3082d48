// Whether an origin a request names (its Origin header, or its Referer's) is this site's: the
// public origin, or the one the request was made to (a test's loopback port, a second domain).
import type { FastifyRequest } from 'fastify';

/**
 * The check for one site, its public origin worked out once. "The one the request was made to"
 * is its Host header, which a browser sets and a page cannot, never `X-Forwarded-Host`: with
 * TRUST_PROXY Fastify's `request.host` follows that header, which any client may send, and then
 * `Origin: http://evil.test` with `X-Forwarded-Host: evil.test` passed as same-origin (a security
 * audit; the CSRF token and the SameSite cookie still held, but the check should stand alone).
 */
export function ownOriginCheck(publicUrl: string): (origin: string, request: FastifyRequest) => boolean {
  const site = new URL(publicUrl).origin;
  return (origin, request) => {
    if (origin === site) return true;
    const host = request.headers.host;
    return host !== undefined && origin === `${request.protocol}://${host}`;
  };
}
