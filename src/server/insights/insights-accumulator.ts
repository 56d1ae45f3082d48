// The click writer's side of the breakdowns: visits (visit-log.ts) are resolved here, off the
// request (the address to a country and region, then dropped), and added up until the next
// insights write. Insights are written on a slower cadence than the click counts
// (INSIGHTS_FLUSH_INTERVAL_MS): a click on a link makes one counter row, but seven breakdown
// rows (one per dimension), and over a longer window many clicks of a link share those rows
// (docs/performance.md, "Click insights").
//
// Memory: a window holds up to a few hundred thousand (link, day) pairs when traffic is spread over many
// links. One Map of Maps per pair cost ~2 KB each (hundreds of MB); here a visit is reduced to
// a "combo" (hour, source, device, system, browser, country, region), interned once per
// window, and the window is a typed-array table (link, day, combo) → clicks: 16 bytes a slot, ~32 per
// distinct triple. The per-dimension counters of a (link, day) are built only while it is
// written (linkDaysOf), one pair at a time.
import { type InsightDimension, OTHER_VALUE, UNKNOWN_VALUE } from '../../shared/insights.js';
import type { GeoLocation, GeoLookup } from './geoip.js';
import { admitsNewValue, isReserved } from './insight-bound.js';
import { addInsight, type InsightCounts, namedCount, unreservedCount } from './insight-counts.js';
import { addressText, IPV4, IPV6 } from './packed-address.js';
import type { VisitBatch } from './visit-log.js';

export interface LinkDayInsights {
  linkId: number;
  day: string;
  counts: InsightCounts;
}

/** One stored counter. */
export interface InsightRow {
  linkId: number;
  day: string;
  dimension: InsightDimension;
  value: string;
  clicks: number;
}

/** A window's breakdowns, packed (what `take` hands the writer, and `restore` takes back). */
export interface InsightsBatch {
  days: string[];
  /** [hour, source, device, system, browser, country, region] per combo. */
  combos: string[][];
  linkIds: Float64Array;
  /** day index << 16 | combo index, per row. */
  tags: Uint32Array;
  /** Clicks per row: a window's count of one (link, day, combo) never nears 2^32 (saturates there). */
  clicks: Uint32Array;
}

export interface InsightsAccumulator {
  /** Resolves and adds a flush's visits; returns how many were dropped because the window is full. */
  add(visits: VisitBatch): number;
  /** Distinct (link, day, combo) counters held. */
  entries(): number;
  /** True once the window holds enough to be written before its interval ends. */
  wantsWrite(): boolean;
  /** Everything held, rows in (link, day) order; the accumulator is empty afterwards. */
  take(): InsightsBatch;
  /** Puts back what a failed write took. */
  restore(batch: InsightsBatch): void;
}

/** The combo's fields, in InsightsBatch.combos order. */
const COMBO_DIMENSIONS: readonly InsightDimension[] = ['hours', 'sources', 'devices', 'systems', 'browsers', 'countries', 'regions'];
const HOURS = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));
const UNKNOWN_PLACE: GeoLocation = Object.freeze({ country: UNKNOWN_VALUE, region: UNKNOWN_VALUE });
// Combo and day indexes share one 32-bit tag.
const MAX_COMBOS = 0xffff;
const MAX_DAYS = 0xffff;
const OVERFLOW_COMBO = ['00', OTHER_VALUE, OTHER_VALUE, OTHER_VALUE, OTHER_VALUE, UNKNOWN_VALUE, UNKNOWN_VALUE];

