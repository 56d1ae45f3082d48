// The short link's query string forwarded to the target.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withForwardedQuery } from '../../src/server/redirect/forward-query.js';

describe('withForwardedQuery', () => {
  it.each([
    ['https://loja.com.br/p', '/promo', 'https://loja.com.br/p'],
    ['https://loja.com.br/p', '/promo?', 'https://loja.com.br/p'],
    ['https://loja.com.br/p', '/promo?utm_source=whatsapp', 'https://loja.com.br/p?utm_source=whatsapp'],
    ['https://loja.com.br/p?id=1', '/promo?utm_source=whatsapp&utm_campaign=natal', 'https://loja.com.br/p?id=1&utm_source=whatsapp&utm_campaign=natal'],
    // The target's own parameter wins; the fragment stays last.
    ['https://loja.com.br/p?utm_source=loja#topo', '/promo?utm_source=x&b=2', 'https://loja.com.br/p?utm_source=loja&b=2#topo'],
    ['https://loja.com.br/p?', '/promo?a=1', 'https://loja.com.br/p?a=1'],
    // As it came: no decoding and encoding again.
    ['https://loja.com.br/p', '/promo?x=%ff&y=a+b', 'https://loja.com.br/p?x=%ff&y=a+b'],
    // Characters a URL cannot carry are escaped, '#' included (it would end the query).
    ['https://loja.com.br/p', '/promo?q=<b>"#1', 'https://loja.com.br/p?q=%3Cb%3E%22%231'],
    ['https://loja.com.br/p', '/promo?&&=1&a', 'https://loja.com.br/p?a'],
  ])('%s + %s → %s', (target, requestUrl, expected) => expect(withForwardedQuery(target, requestUrl)).toBe(expected));

  it('always gives a URL that parses, keeps the target as its prefix and carries nothing a header refuses', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.string({ maxLength: 60, unit: 'binary' }), (target, query) => {
        const requestUrl = `/promo?${query}`;
        const location = withForwardedQuery(target, requestUrl);
        expect(() => new URL(location)).not.toThrow();
        // Printable ASCII only (what a Location header carries), whenever the stored target is.
        if (/^[\x21-\x7e]*$/.test(target)) expect(location).toMatch(/^[\x21-\x7e]*$/);
        const hashAt = target.indexOf('#');
        expect(location.startsWith(hashAt === -1 ? target : target.slice(0, hashAt))).toBe(true);
        if (hashAt !== -1) expect(location.endsWith(target.slice(hashAt))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
