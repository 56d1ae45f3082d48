import { afterEach, describe, expect, it } from 'vitest';
import { mergeMyLinks, MY_LINKS_KEY, readMyLinks, type StoredLink } from './my-links';

function link(alias: string, createdAt: string, manageToken = `t-${alias}`): StoredLink {
  return { alias, shortUrl: `http://localhost/${alias}`, url: 'https://a.example/', createdAt, manageToken };
}

describe('mergeMyLinks', () => {
  it('keeps one entry per alias, the newest, and sorts newest first', () => {
    const current = [link('b', '2025-11-02T00:00:00Z'), link('a', '2025-11-01T00:00:00Z', 'velho')];
    const incoming = [link('a', '2025-11-05T00:00:00Z', 'novo'), link('c', '2025-11-03T00:00:00Z')];
    const merged = mergeMyLinks(current, incoming);
    expect(merged.map((entry) => [entry.alias, entry.manageToken])).toEqual([
      ['a', 'novo'],
      ['c', 't-c'],
      ['b', 't-b'],
    ]);
  });

  it('prefers the incoming entry on a tie', () => {
    const merged = mergeMyLinks([link('a', '2025-11-01T00:00:00Z', 'daqui')], [link('a', '2025-11-01T00:00:00Z', 'de-fora')]);
    expect(merged).toEqual([link('a', '2025-11-01T00:00:00Z', 'de-fora')]);
  });
});

describe('readMyLinks', () => {
  afterEach(() => window.localStorage.clear());

  it('keeps the links and leaves out what is not one (the same check as an imported file)', () => {
    const good = link('promo', '2025-11-01T00:00:00Z');
    const entries = [
      { ...good, extra: 'dropped' },
      { ...good, alias: 'Caixa-Alta' },
      { ...good, alias: 'x' },
      { ...good, manageToken: 'has space' },
      { ...good, createdAt: 'ontem' },
      { ...good, url: 42 },
      null,
      [good],
    ];
    window.localStorage.setItem(MY_LINKS_KEY, JSON.stringify(entries));
    expect(readMyLinks()).toEqual([good, { ...good, alias: 'caixa-alta' }]);
  });

  it('reads nothing from a value that is not a JSON array', () => {
    window.localStorage.setItem(MY_LINKS_KEY, '{nope');
    expect(readMyLinks()).toEqual([]);
    window.localStorage.setItem(MY_LINKS_KEY, JSON.stringify({ links: [] }));
    expect(readMyLinks()).toEqual([]);
  });
});
