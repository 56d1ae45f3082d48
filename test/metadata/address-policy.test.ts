// Pure checks over strings: nothing here resolves or connects. Public addresses appear
// only as strings.
import { describe, expect, it } from 'vitest';
import {
  checkFetchableUrl,
  isAllowedAddress,
  isLoopbackAddress,
  isPublicAddress,
} from '../../src/server/metadata/address-policy.js';

const REFUSED_V4: Record<string, string[]> = {
  'unspecified / this network 0.0.0.0/8': ['0.0.0.0', '0.1.2.3', '0.255.255.255'],
  'private 10/8': ['10.0.0.1', '10.255.255.255'],
  'carrier-grade NAT 100.64/10': ['100.64.0.1', '100.127.255.254'],
  'loopback 127/8': ['127.0.0.1', '127.0.1.1', '127.255.255.254'],
  'link-local 169.254/16 (cloud metadata)': ['169.254.169.254', '169.254.0.1', '169.254.255.255'],
  'private 172.16/12': ['172.16.0.1', '172.31.255.255'],
  'IETF protocol assignments 192.0.0/24': ['192.0.0.1', '192.0.0.170'],
  'documentation TEST-NET-1 192.0.2/24': ['192.0.2.1'],
  '6to4 relay anycast 192.88.99/24': ['192.88.99.1'],
  'private 192.168/16': ['192.168.0.1', '192.168.255.255'],
  'benchmarking 198.18/15': ['198.18.0.1', '198.19.255.255'],
  'documentation TEST-NET-2 198.51.100/24': ['198.51.100.7'],
  'documentation TEST-NET-3 203.0.113/24': ['203.0.113.9'],
  'multicast 224/4': ['224.0.0.1', '239.255.255.250'],
  'reserved 240/4': ['240.0.0.1', '254.255.255.255'],
  broadcast: ['255.255.255.255'],
};

// Legacy notations that inet_aton (and so getaddrinfo) reads as IPv4.
const REFUSED_V4_ODD_NOTATION: Record<string, string> = {
  '2130706433': '127.0.0.1 as one decimal number',
  '0x7f000001': '127.0.0.1 as one hex number',
  '0x7f.1': '127.0.0.1 as hex.short',
  '0177.0.0.1': '127.0.0.1 with an octal first part',
  '017700000001': '127.0.0.1 as one octal number',
  '127.1': '127.0.0.1 short form',
  '0xa9fea9fe': '169.254.169.254 as hex',
  '2852039166': '169.254.169.254 as decimal',
  '3232235777': '192.168.1.1 as decimal',
  '0': '0.0.0.0 as a number',
};

