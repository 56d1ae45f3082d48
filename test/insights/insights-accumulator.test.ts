// The writer's window of breakdowns: visits in, per-(link, day) counters out, every dimension
// adding up to the visits, the cardinality bound, and nothing lost by a failed write.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createInsightsAccumulator, type InsightsBatch, linkDaysOf, rowsToStore } from '../../src/server/insights/insights-accumulator.js';
import { unreservedBound } from '../../src/server/insights/insight-bound.js';
import { addInsight, dimensionTotal, type InsightCounts } from '../../src/server/insights/insight-counts.js';
import { createVisitLog } from '../../src/server/insights/visit-log.js';
import type { UserAgentProfile } from '../../src/server/insights/user-agent-profile.js';
import { INSIGHT_DIMENSIONS, KNOWN_SOURCES, MAX_NAMED_VALUES, OTHER_VALUE } from '../../src/shared/insights.js';

const phone: UserAgentProfile = { device: 'mobile', system: 'android', browser: 'chrome', app: undefined };
const desk: UserAgentProfile = { device: 'desktop', system: 'windows', browser: 'edge', app: undefined };
// A stand-in for the GeoIP files (their own tests use the real ones): by first octet.
const geo = { locate: (ip: string) => (ip.startsWith('200.') ? { country: 'BR', region: 'BR-SP' } : { country: 'US', region: 'unknown' }) };

function totals(batch: InsightsBatch): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const entry of linkDaysOf(batch)) {
    for (const dimension of INSIGHT_DIMENSIONS) {
      const key = `${entry.linkId}|${entry.day}`;
      const perLink = out.get(key) ?? new Map<string, number>();
      perLink.set(dimension, (perLink.get(dimension) ?? 0) + dimensionTotal(entry.counts, dimension));
      out.set(key, perLink);
    }
  }
  return out;
}

