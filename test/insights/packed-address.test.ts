// packAddress against ipaddr.js (a maintained parser): the same address, or the same /64 network.
import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { addressText, IPV4, IPV6, NO_ADDRESS, packAddress, type PackedAddress } from '../../src/server/insights/packed-address.js';

const pack = (text: string): PackedAddress => packAddress(text, { family: NO_ADDRESS, hi: 0, lo: 0 });
const unpack = (p: PackedAddress) => addressText(p.family, p.hi, p.lo);

/** What ipaddr.js says the address (IPv4) or its /64 (IPv6) is, in our text form. */
function expected(text: string): string {
  const parsed = ipaddr.parse(text);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  const parts = v6.parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(':')}::`;
}

describe('packAddress', () => {
  it.each([
    ['177.75.0.1', '177.75.0.1'],
    ['0.0.0.0', '0.0.0.0'],
    ['255.255.255.255', '255.255.255.255'],
    ['::ffff:200.147.35.149', '200.147.35.149'],
    ['2804:14c:5b81:8e5e:1c2d:3e4f:5a6b:7c8d', '2804:14c:5b81:8e5e::'],
    ['2804:14c::1', '2804:14c:0:0::'],
    ['::1', '0:0:0:0::'],
    ['fe80::1%eth0', 'fe80:0:0:0::'],
    ['::', '0:0:0:0::'],
    // A proxy that writes the port too (Azure, IIS): the address before it.
    ['203.0.113.77:5555', '203.0.113.77'],
    ['177.75.0.1:0', '177.75.0.1'],
    ['[2804:14c:5b81:8e5e::1]:443', '2804:14c:5b81:8e5e::'],
    ['[2804:14c::1]', '2804:14c:0:0::'],
    ['[::ffff:200.147.35.149]:80', '200.147.35.149'],
  ])('%s → %s', (text, packed) => expect(unpack(pack(text))).toBe(packed));

  it.each(['', 'abc', '1.2.3', '1.2.3.4.5', '256.1.1.1', '01.2.3.4', '1..2.3', ':::', '1:2:3:4:5:6:7:8:9', '2804::14c::1', 'g::1', '12345::', ' 1.2.3.4',
    '1.2.3.4:', '1.2.3.4:123456', '1.2.3.4:8a', '1.2.3.4:80:80', '[1.2.3.4]:80', '[2804:14c::1', '[2804:14c::1]:', '[2804:14c::1]x80', '[]:80'])(
    '%j is not an address',
    (text) => expect(pack(text).family).toBe(NO_ADDRESS),
  );

  it('IPv4: the address itself, as ipaddr.js reads it', () => {
    fc.assert(fc.property(fc.ipV4(), (text) => {
      const packed = pack(text);
      expect(packed.family).toBe(IPV4);
      expect(unpack(packed)).toBe(expected(text));
    }), { numRuns: 2000 });
  });

  it('IPv6 in any notation: its /64, as ipaddr.js reads it (IPv4-mapped ones as IPv4)', () => {
    fc.assert(fc.property(fc.ipV6(), (text) => {
      // ipaddr.js reads the deprecated IPv4-compatible form (::a.b.c.d) as IPv4; we read it as the IPv6 it is.
      fc.pre(!/^::\d+\./.test(text));
      const packed = pack(text);
      expect([IPV4, IPV6]).toContain(packed.family);
      expect(unpack(packed)).toBe(expected(text));
    }), { numRuns: 3000 });
  });

  it('never throws, and rejects what ipaddr.js rejects as an IPv4 dotted quad', () => {
    fc.assert(fc.property(fc.string({ maxLength: 50 }), (text) => {
      const packed = pack(text);
      if (packed.family === NO_ADDRESS) return;
      const withoutPort = /^\[([^\]]+)\](?::\d+)?$/.exec(text)?.[1] ?? /^([\d.]+):\d+$/.exec(text)?.[1] ?? text;
      expect(ipaddr.isValid(withoutPort.replace(/%.*$/, ''))).toBe(true);
    }), { numRuns: 3000 });
  });
});
