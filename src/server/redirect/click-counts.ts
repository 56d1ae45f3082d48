// The click buffer's table: (day, link id) → clicks, in typed arrays (open addressing, linear
// probing), reused from flush to flush, so a click allocates nothing. It replaced a `Map` per
// day which, growing to 50,000 entries between flushes, left megabytes of old-generation
// garbage per flush (V8 reallocates a Map's backing store at each doubling): under the
// redirect benchmark V8 ran regular full mark-compacts whose pauses showed in the redirect's
// p99. The figures, before and after, are in docs/performance.md ("The click buffer").
import type { ClickBatch } from '../stats/click-batch.js';

export interface ClickCounts {
  /** Adds clicks to (day, link); false when that needs a new entry and maxEntries are held. */
  add(day: string, linkId: number, clicks: number): boolean;
  /** Distinct (day, link) entries held. */
  entries(): number;
  /** Everything counted, packed for the writer (the table is empty afterwards). */
  take(): ClickBatch;
}

/** Slots at start: twice the 50,000 entries a flush of the default size holds, rounded up. */
const INITIAL_SLOTS = 1 << 17;

export function createClickCounts(maxEntries: number, initialSlots = INITIAL_SLOTS): ClickCounts {
  let slots = 1 << Math.ceil(Math.log2(Math.max(16, initialSlots)));
  let mask = slots - 1;
  // Link id 0 marks an empty slot: ids start at 1 on both dialects.
  let linkIds = new Float64Array(slots);
  let dayIndexes = new Uint16Array(slots);
  let counts = new Float64Array(slots);
  let days: string[] = [];
  let lastDay = '';
  let lastDayIndex = -1;
  let entries = 0;

  function indexOfDay(day: string): number {
    if (day === lastDay) return lastDayIndex;
    let index = days.indexOf(day);
    if (index === -1) index = days.push(day) - 1;
    lastDay = day;
    lastDayIndex = index;
    return index;
  }

  /** The slot holding (linkId, day), or the empty slot where it belongs. */
  function slotOf(linkId: number, day: number): number {
    // Both 32-bit halves of the id (ids may pass 2^32), mixed with the day.
    let hash = Math.imul((linkId >>> 0) ^ Math.imul(Math.floor(linkId / 4294967296), 0x27d4eb2d) ^ Math.imul(day + 1, 0x165667b1), 0x9e3779b1);
    hash ^= hash >>> 15;
    let slot = hash & mask;
    while (linkIds[slot] !== 0 && (linkIds[slot] !== linkId || dayIndexes[slot] !== day)) slot = (slot + 1) & mask;
    return slot;
  }

  /** Doubles the table (only while writes fail and entries pile up past a flush's worth). */
  function grow(): void {
    const old = { linkIds, dayIndexes, counts };
    slots *= 2;
    mask = slots - 1;
    linkIds = new Float64Array(slots);
    dayIndexes = new Uint16Array(slots);
    counts = new Float64Array(slots);
    for (let i = 0; i < old.linkIds.length; i++) {
      const linkId = old.linkIds[i] ?? 0;
      if (linkId === 0) continue;
      const day = old.dayIndexes[i] ?? 0;
      const slot = slotOf(linkId, day);
      linkIds[slot] = linkId;
      dayIndexes[slot] = day;
      counts[slot] = old.counts[i] ?? 0;
    }
  }

  return {
    add(day, linkId, clicks) {
      if (!(linkId >= 1) || !Number.isSafeInteger(linkId)) return false;
      const dayIndex = indexOfDay(day);
      let slot = slotOf(linkId, dayIndex);
      if (linkIds[slot] === 0) {
        if (entries >= maxEntries) return false;
        // At most half full, so that probes stay short.
        if ((entries + 1) * 2 > slots) {
          grow();
          slot = slotOf(linkId, dayIndex);
        }
        linkIds[slot] = linkId;
        dayIndexes[slot] = dayIndex;
        entries++;
      }
      counts[slot] = (counts[slot] ?? 0) + clicks;
      return true;
    },
    entries: () => entries,
    take() {
      const packed: ClickBatch = { days, dayIndex: new Uint16Array(entries), linkIds: new Float64Array(entries), clicks: new Float64Array(entries) };
      let k = 0;
      for (let slot = 0; slot < slots && k < entries; slot++) {
        const linkId = linkIds[slot] ?? 0;
        if (linkId === 0) continue;
        packed.dayIndex[k] = dayIndexes[slot] ?? 0;
        packed.linkIds[k] = linkId;
        packed.clicks[k] = counts[slot] ?? 0;
        k++;
      }
      linkIds.fill(0);
      counts.fill(0);
      days = [];
      lastDay = '';
      lastDayIndex = -1;
      entries = 0;
      return packed;
    },
  };
}
