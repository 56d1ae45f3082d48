// Where a click came from, decided in this order: the short link's own `utm_source` (or `ref`)
// parameter, the in-app browser that opened it, the network of the Referer's host, else
// 'direct'. This runs on every redirect: the usual request has no query and either no Referer
// or one from a handful of hosts, so both are read by slicing strings, and the answer for a
// host is memoised.
import { LRUCache } from 'lru-cache';
import { detachedString } from '../ops/detached-string.js';
import { DIRECT_SOURCE, type KnownSource, OTHER_VALUE, SOURCE_MAX_LENGTH, UNKNOWN_VALUE } from '../../shared/insights.js';
import type { UserAgentProfile } from './user-agent-profile.js';

/** The longest referring host kept as a source (longer ones are cut). */
export const REFERER_HOST_MAX_LENGTH = 64;

export interface SourceDetectorOptions {
  /** host[:port] of the site (config.publicHost): a referrer from our own pages is not a source. */
  publicHost: string;
  /** Referring hosts remembered (default 1000). */
  memoSize?: number;
}

export type SourceDetector = (rawUrl: string, referer: string | undefined, profile: UserAgentProfile) => string;

/** rawUrl is Fastify's request.url (path + optional query); referer the header value or undefined. */
export function createSourceDetector(options: SourceDetectorOptions): SourceDetector {
  const ownHost = siteHost(options.publicHost);
  // Referer key (see refererKey) → source, or '' for a referrer that says nothing (our own site).
  const memo = new LRUCache<string, string>({ max: options.memoSize ?? 1000 });
  return (rawUrl, referer, profile) => {
    if (rawUrl.indexOf('?') !== -1) {
      const tagged = sourceFromQuery(rawUrl);
      if (tagged !== undefined) return tagged;
    }
    if (profile.app !== undefined) return profile.app;
    if (referer === undefined || referer === '') return DIRECT_SOURCE;
    const key = refererKey(referer);
    if (key === undefined) return DIRECT_SOURCE;
    let source = memo.get(key);
    if (source === undefined) {
      // The key is cut from the Referer header, which it would keep alive in the memo; the
      // source is worked out from the copy, as it may be cut from the key in turn.
      const own = detachedString(key);
      source = sourceOfKey(own, ownHost) ?? '';
      memo.set(own, source);
    }
    return source === '' ? DIRECT_SOURCE : source;
  };
}

// ---------------------------------------------------------------------------------------------
// (a) The link's own tag

/** The source the short link's query names (`utm_source`, else `ref`), cleaned; undefined if none. */
export function sourceFromQuery(rawUrl: string): string | undefined {
  const question = rawUrl.indexOf('?');
  if (question === -1) return undefined;
  let end = rawUrl.indexOf('#', question);
  if (end === -1) end = rawUrl.length;
  const utm = paramValue(rawUrl, question + 1, end, 'utm_source');
  const fromUtm = utm === undefined ? undefined : cleanSource(utm);
  if (fromUtm !== undefined) return fromUtm;
  const ref = paramValue(rawUrl, question + 1, end, 'ref');
  return ref === undefined ? undefined : cleanSource(ref);
}

/** The raw value of the first `name=` pair in url[start, end), as URLSearchParams would pick it. */
function paramValue(url: string, start: number, end: number, name: string): string | undefined {
  let at = start;
  while (at < end) {
    let stop = url.indexOf('&', at);
    if (stop === -1 || stop > end) stop = end;
    if (url.startsWith(name, at)) {
      const after = at + name.length;
      if (after === stop) return '';
      if (url.charCodeAt(after) === 0x3d /* = */) return url.slice(after + 1, stop);
    }
    at = stop + 1;
  }
  return undefined;
}

// Controls and invisible format characters (bidi overrides, zero-width) are dropped; whitespace
// controls (tab, newline) are whitespace and collapse with the rest.
const INVISIBLE = /(?![\t\n\v\f\r])[\p{Cc}\p{Cf}\p{Cs}]/gu;
const WHITESPACE = /\s+/g;
const PLUS = /\+/g;

/** What most tags look like ("whatsapp", "instagram", "newsletter_junho"): nothing to clean. */
const PLAIN_TAG = new RegExp(`^[a-z0-9._-]{1,${SOURCE_MAX_LENGTH}}$`);

function cleanSource(raw: string): string | undefined {
  if (PLAIN_TAG.test(raw)) return notReserved(raw);
  let value = decodeComponent(raw.indexOf('+') === -1 ? raw : raw.replace(PLUS, ' '));
  value = value.replace(INVISIBLE, '').replace(WHITESPACE, ' ').trim().toLowerCase();
  if (value.length > SOURCE_MAX_LENGTH) value = cut(value, SOURCE_MAX_LENGTH).trimEnd();
  return value === '' ? undefined : notReserved(value);
}

/**
 * 'other' and 'unknown' name the breakdowns' own buckets ("Outros", the values past the bound;
 * "Desconhecida"): a tag spelled so is no tag, and the click's source is found as without one.
 */