export function createInsightsAccumulator(geo: Pick<GeoLookup, 'locate'>, maxEntries: number): InsightsAccumulator {
  // Open addressing, linear probing, at most half full; link id 0 marks an empty slot.
  let slots = 1 << 12;
  let linkIds = new Float64Array(slots);
  let tags = new Uint32Array(slots);
  let clicks = new Uint32Array(slots);
  let entries = 0;
  let days: string[] = [];
  let combos: string[][] = [];
  let comboIndex = new Map<string, number>();
  // Addresses repeat: the place ids of the last 50,000 addresses, kept across windows (IPv4 by
  // number, IPv6 networks by text). Places are few (countries × regions): numbered for good.
  const placeOfAddress = new Map<number | string, number>();
  const placeIds = new Map<string, number>();
  const placeList: GeoLocation[] = [];

  function slotOf(linkId: number, tag: number): number {
    let hash = Math.imul((linkId >>> 0) ^ Math.imul(Math.floor(linkId / 4294967296), 0x27d4eb2d) ^ Math.imul(tag + 1, 0x165667b1), 0x9e3779b1);
    hash ^= hash >>> 15;
    const mask = slots - 1;
    let slot = hash & mask;
    while (linkIds[slot] !== 0 && (linkIds[slot] !== linkId || tags[slot] !== tag)) slot = (slot + 1) & mask;
    return slot;
  }

  function grow(): void {
    const old = { linkIds, tags, clicks };
    slots *= 2;
    linkIds = new Float64Array(slots);
    tags = new Uint32Array(slots);
    clicks = new Uint32Array(slots);
    for (let i = 0; i < old.linkIds.length; i++) {
      const linkId = old.linkIds[i] ?? 0;
      if (linkId === 0) continue;
      const slot = slotOf(linkId, old.tags[i] ?? 0);
      linkIds[slot] = linkId;
      tags[slot] = old.tags[i] ?? 0;
      clicks[slot] = old.clicks[i] ?? 0;
    }
  }

  /** Adds to (link, tag); false when that needs a new entry and the window is full. */
  function addTo(linkId: number, tag: number, n: number): boolean {
    let slot = slotOf(linkId, tag);
    if (linkIds[slot] === 0) {
      if (entries >= maxEntries) return false;
      if ((entries + 1) * 2 > slots) {
        grow();
        slot = slotOf(linkId, tag);
      }
      linkIds[slot] = linkId;
      tags[slot] = tag;
      entries++;
    }
    clicks[slot] = Math.min(0xffffffff, (clicks[slot] ?? 0) + n);
    return true;
  }

  function dayIndexOf(day: string): number {
    let index = days.indexOf(day);
    if (index === -1) index = days.length < MAX_DAYS ? days.push(day) - 1 : MAX_DAYS - 1;
    return index;
  }

  function comboOf(fields: string[]): number {
    const key = fields.join('\u0000');
    let index = comboIndex.get(key);
    if (index === undefined) {
      if (combos.length < MAX_COMBOS - 1) index = combos.push(fields) - 1;
      else {
        index = MAX_COMBOS - 1;
        combos[index] ??= OVERFLOW_COMBO;
      }
      comboIndex.set(key, index);
    }
    return index;
  }

  function placeIdOf(place: GeoLocation): number {
    const key = `${place.country}|${place.region}`;
    let id = placeIds.get(key);
    if (id === undefined) {
      id = placeList.length < 0xffff ? placeList.push(place) - 1 : 0;
      placeIds.set(key, id);
    }
    return id;
  }
  const unknownPlace = placeIdOf(UNKNOWN_PLACE);

  function placeOf(family: number, hi: number, lo: number): number {
    if (family !== IPV4 && family !== IPV6) return unknownPlace;
    const key = family === IPV4 ? hi : addressText(family, hi, lo);
    let id = placeOfAddress.get(key);
    if (id === undefined) {
      id = placeIdOf(geo.locate(addressText(family, hi, lo)));
      if (placeOfAddress.size >= 50_000) placeOfAddress.clear();
      placeOfAddress.set(key, id);
    }
    return id;
  }

  return {
    add(visits) {
      let dropped = 0;
      const dayIndexes = visits.days.map(dayIndexOf);
      // Visits of one flush share few (profile, source, hour, place) combos: each is named
      // (comboOf, a string key) once per flush, found by a number after that.
      const combosOfBatch = new Map<number, number>();
      for (let i = 0; i < visits.linkIds.length; i++) {
        const profileIndex = visits.profileIndex[i] ?? 0;
        const sourceIndex = visits.sourceIndex[i] ?? 0;
        const hour = visits.hours[i] ?? 0;
        const placeId = placeOf(visits.family[i] ?? 0, visits.addressHi[i] ?? 0, visits.addressLo[i] ?? 0);
        // 16 + 16 + 5 + 16 bits: exact in a double.
        const local = ((profileIndex * 65536 + sourceIndex) * 32 + hour) * 65536 + placeId;
        let combo = combosOfBatch.get(local);
        if (combo === undefined) {
          const profile = visits.profiles[profileIndex];
          const place = placeList[placeId] ?? UNKNOWN_PLACE;
          combo = comboOf([
            HOURS[hour] ?? '00',
            visits.sources[sourceIndex] ?? OTHER_VALUE,
            profile?.[0] ?? OTHER_VALUE,
            profile?.[1] ?? OTHER_VALUE,
            profile?.[2] ?? OTHER_VALUE,
            place.country,
            place.region,
          ]);
          combosOfBatch.set(local, combo);
        }
        const tag = (dayIndexes[visits.dayIndex[i] ?? 0] ?? 0) * 65536 + combo;
        if (!addTo(visits.linkIds[i] ?? 0, tag, 1)) dropped++;
      }
      return dropped;
    },
    entries: () => entries,
    wantsWrite: () => entries * 5 >= maxEntries * 2,
    take() {
      // Slots in use, in (link, day) order: as the click counters are written (B-tree locality,
      // and no deadlock between writers). A typed array: a window's order costs 4 bytes a row.
      const order = new Uint32Array(entries);
      let n = 0;
      for (let slot = 0; slot < slots; slot++) if (linkIds[slot] !== 0) order[n++] = slot;
      const dayRank = new Uint32Array(days.length);
      [...days.keys()].sort((a, b) => ((days[a] ?? '') < (days[b] ?? '') ? -1 : 1)).forEach((index, rank) => (dayRank[index] = rank));
      const rankOf = (slot: number) => dayRank[Math.floor((tags[slot] ?? 0) / 65536)] ?? 0;
      order.sort((a, b) => (linkIds[a] ?? 0) - (linkIds[b] ?? 0) || rankOf(a) - rankOf(b));
      const batch: InsightsBatch = {
        days,
        combos,
        linkIds: Float64Array.from(order, (slot) => linkIds[slot] ?? 0),
        tags: Uint32Array.from(order, (slot) => tags[slot] ?? 0),
        clicks: Uint32Array.from(order, (slot) => clicks[slot] ?? 0),
      };
      linkIds.fill(0);
      clicks.fill(0);
      entries = 0;
      days = [];
      combos = [];
      comboIndex = new Map();
      return batch;
    },
    restore(batch) {
      const dayIndexes = batch.days.map(dayIndexOf);
      const comboIndexes = batch.combos.map(comboOf);
      for (let i = 0; i < batch.linkIds.length; i++) {
        const tag = batch.tags[i] ?? 0;
        const newTag = (dayIndexes[Math.floor(tag / 65536)] ?? 0) * 65536 + (comboIndexes[tag & 0xffff] ?? 0);
        // Past maxEntries the rest of a failed write gives way (the clicks themselves are counted elsewhere).
        addTo(batch.linkIds[i] ?? 0, newTag, batch.clicks[i] ?? 0);
      }
    },
  };
}

