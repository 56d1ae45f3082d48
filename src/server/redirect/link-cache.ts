// The redirect cache: alias → { id, url, disabled, hasOptions } for as many links as fit in a memory
// budget (LINK_CACHE_MB), plus short-lived entries for aliases that do not exist (so a flood of
// unknown aliases does not reach the store). Those misses are kept apart, in a small bounded map:
// in the arena, a flood of random aliases would push the real links out, and grow the hash table.
//
// Why not a Map of objects (lru-cache, as before): with a key, a value object, a URL string and
// a map entry per link on the V8 heap, 1M links cost more memory than the whole server may use,
// and every entry is one more object for the garbage collector to trace (figures in
// docs/performance.md, "The compact link cache"). Here a link is one record of ~12 bytes +
// alias + URL in a byte arena outside the heap, found through an open-addressing hash table of
// two typed arrays (~16 bytes a link). A lookup creates only the URL string and the returned
// object.
//
// Eviction: the arena is a ring of SEGMENTS segments filled in turn; when the ring comes round,
// the oldest segment is dropped whole (its records leave the hash table). A hit on a record in
// one of the next segments to be dropped copies it to the head first, so links in use survive
// (FIFO with reinsertion, close to LRU at a fraction of the bookkeeping).

import { detachedString } from '../ops/detached-string.js';

/** The cache's answer for an alias known not to exist (a cached miss). */
export const UNKNOWN_ALIAS: unique symbol = Symbol('unknown alias');
export type UnknownAlias = typeof UNKNOWN_ALIAS;

/** A redirect target as cached. */
export interface CachedLink {
  id: number;
  url: string;
  /** The operator disabled the link (it answers 410). */
  disabled: boolean;
  /**
   * The link has options (expiry, click limit, password, app targets): the redirect reads them
   * (cached apart by the resolver) before answering. False for a plain link, which pays nothing.
   */
  hasOptions: boolean;
}

export interface LinkCacheOptions {
  /** Arena size: the records themselves. The hash table adds ~16 bytes a link on top. */
  maxBytes: number;
  ttlMs: number;
  missTtlMs: number;
  /** How long a disabled link is kept: `enable` by the admin tool on SQLite is not published. */
  disabledTtlMs?: number;
  /** Unknown aliases remembered at most (the oldest go first). */
  maxMisses?: number;
  now?: () => number;
}

export interface LinkCacheStats {
  /** Links and remembered unknown aliases. */
  entries: number;
  /** Arena bytes holding records, live or superseded, until their segment is recycled. */
  bytesUsed: number;
  maxBytes: number;
}

export interface LinkCache {
  /** A target, UNKNOWN_ALIAS for a cached miss, `undefined` when the cache does not know. */
  get(alias: string): CachedLink | UnknownAlias | undefined;
  /** A target even if its time is up: the last resort when the store cannot be reached. */
  getStale(alias: string): CachedLink | undefined;
  /**
   * Caches the store's answer (`undefined`: no such alias). `readAt` is `epoch()` taken before
   * the store was asked: if the alias was forgotten since, the answer may predate a deletion
   * and is not kept.
   */
  set(alias: string, target: CachedLink | undefined, readAt?: number): void;
  /** Like set, for warming the cache: never replaces an entry, never evicts; false when full. */
  add(alias: string, target: CachedLink, readAt?: number): boolean;
  delete(alias: string): void;
  clear(): void;
  /** A counter that moves on every delete and clear (see set's `readAt`). */
  epoch(): number;
  /** Whether `alias` was deleted (or the cache cleared) since `epoch()` read `readAt`. */
  forgottenSince(alias: string, readAt: number): boolean;
  stats(): LinkCacheStats;
}

const SEGMENTS = 16;
/** Hits in this many of the next segments to be recycled are copied to the head. */
const PROMOTE_WINDOW = SEGMENTS / 4;
const MIN_TABLE = 1 << 12;
// Record layout: flags u8 (DISABLED, UTF8_URL, HAS_OPTIONS), alias length u8, URL length u16, id u32, expiry u32, alias, URL.
const HEADER = 12;
const DISABLED = 2;
const UTF8_URL = 4;
const HAS_OPTIONS = 8;
/** Expiry times are kept in ticks of 100 ms since the cache was made (u32: 13 years). */
const TICK_MS = 100;
/** Deletions remembered for set's `readAt` check; a read older than that is not cached. */
const RECENT_FORGETS = 4096;
/**
 * Unknown aliases remembered by default: more than a flood of random aliases can bring within
 * the miss TTL at the rates one process serves, and a few MB of heap at most.
 */
