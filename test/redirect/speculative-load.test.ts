// Which requests are a browser's speculative loads (speculative-load.ts), as header values.
import { describe, expect, it } from 'vitest';
import { isSpeculativeLoad } from '../../src/server/redirect/speculative-load.js';

describe('isSpeculativeLoad', () => {
  it.each([
    [{ 'sec-purpose': 'prefetch' }, true],
    [{ 'sec-purpose': 'prefetch;prerender' }, true],
    // Chrome's private prefetch proxy (links from Google Search).
    [{ 'sec-purpose': 'prefetch;anonymous-client-ip' }, true],
    // A preview the person opened (Chrome's link preview) is a visit.
    [{ 'sec-purpose': 'prefetch;prerender;preview' }, false],
    [{ purpose: 'prefetch' }, true],
    [{ purpose: ' Prefetch ' }, true],
    [{ 'x-purpose': 'preview' }, true],
    [{ 'x-purpose': 'Preview' }, true],
    [{}, false],
    [{ 'sec-purpose': '' }, false],
    [{ purpose: 'navigate' }, false],
    [{ 'x-purpose': 'instant' }, false],
    // A header value Node hands over as an array is not read as a purpose.
    [{ purpose: ['prefetch', 'prefetch'] }, false],
  ])('%o → %s', (headers, expected) => {
    expect(isSpeculativeLoad(headers)).toBe(expected);
  });
});
