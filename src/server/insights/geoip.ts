// Client address → country and, with a city-level database, region (a Brazilian state), from
// MaxMind-format (.mmdb) files held in memory. Opening is synchronous so it can run in a worker
// thread at start. Two record schemas are read: MaxMind's GeoIP2/GeoLite2 (`country.iso_code`,
// `subdivisions[0].iso_code`) and ip-location-db's flat one (`country_code`, `state1` a name).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { Reader, type Response } from 'maxmind';
import { UNKNOWN_VALUE } from '../../shared/insights.js';
import { brazilStateCode } from './brazil-states.js';
import { IPV4, NO_ADDRESS, packAddress, type PackedAddress } from './packed-address.js';

export interface GeoLocation {
  /** ISO 3166-1 alpha-2, uppercase ('BR'), or UNKNOWN_VALUE. */
  readonly country: string;
  /** ISO 3166-2 ('BR-SC'), or UNKNOWN_VALUE. */
  readonly region: string;
}

export interface GeoLookup {
  /** Never throws: anything that is not a public address found in a database is 'unknown'. */
  locate(ip: string): GeoLocation;
  /** False without a city-level database: every region is then 'unknown'. */
  readonly hasRegions: boolean;
}

/** The country database that ships with the product (CC0, an npm dependency). */
export const DEFAULT_COUNTRY_DB: string = createRequire(import.meta.url).resolve(
  '@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb',
);

export const UNKNOWN_LOCATION: GeoLocation = Object.freeze({ country: UNKNOWN_VALUE, region: UNKNOWN_VALUE });

// No cache here: the click writer, the only caller on a busy path, remembers the place of the
// addresses it saw last (insights-accumulator.ts), and an LRU in front cost ~1 µs per miss.
// The longest textual address net.isIP accepts without a zone index (a zone index makes it
// link-local, so unknown anyway): longer strings are answered 'unknown' without a lookup.
const MAX_ADDRESS_LENGTH = 45;
const COUNTRY_CODE = /^[A-Z]{2}$/;
// ISO 3166-2 subdivision part: one to three letters or digits.
const SUBDIVISION_CODE = /^[A-Z0-9]{1,3}$/;
// Every .mmdb file ends with its metadata, introduced by this marker within the last 128 KiB.
const METADATA_MARKER = Buffer.from('\xab\xcd\xefMaxMind.com', 'latin1');
const METADATA_MAX_SIZE = 128 * 1024;

interface Database {
  reader: Reader<Response>;
  /** An IPv4-only tree must not be asked IPv6 addresses: it answers garbage, not null. */
  hasIPv6: boolean;
}

/**
 * Opens the databases. `cityDb` may list several files, asked in order (DB-IP Lite ships
 * IPv4 and IPv6 as two files). Throws an Error naming the file and its variable when one
 * cannot be read.
 */
export function openGeoLookup(options: { countryDb?: string; cityDb?: string | readonly string[] }): GeoLookup {
  const countryDbs = [openDatabase(options.countryDb ?? DEFAULT_COUNTRY_DB, 'GEOIP_COUNTRY_DB')];
  const cityFiles = options.cityDb === undefined ? [] : typeof options.cityDb === 'string' ? [options.cityDb] : options.cityDb;
  const cityDbs = cityFiles.map((file) => openDatabase(file, 'GEOIP_CITY_DB'));

  const resolve = (ip: string): GeoLocation => {
    const address = databaseAddress(ip);
    if (address === undefined) return UNKNOWN_LOCATION;
    const isIPv6 = address.includes(':');
    const cityRecord = cityDbs.length === 0 ? null : firstRecord(cityDbs, address, isIPv6);
    // The city file's country goes with its region; the country file is asked only without it.
    const country = countryOf(cityRecord);
    return country !== UNKNOWN_VALUE
      ? locationOf(country, regionOf(cityRecord, country))
      : locationOfRecord(cityRecord, countryOf(firstRecord(countryDbs, address, isIPv6)));
  };

  return {
    hasRegions: cityDbs.length > 0,
    locate(ip) {
      if (ip.length > MAX_ADDRESS_LENGTH) return UNKNOWN_LOCATION;
      return resolve(ip);
    },
  };
}

/**
 * Checks at start that each configured file can be read and looks like a .mmdb (its first bytes
 * and its metadata marker), so that a wrong path stops the start with one line naming it: the
 * writer thread, which opens them, would otherwise fail at every click flush. Reads a few bytes
 * and the last 128 KiB only: opening the files here (the whole country file, and a city file of
 * 100 MB or more) kept them in this thread's memory for the life of the process, ~25 MB of RSS
 * for the shipped country file alone (measured). Throws as openGeoLookup does.
 */