describe('insights accumulator', () => {
  it('every dimension of every (link, day) adds up to its visits (property)', () => {
    const visit = fc.record({
      link: fc.integer({ min: 1, max: 20 }),
      day: fc.constantFrom('2026-11-22', '2026-11-23'),
      hour: fc.integer({ min: 0, max: 23 }),
      phone: fc.boolean(),
      source: fc.constantFrom('direct', 'instagram', 'whatsapp', 'x'),
      address: fc.constantFrom('200.147.35.149', '8.8.8.8', '2804:14c::1', 'nonsense'),
    });
    fc.assert(fc.property(fc.array(visit, { maxLength: 300 }), fc.integer({ min: 1, max: 4 }), (visits, flushes) => {
      const accumulator = createInsightsAccumulator(geo, 1_000_000);
      const log = createVisitLog(1_000);
      visits.forEach((v, i) => {
        log.add(v.link, v.day, v.hour, v.phone ? phone : desk, v.source, v.address);
        if ((i + 1) % Math.ceil(visits.length / flushes) === 0) accumulator.add(log.take());
      });
      accumulator.add(log.take());
      const expected = new Map<string, number>();
      for (const v of visits) expected.set(`${v.link}|${v.day}`, (expected.get(`${v.link}|${v.day}`) ?? 0) + 1);
      const got = totals(accumulator.take());
      expect([...got.keys()].sort()).toEqual([...expected.keys()].sort());
      for (const [key, perDimension] of got) for (const n of perDimension.values()) expect(n).toBe(expected.get(key));
    }));
  });

  it('a failed write put back loses nothing and merges with what came meanwhile', () => {
    const accumulator = createInsightsAccumulator(geo, 1_000);
    const log = createVisitLog(100);
    for (let i = 0; i < 10; i++) log.add(1, '2026-11-23', 10, phone, `s${i % 3}`, '200.1.1.1');
    accumulator.add(log.take());
    const taken = accumulator.take();
    log.add(1, '2026-11-23', 11, desk, 's9', '8.8.8.8');
    accumulator.add(log.take());
    accumulator.restore(taken);
    expect(totals(accumulator.take()).get('1|2026-11-23')?.get('sources')).toBe(11);
  });

  it(`bounds each dimension to ${MAX_NAMED_VALUES} named values and "${OTHER_VALUE}", and asks to be written before it is full`, () => {
    const accumulator = createInsightsAccumulator(geo, 60);
    const log = createVisitLog(1_000);
    for (let i = 0; i < 80; i++) log.add(1, '2026-11-23', 10, phone, `campanha-${i}`, '200.1.1.1');
    // 80 distinct combos, 60 counters at most: 20 visits dropped, and said.
    expect(accumulator.add(log.take())).toBe(20);
    expect(accumulator.wantsWrite()).toBe(true);
    const [entry] = [...linkDaysOf(accumulator.take())];
    const sources = entry?.counts.get('sources');
    // Made-up tags take only the names the known sources leave.
    expect(sources?.size).toBe(unreservedBound('sources') + 1);
    expect(sources?.get(OTHER_VALUE)).toBe(60 - unreservedBound('sources'));
  });

  it('keeps every known source by name after a flood of made-up tags, within the bound', () => {
    const accumulator = createInsightsAccumulator(geo, 10_000);
    const log = createVisitLog(1_000);
    // Made-up tags first (two clicks each, so they also outweigh what comes later), then the known sources once each.
    for (let i = 0; i < 80; i++) for (let k = 0; k < 2; k++) log.add(1, '2026-11-23', 10, phone, `campanha-${i}`, '200.1.1.1');
    for (const source of KNOWN_SOURCES) log.add(1, '2026-11-23', 11, phone, source, '200.1.1.1');
    accumulator.add(log.take());
    const [entry] = [...linkDaysOf(accumulator.take())];
    const sources = entry?.counts.get('sources') ?? new Map<string, number>();
    for (const source of KNOWN_SOURCES) expect(sources.get(source), source).toBe(1);
    const named = [...sources.keys()].filter((key) => key !== OTHER_VALUE);
    expect(named).toHaveLength(MAX_NAMED_VALUES);
    expect(named.filter((key) => key.startsWith('campanha-'))).toHaveLength(unreservedBound('sources'));
    expect(sources.get(OTHER_VALUE)).toBe(2 * (80 - unreservedBound('sources')));
    expect(dimensionTotal(entry?.counts ?? new Map(), 'sources')).toBe(160 + KNOWN_SOURCES.length);
  });

  it('reserves Brazil\'s states among regions and the common browsers among browsers', () => {
    const counts: InsightCounts = new Map();
    for (let i = 0; i < 60; i++) addInsight(counts, 'regions', `US-X${i}`, 1);
    for (let i = 0; i < 60; i++) addInsight(counts, 'browsers', `navegador-${i}`, 1);
    addInsight(counts, 'regions', 'BR-SC', 3);
    addInsight(counts, 'browsers', 'samsung internet', 3);
    expect(counts.get('regions')?.get('BR-SC')).toBe(3);
    expect(counts.get('browsers')?.get('samsung internet')).toBe(3);
    expect(counts.get('regions')?.get(OTHER_VALUE)).toBe(60 - unreservedBound('regions'));
    expect(counts.get('browsers')?.get(OTHER_VALUE)).toBe(60 - unreservedBound('browsers'));
    // Dimensions with no reserved values keep the whole bound for whatever comes first.
    expect(unreservedBound('hours')).toBe(MAX_NAMED_VALUES);
  });

  it('rowsToStore keeps the bound across writes: values already stored count, new ones past it go to other', () => {
    const stored = new Map([['sources', new Set(Array.from({ length: MAX_NAMED_VALUES }, (_, i) => `v${i}`))]]);
    const counts = new Map([['sources' as const, new Map([['v3', 2], ['new', 5], ['instagram', 4]])]]);
    const rows = rowsToStore({ linkId: 7, day: '2026-11-23', counts }, stored);
    // A day filled before the known sources were reserved: nothing passes the bound, not even them.
    expect(rows).toEqual([
      { linkId: 7, day: '2026-11-23', dimension: 'sources', value: 'v3', clicks: 2 },
      { linkId: 7, day: '2026-11-23', dimension: 'sources', value: OTHER_VALUE, clicks: 9 },
    ]);
  });

  it('rowsToStore gives a known source a name when made-up ones hold all theirs', () => {
    const madeUp = Array.from({ length: unreservedBound('sources') }, (_, i) => `v${i}`);
    const stored = new Map([['sources', new Set([...madeUp, 'whatsapp', OTHER_VALUE])]]);
    const counts = new Map([['sources' as const, new Map([['nova', 5], ['instagram', 4], ['whatsapp', 1], [OTHER_VALUE, 2]])]]);
    const rows = rowsToStore({ linkId: 7, day: '2026-11-23', counts }, stored);
    expect(rows).toEqual([
      { linkId: 7, day: '2026-11-23', dimension: 'sources', value: 'instagram', clicks: 4 },
      { linkId: 7, day: '2026-11-23', dimension: 'sources', value: 'whatsapp', clicks: 1 },
      { linkId: 7, day: '2026-11-23', dimension: 'sources', value: OTHER_VALUE, clicks: 7 },
    ]);
  });
});
