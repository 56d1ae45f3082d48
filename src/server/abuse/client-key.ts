// Who a rate limit counts: an IPv4 address, or the IPv6 network it belongs to. One home or one
// VPS customer is given a whole IPv6 /64 and can pick any address in it, so counting IPv6 per
// address would give one client 2^64 budgets. An IPv4-mapped IPv6 address (::ffff:1.2.3.4, as
// a dual-stack socket reports IPv4 clients) counts as the IPv4 address it carries.
import ipaddr from 'ipaddr.js';

export type ClientKey = (address: string) => string;

/** The one key of every client whose address is not an address. */
export const NOT_AN_ADDRESS = 'not-an-address';

/**
 * The client's address as given by the socket or by a proxy's X-Forwarded-For, where some proxies
 * (Azure's, IIS's ARR) write the client's port too: "203.0.113.7:51234", "[2001:db8::1]:443".
 * Counted with its port, each connection would get a budget of its own, and a log would keep the
 * whole address. Undefined when it is not an address.
 */
export function parseClientAddress(raw: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  const bare = /^\[([^\]]+)\](?::\d+)?$/.exec(raw)?.[1] ?? /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(raw)?.[1] ?? raw;
  try {
    return ipaddr.parse(bare);
  } catch {
    return undefined;
  }
}

/**
 * `ipv6Prefix`: the bits of an IPv6 address that name one client (RATE_LIMIT_IPV6_PREFIX);
 * `ipv4Prefix` (32 by default: one address) the bits of an IPv4 one.
 */
export function createClientKey(ipv6Prefix: number, ipv4Prefix = 32): ClientKey {
  const bits = clampBits(ipv6Prefix, 128);
  const v4Bits = clampBits(ipv4Prefix, 32);
  return (address) => {
    const parsed = parseClientAddress(address);
    // Not an address (a Unix socket's peer, or a forwarded entry such as 'unknown' or garbage):
    // all such clients share one budget. Counted as given, each new string was a fresh budget
    // for whoever can write the entry, and a key of up to 16 KB kept in the limits' memory.
    if (parsed === undefined) return NOT_AN_ADDRESS;
    const v4 = parsed.kind() === 'ipv4' ? parsed : (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : undefined;
    if (v4 !== undefined) return v4Bits === 32 ? v4.toString() : `${ipaddr.fromByteArray(keepBits(v4.toByteArray(), v4Bits)).toString()}/${v4Bits}`;
    return `${ipaddr.fromByteArray(keepBits(parsed.toByteArray(), bits)).toString()}/${bits}`;
  };
}

/**
 * The network of a client, as the per-network limits count it: an IPv4 /24, an IPv6 /48, never
 * narrower than the client (RATE_LIMIT_IPV6_PREFIX=40 makes the network a /40 too).
 */
export function createNetworkKey(ipv6Prefix: number): ClientKey {
  return createClientKey(Math.min(ipv6Prefix, NETWORK_IPV6_BITS), NETWORK_IPV4_BITS);
}
const NETWORK_IPV4_BITS = 24;
const NETWORK_IPV6_BITS = 48;

function clampBits(value: number, max: number): number {
  return Math.max(0, Math.min(max, Math.trunc(value)));
}

/** The address's bytes with every bit after the first `bits` cleared. */
function keepBits(bytes: number[], bits: number): number[] {
  for (let bit = bits; bit < bytes.length * 8; bit++) {
    const byte = bit >> 3;
    bytes[byte] = (bytes[byte] ?? 0) & ~(0x80 >> (bit & 7));
  }
  return bytes;
}