/**
 * The batch cut into consecutive parts of about `maxRows` counters, never splitting a (link, day):
 * each part is written in a transaction of its own, so a large window is not one long burst.
 */
export function* slicesOf(batch: InsightsBatch, maxRows: number): Generator<InsightsBatch> {
  const rows = batch.linkIds.length;
  let start = 0;
  while (start < rows) {
    let end = Math.min(rows, start + Math.max(1, maxRows));
    const sameLinkDay = (a: number, b: number) => batch.linkIds[a] === batch.linkIds[b] && Math.floor((batch.tags[a] ?? 0) / 65536) === Math.floor((batch.tags[b] ?? 0) / 65536);
    while (end < rows && sameLinkDay(end - 1, end)) end++;
    yield { days: batch.days, combos: batch.combos, linkIds: batch.linkIds.subarray(start, end), tags: batch.tags.subarray(start, end), clicks: batch.clicks.subarray(start, end) };
    start = end;
  }
}

/**
 * Each (link, day)'s counters, in the batch's (link, day) order; the counters are built for that
 * pair alone, when asked for (bounded as addInsight bounds them), larger combos first.
 */
export function* linkDaysOf(batch: InsightsBatch): Generator<LinkDayInsights> {
  let start = 0;
  while (start < batch.linkIds.length) {
    const linkId = batch.linkIds[start] ?? 0;
    const dayIndex = Math.floor((batch.tags[start] ?? 0) / 65536);
    let end = start + 1;
    while (end < batch.linkIds.length && batch.linkIds[end] === linkId && Math.floor((batch.tags[end] ?? 0) / 65536) === dayIndex) end++;
    const rows: number[] = [];
    for (let i = start; i < end; i++) rows.push(i);
    rows.sort((a, b) => (batch.clicks[b] ?? 0) - (batch.clicks[a] ?? 0));
    const counts: InsightCounts = new Map();
    for (const i of rows) {
      const combo = batch.combos[(batch.tags[i] ?? 0) & 0xffff] ?? OVERFLOW_COMBO;
      const n = batch.clicks[i] ?? 0;
      COMBO_DIMENSIONS.forEach((dimension, d) => addInsight(counts, dimension, combo[d] ?? OTHER_VALUE, n));
    }
    yield { linkId, day: batch.days[dayIndex] ?? '', counts };
    start = end;
  }
}

