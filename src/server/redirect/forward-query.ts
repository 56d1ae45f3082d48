// The short link's query string goes on to the target, as Shlink does, so UTM tags reach the
// target's own analytics: `/promo?utm_source=whatsapp` → `https://loja.com.br/p?id=1&utm_source=whatsapp`.
// On a clash the target's own parameter wins (the link's creator chose it), and a fragment
// stays last. The visitor's parameters are passed on as they came (never decoded and encoded
// again, which would change a value such as `%ff`), with only the characters a Location header
// or a URL cannot carry percent-encoded. Only requests that carry a query pay for this.

/** The target with the parameters of `requestUrl` (path + query, as Fastify gives it) that the target does not set. */
export function withForwardedQuery(target: string, requestUrl: string): string {
  const mark = requestUrl.indexOf('?');
  if (mark === -1 || mark === requestUrl.length - 1) return target;
  const hashAt = target.indexOf('#');
  const base = hashAt === -1 ? target : target.slice(0, hashAt);
  const fragment = hashAt === -1 ? '' : target.slice(hashAt);
  const queryAt = base.indexOf('?');
  const own = new Set(new URLSearchParams(queryAt === -1 ? '' : base.slice(queryAt + 1)).keys());
  const extra: string[] = [];
  for (const pair of requestUrl.slice(mark + 1).split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const name = decodeName(equals === -1 ? pair : pair.slice(0, equals));
    if (name === '' || own.has(name)) continue;
    extra.push(pair.replace(UNSAFE, encodeChar));
  }
  if (extra.length === 0) return target;
  const joiner = queryAt === -1 ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${joiner}${extra.join('&')}${fragment}`;
}

// What may stay as it is in a query: RFC 3986's unreserved and sub-delims, ':', '@', '/', '?',
// and '%' (an escape, or a stray one a browser tolerates). '#' would end the query.
const UNSAFE = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/?%]/g;

function encodeChar(char: string): string {
  try {
    return encodeURIComponent(char);
  } catch {
    return '';
  }
}

/** A parameter's name as URLSearchParams reads it (for the clash check only). */
function decodeName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}
