// The compact link cache, on its own: the same answers as a Map while it has room, never a
// wrong answer once it has to recycle, expiry by kind of entry, and the guard that keeps a
// store answer read before a deletion out of the cache.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostOfUrl } from '../../src/server/abuse/blocklist.js';
import { type CachedLink, createLinkCache, UNKNOWN_ALIAS } from '../../src/server/redirect/link-cache.js';

const link = (id: number, url = `https://example.com/destino/${id}`, disabled = false, hasOptions = id % 3 === 0): CachedLink => ({ id, url, disabled, hasOptions });
const alias = (i: number) => `a${i.toString(36)}`;
/** The link of a cache answer, if it is one. */
const linkOf = (answer: CachedLink | typeof UNKNOWN_ALIAS | undefined) => (answer === UNKNOWN_ALIAS ? undefined : answer);
const roomy = () => createLinkCache({ maxBytes: 8 * 2 ** 20, ttlMs: 60_000, missTtlMs: 2_000 });

describe('link cache', () => {
  it('answers exactly like a Map while it has room (random sequences of set, delete and get)', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('set' as const), key: fc.nat(300), id: fc.nat(2 ** 32 - 1), path: fc.string({ maxLength: 40 }), missing: fc.boolean() }),
      fc.record({ kind: fc.constant('delete' as const), key: fc.nat(300) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 400 }), (ops) => {
        const cache = roomy();
        const model = new Map<string, CachedLink | typeof UNKNOWN_ALIAS>();
        for (const o of ops) {
          const key = alias(o.key);
          if (o.kind === 'delete') {
            cache.delete(key);
            model.delete(key);
          } else {
            const target = o.missing ? undefined : link(o.id, `https://example.com/${encodeURIComponent(o.path)}`);
            cache.set(key, target);
            model.set(key, target ?? UNKNOWN_ALIAS);
          }
        }
        for (let k = 0; k <= 300; k++) expect(cache.get(alias(k))).toEqual(model.get(alias(k)));
        expect(cache.stats().entries).toBe(model.size);
      }),
      { numRuns: 200 },
    );
  });

  it('once full, recycles old entries but never answers with another alias’s link', () => {
    // 16 KB: room for a few hundred links, far fewer than written.
    const cache = createLinkCache({ maxBytes: 16 * 1024, ttlMs: 60_000, missTtlMs: 2_000 });
    for (let i = 0; i < 20_000; i++) cache.set(alias(i), link(i));
    let found = 0;
    for (let i = 0; i < 20_000; i++) {
      const got = cache.get(alias(i));
      if (got === undefined) continue;
      found++;
      expect(got).toEqual(link(i));
    }
    expect(found).toBeGreaterThan(100);
    expect(found).toBe(cache.stats().entries);
    expect(cache.stats().bytesUsed).toBeLessThanOrEqual(16 * 1024);
    // The newest links are the ones kept.
    expect(cache.get(alias(19_999))).toEqual(link(19_999));
    expect(cache.get(alias(0))).toBeUndefined();
  });

  it('keeps the links in use when it has to recycle (a hit near the tail moves the entry to the head)', () => {
    const cache = createLinkCache({ maxBytes: 64 * 1024, ttlMs: 60_000, missTtlMs: 2_000 });
    const hot = Array.from({ length: 50 }, (_, i) => `hot${i}`);
    hot.forEach((key, i) => cache.set(key, link(i)));
    for (let i = 0; i < 50_000; i++) {
      cache.set(alias(i), link(1000 + i));
      // Traffic on the hot links between the one-off ones.
      if (i % 20 === 0) for (const key of hot) cache.get(key);
    }
    hot.forEach((key, i) => expect(cache.get(key)).toEqual(link(i)));
  });

  it('a flood of unknown aliases neither pushes links out nor grows past its bound', () => {
    const cache = createLinkCache({ maxBytes: 1 << 20, ttlMs: 60_000, missTtlMs: 2_000, maxMisses: 1_000 });
    let links = 0;
    while (cache.add(alias(links), link(links))) links++;
    const used = cache.stats().bytesUsed;
    for (let i = 0; i < 200_000; i++) cache.set(`zz${i.toString(36)}`, undefined);
    // Every link is still there (read with getStale: a get near the tail moves entries), and the arena did not move.
    for (let i = 0; i < links; i++) expect(cache.getStale(alias(i))?.id).toBe(i);
    expect(cache.stats().bytesUsed).toBe(used);
    // Only the newest misses are remembered.
    expect(cache.stats().entries).toBe(links + 1_000);
    expect(cache.get('zz0')).toBeUndefined();
    expect(cache.get(`zz${(199_999).toString(36)}`)).toBe(UNKNOWN_ALIAS);
  });

  it('after a flood, the misses held are those of the last miss TTL only, not as many as the bound allows', () => {
    let now = 1_000_000;
    const cache = createLinkCache({ maxBytes: 1 << 20, ttlMs: 60_000, missTtlMs: 2_000, maxMisses: 1_000, now: () => now });
    for (let i = 0; i < 1_000; i++) cache.set(`flood-${i}`, undefined);
    expect(cache.stats().entries).toBe(1_000);
    now += 1_000;
    cache.set('meio', undefined);
    expect(cache.stats().entries).toBe(1_000);
    // The flood's misses have expired: the next miss lets all of them go, keeps the one since.
    now += 1_500;
    cache.set('depois', undefined);
    expect(cache.stats().entries).toBe(2);
    expect(cache.get('meio')).toBe(UNKNOWN_ALIAS);
    expect(cache.get('depois')).toBe(UNKNOWN_ALIAS);
    expect(cache.get('flood-999')).toBeUndefined();
  });

  it('a link created after its alias was a cached miss replaces the miss', () => {
    const cache = roomy();
    cache.set('novo', undefined);
    expect(cache.get('novo')).toBe(UNKNOWN_ALIAS);
    cache.set('novo', link(5));
    expect(cache.get('novo')).toEqual(link(5));
    cache.set('novo', undefined);
    expect(cache.get('novo')).toBe(UNKNOWN_ALIAS);
    expect(cache.getStale('novo')).toBeUndefined();
    cache.delete('novo');
    expect(cache.get('novo')).toBeUndefined();
  });

  it('keeps each kind of entry for its own time, and a stale link as the last resort', () => {
    let now = 1_000_000;
    const cache = createLinkCache({ maxBytes: 1 << 20, ttlMs: 60_000, missTtlMs: 2_000, disabledTtlMs: 5_000, now: () => now });
    cache.set('ok', link(1));
    cache.set('nope', undefined);
    cache.set('off', link(2, 'https://example.com/x', true));
    expect(cache.get('nope')).toBe(UNKNOWN_ALIAS);
    expect(cache.get('off')).toEqual(link(2, 'https://example.com/x', true));
    now += 2_100;
    expect(cache.get('nope')).toBeUndefined();
    expect(cache.get('off')).toEqual(link(2, 'https://example.com/x', true));
    now += 3_000;
    expect(cache.get('off')).toBeUndefined();
    expect(cache.get('ok')).toEqual(link(1));
    now += 55_000;
    expect(cache.get('ok')).toBeUndefined();
    expect(cache.getStale('ok')).toEqual(link(1));
    expect(cache.getStale('nope')).toBeUndefined();
    // An injected clock may go back (tests move it): entries are still kept.
    now -= 90 * 24 * 3600 * 1000;
    cache.set('back', link(3));
    expect(cache.get('back')).toEqual(link(3));
  });

  it('does not keep a store answer read before the alias was forgotten', () => {
    const cache = roomy();
    const readAt = cache.epoch();
    // While the store answered, the link was deleted (here or on another instance).
    cache.delete('gone');
    cache.set('gone', link(1), readAt);
    expect(cache.get('gone')).toBeUndefined();
    expect(cache.forgottenSince('gone', readAt)).toBe(true);
    expect(cache.forgottenSince('other', readAt)).toBe(false);
    // Other aliases read in the same window are kept.
    cache.set('other', link(2), readAt);
    expect(cache.get('other')).toEqual(link(2));
    // After a clear, nothing read before it is kept.
    const beforeClear = cache.epoch();
    cache.clear();
    cache.set('other', link(2), beforeClear);
    expect(cache.get('other')).toBeUndefined();
    expect(cache.add('other', link(2), beforeClear)).toBe(true);
    expect(cache.get('other')).toBeUndefined();
  });

  it('add fills without replacing or recycling, and says when it is full', () => {
    const cache = createLinkCache({ maxBytes: 16 * 1024, ttlMs: 60_000, missTtlMs: 2_000 });
    cache.set('fresh', link(1, 'https://example.com/new'));
    expect(cache.add('fresh', link(1, 'https://example.com/old'))).toBe(true);
    expect(linkOf(cache.get('fresh'))?.url).toBe('https://example.com/new');
    let added = 0;
    while (cache.add(alias(added), link(added))) added++;
    expect(added).toBeGreaterThan(100);
    // Nothing was recycled to make room (read with getStale: a get near the tail moves entries).
    expect(cache.stats().entries).toBe(added + 1);
    expect(cache.getStale('fresh')?.url).toBe('https://example.com/new');
    for (let i = 0; i < added; i++) expect(cache.getStale(alias(i))).toEqual(link(i));
  });

  it('keeps non-ASCII URLs, and does not cache what does not fit a record', () => {
    const cache = roomy();
    cache.set('accent', link(7, 'https://example.com/ação?q=café'));
    expect(cache.get('accent')).toEqual(link(7, 'https://example.com/ação?q=café'));
    cache.set('long', link(8));
    cache.set('long', link(8, `https://example.com/${'x'.repeat(70_000)}`));
    // Too long for a record: read from the store, and the older answer is not kept either.
    expect(cache.get('long')).toBeUndefined();
    cache.set('bigid', link(2 ** 40));
    expect(cache.get('bigid')).toBeUndefined();
  });

  it('grows its table and still finds every link', () => {
    const cache = createLinkCache({ maxBytes: 64 * 2 ** 20, ttlMs: 60_000, missTtlMs: 2_000 });
    for (let i = 0; i < 200_000; i++) cache.set(alias(i), link(i));
    for (let i = 0; i < 200_000; i += 7) expect(linkOf(cache.get(alias(i)))?.id).toBe(i);
    for (let i = 0; i < 200_000; i += 2) cache.delete(alias(i));
    for (let i = 0; i < 200_000; i += 7) expect(linkOf(cache.get(alias(i)))?.id).toBe(i % 2 === 0 ? undefined : i);
    expect(cache.stats().entries).toBe(100_000);
  });
});

describe('hostOfUrl', () => {
  it('gives what the URL parser gives for every stored (WHATWG-serialized) URL', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true, authoritySettings: { withIPv4: true, withIPv6: true, withPort: true, withUserInfo: true } }), (raw) => {
        const href = new URL(raw).href;
        expect(hostOfUrl(href)).toBe(new URL(href).hostname);
      }),
      { numRuns: 2_000 },
    );
  });

  it('reads the host past user info, ports and IPv6 brackets', () => {
    expect(hostOfUrl(new URL('https://user:p%40ss@Example.COM:8443/a?b#c').href)).toBe('example.com');
    expect(hostOfUrl(new URL('http://[::1]:8080/x').href)).toBe('[::1]');
    expect(hostOfUrl(new URL('https://exemplo.com.br').href)).toBe('exemplo.com.br');
    expect(hostOfUrl('not a url')).toBe('');
  });
});
