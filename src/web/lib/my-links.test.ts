import { describe, expect, it } from 'vitest';
import { mergeMyLinks, type StoredLink } from './my-links';

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
