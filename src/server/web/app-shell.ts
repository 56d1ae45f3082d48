// The built React app (dist/web): index.html with the site configuration injected, served
// for every client route and as the body of 404 pages (the app renders the error view).
import fs from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../../shared/api.js';
import { redirectTexts } from '../../shared/messages.js';
import { escapeHtml } from '../html.js';
import { renderStatusPage } from './status-page.js';

export interface AppShell {
  /** False when no built app exists (npm start builds one; tests may run without). */
  readonly available: boolean;
  readonly distDir: string;
  page(): string;
  notFoundPage(): string;
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
    .replace('</head>', `<script id="site-config" type="application/json">${json}</script></head>`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(site.siteName)}</title>`);
  // The app cannot read the HTTP status of the page it runs in; this tells it the alias in
  // the address bar was not found, so it shows the error view at once.
  const notFound = html.replace('</head>', '<meta name="app-status" content="404"></head>');
  return { available: true, distDir, page: () => html, notFoundPage: () => notFound };
}