function notReserved(tag: string): string | undefined {
  return tag === OTHER_VALUE || tag === UNKNOWN_VALUE ? undefined : tag;
}

/** Percent-decoding; a malformed value ("100%") is kept as it came rather than lost. */
function decodeComponent(value: string): string {
  if (value.indexOf('%') === -1) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The first `max` UTF-16 units, without splitting a surrogate pair (a lone half is not valid text for the store). */
function cut(value: string, max: number): string {
  const last = value.charCodeAt(max - 1);
  return value.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

// ---------------------------------------------------------------------------------------------
// (c) The Referer

/** The source a Referer names, undefined when it names none (our own site, not an http(s) URL). Not memoised. */
export function sourceFromReferer(referer: string, publicHost: string): string | undefined {
  const key = refererKey(referer);
  return key === undefined ? undefined : sourceOfKey(key, siteHost(publicHost));
}

const ANDROID_APP_PREFIX = 'android-app://';
/** A DNS name is at most 253 characters; a longer host is made up (and would bloat the memo). */
const HOST_MAX_LENGTH = 253;

/**
 * The part of a Referer its source depends on, sliced out and not yet checked (sourceOfKey
 * checks it, once per key when memoised): the host of an http(s) URL as written, without
 * credentials or port; or `android-app://<package>` for an Android app's referrer (no host
 * contains "://", so the two cannot be confused). Undefined for anything else.
 */
function refererKey(referer: string): string | undefined {
  const start = referer.startsWith('https://') ? 8 : referer.startsWith('http://') ? 7 : schemeEnd(referer);
  if (start === -1) return undefined;
  if (start === ANDROID_APP_PREFIX.length) {
    const end = authorityEnd(referer, start);
    return end === start || end - start > HOST_MAX_LENGTH ? undefined : referer.slice(0, end).toLowerCase();
  }
  // One pass over the authority: where it ends, the last '@' (browsers never send credentials;
  // a script that does gets the host after them) and the first ':' after it (the port).
  let hostStart = start;
  let colon = -1;
  let end = referer.length;
  for (let i = start; i < referer.length; i++) {
    const c = referer.charCodeAt(i);
    // Path, query, fragment; '\' is '/' to browsers.
    if (c === 0x2f /* / */ || c === 0x3f /* ? */ || c === 0x23 /* # */ || c === 0x5c /* \ */) {
      end = i;
      break;
    }
    if (c === 0x40 /* @ */) {
      hostStart = i + 1;
      colon = -1;
    } else if (c === 0x3a /* : */ && colon === -1) {
      colon = i;
    }
  }
  let hostEnd = colon === -1 ? end : colon;
  if (referer.charCodeAt(hostStart) === 0x5b /* [ */) {
    const close = referer.indexOf(']', hostStart);
    if (close === -1 || close >= end) return undefined;
    hostEnd = close + 1;
  }
  if (hostEnd <= hostStart || hostEnd - hostStart > HOST_MAX_LENGTH + 1) return undefined;
  return referer.slice(hostStart, hostEnd);
}

/** After "http://", "https://" in any case, or "android-app://": the offset; else -1. */
function schemeEnd(referer: string): number {
  if (startsWithIgnoringCase(referer, 'https://')) return 8;
  if (startsWithIgnoringCase(referer, 'http://')) return 7;
  if (startsWithIgnoringCase(referer, ANDROID_APP_PREFIX)) return ANDROID_APP_PREFIX.length;
  return -1;
}

/** A host name (letters, digits, hyphens, underscores, dots) or a bracketed IPv6 address. */
const HOST_SHAPE = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*|\[[0-9a-f:.]+\])$/i;

/** Where the authority starting at `start` ends: at the path, query or fragment. */
function authorityEnd(url: string, start: number): number {
  for (let i = start; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === 0x2f /* / */ || c === 0x3f /* ? */ || c === 0x23 /* # */ || c === 0x5c /* \ */) return i;
  }
  return url.length;
}

function startsWithIgnoringCase(value: string, prefix: string): boolean {
  if (value.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) {
    const c = value.charCodeAt(i);
    // The prefixes are lowercase: an ASCII capital is its lowercase letter less 0x20.
    const lower = c >= 0x41 && c <= 0x5a ? c | 0x20 : c;
    if (lower !== prefix.charCodeAt(i)) return false;
  }
  return true;
}

/** The site's host to compare a referrer's with: no port, no leading "www.", lowercase. */
function siteHost(publicHost: string): string {
  let host = publicHost.trim().toLowerCase();
  if (host.startsWith('[')) host = host.slice(0, host.indexOf(']') + 1);
  else if (host.includes(':')) host = host.slice(0, host.indexOf(':'));
  return withoutWww(host);
}

function withoutWww(host: string): string {
  return host.startsWith('www.') ? host.slice(4) : host;
}