const DEFAULT_MAX_MISSES = 50_000;

export function createLinkCache(options: LinkCacheOptions): LinkCache {
  const now = options.now ?? Date.now;
  // A month of slack before the first tick: an injected clock may move back (tests do), and a
  // tick below zero would not fit the record.
  const base = now() - 30 * 24 * 3600 * 1000;
  const ticks = (ms: number) => Math.max(1, Math.ceil(ms / TICK_MS));
  const ttl = ticks(options.ttlMs);
  const missTtl = ticks(options.missTtlMs);
  const disabledTtl = ticks(Math.min(options.ttlMs, options.disabledTtlMs ?? 5_000));
  const tick = () => Math.min(0xffffffff, Math.max(0, Math.floor((now() - base) / TICK_MS)));

  const segmentBytes = Math.max(1024, Math.floor(options.maxBytes / SEGMENTS));
  // Pages of the arena are touched (and count as memory) only as records are written.
  const arena = Buffer.allocUnsafeSlow(segmentBytes * SEGMENTS);
  const segmentUsed = new Uint32Array(SEGMENTS);
  let head = 0;

  // Hash table: slot → record offset + 1 (0: empty), and the alias's hash to skip most compares.
  let slots = new Uint32Array(MIN_TABLE);
  let hashes = new Uint32Array(MIN_TABLE);
  let mask = MIN_TABLE - 1;
  let count = 0;

  let epochCounter = 0;
  const recentForgets = new Map<string, number>();

  // Unknown aliases → expiry tick, oldest first (a Map keeps insertion order). Every entry has
  // the same lifetime and is moved to the end when set again, so the order is also expiry order.
  const misses = new Map<string, number>();
  const maxMisses = Math.max(1, options.maxMisses ?? DEFAULT_MAX_MISSES);
  function rememberMiss(alias: string): void {
    const now = tick();
    misses.delete(alias);
    // The alias came cut from the request's URL: kept as it came, it would hold the whole URL.
    misses.set(detachedString(alias), now + missTtl);
    // The expired ones go first, so the map holds the last missTtl of misses, not a flood's
    // worth long after it ended; then the bound.
    for (const [oldest, expiry] of misses) {
      if (expiry >= now && misses.size <= maxMisses) break;
      misses.delete(oldest);
    }
  }
  function isRememberedMiss(alias: string): boolean {
    const expiry = misses.get(alias);
    if (expiry === undefined) return false;
    if (expiry >= tick()) return true;
    misses.delete(alias);
    return false;
  }

  function hashOf(alias: string): number {
    // FNV-1a over the alias's (ASCII) characters; the same over the record's bytes.
    let h = 0x811c9dc5;
    for (let i = 0; i < alias.length; i++) h = Math.imul(h ^ alias.charCodeAt(i), 0x01000193);
    return h >>> 0;
  }

  function hashOfRecord(offset: number): number {
    let h = 0x811c9dc5;
    const end = offset + HEADER + (arena[offset + 1] ?? 0);
    for (let i = offset + HEADER; i < end; i++) h = Math.imul(h ^ (arena[i] ?? 0), 0x01000193);
    return h >>> 0;
  }

  function aliasMatches(offset: number, alias: string): boolean {
    if (arena[offset + 1] !== alias.length) return false;
    const start = offset + HEADER;
    for (let i = 0; i < alias.length; i++) if (arena[start + i] !== alias.charCodeAt(i)) return false;
    return true;
  }

  /** The slot holding `alias`, or -1. */
  function find(alias: string, hash: number): number {
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      const slot = (slots[i] ?? 0);
      if (slot === 0) return -1;
      if (hashes[i] === hash && aliasMatches(slot - 1, alias)) return i;
    }
  }

  function insertSlot(hash: number, offset: number): void {
    let i = hash & mask;
    while (slots[i] !== 0) i = (i + 1) & mask;
    slots[i] = offset + 1;
    hashes[i] = hash;
    count++;
    if (count * 2 > slots.length) resize(slots.length * 2);
  }

  function resize(size: number): void {
    const oldSlots = slots;
    const oldHashes = hashes;
    slots = new Uint32Array(size);
    hashes = new Uint32Array(size);
    mask = size - 1;
    for (let j = 0; j < oldSlots.length; j++) {
      if (oldSlots[j] === 0) continue;
      let i = (oldHashes[j] ?? 0) & mask;
      while (slots[i] !== 0) i = (i + 1) & mask;
      slots[i] = (oldSlots[j] ?? 0);
      hashes[i] = (oldHashes[j] ?? 0);
    }
  }

  /** Empties slot i, shifting back the entries after it (linear probing has no tombstones). */
  function removeSlot(i: number): void {
    let hole = i;
    for (let j = (i + 1) & mask; slots[j] !== 0; j = (j + 1) & mask) {
      const home = (hashes[j] ?? 0) & mask;
      // The entry at j may move into the hole only if its home is not cyclically in (hole, j].
      const stays = hole <= j ? hole < home && home <= j : hole < home || home <= j;
      if (stays) continue;
      slots[hole] = (slots[j] ?? 0);
      hashes[hole] = (hashes[j] ?? 0);
      hole = j;
    }
    slots[hole] = 0;
    hashes[hole] = 0;
    count--;
  }

  function recordLength(offset: number): number {
    return HEADER + (arena[offset + 1] ?? 0) + ((arena[offset + 2] ?? 0) | ((arena[offset + 3] ?? 0) << 8));
  }

  /** Drops a segment's records from the hash table (those not since replaced or deleted). */
  function recycle(segment: number): void {
    const start = segment * segmentBytes;
    const end = start + (segmentUsed[segment] ?? 0);
    for (let offset = start; offset < end; offset += recordLength(offset)) {
      const hash = hashOfRecord(offset);
      for (let i = hash & mask; slots[i] !== 0; i = (i + 1) & mask) {
        if (slots[i] === offset + 1) {
          removeSlot(i);
          break;
        }
      }
    }
    segmentUsed[segment] = 0;
  }

  /** Room for `length` bytes at the head, recycling the oldest segment when needed. */
  function allocate(length: number): number {
    if ((segmentUsed[head] ?? 0) + length > segmentBytes) {
      head = (head + 1) % SEGMENTS;
      if (segmentUsed[head] !== 0) recycle(head);
    }
    const offset = head * segmentBytes + (segmentUsed[head] ?? 0);
    segmentUsed[head] = (segmentUsed[head] ?? 0) + length;
    return offset;
  }

  /** Whether `length` more bytes fit without recycling a segment. */
  function hasRoom(length: number): boolean {
    if ((segmentUsed[head] ?? 0) + length <= segmentBytes) return true;
    return segmentUsed[(head + 1) % SEGMENTS] === 0;
  }

  /** The record's size, or 0 when the link cannot be cached (it is then read from the store). */
  function recordSize(alias: string, target: CachedLink): number {
    if (alias.length === 0 || alias.length > 255 || !isAscii(alias)) return 0;
    if (!(Number.isInteger(target.id) && target.id >= 0 && target.id <= 0xffffffff)) return 0;
    const urlLength = Buffer.byteLength(target.url);
    const length = HEADER + alias.length + urlLength;
    return urlLength > 0xffff || length > segmentBytes ? 0 : length;
  }

  function write(alias: string, hash: number, target: CachedLink, length: number, expiry: number): void {
    const url = target.url;
    const urlLength = length - HEADER - alias.length;
    const ascii = urlLength === url.length;
    const offset = allocate(length);
    arena[offset] = (target.disabled ? DISABLED : 0) | (ascii ? 0 : UTF8_URL) | (target.hasOptions ? HAS_OPTIONS : 0);
    arena[offset + 1] = alias.length;
    arena.writeUInt16LE(urlLength, offset + 2);
    arena.writeUInt32LE(target.id, offset + 4);
    arena.writeUInt32LE(Math.min(expiry, 0xffffffff), offset + 8);
    arena.write(alias, offset + HEADER, 'latin1');
    if (urlLength > 0) arena.write(url, offset + HEADER + alias.length, ascii ? 'latin1' : 'utf8');
    // Recycling inside allocate may have moved slots: look the alias up only now.
    const existing = find(alias, hash);
    if (existing === -1) insertSlot(hash, offset);
    else slots[existing] = offset + 1;
  }

  function decode(offset: number): CachedLink {
    const flags = (arena[offset] ?? 0);
    const start = offset + HEADER + (arena[offset + 1] ?? 0);
    const end = start + ((arena[offset + 2] ?? 0) | ((arena[offset + 3] ?? 0) << 8));
    const url = (flags & UTF8_URL) !== 0 ? arena.toString('utf8', start, end) : arena.toString('latin1', start, end);
    return { id: arena.readUInt32LE(offset + 4), url, disabled: (flags & DISABLED) !== 0, hasOptions: (flags & HAS_OPTIONS) !== 0 };
  }

  /** A hit on a record about to be recycled: copy it to the head so it stays. */
  function promote(slot: number, offset: number): number {
    const segment = Math.floor(offset / segmentBytes);
    if ((segment - head - 1 + SEGMENTS) % SEGMENTS >= PROMOTE_WINDOW) return offset;
    const record = Buffer.from(arena.subarray(offset, offset + recordLength(offset)));
    const hash = (hashes[slot] ?? 0);
    const moved = allocate(record.length);
    record.copy(arena, moved);
    const current = find(alias(moved), hash);
    if (current === -1) insertSlot(hash, moved);
    else slots[current] = moved + 1;
    return moved;
  }

  function alias(offset: number): string {
    return arena.toString('latin1', offset + HEADER, offset + HEADER + (arena[offset + 1] ?? 0));
  }

  function expiryFor(target: CachedLink): number {
    return tick() + (target.disabled ? disabledTtl : ttl);
  }

  function wasForgottenSince(alias: string, readAt: number | undefined): boolean {
    if (readAt === undefined || readAt === epochCounter) return false;
    if (epochCounter - readAt >= RECENT_FORGETS) return true;
    return (recentForgets.get(alias) ?? -1) > readAt;
  }

  return {
    get(alias) {
      const slot = find(alias, hashOf(alias));
      if (slot === -1) return isRememberedMiss(alias) ? UNKNOWN_ALIAS : undefined;
      let offset = (slots[slot] ?? 0) - 1;
      if (arena.readUInt32LE(offset + 8) < tick()) return undefined;
      // Only once the ring has come round (the next segment holds records) is anything recycled.
      if (segmentUsed[(head + 1) % SEGMENTS] !== 0) offset = promote(slot, offset);
      return decode(offset);
    },
    getStale(alias) {
      const slot = find(alias, hashOf(alias));
      return slot === -1 ? undefined : decode((slots[slot] ?? 0) - 1);
    },
    set(alias, target, readAt) {
      if (wasForgottenSince(alias, readAt)) return;
      const hash = hashOf(alias);
      if (target !== undefined) {
        misses.delete(alias);
        const length = recordSize(alias, target);
        if (length > 0) return write(alias, hash, target, length, expiryFor(target));
      } else {
        rememberMiss(alias);
      }
      // A miss, or a link too large to cache: make sure no older answer stays.
      const slot = find(alias, hash);
      if (slot !== -1) removeSlot(slot);
    },
    add(alias, target, readAt) {
      const length = recordSize(alias, target);
      if (length === 0 || wasForgottenSince(alias, readAt)) return true;
      if (!hasRoom(length)) return false;
      const hash = hashOf(alias);
      if (find(alias, hash) === -1) write(alias, hash, target, length, expiryFor(target));
      return true;
    },
    delete(alias) {
      epochCounter++;
      recentForgets.delete(alias);
      recentForgets.set(detachedString(alias), epochCounter);
      if (recentForgets.size > RECENT_FORGETS) {
        const oldest = recentForgets.keys().next();
        if (oldest.done !== true) recentForgets.delete(oldest.value);
      }
      misses.delete(alias);
      const slot = find(alias, hashOf(alias));
      if (slot !== -1) removeSlot(slot);
    },
    clear() {
      // Every read in flight predates the clear: none of them may be cached.
      epochCounter += RECENT_FORGETS;
      recentForgets.clear();
      misses.clear();
      slots = new Uint32Array(MIN_TABLE);
      hashes = new Uint32Array(MIN_TABLE);
      mask = MIN_TABLE - 1;
      count = 0;
      segmentUsed.fill(0);
      head = 0;
    },
    epoch: () => epochCounter,
    forgottenSince: wasForgottenSince,
    stats() {
      let bytesUsed = 0;
      for (const used of segmentUsed) bytesUsed += used;
      return { entries: count + misses.size, bytesUsed, maxBytes: segmentBytes * SEGMENTS };
    },
  };
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}
