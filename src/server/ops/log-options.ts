// Structured JSON logs (pino) that keep no personal data: client addresses are cut to their
// network (IPv4 /24, IPv6 /48), and credentials never appear (no headers are logged; the
// authorization header is redacted should anything log one).
import type { FastifyServerOptions } from 'fastify';

export function maskIp(ip: string | undefined): string {
  if (ip === undefined || ip === '') return '';
  const v4 = /^(?:::ffff:)?(\d+)\.(\d+)\.(\d+)\.\d+$/i.exec(ip);
  if (v4 !== null) return `${v4[1]}.${v4[2]}.${v4[3]}.0`;
  if (ip.includes(':')) {
    const groups = ip.split('::')[0]?.split(':').filter(Boolean).slice(0, 3) ?? [];
    return `${groups.join(':')}::`;
  }
  return 'unknown';
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
    redact: { paths: ['req.headers.authorization', 'headers.authorization', '*.manageToken', 'manageToken'], censor: '[redacted]' },
    serializers: {
      req(request: LoggedRequest) {
        return { method: request.method, url: request.url, ip: maskIp(request.ip ?? request.socket?.remoteAddress) };
      },
    },
  };
}
