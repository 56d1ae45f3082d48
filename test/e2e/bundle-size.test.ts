// Budget: the JavaScript the home page loads before anything else, gzip-compressed, is at
// most 120 KB. Measured on the production build (dist/web) the server serves: the entry
// script, the app it starts once the page has painted (src/web/main.tsx → boot.tsx), and
// every file those import statically. The pages' own chunks, loaded on demand, are not counted.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';

const DIST = path.resolve('dist/web');
const BUDGET_BYTES = 120 * 1024;

const read = (src: string) => fs.readFileSync(path.join(DIST, src), 'utf8');
/** "./boot-x.js" in a file under /assets → "/assets/boot-x.js". */
const sibling = (src: string, specifier: string) => path.posix.join(path.posix.dirname(src), specifier);

function initialScripts(html: string): string[] {
  const files = new Set<string>();
  const entries: string[] = [];
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) if (match[1]) entries.push(match[1]);
  for (const match of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)) if (match[1]) entries.push(match[1]);
  const visit = (src: string) => {
    if (files.has(src)) return;
    files.add(src);
    for (const match of read(src).matchAll(/(?:from|import)\s*"(\.\/[^"]+\.js)"/g)) if (match[1]) visit(sibling(src, match[1]));
  };
  for (const entry of entries) {
    visit(entry);
    // The entry starts the app with import("./boot-….js") once the page has painted: that file
    // is part of the first load too (the app's own import() calls, its pages, are not).
    for (const match of read(entry).matchAll(/import\("(\.\/[^"]+\.js)"\)/g)) if (match[1]) visit(sibling(entry, match[1]));
  }
  return [...files];
}

describe('production build', () => {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');

  it('keeps the home page initial JavaScript within 120 KB gzip', () => {
    const scripts = initialScripts(html);
    expect(scripts.length).toBeGreaterThan(0);
    let total = 0;
    for (const src of scripts) {
      const gzipped = zlib.gzipSync(fs.readFileSync(path.join(DIST, src))).length;
      total += gzipped;
      console.log(`  ${src}: ${(gzipped / 1024).toFixed(1)} KB gzip`);
    }
    console.log(`Home page initial JavaScript: ${(total / 1024).toFixed(1)} KB gzip (budget ${BUDGET_BYTES / 1024} KB)`);
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
    // The other pages, the dashboard and the QR code (library and dialog) load on demand.
    expect(scripts.some((src) => /faq-page|contact-page|privacy-page|dashboard-page|qr-code-dialog|dialog-/.test(src))).toBe(false);
    const home = scripts.map((src) => fs.readFileSync(path.join(DIST, src), 'utf8')).join('\n');
    // Strings only the QR library (qrcode) and Radix Dialog contain.
    expect(home).not.toContain('The amount of data is too big to be stored in a QR Code');
    expect(home).not.toContain('DialogTitle');
  });

  it('names, for main.tsx to preload after the paint, exactly the chunks the app loads from', () => {
    const meta = /<meta name="app-chunks" content="([^"]*)"/.exec(html);
    expect(meta).not.toBeNull();
    const listed = (meta?.[1] ?? '').split(' ');
    const entry = /<script\b[^>]*\bsrc="([^"]+)"/.exec(html)?.[1];
    // The same files the budget counts, but the entry script itself, each once.
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(initialScripts(html).filter((src) => src !== entry).sort());
    expect(listed.some((src) => /boot-stage-react/.test(src))).toBe(true);
    // Not as <link rel="modulepreload">: nothing of the app is requested before the first paint.
    expect(html).not.toContain('modulepreload');
  });

  it('has no inline script (the Content-Security-Policy forbids them)', () => {
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attrs, body]) => !/\bsrc=/.test(attrs ?? '') && (body ?? '').trim() !== '');
    expect(inline).toEqual([]);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).toContain('<html lang="pt-BR">');
  });
});
