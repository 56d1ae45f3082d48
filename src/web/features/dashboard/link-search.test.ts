import { describe, expect, it } from 'vitest';
import type { StoredLink } from '../../lib/my-links';
import { searchLinks } from './link-search';

const link = (alias: string, url: string): StoredLink => ({ alias, shortUrl: `https://encurta.br/${alias}`, url, createdAt: '2026-11-20T10:00:00.000Z', manageToken: `token-${alias}` });
const links = [
  link('black-friday', 'https://loja.example/promo%C3%A7%C3%A3o?cupom=BF'),
  link('cardapio', 'https://restaurante.example/card%C3%A1pio'),
  link('x7k2p9', 'https://blog.example/post/42'),
  link('acai', 'https://xn--aa-4iaz.com.br/tigela'),
];
const aliases = (query: string) => searchLinks(links, query).map((found) => found.alias);

describe('searchLinks', () => {
  it('finds by alias, short link or destination, in any case', () => {
    expect(aliases('BLACK')).toEqual(['black-friday']);
    expect(aliases('encurta.br/x7k')).toEqual(['x7k2p9']);
    expect(aliases('blog.example')).toEqual(['x7k2p9']);
    expect(aliases('cupom=bf')).toEqual(['black-friday']);
  });

  it('reads the destination as shown, with or without accents', () => {
    expect(aliases('promoção')).toEqual(['black-friday']);
    expect(aliases('promocao')).toEqual(['black-friday']);
    expect(aliases('Cardápio')).toEqual(['cardapio']);
    // An international host is stored in punycode ('açaí.com.br' as 'xn--aa-4iaz.com.br').
    expect(aliases('açaí.com')).toEqual(['acai']);
    expect(aliases('acai.com.br/tigela')).toEqual(['acai']);
  });

  it('a blank query is every link; a query that names none is none', () => {
    expect(searchLinks(links, '  ')).toBe(links);
    expect(aliases('nada-disso')).toEqual([]);
  });
});
