// Title, description and image of an HTML page, read with htmlparser2 (a tolerant
// streaming parser: broken HTML still yields what it can; scan-page.ts bounds its cost).
// Open Graph first, then Twitter tags, then <title> / <meta name="description">.
import { TextDecoder } from 'node:util';
import { Parser } from 'htmlparser2';
import { scanPage } from './scan-page.js';

export interface PageMetadata {
  title: string | null;
  description: string | null;
  image: string | null;
}

export const METADATA_LIMITS = { title: 200, description: 500, imageUrl: 2048 } as const;

// Bytes scanned for <meta charset> when the Content-Type names none (the HTML standard's
// prescan looks at 1024; a little more forgives long comments before it).
const CHARSET_PRESCAN_BYTES = 4096;

const TITLE_KEYS = ['og:title', 'twitter:title'] as const;
const DESCRIPTION_KEYS = ['og:description', 'twitter:description'] as const;
// secure_url first: a page that gives both an http og:image and its https copy wants the latter
// used where https is required (WhatsApp and Facebook fetch images over https).
const IMAGE_KEYS = ['og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image', 'twitter:image:src'] as const;

export interface ParseInput {
  body: Buffer;
  /** Final URL of the page: relative image URLs resolve against it (or against <base href>). */
  url: string;
  contentType?: string;
}

export function parseMetadata(input: ParseInput): PageMetadata {
  const html = decodeBody(input.body, input.contentType ?? '');
  const found = scanPage(html);

  const title = firstText([...TITLE_KEYS.map((key) => found.meta.get(key)), found.title], METADATA_LIMITS.title);
  const description = firstText(
    [...DESCRIPTION_KEYS.map((key) => found.meta.get(key)), found.meta.get('description')],
    METADATA_LIMITS.description,
  );
  const base = resolveHttpUrl(found.baseHref, input.url) ?? input.url;
  const imageCandidates = [...IMAGE_KEYS.map((key) => found.meta.get(key)), found.imageSrcLink];
  let image: string | null = null;
  for (const candidate of imageCandidates) {
    const resolved = resolveHttpUrl(candidate, base);
    if (resolved !== undefined && resolved.length <= METADATA_LIMITS.imageUrl) {
      image = resolved;
      break;
    }
  }
  return { title, description, image };
}

function firstText(candidates: readonly (string | undefined)[], max: number): string | null {
  for (const candidate of candidates) {
    if (candidate === undefined) continue;
    const text = cleanText(candidate, max);
    if (text !== null) return text;
  }
  return null;
}

/** Collapses whitespace, drops control characters and clips to max characters. */
export function cleanText(value: string, max: number): string | null {
  // Only the start of a long value is kept, so a long one (a hostile page's 500 KB attribute)
  // is first cleaned from a prefix: cleaning a prefix gives a prefix of the cleaned whole, and
  // when that already holds more than max characters the result is the same. Otherwise (a
  // prefix that was mostly blank) the whole value is cleaned.
  const prefixLength = 16 * max;
  if (value.length > prefixLength) {
    const start = collapse(value.slice(0, prefixLength));
    if (start.length > 2 * max) return clip(start, max);
  }
  const text = collapse(value);
  if (text === '') return null;
  if (text.length <= max) return text;
  if (text.length > 2 * max) return clip(text, max);
  const chars = Array.from(text);
  return chars.length <= max ? text : clip(text, max);
}

function collapse(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  return value.replace(/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/g, '').replace(/\s+/g, ' ').trim();
}

/** The first max - 1 characters and an ellipsis, for text known to hold more than max. */
function clip(text: string, max: number): string {
  // A character is at most two UTF-16 units: the first 2 × max units hold the first max
  // characters (the last may be half a pair, and is not kept).
  const chars = Array.from(text.slice(0, 2 * max));
  return `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

/** An absolute http(s) URL, or undefined (data:, javascript:, unparseable … are dropped). */
function resolveHttpUrl(value: string | undefined, base: string): string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  try {
    const url = new URL(trimmed, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    if (url.username !== '' || url.password !== '') return undefined;
    return url.href;
  } catch {
    return undefined;
  }
}

/**
 * Decodes the body by a BOM, the Content-Type charset or <meta charset>; a page that names none
 * is UTF-8 when it is valid UTF-8, else windows-1252 (what browsers guess for the many older
 * Brazilian pages in Latin-1 that declare nothing: "Promoção" read as UTF-8 was "Promo��o").
 */
export function decodeBody(body: Buffer, contentType: string): string {
  const label = charsetFromBom(body) ?? charsetFromContentType(contentType) ?? charsetFromMeta(body);
  if (label === undefined) return decodeUndeclared(body);
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label);
  } catch {
    // Unknown label: TextDecoder throws RangeError; UTF-8 is the web's default.
    decoder = new TextDecoder('utf-8');
  }
  // latin1, iso-8859-1, ascii … all mean windows-1252 on the web, but Node 20's decoder
  // turns 0x80–0x9F into C1 controls instead of “ ” – € …; fix those up ourselves.
  if (decoder.encoding === 'windows-1252') return decodeWindows1252(body);
  return decoder.decode(body);
}

function decodeUndeclared(body: Buffer): string {
  try {
    // stream: a body cut at the size cap may end inside a character; that is not invalid UTF-8.
    return new TextDecoder('utf-8', { fatal: true }).decode(body, { stream: true });
  } catch {
    return decodeWindows1252(body);
  }
}

// windows-1252 bytes 0x80–0x9F (0 = unassigned, kept as the C1 control like browsers do).
const WINDOWS_1252_HIGH = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017d, 0,
  0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0, 0x017e, 0x0178,
];

function decodeWindows1252(body: Buffer): string {
  return body.toString('latin1').replace(/[\u0080-\u009f]/g, (ch) => {
    const mapped = WINDOWS_1252_HIGH[ch.charCodeAt(0) - 0x80] ?? 0;
    return mapped === 0 ? ch : String.fromCharCode(mapped);
  });
}

function charsetFromBom(body: Buffer): string | undefined {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  return undefined;
}

function charsetFromContentType(contentType: string): string | undefined {
  for (const param of contentType.split(';').slice(1)) {
    const [name, value] = param.split('=');
    if (name?.trim().toLowerCase() === 'charset' && value !== undefined) {
      const label = value.trim().replace(/^["']|["']$/g, '');
      if (label !== '') return label;
    }
  }
  return undefined;
}

function charsetFromMeta(body: Buffer): string | undefined {
  // Latin-1 maps every byte to one character, so ASCII markup reads correctly whatever the
  // real encoding is: enough to find the <meta> that names it.
  const head = body.subarray(0, CHARSET_PRESCAN_BYTES).toString('latin1');
  let label: string | undefined;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (label !== undefined || name !== 'meta') return;
        if (attributes.charset !== undefined && attributes.charset.trim() !== '') label = attributes.charset.trim();
        else if (attributes['http-equiv']?.toLowerCase() === 'content-type' && attributes.content !== undefined) {
          label = charsetFromContentType(attributes.content);
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(head);
  // A page cannot declare itself UTF-16 from inside ASCII-compatible bytes (HTML standard).
  if (label !== undefined && /^utf-?16/i.test(label)) return 'utf-8';
  return label;
}
