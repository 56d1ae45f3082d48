// The parser over HTML strings: no network.
import { describe, expect, it } from 'vitest';
import { cleanText, METADATA_LIMITS, parseMetadata } from '../../src/server/metadata/parse-metadata.js';

const PAGE_URL = 'https://exemplo.com.br/blog/post/';

function parse(html: string, contentType = 'text/html; charset=utf-8') {
  return parseMetadata({ body: Buffer.from(html, 'utf8'), url: PAGE_URL, contentType });
}

describe('parseMetadata', () => {
  it('prefers Open Graph, then Twitter, then <title> / meta description, per field', () => {
    const html = `<title>T</title><meta name="description" content="D">
      <meta name="twitter:description" content="TD">
      <meta property="og:title" content="OG">`;
    expect(parse(html)).toEqual({ title: 'OG', description: 'TD', image: null });
  });

  it('reads og:image:secure_url / og:image:url and skips unusable candidates', () => {
    expect(parse('<meta property="og:image:secure_url" content="https://cdn.exemplo.com/a.jpg">').image).toBe(
      'https://cdn.exemplo.com/a.jpg',
    );
    expect(parse('<meta property="og:image:url" content="/b.jpg">').image).toBe('https://exemplo.com.br/b.jpg');
    // data: and javascript: are dropped; the next candidate is used.
    const html = `<meta property="og:image" content="data:image/png;base64,AAAA">
      <meta property="og:image:url" content="javascript:alert(1)">
      <meta name="twitter:image" content="img/c.png">`;
    expect(parse(html).image).toBe('https://exemplo.com.br/blog/post/img/c.png');
  });

  it('prefers og:image:secure_url to an http og:image, whatever their order', () => {
    const html = '<meta property="og:image" content="http://cdn.exemplo.com/x.jpg"><meta property="og:image:secure_url" content="https://cdn.exemplo.com/x.jpg">';
    expect(parse(html).image).toBe('https://cdn.exemplo.com/x.jpg');
  });

  it('resolves a relative image against <base href> when there is one', () => {
    const html = '<base href="https://static.exemplo.com/assets/"><meta property="og:image" content="capa.webp">';
    expect(parse(html).image).toBe('https://static.exemplo.com/assets/capa.webp');
    const protocolRelative = '<meta property="og:image" content="//cdn.exemplo.com/x.png">';
    expect(parse(protocolRelative).image).toBe('https://cdn.exemplo.com/x.png');
  });

  it('drops image URLs with credentials or over the length limit', () => {
    expect(parse('<meta property="og:image" content="https://u:p@cdn.exemplo.com/a.png">').image).toBeNull();
    const long = `https://cdn.exemplo.com/${'a'.repeat(METADATA_LIMITS.imageUrl)}.png`;
    expect(parse(`<meta property="og:image" content="${long}">`).image).toBeNull();
  });

  it('collapses whitespace, decodes entities and caps lengths', () => {
    const html = `<title>  Muitos\n\n   espaços &amp; entidades&nbsp;aqui </title>
      <meta name="description" content="${'x'.repeat(900)}">`;
    const result = parse(html);
    expect(result.title).toBe('Muitos espaços & entidades aqui');
    expect(result.description).toHaveLength(METADATA_LIMITS.description);
    expect(result.description?.endsWith('…')).toBe(true);
    const longTitle = parse(`<meta property="og:title" content="${'é'.repeat(500)}">`).title;
    expect(Array.from(longTitle ?? '')).toHaveLength(METADATA_LIMITS.title);
  });

  it('ignores empty values and an <svg> <title>', () => {
    const html = `<meta property="og:title" content="   "><body><svg><title>Ícone</title></svg></body>`;
    expect(parse(html).title).toBeNull();
    expect(parse(`<svg><title>Ícone</title></svg><title>Página</title>`).title).toBe('Página');
  });

  it('keeps the first of repeated tags and reads upper-case markup', () => {
    const html = `<META PROPERTY="OG:TITLE" CONTENT="Primeiro"><meta property="og:title" content="Segundo">`;
    expect(parse(html).title).toBe('Primeiro');
  });

  it('keeps markup inside <title> as text', () => {
    expect(parse('<title>a <script>alert(1)</script> "b"</title>').title).toBe('a <script>alert(1)</script> "b"');
  });

  it('decodes windows-1252 named in a meta http-equiv, and unknown charsets as UTF-8', () => {
    // Curly quotes are 0x93/0x94 in windows-1252 (latin1 cannot encode them).
    const withQuotes = Buffer.concat([
      Buffer.from('<meta http-equiv="Content-Type" content="text/html; charset=windows-1252"><title>Pão ', 'latin1'),
      Buffer.from([0x93]),
      Buffer.from('doce', 'latin1'),
      Buffer.from([0x94]),
      Buffer.from('</title>', 'latin1'),
    ]);
    expect(parseMetadata({ body: withQuotes, url: PAGE_URL, contentType: 'text/html' }).title).toBe('Pão “doce”');
    expect(parse('<title>Café</title>', 'text/html; charset=x-unknown-thing').title).toBe('Café');
  });

  it('reads a page that names no charset as UTF-8 when it is, else as windows-1252 (as browsers guess)', () => {
    const latin1 = Buffer.concat([Buffer.from('<title>Promoção de Verão ', 'latin1'), Buffer.from([0x96]), Buffer.from(' Ações</title>', 'latin1')]);
    expect(parseMetadata({ body: latin1, url: PAGE_URL, contentType: 'text/html' }).title).toBe('Promoção de Verão – Ações');
    // A <meta charset> past the prescan is not seen; the guess still reads the page.
    const late = Buffer.from(`<!--${'x'.repeat(5000)}--><meta charset="iso-8859-1"><title>Coração</title>`, 'latin1');
    expect(parseMetadata({ body: late, url: PAGE_URL, contentType: 'text/html' }).title).toBe('Coração');
    expect(parse('<title>Café ☕</title>', 'text/html').title).toBe('Café ☕');
    // UTF-8 cut inside its last character (the body's size cap) is still UTF-8.
    const utf8 = Buffer.from('<title>Açaí</title><p>é', 'utf8');
    expect(parseMetadata({ body: utf8.subarray(0, utf8.length - 1), url: PAGE_URL }).title).toBe('Açaí');
  });

  it('cleanText strips control characters', () => {
    expect(cleanText('a\u0000b\u0007c\td', 10)).toBe('abc d');
  });
});
