// Which addresses and URLs the metadata fetcher may reach. Pure functions over strings, so
// every rule is testable without a network. The rule is an allow-list: only globally
// routable unicast is public; anything ipaddr.js classifies otherwise is refused.
import net from 'node:net';
import ipaddr from 'ipaddr.js';

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

// IPv6 global unicast is allocated only from 2000::/3; everything outside (::/8 with the
// deprecated IPv4-compatible form, 64:ff9b::/96 handled below, fc00::/7, fe80::/10,
// ff00::/8, 5f00::/16 …) is refused.
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');
// NAT64 well-known prefix (RFC 6052): a public IPv6-only network reaches IPv4 through it,
// so it is allowed only when the embedded IPv4 address is itself public.
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

/** Parses an address string; brackets ([::1]) are tolerated. Undefined when not an address. */
function parseAddress(raw: string): IPv4 | IPv6 | undefined {
  const value = raw.trim().replace(/^\[(.*)\]$/, '$1');
  if (value === '') return undefined;
  try {
    // ipaddr.js also reads the legacy forms inet_aton accepts (2130706433, 0x7f.1, 0177.0.0.1),
    // so a non-canonical string is judged by the address the OS would actually use.
    if (ipaddr.IPv4.isValid(value)) return ipaddr.IPv4.parse(value);
    if (ipaddr.IPv6.isValid(value)) return ipaddr.IPv6.parse(value);
  } catch {
    return undefined;
  }
  return undefined;
}

function isPublicV4(address: IPv4): boolean {
  // 'unicast' is what remains after unspecified (0/8), broadcast, multicast (224/4),
  // link-local (169.254/16, cloud metadata), loopback (127/8), carrier-grade NAT
  // (100.64/10), private (10/8, 172.16/12, 192.168/16), reserved (192.0.0/24, 192.0.2/24,
  // 192.88.99/24, 198.18/15, 198.51.100/24, 203.0.113/24, 240/4) and the anycast oddities
  // (as112, amt) are taken out.
  return address.range() === 'unicast';
}

function embeddedV4(address: IPv6, firstPart: number): IPv4 {
  const hi = address.parts[firstPart] ?? 0;
  const lo = address.parts[firstPart + 1] ?? 0;
  return new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
}

function isPublicV6(address: IPv6): boolean {
  // A zone index only exists for link-local scopes.
  if (address.zoneId !== undefined) return false;
  // IPv4-mapped (::ffff:0:0/96) and IPv4-translated (::ffff:0:0:0/96) are refused outright:
  // a caller never needs them to reach a public site, and they are the classic bypass.
  if (address.match(NAT64_WELL_KNOWN)) return isPublicV4(embeddedV4(address, 6));
  if (!address.match(GLOBAL_UNICAST_V6)) return false;
  const range = address.range();
  // 6to4 (2002::/16) carries an IPv4 address in bits 16–47; a relay would deliver to it.
  if (range === '6to4') return isPublicV4(embeddedV4(address, 1));
  // Teredo (2001::/32), documentation (2001:db8::/32), benchmarking, ORCHID, AMT, AS112 and
  // the other special blocks inside 2000::/3 are not ordinary web hosts.
  return range === 'unicast';
}

/** True only for globally routable unicast addresses. Unparseable input is not public. */
export function isPublicAddress(ip: string): boolean {
  const address = parseAddress(ip);
  if (address === undefined) return false;
  return address.kind() === 'ipv4' ? isPublicV4(address as IPv4) : isPublicV6(address as IPv6);
}

/** 127.0.0.0/8 and ::1, the only extra addresses the test switch opens. */
export function isLoopbackAddress(ip: string): boolean {
  const address = parseAddress(ip);
  if (address === undefined) return false;
  if (address.kind() === 'ipv6' && (address as IPv6).zoneId !== undefined) return false;
  return address.range() === 'loopback';
}

export interface AddressPolicy {
  /** Ports a target may use; a URL without a port uses 80 or 443. */
  allowedPorts: readonly number[];
  /**
   * Test-only: also allow loopback addresses so fixture servers on 127.0.0.1 can be
   * fetched. Deliberately narrower than "private": 10/8, 169.254.169.254 and friends stay
   * refused even with the switch on.
   */
  allowPrivateAddresses: boolean;
}

/** The address check the fetcher applies to IP literals and to every resolved address. */
export function isAllowedAddress(ip: string, policy: Pick<AddressPolicy, 'allowPrivateAddresses'>): boolean {
  return isPublicAddress(ip) || (policy.allowPrivateAddresses && isLoopbackAddress(ip));
}

export type UrlRefusal =
  | 'invalid_url'
  | 'forbidden_protocol'
  | 'credentials_in_url'
  | 'forbidden_port'
  | 'forbidden_address';

export type UrlCheck =
  | {
      ok: true;
      url: URL;
      /** Host without brackets, as DNS or net.connect wants it. */
      hostname: string;
      /** Set when the host is an IP literal: nothing is resolved, this address is used. */
      address: string | undefined;
      port: number;
    }
  | { ok: false; reason: UrlRefusal; detail: string };

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

/**
 * Checks everything about a URL that can be checked without DNS. WHATWG URL parsing already
 * turns http://2130706433/, http://0x7f.1/ and http://0177.0.0.1/ into 127.0.0.1, so IP
 * literals in any legacy notation arrive here in canonical form and are judged as such.
 */
export function checkFetchableUrl(raw: string | URL, policy: AddressPolicy): UrlCheck {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'invalid_url', detail: 'not an absolute URL' };
  }
  const defaultPort = DEFAULT_PORTS[url.protocol];
  if (defaultPort === undefined) {
    return { ok: false, reason: 'forbidden_protocol', detail: `protocol ${url.protocol} is not http or https` };
  }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, reason: 'credentials_in_url', detail: 'credentials in the URL' };
  }
  const port = url.port === '' ? defaultPort : Number(url.port);
  if (!policy.allowedPorts.includes(port)) {
    return { ok: false, reason: 'forbidden_port', detail: `port ${port} is not allowed` };
  }
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (hostname === '') return { ok: false, reason: 'invalid_url', detail: 'no host' };
  const isLiteral = net.isIP(hostname) !== 0;
  if (isLiteral && !isAllowedAddress(hostname, policy)) {
    return { ok: false, reason: 'forbidden_address', detail: `address ${hostname} is not public` };
  }
  return { ok: true, url, hostname, address: isLiteral ? hostname : undefined, port };
}
