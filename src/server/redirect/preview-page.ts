// The page link-preview crawlers get for /:alias: server-rendered, no JavaScript, every
// value escaped. Titles and descriptions come from the target's own metadata when known.
import { domainToUnicode } from 'node:url';
import { redirectTexts } from '../../shared/messages.js';
import { readableUrl } from '../../shared/readable-url.js';
import { escapeHtml } from '../html.js';

export interface PreviewInput {
  siteName: string;
  shortUrl: string;
  targetUrl: string;
  title: string | null;
  description: string | null;
  image: string | null;
  /** The site's own image (og-image.png), used when the target has none. */
  defaultImage: string;
}

/**
 * og-image.png's size (a test reads it from the file). Given with the default image only: the
 * target's own size is not known, and Facebook may not draw an image on its first share
 * without one.
 */
export const DEFAULT_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** The page's only style; its CSP allows exactly this text by hash (security-headers.ts). */
export const PREVIEW_STYLE =
  'body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1f2937}img{max-width:100%;height:auto;border-radius:.5rem}';

const MAX_TITLE = 200;
const MAX_DESCRIPTION = 500;

export function renderPreviewPage(input: PreviewInput): string {
  const title = clip(input.title, MAX_TITLE) ?? input.siteName;
  // The default names the target as a person reads it ('https://açaí.com.br/promoção'), not as
  // stored ('https://xn--aa-4iaz.com.br/promo%C3%A7%C3%A3o'); the link below keeps the stored URL.
  // Clipped too: a target may be 4,096 characters long.
  const description = clip(input.description, MAX_DESCRIPTION) ?? defaultDescription(input.targetUrl);
  const ownImage = isHttpUrl(input.image) ? input.image : null;
  const image = ownImage ?? input.defaultImage;
  const imageSize = ownImage !== null
    ? ''
    : `\n<meta property="og:image:width" content="${DEFAULT_IMAGE_SIZE.width}">\n<meta property="og:image:height" content="${DEFAULT_IMAGE_SIZE.height}">`;
  const t = escapeHtml(title);
  const d = escapeHtml(description);
  const i = escapeHtml(image);
  const target = escapeHtml(input.targetUrl);
  const short = escapeHtml(input.shortUrl);
  const site = escapeHtml(input.siteName);
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t}</title>
<meta name="description" content="${d}">
<link rel="canonical" href="${short}">
<meta property="og:type" content="website">
<meta property="og:site_name" content="${site}">
<meta property="og:locale" content="pt_BR">
<meta property="og:url" content="${short}">
<meta property="og:title" content="${t}">
<meta property="og:description" content="${d}">
<meta property="og:image" content="${i}">${imageSize}
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:title" content="${t}">
<meta name="twitter:description" content="${d}">
<meta name="twitter:image" content="${i}">
<meta name="robots" content="noindex">
<style>${PREVIEW_STYLE}</style>
</head>
<body>
<h1>${t}</h1>
<p>${escapeHtml(redirectTexts.previewWait)} <a href="${target}" rel="nofollow noopener">${escapeHtml(redirectTexts.previewClickHere)}</a></p>
<img src="${i}" alt="${t}">
</body>
</html>
`;
}

/** 'Acesse o link: …' with the target as a person reads it, clipped like a fetched description. */
function defaultDescription(targetUrl: string): string {
  const text = redirectTexts.defaultDescription(readableUrl(targetUrl, domainToUnicode));
  // A URL holds no run of spaces to fold: only a long one needs clip's work.
  return text.length <= MAX_DESCRIPTION ? text : (clip(text, MAX_DESCRIPTION) ?? text);
}

/** Clipped to `max` characters (code points, as the metadata was stored: no emoji cut in half). */
function clip(value: string | null, max: number): string | null {
  if (value === null) return null;
  const trimmed = value.replace(/\s+/g, ' ').trim();
  if (trimmed === '') return null;
  // Length in UTF-16 units is never below the code points: short texts skip the split.
  if (trimmed.length <= max) return trimmed;
  const chars = Array.from(trimmed);
  return chars.length > max ? `${chars.slice(0, max - 1).join('').trimEnd()}…` : trimmed;
}

function isHttpUrl(value: string | null): value is string {
  return value !== null && /^https?:\/\//i.test(value);
}