/**
 * The rows to store for one (link, day), given the values already stored per dimension: a value
 * new to a dimension that has no name left for it (insight-bound.ts) is counted as OTHER_VALUE.
 * Larger counts are placed first, so it is the rare values that go to OTHER.
 */
export function rowsToStore(entry: LinkDayInsights, stored: ReadonlyMap<string, ReadonlySet<string>>): InsightRow[] {
  const rows: InsightRow[] = [];
  for (const [dimension, values] of entry.counts) {
    const known = stored.get(dimension);
    let named = known === undefined ? 0 : namedCount(known);
    let unreserved = known === undefined ? 0 : unreservedCount(dimension, known);
    let other = 0;
    for (const [value, n] of [...values].sort((a, b) => b[1] - a[1])) {
      if (value === OTHER_VALUE) other += n;
      else if (known?.has(value) === true) rows.push({ linkId: entry.linkId, day: entry.day, dimension, value, clicks: n });
      else if (admitsNewValue(dimension, value, named, unreserved)) {
        named++;
        if (!isReserved(dimension, value)) unreserved++;
        rows.push({ linkId: entry.linkId, day: entry.day, dimension, value, clicks: n });
      } else other += n;
    }
    if (other > 0) rows.push({ linkId: entry.linkId, day: entry.day, dimension, value: OTHER_VALUE, clicks: other });
  }
  return rows;
}

/** Stored (dimension, value) pairs of one (link, day), grouped by dimension, for rowsToStore. */
export function groupStored(pairs: readonly { dimension: string; value: string }[]): Map<string, Set<string>> {
  const stored = new Map<string, Set<string>>();
  for (const { dimension, value } of pairs) {
    let values = stored.get(dimension);
    if (values === undefined) stored.set(dimension, (values = new Set()));
    values.add(value);
  }
  return stored;
}