const REFUSED_V6: Record<string, string[]> = {
  'unspecified ::/128': ['::', '0:0:0:0:0:0:0:0'],
  'loopback ::1': ['::1', '0:0:0:0:0:0:0:1', '[::1]'],
  'link-local fe80::/10': ['fe80::1', 'febf:ffff::1', 'fe80::1%eth0'],
  'unique-local fc00::/7': ['fc00::1', 'fd12:3456:789a::1'],
  'multicast ff00::/8': ['ff02::1', 'ff05::1:3', 'ff0e::1'],
  'IPv4-mapped ::ffff:0:0/96': [
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:192.168.0.1',
    // Refused outright, even when the embedded address is public.
    '::ffff:8.8.8.8',
    '0:0:0:0:0:ffff:7f00:0001',
  ],
  'IPv4-translated ::ffff:0:0:0/96': ['::ffff:0:127.0.0.1', '::ffff:0:8.8.8.8'],
  'IPv4-compatible (deprecated) ::/96': ['::127.0.0.1', '::10.0.0.1', '::8.8.8.8'],
  'NAT64 64:ff9b::/96 with a non-public IPv4': ['64:ff9b::127.0.0.1', '64:ff9b::7f00:1', '64:ff9b::a9fe:a9fe', '64:ff9b::10.0.0.1'],
  'local-use NAT64 64:ff9b:1::/48': ['64:ff9b:1::1'],
  'documentation 2001:db8::/32': ['2001:db8::1', '2001:db8:ffff::1'],
  '6to4 2002::/16 with a non-public IPv4': ['2002:7f00:1::1', '2002:a00:1::', '2002:a9fe:a9fe::1', '2002:c0a8:101::1'],
  'Teredo 2001::/32': ['2001::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
  'discard 100::/64': ['100::1'],
  'deprecated site-local fec0::/10': ['fec0::1'],
  'benchmarking, ORCHID and other special blocks': ['2001:2::1', '2001:10::1', '2001:20::1', '3fff::1', '5f00::1'],
};

const PUBLIC = [
  '8.8.8.8',
  '1.1.1.1',
  '11.0.0.1',
  '100.63.255.255',
  '100.128.0.0',
  '172.15.255.255',
  '172.32.0.0',
  '192.167.255.255',
  '192.169.0.0',
  '198.17.255.255',
  '198.20.0.0',
  '223.255.255.254',
  '2606:4700::1111',
  '2001:4860:4860::8888',
  '2a03:2880:f10c:83:face:b00c:0:25de',
  // NAT64 and 6to4 carrying a public IPv4 address.
  '64:ff9b::808:808',
  '64:ff9b::8.8.8.8',
  '2002:808:808::1',
];

describe('isPublicAddress', () => {
  for (const [range, addresses] of Object.entries(REFUSED_V4)) {
    it(`refuses IPv4 ${range}`, () => {
      for (const address of addresses) expect(isPublicAddress(address), address).toBe(false);
    });
  }

  it('refuses IPv4 in decimal, octal-looking and hex notations', () => {
    for (const [address, meaning] of Object.entries(REFUSED_V4_ODD_NOTATION)) {
      expect(isPublicAddress(address), `${address} (${meaning})`).toBe(false);
    }
  });

  for (const [range, addresses] of Object.entries(REFUSED_V6)) {
    it(`refuses IPv6 ${range}`, () => {
      for (const address of addresses) expect(isPublicAddress(address), address).toBe(false);
    });
  }

  it('accepts globally routable unicast addresses', () => {
    for (const address of PUBLIC) expect(isPublicAddress(address), address).toBe(true);
  });

  it('refuses anything that is not an address', () => {
    for (const value of ['', ' ', 'localhost', 'example.com', '256.0.0.1', '1.2.3.4.5', ':::1', '::ffff:999.0.0.1', '1.2.3.4/8']) {
      expect(isPublicAddress(value), value).toBe(false);
    }
  });
});

describe('isAllowedAddress and the test switch', () => {
  it('opens loopback only: private, link-local and mapped addresses stay refused', () => {
    const on = { allowPrivateAddresses: true };
    const off = { allowPrivateAddresses: false };
    for (const loopback of ['127.0.0.1', '127.0.0.2', '::1']) {
      expect(isLoopbackAddress(loopback)).toBe(true);
      expect(isAllowedAddress(loopback, on), loopback).toBe(true);
      expect(isAllowedAddress(loopback, off), loopback).toBe(false);
    }
    for (const other of ['10.0.0.1', '169.254.169.254', '192.168.1.1', '100.64.0.1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '0.0.0.0', '::']) {
      expect(isAllowedAddress(other, on), other).toBe(false);
    }
    expect(isAllowedAddress('8.8.8.8', off)).toBe(true);
  });
});

describe('checkFetchableUrl', () => {
  const policy = { allowedPorts: [80, 443], allowPrivateAddresses: false };

  it('refuses IP-literal hosts in any notation (WHATWG URL normalises them first)', () => {
    const urls = [
      'http://2130706433/',
      'http://0x7f.1/',
      'http://0x7f000001/',
      'http://0x7F.0.0.1/',
      'http://0177.0.0.1/',
      'http://017700000001/',
      'http://127.1/',
      'http://127.0.0.1./',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:7f00:1]/',
      'http://[::1]/',
      'http://[0:0:0:0:0:0:0:1]/',
      'http://[::]/',
      'http://0/',
      'http://0.0.0.0/',
      'http://169.254.169.254/latest/meta-data/',
      'http://0xa9fea9fe/',
      'http://2852039166/',
      'http://[::ffff:169.254.169.254]/',
      'http://10.1/',
      'http://3232235777/',
      'http://100.64.0.1/',
      'http://[fe80::1]/',
      'http://[fd00::1]/',
      'http://[ff02::1]/',
      'http://[64:ff9b::7f00:1]/',
      'http://[2002:7f00:1::]/',
      'http://[2001:db8::1]/',
      'https://127.0.0.1/',
      'https://[::1]:443/',
    ];
    for (const url of urls) {
      const result = checkFetchableUrl(url, policy);
      expect(result.ok ? 'ok' : result.reason, url).toBe('forbidden_address');
    }
  });

  it('accepts public IP literals and host names (host names are checked after DNS)', () => {
    const literal = checkFetchableUrl('https://8.8.8.8/', policy);
    expect(literal.ok && literal.address).toBe('8.8.8.8');
    const v6 = checkFetchableUrl('http://[2606:4700::1111]/x', policy);
    expect(v6.ok && v6.address).toBe('2606:4700::1111');
    const named = checkFetchableUrl('https://exemplo.com.br/página?q=1', policy);
    expect(named.ok).toBe(true);
    if (named.ok) {
      expect(named.address).toBeUndefined();
      expect(named.hostname).toBe('exemplo.com.br');
      expect(named.port).toBe(443);
    }
  });

  it('allows only http and https', () => {
    for (const url of ['ftp://exemplo.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,hi', 'gopher://exemplo.com/', 'ws://exemplo.com/']) {
      const result = checkFetchableUrl(url, policy);
      expect(result.ok ? 'ok' : result.reason, url).toBe('forbidden_protocol');
    }
  });

  it('allows only the configured ports', () => {
    for (const url of ['http://exemplo.com:8080/', 'https://exemplo.com:8443/', 'http://exemplo.com:22/', 'http://exemplo.com:6379/']) {
      const result = checkFetchableUrl(url, policy);
      expect(result.ok ? 'ok' : result.reason, url).toBe('forbidden_port');
    }
    expect(checkFetchableUrl('http://exemplo.com:443/', policy).ok).toBe(true);
    expect(checkFetchableUrl('http://exemplo.com:8080/', { ...policy, allowedPorts: [8080] }).ok).toBe(true);
  });

  it('refuses credentials in the URL', () => {
    for (const url of ['http://user@exemplo.com/', 'http://:senha@exemplo.com/', 'http://user:senha@exemplo.com/', 'http://exemplo.com:80@127.0.0.1/']) {
      const result = checkFetchableUrl(url, policy);
      expect(result.ok ? 'ok' : result.reason, url).toBe('credentials_in_url');
    }
  });

  it('refuses what is not an absolute URL', () => {
    for (const url of ['', 'exemplo.com', '/relative', 'http://']) {
      const result = checkFetchableUrl(url, policy);
      expect(result.ok ? 'ok' : result.reason, url).toBe('invalid_url');
    }
  });

  it('with the test switch on, lets loopback through and nothing else', () => {
    const testPolicy = { allowedPorts: [80], allowPrivateAddresses: true };
    expect(checkFetchableUrl('http://127.0.0.1/', testPolicy).ok).toBe(true);
    expect(checkFetchableUrl('http://[::1]/', testPolicy).ok).toBe(true);
    for (const url of ['http://169.254.169.254/', 'http://10.0.0.1/', 'http://[::ffff:127.0.0.1]/', 'http://[fd00::1]/']) {
      const result = checkFetchableUrl(url, testPolicy);
      expect(result.ok ? 'ok' : result.reason, url).toBe('forbidden_address');
    }
  });
});