export function checkGeoDatabases(options: { countryDb?: string; cityDb?: string | readonly string[] }): void {
  checkDatabaseFile(options.countryDb ?? DEFAULT_COUNTRY_DB, 'GEOIP_COUNTRY_DB');
  const cityFiles = options.cityDb === undefined ? [] : typeof options.cityDb === 'string' ? [options.cityDb] : options.cityDb;
  for (const file of cityFiles) checkDatabaseFile(file, 'GEOIP_CITY_DB');
}

/**
 * The country and region of one database record, in either schema; `fallbackCountry` (from
 * another database) when the record has no valid country of its own. Pure: exported for tests.
 */
export function locationOfRecord(record: unknown, fallbackCountry: string = UNKNOWN_VALUE): GeoLocation {
  const own = countryOf(record);
  const country = own !== UNKNOWN_VALUE ? own : COUNTRY_CODE.test(fallbackCountry) ? fallbackCountry : UNKNOWN_VALUE;
  return locationOf(country, regionOf(record, country));
}

function openDatabase(file: string, variable: string): Database {
  try {
    const buffer = fs.readFileSync(file);
    assertMmdbShape(buffer, buffer.subarray(-METADATA_MAX_SIZE));
    const reader = new Reader<Response>(buffer);
    const { ipVersion } = reader.metadata;
    if (ipVersion !== 4 && ipVersion !== 6) throw new Error(`unexpected ip_version ${String(ipVersion)}`);
    // A damaged tree or data section passes the metadata check and fails on lookups: fail here.
    reader.get('8.8.8.8');
    if (ipVersion === 6) reader.get('2001:4860:4860::8888');
    return { reader, hasIPv6: ipVersion === 6 };
  } catch (error) {
    throw openError(variable, file, error);
  }
}

/** openDatabase's first checks, on the file's first bytes and its last 128 KiB only. */
function checkDatabaseFile(file: string, variable: string): void {
  try {
    const fd = fs.openSync(file, 'r');
    try {
      const { size } = fs.fstatSync(fd);
      const head = Buffer.alloc(Math.min(size, 2));
      fs.readSync(fd, head, 0, head.length, 0);
      const tail = Buffer.alloc(Math.min(size, METADATA_MAX_SIZE));
      fs.readSync(fd, tail, 0, tail.length, size - tail.length);
      assertMmdbShape(head, tail);
    } finally {
      fs.closeSync(fd);
    }
  } catch (error) {
    throw openError(variable, file, error);
  }
}

function openError(variable: string, file: string, error: unknown): Error {
  const reason = error instanceof Error ? error.message : String(error);
  return new Error(`${variable}: cannot open the MaxMind database ${file}: ${reason}`, { cause: error });
}

/** Throws, saying why, unless `head` (the file's first bytes) and `tail` (its last 128 KiB) are those of a .mmdb. */
function assertMmdbShape(head: Buffer, tail: Buffer): void {
  if (head[0] === 0x1f && head[1] === 0x8b) throw new Error('the file is gzip-compressed; decompress it first');
  // Without the marker, the reader fails with a decoding error that does not say why.
  if (tail.lastIndexOf(METADATA_MARKER) === -1) throw new Error('not a .mmdb file (no MaxMind metadata)');
}

/**
 * The address as the databases are asked it, or undefined when it is not looked up: invalid
 * strings and everything but global unicast (private, loopback, link-local, CGNAT, multicast,
 * documentation, 6to4, Teredo…; the files do hold entries for some of these, such as
 * 172.16/12 and 2001:db8::/32 in the shipped one). Exported for tests.
 */
export function databaseAddress(ip: string): string | undefined {
  // Dotted-quad IPv4 (what the click writer asks, from packed addresses) is checked by number
  // against ipaddr.js's own special ranges: parsing it with ipaddr.js cost as much as the
  // lookup itself (~1.5 µs).
  if (ip.indexOf(':') === -1) {
    const packed = packAddress(ip, scratch);
    if (packed.family === IPV4) return isSpecialIPv4(packed.hi) ? undefined : ip;
    if (packed.family === NO_ADDRESS) return undefined;
  }
  // net.isIP takes only standard notations; ipaddr.js alone would also read '127.1' or '0x7f.1'.
  const version = net.isIP(ip);
  if (version === 0) return undefined;
  // ipaddr.js takes ~4 µs to parse IPv6, as long as the lookup itself; most IPv6 clients are
  // plain global unicast, which the first two groups settle.
  if (version === 6 && isPlainGlobalIPv6(ip)) return ip;
  try {
    // process() turns IPv4-mapped IPv6 (how a dual-stack socket shows IPv4 clients) into IPv4:
    // the files hold IPv4 networks only in their IPv4 form.
    const address = ipaddr.process(ip);
    return address.range() === 'unicast' ? address.toString() : undefined;
  } catch {
    return undefined;
  }
}

