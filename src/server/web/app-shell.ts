// The built React app (dist/web): index.html with the site configuration injected, served
// for every client route and as the body of 404 pages (the app renders the error view).
import fs from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../../shared/api.js';
import { APP_STATUS_META, CSP_NONCE_META, NOT_FOUND_STATUS, SITE_CONFIG_SCRIPT_ID } from '../../shared/app-shell.js';
import { redirectTexts } from '../../shared/messages.js';
import { escapeHtml } from '../html.js';
import { renderStatusPage } from './status-page.js';

export interface AppShell {
  /** False when no built app exists (npm start builds one; tests may run without). */
  readonly available: boolean;
  readonly distDir: string;
  /** The app's page; `nonce` is this response's CSP style nonce (see security-headers.ts). */
  page(nonce: string): string;
  notFoundPage(nonce: string): string;
}

export function loadAppShell(distDir: string, site: SiteConfig): AppShell {
  const indexFile = path.join(distDir, 'index.html');
  const template = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;
  if (template === undefined) {
    const fallback = renderStatusPage({ siteName: site.siteName, heading: redirectTexts.errorTitle, message: redirectTexts.notFound, homeLabel: redirectTexts.backHome });
    const home = renderStatusPage({ siteName: site.siteName, heading: site.siteName, message: 'Página em construção.', homeLabel: redirectTexts.backHome });
    return { available: false, distDir, page: () => home, notFoundPage: () => fallback };
  }
  // "<" is escaped so no value can close the script element.
  const json = JSON.stringify(site).replace(/</g, '\\u003c');
  const html = template
    .replace('</head>', `<script id="${SITE_CONFIG_SCRIPT_ID}" type="application/json">${json}</script></head>`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(site.siteName)}</title>`);
  // The app cannot read the HTTP status of the page it runs in; this tells it the alias in
  // the address bar was not found, so it shows the error view at once.
  const notFound = html.replace('</head>', `<meta name="${APP_STATUS_META}" content="${NOT_FOUND_STATUS}"></head>`);
  // Split once at start, so each response only concatenates its nonce in: Radix Dialog adds a
  // <style> element (scroll lock) that the CSP allows by this nonce, read from the meta tag.
  const withNonce = (page: string) => {
    const [head, tail] = splitAt(page, '</head>');
    return (nonce: string) => `${head}<meta name="${CSP_NONCE_META}" content="${nonce}">${tail}`;
  };
  return { available: true, distDir, page: withNonce(html), notFoundPage: withNonce(notFound) };
}

function splitAt(text: string, marker: string): [string, string] {
  const at = text.indexOf(marker);
  return at === -1 ? [text, ''] : [text.slice(0, at), text.slice(at)];
}
