// Whether an origin a request names (its Origin header, or its Referer's) is this site's: the
// public origin, or the one the request was made to (a test's loopback port, a second domain).
import type { FastifyRequest } from 'fastify';

/** The check for one site, its public origin worked out once. */
export function ownOriginCheck(publicUrl: string): (origin: string, request: FastifyRequest) => boolean {
  const site = new URL(publicUrl).origin;
  return (origin, request) => origin === site || origin === `${request.protocol}://${request.host}`;
}
