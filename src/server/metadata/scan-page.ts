// Collects the tags parse-metadata.ts needs (<meta>, <title>, <base>, <link rel=image_src>)
// with htmlparser2's streaming Parser, at a cost linear in the page and bounded whatever the
// page is. This runs on the main thread, the one that answers every redirect.
//
// Why bounded: htmlparser2 keeps its open elements in an array it grows with unshift() and
// searches on every close tag, so each open tag costs time proportional to the nesting depth.
// 512 KB of unclosed <div> (~100,000 levels) took 1–3 s to parse; nested <svg> and <span> the
// same. We count open elements ourselves and stop past SCAN_LIMITS.maxOpenElements, which caps
// that cost per tag; real pages nest a few dozen levels, and their metadata sits in <head>.
// Everything else the parser does is linear in the page (checked: huge attributes, titles,
// entities, unmatched close tags).
//
// Not stopped at </head> or <body>: pages do put metadata in the body (schema.org microdata,
// frameworks that stream <title> and <meta> into the body), and the previous parser read it.
import { Parser } from 'htmlparser2';

export const SCAN_LIMITS = {
  /** Open elements at once; past this the rest of the page is not read. */
  maxOpenElements: 256,
  /** Characters read; the fetch already caps the body (METADATA_MAX_BYTES, 512 KB by default). */
  maxChars: 1024 * 1024,
} as const;
// No time limit: on a loaded machine a plain 600 KB page took over 250 ms, and a clock would
// then drop metadata that sits after large inline scripts. The two limits above bound the work.

export interface ScannedPage {
  /** First value per lowercased meta property/name/itemprop. */
  meta: Map<string, string>;
  title: string | undefined;
  baseHref: string | undefined;
  imageSrcLink: string | undefined;
  /** Why reading ended before the end of the page, if it did. */
  stoppedEarly: 'depth' | 'size' | undefined;
}

export function scanPage(html: string): ScannedPage {
  const meta = new Map<string, string>();
  let title: string | undefined;
  let baseHref: string | undefined;
  let imageSrcLink: string | undefined;
  let titleText: string | undefined;
  let stoppedEarly: ScannedPage['stoppedEarly'];
  // Mirrors the parser's stack: htmlparser2 reports a close (implied or not) for every open,
  // void elements included, so this is the number of elements open right now.
  let openElements = 0;
  // <title> inside inline SVG is the drawing's title, not the page's.
  let svgDepth = 0;

  const parser: Parser = new Parser(
    {
      onopentag(name, attributes) {
        if (stoppedEarly !== undefined) return;
        openElements += 1;
        if (openElements > SCAN_LIMITS.maxOpenElements) {
          stoppedEarly = 'depth';
          // Stops the tokenizer at this tag; end() is then never called.
          parser.pause();
          return;
        }
        if (name === 'svg') svgDepth += 1;
        if (name === 'meta') {
          const key = (attributes.property ?? attributes.name ?? attributes.itemprop ?? '').trim().toLowerCase();
          const content = attributes.content ?? attributes.value;
          if (key !== '' && content !== undefined && !meta.has(key)) meta.set(key, content);
        } else if (name === 'title' && svgDepth === 0 && title === undefined) {
          titleText = '';
        } else if (name === 'base' && baseHref === undefined && attributes.href !== undefined) {
          baseHref = attributes.href;
        } else if (name === 'link' && imageSrcLink === undefined && attributes.href !== undefined) {
          const rel = (attributes.rel ?? '').toLowerCase().split(/\s+/);
          if (rel.includes('image_src')) imageSrcLink = attributes.href;
        }
      },
      ontext(text) {
        if (stoppedEarly === undefined && titleText !== undefined) titleText += text;
      },
      onclosetag(name) {
        if (stoppedEarly !== undefined) return;
        openElements -= 1;
        if (name === 'svg' && svgDepth > 0) svgDepth -= 1;
        if (name === 'title' && titleText !== undefined) {
          title = titleText;
          titleText = undefined;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );

  parser.write(html.length > SCAN_LIMITS.maxChars ? html.slice(0, SCAN_LIMITS.maxChars) : html);
  if (stoppedEarly === undefined) {
    if (html.length > SCAN_LIMITS.maxChars) stoppedEarly = 'size';
    // Flushes text still buffered (an unclosed <title>) and closes what is open.
    parser.end();
  }
  // An unclosed <title> in broken HTML still names the page.
  if (title === undefined && titleText !== undefined) title = titleText;
  return { meta, title, baseHref, imageSrcLink, stoppedEarly };
}
