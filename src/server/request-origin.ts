// Whether an origin a request names (its Origin header, or its Referer's) is this site's: the
// public origin, or the one the request was made to (a test's loopback port, a second domain).
import type { FastifyRequest } from 'fastify';

export function isOwnOrigin(origin: string, request: FastifyRequest, publicUrl: string): boolean {
  return origin === new URL(publicUrl).origin || origin === `${request.protocol}://${request.host}`;
}
