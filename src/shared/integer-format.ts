// Whole numbers the way pt-BR writes them, "1.234.567", without Intl.
//
// Why not toLocaleString: a page's first Intl call initializes ICU, which took 38–71 ms of the
// main thread in Chromium here, unthrottled (a 4x-throttled phone: 150–280 ms, in one piece).
// The app called it while loading (these messages are built at module load) and while hydrating
// (counts on the home page and in the API docs), so that cost landed in the two tasks that make
// up the pages' blocking time. Whole numbers need no locale data: pt-BR groups every three digits
// with '.', from 1.000 up (integer-format.test.ts checks this against Intl itself). Anything
// else (fractions, percentages, dates) still goes through Intl, created when first needed.

/**
 * 1234567 → "1.234.567", -1000 → "-1.000"; a value that is not a safe integer goes to Intl.
 * Marked free of side effects for the bundler: texts built with it at module load (the API's
 * error catalogue) are then left out of a bundle that never reads them, such as the home's.
 */
/* @__NO_SIDE_EFFECTS__ */
export function formatInteger(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString('pt-BR');
  const digits = String(Math.abs(value));
  let out = '';
  for (let end = digits.length; end > 0; end -= 3) {
    const group = digits.slice(Math.max(0, end - 3), end);
    out = out ? `${group}.${out}` : group;
  }
  return value < 0 || Object.is(value, -0) ? `-${out}` : out;
}
