// The click buffer's typed-array table must count exactly what a Map would, across flushes
// (the table is reused), growth, and its entry bound.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createClickCounts } from '../../src/server/redirect/click-counts.js';
import { unpackClicks } from '../../src/server/stats/click-batch.js';

type Model = Map<string, number>;
const key = (day: string, linkId: number) => `${day}|${linkId}`;
const asModel = (rows: { day: string; linkId: number; clicks: number }[]): Model => {
  const model: Model = new Map();
  for (const row of rows) {
    expect(model.has(key(row.day, row.linkId)), 'one row per (day, link)').toBe(false);
    model.set(key(row.day, row.linkId), row.clicks);
  }
  return model;
};

describe('createClickCounts', () => {
  it('counts like a Map, flush after flush, through growth', () => {
    const click = fc.record({
      day: fc.constantFrom('2026-03-01', '2026-03-02', '2026-03-03'),
      // Small ids collide often; large ones pass 2^32, where the hash uses both halves.
      linkId: fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER })),
      clicks: fc.integer({ min: 1, max: 5 }),
    });
    fc.assert(
      fc.property(fc.array(fc.array(click, { maxLength: 300 }), { minLength: 1, maxLength: 4 }), (flushes) => {
        // 16 slots at start: a few hundred entries make it double several times.
        const counts = createClickCounts(1_000_000, 16);
        for (const clicks of flushes) {
          const model: Model = new Map();
          for (const { day, linkId, clicks: n } of clicks) {
            expect(counts.add(day, linkId, n)).toBe(true);
            model.set(key(day, linkId), (model.get(key(day, linkId)) ?? 0) + n);
          }
          expect(counts.entries()).toBe(model.size);
          expect(asModel(unpackClicks(counts.take()))).toEqual(model);
          expect(counts.entries()).toBe(0);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('refuses new entries beyond its bound, and keeps counting the ones it holds', () => {
    const counts = createClickCounts(3);
    for (const id of [1, 2, 3]) expect(counts.add('2026-03-01', id, 1)).toBe(true);
    expect(counts.add('2026-03-01', 4, 1)).toBe(false);
    expect(counts.add('2026-03-02', 1, 1)).toBe(false);
    expect(counts.add('2026-03-01', 2, 5)).toBe(true);
    expect(asModel(unpackClicks(counts.take()))).toEqual(new Map([['2026-03-01|1', 1], ['2026-03-01|2', 6], ['2026-03-01|3', 1]]));
    // Emptied by take(): room again.
    expect(counts.add('2026-03-01', 4, 1)).toBe(true);
  });

  it('refuses what cannot be a link id', () => {
    const counts = createClickCounts(10);
    for (const id of [0, -1, 1.5, Number.NaN, 2 ** 53]) expect(counts.add('2026-03-01', id, 1)).toBe(false);
    expect(counts.entries()).toBe(0);
  });
});
