import { describe, expect, it } from 'vitest';
import { readableUrl } from './format-on-demand';

describe('readableUrl', () => {
  it("shows a target's accented letters as letters, not as the stored escapes", () => {
    expect(readableUrl('https://example.com/promo%C3%A7%C3%A3o-de-ver%C3%A3o/cal%C3%A7ados?cor=%C3%A2mbar')).toBe(
      'https://example.com/promoção-de-verão/calçados?cor=âmbar',
    );
  });

  it('keeps the escapes that change what the URL says or hide what it shows', () => {
    // Reserved characters: decoded, they would change the path or the query.
    expect(readableUrl('https://example.com/a%2Fb?q=1%262%3D3%23x')).toBe('https://example.com/a%2Fb?q=1%262%3D3%23x');
    // Space, a control, a right-to-left override, a zero-width space, a no-break space.
    expect(readableUrl('https://example.com/a%20b%0Ac%E2%80%AEd%E2%80%8Be%C2%A0f')).toBe('https://example.com/a%20b%0Ac%E2%80%AEd%E2%80%8Be%C2%A0f');
  });

  it('leaves a URL with a malformed escape as stored', () => {
    expect(readableUrl('https://example.com/%E0%A4%A')).toBe('https://example.com/%E0%A4%A');
    expect(readableUrl('https://example.com/plain')).toBe('https://example.com/plain');
  });
});