const scratch: PackedAddress = { family: NO_ADDRESS, hi: 0, lo: 0 };

/** ipaddr.js's IPv4 special ranges (everything that is not 'unicast'), as [network, mask] numbers. */
const SPECIAL_IPV4: readonly (readonly [number, number])[] = Object.values(
  (ipaddr.IPv4.prototype as unknown as { SpecialRanges: Record<string, [ipaddr.IPv4, number] | [ipaddr.IPv4, number][]> }).SpecialRanges,
).flatMap((ranges) => (Array.isArray(ranges[0]) ? (ranges as [ipaddr.IPv4, number][]) : [ranges as [ipaddr.IPv4, number]]))
  .map(([network, bits]) => {
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    const base = network.octets.reduce((n, octet) => n * 256 + octet, 0);
    return [(base & mask) >>> 0, mask] as const;
  });

function isSpecialIPv4(address: number): boolean {
  for (const [network, mask] of SPECIAL_IPV4) if (((address & mask) >>> 0) === network) return true;
  return false;
}

/**
 * 2000::/3 outside the blocks ipaddr.js classifies as special in it (2001::/23, 2001:db8::/32,
 * 2002::/16, 3fff::/20, and AS112's 2620:4f:8000::/48, left to ipaddr.js with all of 2620::/16).
 * False sends the address to ipaddr.js. `ip` is one net.isIP accepted.
 */
function isPlainGlobalIPv6(ip: string): boolean {
  // A first group under 4 digits is below 0x1000; an IPv4 tail or a zone index goes the slow way.
  if (ip.indexOf(':') !== 4 || ip.includes('.') || ip.includes('%')) return false;
  const first = Number.parseInt(ip.slice(0, 4), 16);
  if (first < 0x2000 || first > 0x3fff || first === 0x2002 || first === 0x2620) return false;
  const end = ip.indexOf(':', 5);
  const second = end === 5 ? 0 : Number.parseInt(ip.slice(5, end === -1 ? undefined : end), 16);
  if (first === 0x2001) return second >= 0x200 && second !== 0xdb8;
  return first !== 0x3fff || second >= 0x1000;
}

function firstRecord(databases: readonly Database[], address: string, isIPv6: boolean): unknown {
  for (const { reader, hasIPv6 } of databases) {
    if (isIPv6 && !hasIPv6) continue;
    try {
      const record: unknown = reader.get(address);
      if (record !== null && record !== undefined) return record;
    } catch {
      // A damaged region of a file: this address is unknown, the next ones may not be.
    }
  }
  return null;
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

function countryOf(record: unknown): string {
  const flat = field(record, 'country_code');
  // MaxMind: the registered country when the record has no located one.
  const code = flat !== undefined ? flat : (field(field(record, 'country'), 'iso_code') ?? field(field(record, 'registered_country'), 'iso_code'));
  return typeof code === 'string' && COUNTRY_CODE.test(code) ? code : UNKNOWN_VALUE;
}

function regionOf(record: unknown, country: string): string {
  if (country === UNKNOWN_VALUE) return UNKNOWN_VALUE;
  const subdivisions = field(record, 'subdivisions');
  const subdivision: unknown = Array.isArray(subdivisions) ? subdivisions[0] : undefined;
  const isoCode = field(subdivision, 'iso_code');
  if (country === 'BR') {
    // Whatever the file gives, in order of trust: ISO code, English name, Portuguese name,
    // the flat schema's state name. Files differ in which they fill.
    const names = field(subdivision, 'names');
    for (const candidate of [isoCode, field(names, 'en'), field(names, 'pt-BR'), field(record, 'state1')]) {
      const code = typeof candidate === 'string' ? brazilStateCode(candidate) : undefined;
      if (code !== undefined) return code;
    }
    return UNKNOWN_VALUE;
  }
  // Outside Brazil only an ISO code is used: a name could not be mapped to one reliably.
  return typeof isoCode === 'string' && SUBDIVISION_CODE.test(isoCode) ? `${country}-${isoCode}` : UNKNOWN_VALUE;
}

// One frozen object per (country, region): cached answers share them, and callers may keep
// them. Bounded by what the files contain; the cap only guards against a pathological file.
const LOCATIONS = new Map<string, GeoLocation>();
const MAX_LOCATIONS = 10_000;

function locationOf(country: string, region: string): GeoLocation {
  if (country === UNKNOWN_VALUE && region === UNKNOWN_VALUE) return UNKNOWN_LOCATION;
  const key = `${country} ${region}`;
  const known = LOCATIONS.get(key);
  if (known !== undefined) return known;
  const location = Object.freeze({ country, region });
  if (LOCATIONS.size < MAX_LOCATIONS) LOCATIONS.set(key, location);
  return location;
}
