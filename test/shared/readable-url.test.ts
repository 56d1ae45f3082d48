// How a stored target reads on the server's pages: letters instead of escapes, and an
// international host in letters only when it cannot pass for another site.
import { domainToUnicode } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readableHost, readableUrl } from '../../src/shared/readable-url.js';
import { checkTargetUrl } from '../../src/shared/url-rules.js';

/** The target as the server stores it (what a creation keeps). */
function stored(raw: string): string {
  const checked = checkTargetUrl(raw);
  if (!checked.ok) throw new Error(`refused: ${raw}`);
  return checked.url.href;
}

describe('readableUrl with a host decoder', () => {
  it('gives back what the person pasted: accented host, path, query and fragment', () => {
    const pasted = 'https://açaí.com.br/promoção?cor=azul&tamanho=médio#seção';
    expect(stored(pasted)).toBe('https://xn--aa-4iaz.com.br/promo%C3%A7%C3%A3o?cor=azul&tamanho=m%C3%A9dio#se%C3%A7%C3%A3o');
    expect(readableUrl(stored(pasted), domainToUnicode)).toBe(pasted);
    expect(readableUrl(stored('https://PÃO.com.br:8443/x'), domainToUnicode)).toBe('https://pão.com.br:8443/x');
    expect(readableUrl(stored('https://loja.xn--caf-dma.com.br./'), domainToUnicode)).toBe('https://loja.café.com.br./');
  });

  it('keeps in punycode a host that could pass for another site', () => {
    // аррӏе.com: Cyrillic letters that look like "apple"; pаypal.com with one Cyrillic а.
    for (const lookAlike of ['https://аррӏе.com/', 'https://pаypal.com/login', 'https://ԝԝԝ.bb.com.br/']) {
      const url = stored(lookAlike);
      expect(url).toMatch(/^https:\/\/[\x21-\x7e]+$/);
      expect(readableUrl(url, domainToUnicode), lookAlike).toBe(url);
    }
    // Other scripts too: no one here can tell their look-alikes apart.
    expect(readableUrl(stored('https://例え.jp/'), domainToUnicode)).toBe('https://xn--r8jz45g.jp/');
  });

  it('leaves ASCII and undecodable hosts as they are', () => {
    expect(readableHost('exemplo.com.br', domainToUnicode)).toBe('exemplo.com.br');
    expect(readableHost('xn--zz.com', () => '')).toBe('xn--zz.com');
    expect(readableHost('xn--aa-4iaz.com.br', () => {
      throw new Error('no decoder');
    })).toBe('xn--aa-4iaz.com.br');
    expect(readableUrl('https://[2001:db8::1]/xn--a', domainToUnicode)).toBe('https://[2001:db8::1]/xn--a');
  });

  it('without a decoder (the browser) only the escapes become letters', () => {
    expect(readableUrl('https://xn--aa-4iaz.com.br/promo%C3%A7%C3%A3o')).toBe('https://xn--aa-4iaz.com.br/promoção');
  });
});
