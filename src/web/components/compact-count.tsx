// A click count shown large in a box made for a few digits (a card's total). From a million
// up it is shortened as pt-BR writes it ("123 mi", "1,23 bi"): "123.456.789" in large type
// pushed out of its box on a 320 px phone. The exact figure is still there: screen readers
// read it instead, a pointer shows it as the tooltip, and the statistics' tables give every
// count in full.
//
// A module of its own, imported only by the pages loaded on demand (Meus links, a link's
// statistics): the home page's first download is at its size budget, and it makes no Intl
// object while a page loads (see lib/format.ts).
import { formatNumber } from '../lib/format';

/** Counts from here up are shortened; below, "999.999" fits wherever a count is shown large. */
export const COMPACT_FROM = 1_000_000;

let compactFormat: Intl.NumberFormat | undefined;

/** 123456789 → "123 mi", 1234567890 → "1,23 bi": at most three significant digits. */
export function formatCompactCount(value: number): string {
  compactFormat ??= new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumSignificantDigits: 3 });
  return compactFormat.format(value);
}

/** `value` as "1.234" below a million, as "123 mi" from there (the exact figure for screen readers and as the tooltip). */
export function CompactCount({ value }: { value: number }) {
  const exact = formatNumber(value);
  if (value < COMPACT_FROM) return exact;
  return (
    <>
      <span aria-hidden="true" title={exact}>
        {formatCompactCount(value)}
      </span>
      <span className="sr-only">{exact}</span>
    </>
  );
}
