import { describe, expect, it } from 'vitest';
import type { StoredLink } from '../../lib/my-links';
import { buildLinksFile, importErrors, LINKS_FILE_FORMAT, linksFileName, MAX_IMPORT_LINKS, parseLinksFile } from './links-file';

const link: StoredLink = {
  alias: 'promo',
  shortUrl: 'http://localhost:3000/promo',
  url: 'https://exemplo.com.br/',
  createdAt: '2025-11-20T17:30:00.000Z',
  manageToken: 'abcdefghijklmnopqrstuv',
};

describe('links file', () => {
  it('round-trips: what is exported imports back as is', () => {
    const text = buildLinksFile([link], new Date('2025-11-21T10:00:00Z'));
    expect(JSON.parse(text)).toMatchObject({ format: LINKS_FILE_FORMAT, version: 1, exportedAt: '2025-11-21T10:00:00.000Z' });
    expect(parseLinksFile(text)).toEqual({ ok: true, links: [link], malformed: 0 });
  });

  it('names the file after the local date', () => {
    expect(linksFileName(new Date(2025, 0, 5, 23, 59))).toBe('meus-links-2025-01-05.json');
  });

  it('accepts a bare array (the raw my_links value) and a UTF-8 BOM', () => {
    expect(parseLinksFile(`\uFEFF${JSON.stringify([link])}`)).toEqual({ ok: true, links: [link], malformed: 0 });
  });

  it('normalises aliases and counts malformed entries', () => {
    const result = parseLinksFile(
      JSON.stringify([
        { ...link, alias: 'PROMO' },
        { ...link, alias: 'com espaço' },
        { ...link, manageToken: '' },
        { ...link, manageToken: 'com espaço' },
        { ...link, createdAt: 'ontem' },
        { ...link, url: 42 },
        null,
        [link],
      ]),
    );
    expect(result).toEqual({ ok: true, links: [link], malformed: 7 });
  });

  it('refuses garbage with a message for people', () => {
    expect(parseLinksFile('{')).toEqual({ ok: false, message: importErrors.notJson });
    expect(parseLinksFile('"texto"')).toEqual({ ok: false, message: importErrors.wrongShape });
    expect(parseLinksFile('null')).toEqual({ ok: false, message: importErrors.wrongShape });
    expect(parseLinksFile(JSON.stringify({ links: 'x' }))).toEqual({ ok: false, message: importErrors.wrongShape });
    expect(parseLinksFile(JSON.stringify({ format: 'outro-site', links: [link] }))).toEqual({ ok: false, message: importErrors.wrongShape });
    expect(parseLinksFile(JSON.stringify({ links: [] }))).toEqual({ ok: false, message: importErrors.empty });
    expect(parseLinksFile(JSON.stringify([{ a: 1 }]))).toEqual({ ok: false, message: importErrors.wrongShape });
    expect(parseLinksFile(JSON.stringify(Array.from({ length: MAX_IMPORT_LINKS + 1 }, () => link)))).toEqual({
      ok: false,
      message: importErrors.tooMany,
    });
  });
});
