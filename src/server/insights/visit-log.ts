// What the redirect keeps of each counted click for its breakdowns, until the next flush: the
// link, the day and hour, the user agent's profile, the source, and the client address packed
// into numbers (packed-address.ts). Typed arrays reused from flush to flush, plus two small
// tables (profiles and sources seen since the last flush), so a click allocates nothing that
// lives past its request. The address is resolved to a country and region later, by the click
// writer (off the request), and is never stored.
import { type PackedAddress, packAddress } from './packed-address.js';
import type { UserAgentProfile } from './user-agent-profile.js';

/** One flush of visits, as the click writer takes it (typed arrays and string tables: cheap to copy to a worker). */
export interface VisitBatch {
  days: string[];
  dayIndex: Uint16Array<ArrayBuffer>;
  linkIds: Float64Array<ArrayBuffer>;
  hours: Uint8Array<ArrayBuffer>;
  /** Index into `profiles`. */
  profileIndex: Uint16Array<ArrayBuffer>;
  /** [device, system, browser] per profile. */
  profiles: [string, string, string][];
  /** Index into `sources`. */
  sourceIndex: Uint16Array<ArrayBuffer>;
  sources: string[];
  /** packed-address.ts: family, hi, lo. */
  family: Uint8Array<ArrayBuffer>;
  addressHi: Uint32Array<ArrayBuffer>;
  addressLo: Uint32Array<ArrayBuffer>;
}

export interface VisitLog {
  /** Keeps one click's traits; false when the log is full (the click still counts, without breakdowns). */
  add(linkId: number, day: string, hour: number, profile: UserAgentProfile, source: string, address: string): boolean;
  size(): number;
  /** Everything kept, packed (the log is empty afterwards). */
  take(): VisitBatch;
}

// The tables index with 16 bits; past that many distinct profiles or sources in one flush,
// the rest share the last slot (OVERFLOW), which the writer counts as 'other'.
const TABLE_MAX = 65_535;
const OVERFLOW_PROFILE: [string, string, string] = ['other', 'other', 'other'];
const OVERFLOW_SOURCE = 'other';

export function createVisitLog(maxVisits: number, initialCapacity = 1 << 16): VisitLog {
  let capacity = Math.max(16, Math.min(initialCapacity, maxVisits));
  let linkIds = new Float64Array(capacity);
  let dayIndex = new Uint16Array(capacity);
  let hours = new Uint8Array(capacity);
  let profileIndex = new Uint16Array(capacity);
  let sourceIndex = new Uint16Array(capacity);
  let family = new Uint8Array(capacity);
  let addressHi = new Uint32Array(capacity);
  let addressLo = new Uint32Array(capacity);
  let count = 0;
  let days: string[] = [];
  let lastDay = '';
  let lastDayIndex = -1;
  let profiles = new Map<UserAgentProfile, number>();
  let profileList: [string, string, string][] = [];
  let sources = new Map<string, number>();
  let sourceList: string[] = [];
  const packed: PackedAddress = { family: 0, hi: 0, lo: 0 };

  function grow(): void {
    capacity = Math.min(maxVisits, capacity * 2);
    const copy = <T extends Float64Array<ArrayBuffer> | Uint16Array<ArrayBuffer> | Uint8Array<ArrayBuffer> | Uint32Array<ArrayBuffer>>(old: T, make: (n: number) => T): T => {
      const next = make(capacity);
      next.set(old);
      return next;
    };
    linkIds = copy(linkIds, (n) => new Float64Array(n));
    dayIndex = copy(dayIndex, (n) => new Uint16Array(n));
    hours = copy(hours, (n) => new Uint8Array(n));
    profileIndex = copy(profileIndex, (n) => new Uint16Array(n));
    sourceIndex = copy(sourceIndex, (n) => new Uint16Array(n));
    family = copy(family, (n) => new Uint8Array(n));
    addressHi = copy(addressHi, (n) => new Uint32Array(n));
    addressLo = copy(addressLo, (n) => new Uint32Array(n));
  }

  function indexOfProfile(profile: UserAgentProfile): number {
    let index = profiles.get(profile);
    if (index === undefined) {
      index = profileList.length < TABLE_MAX ? profileList.push([profile.device, profile.system, profile.browser]) - 1 : TABLE_MAX;
      if (index === TABLE_MAX && profileList.length === TABLE_MAX) profileList.push(OVERFLOW_PROFILE);
      profiles.set(profile, index);
    }
    return index;
  }

  function indexOfSource(source: string): number {
    let index = sources.get(source);
    if (index === undefined) {
      index = sourceList.length < TABLE_MAX ? sourceList.push(source) - 1 : TABLE_MAX;
      if (index === TABLE_MAX && sourceList.length === TABLE_MAX) sourceList.push(OVERFLOW_SOURCE);
      sources.set(source, index);
    }
    return index;
  }

  return {
    add(linkId, day, hour, profile, source, address) {
      if (count === capacity) {
        if (capacity >= maxVisits) return false;
        grow();
      }
      if (day !== lastDay) {
        let index = days.indexOf(day);
        if (index === -1) index = days.push(day) - 1;
        lastDay = day;
        lastDayIndex = index;
      }
      const i = count++;
      linkIds[i] = linkId;
      dayIndex[i] = lastDayIndex;
      hours[i] = hour;
      profileIndex[i] = indexOfProfile(profile);
      sourceIndex[i] = indexOfSource(source);
      packAddress(address, packed);
      family[i] = packed.family;
      addressHi[i] = packed.hi;
      addressLo[i] = packed.lo;
      return true;
    },
    size: () => count,
    take() {
      const batch: VisitBatch = {
        days,
        dayIndex: dayIndex.slice(0, count),
        linkIds: linkIds.slice(0, count),
        hours: hours.slice(0, count),
        profileIndex: profileIndex.slice(0, count),
        profiles: profileList,
        sourceIndex: sourceIndex.slice(0, count),
        sources: sourceList,
        family: family.slice(0, count),
        addressHi: addressHi.slice(0, count),
        addressLo: addressLo.slice(0, count),
      };
      count = 0;
      days = [];
      lastDay = '';
      lastDayIndex = -1;
      profiles = new Map();
      profileList = [];
      sources = new Map();
      sourceList = [];
      return batch;
    },
  };
}
