// A client address packed into numbers on the redirect's hot path, so that no address string
// outlives its request. The country/region lookup happens later, off the request (at the
// flush, in the click writer), and needs the address until then: kept as a string, 50,000
// addresses a second would survive two young-generation collections each and be promoted to
// the old generation, the garbage pattern that once showed in the redirect's p99
// (docs/performance.md, "The click buffer"). Packed, they are three numbers in typed arrays.
//
// IPv6 keeps its first 64 bits only: the network. Geolocation databases do not go finer than a
// /64 (one home or one phone's connection), and the rest would only say more about the visitor.
// IPv4-mapped IPv6 (::ffff:1.2.3.4, a dual-stack socket's IPv4 client) is packed as IPv4.

export const NO_ADDRESS = 0;
export const IPV4 = 4;
export const IPV6 = 6;
export type AddressFamily = typeof NO_ADDRESS | typeof IPV4 | typeof IPV6;

/** The packed form: `family` (NO_ADDRESS when the text was not an address), `hi`, `lo` (unsigned 32-bit). */
export interface PackedAddress {
  family: AddressFamily;
  hi: number;
  lo: number;
}

/**
 * Packs `address` into `out` (reused by the caller: nothing is allocated) and returns it.
 * IPv4: hi is the address. IPv6: hi and lo are bits 0–31 and 32–63.
 */
export function packAddress(address: string, out: PackedAddress): PackedAddress {
  out.family = NO_ADDRESS;
  out.hi = 0;
  out.lo = 0;
  if (address.indexOf(':') === -1) {
    const v4 = parseIpv4(address, 0, address.length);
    if (v4 >= 0) {
      out.family = IPV4;
      out.hi = v4;
    }
    return out;
  }
  parseIpv6(address, out);
  // A proxy that writes the client's port too (Azure, IIS: '203.0.113.7:5555', '[2001:db8::1]:443')
  // leaves request.ip with it; read the address before the port. Only after the plain forms
  // failed, so ordinary addresses pay nothing for it.
  if (out.family === NO_ADDRESS) packWithPort(address, out);
  return out;
}

/** 'a.b.c.d:port' or '[ipv6]:port' (the port optional in brackets) into `out`; NO_ADDRESS otherwise. */
function packWithPort(address: string, out: PackedAddress): void {
  const colon = address.lastIndexOf(':');
  if (address.charCodeAt(0) === 91 /* '[' */) {
    const close = address.indexOf(']');
    if (close === -1 || (close !== address.length - 1 && (close !== colon - 1 || !isPort(address, colon + 1)))) return;
    parseIpv6(address.slice(1, close), out);
    return;
  }
  if (address.indexOf(':') !== colon || !isPort(address, colon + 1)) return;
  const v4 = parseIpv4(address, 0, colon);
  if (v4 >= 0) {
    out.family = IPV4;
    out.hi = v4;
  }
}

/** One to five digits from `start` to the end of `address`. */
function isPort(address: string, start: number): boolean {
  const length = address.length - start;
  if (length < 1 || length > 5) return false;
  for (let i = start; i < address.length; i++) {
    const c = address.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** An IPv4 dotted quad in address[start, end) as an unsigned number, or -1. */
function parseIpv4(address: string, start: number, end: number): number {
  let value = 0;
  let part = 0;
  let digits = 0;
  let parts = 0;
  for (let i = start; i <= end; i++) {
    const c = i === end ? 46 /* '.' ends the last part */ : address.charCodeAt(i);
    if (c === 46) {
      // Empty parts and leading zeros ("01") are not addresses (leading zeros read as octal in some parsers).
      if (digits === 0 || parts === 4 || (digits > 1 && address.charCodeAt(i - digits) === 48)) return -1;
      value = value * 256 + part;
      parts++;
      part = 0;
      digits = 0;
    } else if (c >= 48 && c <= 57) {
      part = part * 10 + (c - 48);
      digits++;
      if (part > 255) return -1;
    } else {
      return -1;
    }
  }
  return parts === 4 ? value : -1;
}

// Scratch for the eight 16-bit groups of an IPv6 address (the hot path allocates nothing).
const groups = new Uint16Array(8);

function parseIpv6(address: string, out: PackedAddress): PackedAddress {
  let end = address.length;
  // A zone index (fe80::1%eth0) names the interface, not the address.
  const zone = address.indexOf('%');
  if (zone !== -1) end = zone;
  groups.fill(0);
  let count = 0;
  let gap = -1;
  let i = 0;
  if (address.charCodeAt(0) === 58 /* ':' */) {
    if (address.charCodeAt(1) !== 58) return out;
    gap = 0;
    i = 2;
    if (i === end) return finishIpv6(out, 0, gap);
  }
  while (i < end) {
    let value = 0;
    let digits = 0;
    const start = i;
    while (i < end) {
      const c = address.charCodeAt(i);
      const digit = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : c >= 65 && c <= 70 ? c - 55 : -1;
      if (digit === -1) break;
      value = value * 16 + digit;
      digits++;
      i++;
    }
    if (i < end && address.charCodeAt(i) === 46 /* '.': an embedded IPv4 address ends it */) {
      if (count > 6) return out;
      const v4 = parseIpv4(address, start, end);
      if (v4 < 0) return out;
      groups[count++] = v4 >>> 16;
      groups[count++] = v4 & 0xffff;
      i = end;
      break;
    }
    if (digits === 0 || digits > 4 || count === 8) return out;
    groups[count++] = value;
    if (i === end) break;
    if (address.charCodeAt(i) !== 58) return out;
    i++;
    if (address.charCodeAt(i) === 58) {
      if (gap !== -1) return out;
      gap = count;
      i++;
      if (i === end) break;
    } else if (i === end) {
      return out; // a trailing single ':'
    }
  }
  return finishIpv6(out, count, gap);
}

function finishIpv6(out: PackedAddress, count: number, gap: number): PackedAddress {
  if (gap === -1 ? count !== 8 : count > 7) return out;
  if (gap !== -1) {
    // Move the groups after '::' to the end.
    const after = count - gap;
    for (let k = 0; k < after; k++) groups[7 - k] = groups[count - 1 - k] ?? 0;
    for (let k = gap; k < 8 - after; k++) groups[k] = 0;
  }
  const g = (k: number): number => groups[k] ?? 0;
  // ::ffff:a.b.c.d is an IPv4 client seen through a dual-stack socket.
  if (g(0) === 0 && g(1) === 0 && g(2) === 0 && g(3) === 0 && g(4) === 0 && g(5) === 0xffff) {
    out.family = IPV4;
    out.hi = g(6) * 65536 + g(7);
    return out;
  }
  out.family = IPV6;
  out.hi = g(0) * 65536 + g(1);
  out.lo = g(2) * 65536 + g(3);
  return out;
}

/** The address (IPv4) or the /64 network's first address (IPv6) as text, for the lookup; '' for NO_ADDRESS. */
export function addressText(family: number, hi: number, lo: number): string {
  if (family === IPV4) return `${hi >>> 24}.${(hi >>> 16) & 255}.${(hi >>> 8) & 255}.${hi & 255}`;
  if (family === IPV6) return `${(hi >>> 16).toString(16)}:${(hi & 0xffff).toString(16)}:${(lo >>> 16).toString(16)}:${(lo & 0xffff).toString(16)}::`;
  return '';
}
