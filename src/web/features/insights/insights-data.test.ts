import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wholePercents } from './insights-data';

describe('wholePercents', () => {
  it('adds up to 100 where rounding each share did not', () => {
    // Each share rounded on its own: 17 + 17 + 17 + 17 + 17 + 17 = 102.
    expect(wholePercents([1, 1, 1, 1, 1, 1])).toEqual([17, 17, 17, 17, 16, 16]);
    expect(wholePercents([2, 1])).toEqual([67, 33]);
    expect(wholePercents([199, 1])).toEqual([99, 1]);
    expect(wholePercents([1000, 2])).toEqual([100, 0]);
  });

  it('is all zero without clicks', () => {
    expect(wholePercents([0, 0])).toEqual([0, 0]);
    expect(wholePercents([])).toEqual([]);
  });

  it('always adds up to 100 and stays within one point of the exact share (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 60 }), (values) => {
        const total = values.reduce((sum, value) => sum + value, 0);
        fc.pre(total > 0);
        const percents = wholePercents(values);
        expect(percents.reduce((sum, value) => sum + value, 0)).toBe(100);
        percents.forEach((percent, index) => expect(Math.abs(percent - ((values[index] ?? 0) * 100) / total)).toBeLessThan(1));
      }),
    );
  });
});
