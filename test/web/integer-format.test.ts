import { describe, expect, it } from 'vitest';
import { formatInteger } from '../../src/shared/integer-format.js';

describe('formatInteger', () => {
  it('writes what Intl writes for pt-BR, for whole numbers of every length and sign', () => {
    const values = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 10_000, 12_345, 100_000, 999_999, 1_000_000, 1_234_567, 10_000_000, 2 ** 31, 2 ** 40 + 7, Number.MAX_SAFE_INTEGER];
    for (let digits = 1; digits <= 16; digits++) values.push(Number('7'.repeat(digits)));
    for (const value of [...values, ...values.map((v) => -v)]) {
      expect(formatInteger(value), String(value)).toBe(value.toLocaleString('pt-BR'));
    }
  });

  it('leaves to Intl what is not a safe integer', () => {
    for (const value of [1.5, -2.25, 1e21, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatInteger(value)).toBe(value.toLocaleString('pt-BR'));
    }
  });

  it('groups the thousands with a dot', () => {
    expect(formatInteger(1_000_000)).toBe('1.000.000');
    expect(formatInteger(-1000)).toBe('-1.000');
  });
});
