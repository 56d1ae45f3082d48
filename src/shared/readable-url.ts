// A stored target as a person reads it. Targets are stored as WHATWG parsing leaves them:
// percent-encoded path and query ('…/promo%C3%A7%C3%A3o') and an international host in its
// punycode form ('xn--aa-4iaz.com.br' for 'açaí.com.br'). Shown, they get their letters back,
// the way a browser's address bar shows them. Only for display: links and copies keep the URL.

/**
 * The URL with its escaped letters decoded (".../promoção") and, given `hostToUnicode`
 * (node:url's domainToUnicode on the server), its host in letters when that cannot pass for
 * another site (readableHost). Escapes of reserved characters stay (decodeURI leaves %2F, %3F,
 * %23…), and so do those of spaces, controls and invisible format characters (a right-to-left
 * override could disguise where a link goes); a malformed escape leaves the URL as stored.
 */
export function readableUrl(url: string, hostToUnicode?: (asciiHost: string) => string): string {
  // A stored URL is ASCII (WHATWG serialisation escapes everything else): without an escape or
  // a punycode label it reads as stored. The crawler's preview page asks on every request.
  if (!url.includes('%') && !url.includes('xn--')) return url;
  const shown = readableHostIn(url, hostToUnicode);
  try {
    return decodeURI(shown).replace(/[\p{Cc}\p{Cf}\p{Z}]/gu, (char) => encodeURIComponent(char));
  } catch {
    return shown;
  }
}

function readableHostIn(url: string, hostToUnicode: ((asciiHost: string) => string) | undefined): string {
  if (hostToUnicode === undefined || !url.includes('xn--')) return url;
  // Stored targets are http(s) URLs without credentials: the host runs from '//' to the next
  // '/', ':' (a port), '?' or '#'.
  const match = /^(https?:\/\/)([^/:?#]+)/i.exec(url);
  if (match === null) return url;
  const [whole, scheme, host] = match as unknown as [string, string, string];
  return `${scheme}${readableHost(host, hostToUnicode)}${url.slice(whole.length)}`;
}

/**
 * A punycode host in letters when every label, decoded, uses only a–z, digits, hyphens and the
 * accented Latin letters of Portuguese and its neighbours (U+00DF–U+00FF): 'açaí.com.br'.
 * Anything else stays in punycode, as browsers keep a name that mixes scripts: a Cyrillic 'а'
 * looks exactly like a Latin 'a', so 'pаypal.com' shown in letters would read as PayPal's.
 */
export function readableHost(asciiHost: string, hostToUnicode: (asciiHost: string) => string): string {
  let unicode: string;
  try {
    unicode = hostToUnicode(asciiHost);
  } catch {
    return asciiHost;
  }
  // domainToUnicode answers '' for a name it cannot decode.
  if (unicode === '' || unicode === asciiHost) return asciiHost;
  return unicode.split('.').every((label) => LATIN_LABEL.test(label) && !label.startsWith('xn--')) ? unicode : asciiHost;
}

// ÷ (U+00F7) sits in the range and is no letter.
const LATIN_LABEL = /^[a-z0-9\u00df-\u00f6\u00f8-\u00ff-]*$/;
