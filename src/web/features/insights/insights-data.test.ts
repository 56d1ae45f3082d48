import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dailySinceCreation, daysSinceCreation, wholePercents } from './insights-data';

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

describe('daysSinceCreation', () => {
  const week = ['2025-11-15', '2025-11-16', '2025-11-17', '2025-11-18', '2025-11-19', '2025-11-20', '2025-11-21'].map((day) => ({ day, clicks: 0 }));

  it('counts the days from the one the link was created on, in the statistics time zone', () => {
    expect(daysSinceCreation(week, '2025-11-21T15:00:00.000Z', 'America/Sao_Paulo')).toBe(1);
    expect(daysSinceCreation(week, '2025-11-19T12:00:00.000Z', 'America/Sao_Paulo')).toBe(3);
    // 01:00 UTC on the 19th is still the 18th in São Paulo, already the 19th in UTC.
    expect(daysSinceCreation(week, '2025-11-19T01:00:00.000Z', 'America/Sao_Paulo')).toBe(4);
    expect(daysSinceCreation(week, '2025-11-19T01:00:00.000Z', 'UTC')).toBe(3);
  });

  it('is the whole range for a link older than it, or a date it cannot read', () => {
    expect(daysSinceCreation(week, '2025-01-01T12:00:00.000Z', 'America/Sao_Paulo')).toBe(7);
    expect(daysSinceCreation(week, undefined, 'America/Sao_Paulo')).toBe(7);
    expect(daysSinceCreation(week, 'ontem', 'America/Sao_Paulo')).toBe(7);
    expect(daysSinceCreation(week, '2025-11-19T12:00:00.000Z', 'Lua/Base')).toBe(3);
  });

  it('is at least 1: a clock ahead of the server, a range of no days', () => {
    expect(daysSinceCreation(week, '2025-12-01T12:00:00.000Z', 'America/Sao_Paulo')).toBe(1);
    expect(daysSinceCreation([], undefined, 'America/Sao_Paulo')).toBe(1);
  });
});

describe('dailySinceCreation', () => {
  const week = ['2025-11-15', '2025-11-16', '2025-11-17', '2025-11-18', '2025-11-19', '2025-11-20', '2025-11-21'].map((day, index) => ({ day, clicks: index }));

  it('keeps the days from the one the link was created on, in the statistics time zone', () => {
    expect(dailySinceCreation(week, '2025-11-19T12:00:00.000Z', 'America/Sao_Paulo').map((entry) => entry.day)).toEqual(['2025-11-19', '2025-11-20', '2025-11-21']);
    expect(dailySinceCreation(week, '2025-11-19T01:00:00.000Z', 'America/Sao_Paulo')[0]).toEqual({ day: '2025-11-18', clicks: 3 });
  });

  it('keeps every day for a link older than the range, a date it cannot read, or one after the last day', () => {
    expect(dailySinceCreation(week, '2025-01-01T12:00:00.000Z', 'America/Sao_Paulo')).toEqual(week);
    expect(dailySinceCreation(week, 'ontem', 'America/Sao_Paulo')).toEqual(week);
    expect(dailySinceCreation(week, '2025-12-01T12:00:00.000Z', 'America/Sao_Paulo')).toEqual(week);
  });
});