/** The networks by their domains; a host matches its own entry or a parent domain's. */
const NETWORKS = new Map<string, KnownSource>([
  ['instagram.com', 'instagram'],
  ['instagr.am', 'instagram'],
  ['facebook.com', 'facebook'],
  ['fb.com', 'facebook'],
  ['fb.me', 'facebook'],
  ['messenger.com', 'facebook'],
  ['m.me', 'facebook'],
  ['fb.watch', 'facebook'],
  ['ig.me', 'instagram'],
  ['t.co', 'x'],
  ['x.com', 'x'],
  ['twitter.com', 'x'],
  ['lnkd.in', 'linkedin'],
  ['linkedin.com', 'linkedin'],
  ['t.me', 'telegram'],
  ['telegram.me', 'telegram'],
  ['telegram.org', 'telegram'],
  ['whatsapp.com', 'whatsapp'],
  ['wa.me', 'whatsapp'],
  ['youtube.com', 'youtube'],
  ['youtu.be', 'youtube'],
  ['youtube-nocookie.com', 'youtube'],
  ['tiktok.com', 'tiktok'],
  ['bing.com', 'bing'],
  ['duckduckgo.com', 'duckduckgo'],
  ['yahoo.com', 'yahoo'],
  ['pin.it', 'pinterest'],
  ['reddit.com', 'reddit'],
  ['kwai.com', 'kwai'],
  ['threads.net', 'threads'],
  ['threads.com', 'threads'],
  ['discord.com', 'discord'],
  ['discord.gg', 'discord'],
  ['discordapp.com', 'discord'],
  ['snapchat.com', 'snapchat'],
  // Web mail: a link clicked in an e-mail read in the browser.
  ['mail.google.com', 'email'],
  ['mail.yahoo.com', 'email'],
  ['outlook.live.com', 'email'],
  ['outlook.office.com', 'email'],
  ['outlook.office365.com', 'email'],
  ['outlook.com', 'email'],
]);

/** Android apps that send their package as the referrer. */
const ANDROID_APPS = new Map<string, KnownSource>([
  ['com.google.android.gm', 'email'],
  ['com.microsoft.office.outlook', 'email'],
  ['com.google.android.googlequicksearchbox', 'google'],
  ['com.google.android.youtube', 'youtube'],
  ['com.instagram.android', 'instagram'],
  ['com.facebook.katana', 'facebook'],
  ['com.facebook.orca', 'facebook'],
  ['com.linkedin.android', 'linkedin'],
  ['org.telegram.messenger', 'telegram'],
  ['com.twitter.android', 'x'],
  ['com.whatsapp', 'whatsapp'],
  ['com.zhiliaoapp.musically', 'tiktok'],
  ['com.zhiliaoapp.musically.go', 'tiktok'],
  ['com.ss.android.ugc.trill', 'tiktok'],
  ['com.facebook.lite', 'facebook'],
  ['com.facebook.mlite', 'facebook'],
  ['com.instagram.barcelona', 'threads'],
  ['com.reddit.frontpage', 'reddit'],
  ['com.pinterest', 'pinterest'],
  ['com.kwai.video', 'kwai'],
  ['com.snapchat.android', 'snapchat'],
  ['com.discord', 'discord'],
]);

/** google.com, google.com.br, google.co.uk, google.de…: "google." and a country or generic TLD. */
const GOOGLE = /^google\.(?:[a-z]{2,3}|com?\.[a-z]{2})$/;
const PINTEREST = /^pinterest\.(?:[a-z]{2,3}|com?\.[a-z]{2})$/;
/** mail.proton.me, webmail.terra.com.br, email.uol.com.br…: a web mail host (its own name, not a parent's). */
const WEB_MAIL = /^(?:web|e)?mail\./;

function sourceOfKey(key: string, ownHost: string): string | undefined {
  if (key.startsWith(ANDROID_APP_PREFIX)) return ANDROID_APPS.get(key.slice(ANDROID_APP_PREFIX.length));
  // "google.com." is google.com.
  const name = key.endsWith('.') ? key.slice(0, -1) : key;
  if (name.length === 0 || name.length > HOST_MAX_LENGTH || !HOST_SHAPE.test(name)) return undefined;
  const host = withoutWww(name.toLowerCase());
  if (host === ownHost) return undefined;
  // The host, then each parent domain: the most specific entry wins (mail.google.com before google.com).
  for (let at = 0; at !== -1; ) {
    const domain = at === 0 ? host : host.slice(at);
    const network = NETWORKS.get(domain);
    if (network !== undefined) return network;
    if (GOOGLE.test(domain)) return 'google' satisfies KnownSource;
    if (PINTEREST.test(domain)) return 'pinterest' satisfies KnownSource;
    if (at === 0 && WEB_MAIL.test(domain)) return 'email' satisfies KnownSource;
    const dot = host.indexOf('.', at);
    at = dot === -1 ? -1 : dot + 1;
  }
  return host.length > REFERER_HOST_MAX_LENGTH ? host.slice(0, REFERER_HOST_MAX_LENGTH) : host;
}
