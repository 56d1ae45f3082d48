import { domainToUnicode } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readableUrl } from '../../shared/readable-url';
import { readableTarget } from './readable-target';

describe('readableTarget', () => {
  it("shows a target's accented letters as letters, not as the stored escapes", () => {
    expect(readableTarget('https://example.com/promo%C3%A7%C3%A3o-de-ver%C3%A3o/cal%C3%A7ados?cor=%C3%A2mbar')).toBe(
      'https://example.com/promoção-de-verão/calçados?cor=âmbar',
    );
  });

  it('keeps the escapes that change what the URL says or hide what it shows', () => {
    // Reserved characters: decoded, they would change the path or the query.
    expect(readableTarget('https://example.com/a%2Fb?q=1%262%3D3%23x')).toBe('https://example.com/a%2Fb?q=1%262%3D3%23x');
    // Space, a control, a right-to-left override, a zero-width space, a no-break space.
    expect(readableTarget('https://example.com/a%20b%0Ac%E2%80%AEd%E2%80%8Be%C2%A0f')).toBe('https://example.com/a%20b%0Ac%E2%80%AEd%E2%80%8Be%C2%A0f');
  });

  it('leaves a URL with a malformed escape as stored', () => {
    expect(readableTarget('https://example.com/%E0%A4%A')).toBe('https://example.com/%E0%A4%A');
    expect(readableTarget('https://example.com/plain')).toBe('https://example.com/plain');
  });

  it('shows an international host of Latin letters in letters, as the server does', () => {
    // Stored as the API stores it (WHATWG URL parsing gives the punycode host).
    const stored = new URL('https://açaí.com.br/promoção').href;
    expect(stored).toBe('https://xn--aa-4iaz.com.br/promo%C3%A7%C3%A3o');
    expect(readableTarget(stored)).toBe('https://açaí.com.br/promoção');
    expect(readableTarget(new URL('https://loja.café.com.br:8443/x').href)).toBe('https://loja.café.com.br:8443/x');
  });

  it('keeps a host that could pass for another site, or of another script, in punycode', () => {
    // 'pаypal.com' with a Cyrillic 'а', and a Japanese name.
    for (const pasted of ['https://p\u0430ypal.com/login', 'https://例え.jp/']) {
      const stored = new URL(pasted).href;
      expect(stored).toContain('xn--');
      expect(readableTarget(stored)).toBe(stored);
    }
  });

  it("decodes hosts as the preview page does with node:url's domainToUnicode", () => {
    for (const host of ['xn--aa-4iaz.com.br', 'xn--caf-dma.com.br', 'xn--pxaix.com', 'xn--r8jz45g.jp', 'xn--80ak6aa92e.com', 'xn--mnchen-3ya.de']) {
      const url = `https://${host}/p%C3%A3o`;
      expect(readableTarget(url)).toBe(readableUrl(url, domainToUnicode));
    }
    expect(readableTarget('https://xn--mnchen-3ya.de/')).toBe('https://münchen.de/');
  });
});
