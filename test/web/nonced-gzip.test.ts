// The page compressed once around a per-response nonce (src/server/web/nonced-gzip.ts) must be
// one valid gzip stream whose text is exactly the page with that nonce, whatever the text.
import zlib from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createNoncedDocument } from '../../src/server/web/nonced-gzip.js';
import { acceptsGzip } from '../../src/server/web/pages.js';

const meta = (nonce: string) => `<meta name="csp-nonce" content="${nonce}">`;

describe('createNoncedDocument', () => {
  it('gunzips (CRC and length checked by zlib) to the same text as text(nonce), for any head, tail and nonce', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 3000 }), fc.string({ unit: 'binary', maxLength: 3000 }), fc.base64String({ maxLength: 24 }), (head, tail, nonce) => {
        const page = createNoncedDocument(head, meta, tail);
        expect(page.text(nonce)).toBe(head + meta(nonce) + tail);
        expect(page.bytes(nonce).toString('utf8')).toBe(page.text(nonce));
        expect(zlib.gunzipSync(page.gzip(nonce)).toString('utf8')).toBe(page.text(nonce));
      }),
      { numRuns: 200 },
    );
  });

  it('sent compressed first (its head then kept compressed only), it still gives the same bytes after', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 3000 }), fc.string({ unit: 'binary', maxLength: 3000 }), fc.base64String({ maxLength: 24 }), (head, tail, nonce) => {
        const page = createNoncedDocument(head, meta, tail);
        expect(zlib.gunzipSync(page.gzip(nonce)).toString('utf8')).toBe(head + meta(nonce) + tail);
        expect(page.bytes(nonce).toString('utf8')).toBe(head + meta(nonce) + tail);
        expect(zlib.gunzipSync(page.gzip('outro')).toString('utf8')).toBe(head + meta('outro') + tail);
      }),
      { numRuns: 100 },
    );
  });

  it('gives each response its own nonce and compresses a real-sized page', () => {
    const head = `<!doctype html><html lang="pt-BR"><head><title>Encurta.br</title>${'<style>.a{color:red}</style>'.repeat(400)}`;
    const tail = `</head><body>${'<p>Personalize seus links gratuitamente — ção</p>'.repeat(600)}</body></html>`;
    const page = createNoncedDocument(head, meta, tail);
    const first = zlib.gunzipSync(page.gzip('AAAA')).toString('utf8');
    const second = zlib.gunzipSync(page.gzip('BBBB')).toString('utf8');
    expect(first).toContain(meta('AAAA'));
    expect(second).toContain(meta('BBBB'));
    expect(second).not.toContain('AAAA');
    expect(page.gzip('AAAA').length).toBeLessThan(Buffer.byteLength(page.text('AAAA')) / 10);
  });
});

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['*', false],
    ['br', false],
    ['gzip;q=0', false],
    ['gzip;q=0.0, br', false],
    ['gzip;q=0.5', true],
    [undefined, false],
  ] as const)('%s → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
