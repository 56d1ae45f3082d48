// Structured JSON logs (pino) that keep no personal data: client addresses are cut to their
// network (IPv4 /24, IPv6 /48), and credentials never appear (no headers are logged; the
// authorization and idempotency-key headers are redacted should anything log one).
import type { FastifyServerOptions } from 'fastify';
import type ipaddr from 'ipaddr.js';
import { parseClientAddress } from '../abuse/client-key.js';

/** The client's network for a log line: IPv4 /24, IPv6 /48; 'unknown' for anything that is not an address. */
export function maskIp(ip: string | undefined): string {
  if (ip === undefined || ip === '') return '';
  const parsed = parseClientAddress(ip);
  if (parsed === undefined) return 'unknown';
  const address = parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
  if (address.kind() === 'ipv4') return `${address.toByteArray().slice(0, 3).join('.')}.0`;
  const parts = (address as ipaddr.IPv6).parts.slice(0, 3).map((part) => part.toString(16));
  // "2001:db8::", not "2001:db8:0::": trailing zero groups fold into the "::".
  while (parts.length > 0 && parts[parts.length - 1] === '0') parts.pop();
  return `${parts.join(':')}::`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
  socket?: { remoteAddress?: string };
}

/** `stream` lets tests read the log lines; by default they go to stdout. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    ...(stream === undefined ? {} : { stream }),
    redact: { paths: ['req.headers.authorization', 'headers.authorization', 'req.headers["idempotency-key"]', 'headers["idempotency-key"]', '*.manageToken', 'manageToken'], censor: '[redacted]' },
    serializers: {
      req(request: LoggedRequest) {
        return { method: request.method, url: request.url, ip: maskIp(request.ip ?? request.socket?.remoteAddress) };
      },
    },
  };
}
