// Target-URL rules shared by the server (authoritative) and the browser.
export const URL_MAX_LENGTH = 4096;

/** The codes of the rules a target can break (their texts: form-messages.ts). */
export type UrlErrorCode = 'invalid_url' | 'url_protocol' | 'url_too_long' | 'url_credentials' | 'self_link';

export type UrlCheck = { ok: true; url: URL } | { ok: false; code: UrlErrorCode };

/**
 * Parses a visitor-supplied target. Returns the normalised URL (WHATWG parsing: host
 * lowercased, spaces encoded) or the code of the first rule it breaks.
 * `ownHost` is our PUBLIC_URL host (hostname:port) so short links cannot point at themselves.
 */
export function checkTargetUrl(raw: string, ownHost?: string): UrlCheck {
  const trimmed = raw.trim();
  if (trimmed === '') return { ok: false, code: 'invalid_url' };
  if (trimmed.length > URL_MAX_LENGTH) return { ok: false, code: 'url_too_long' };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, code: looksLikeSchemeless(trimmed) ? 'url_protocol' : 'invalid_url' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, code: 'url_protocol' };
  if (url.hostname === '') return { ok: false, code: 'invalid_url' };
  if (url.username !== '' || url.password !== '') return { ok: false, code: 'url_credentials' };
  if (url.href.length > URL_MAX_LENGTH) return { ok: false, code: 'url_too_long' };
  if (ownHost !== undefined && hostWithoutRootDot(url) === ownHost.toLowerCase()) return { ok: false, code: 'self_link' };
  if (!isReachableHost(url)) return { ok: false, code: 'invalid_url' };
  return { ok: true, url };
}

// "short.example." (the DNS root's dot) is the same site as "short.example": a link there would
// loop as surely as one without the dot.
function hostWithoutRootDot(url: URL): string {
  const hostname = url.hostname.replace(/\.+$/, '');
  return url.port === '' ? hostname : `${hostname}:${url.port}`;
}

/**
 * A host the DNS can answer for, and a port a connection can use. WHATWG parsing accepts
 * 'example.com..' (empty labels), labels past 63 characters, names past 253 and port 0: none
 * leads anywhere, and a name with extra dots slipped past the blocklist and the local-name rule.
 * One trailing dot (the DNS root's, 'example.com.') is a real form of the same name.
 */
function isReachableHost(url: URL): boolean {
  if (url.port === '0') return false;
  const host = url.hostname;
  if (host.startsWith('[')) return true;
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  if (name.length > 253) return false;
  for (const label of name.split('.')) if (label.length === 0 || label.length > 63) return false;
  return true;
}

// "exemplo.com.br/x" is the commonest mistake: say which rule it breaks.
function looksLikeSchemeless(value: string): boolean {
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+(\/|$)/i.test(value);
}
