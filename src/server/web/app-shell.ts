// The built React app (dist/web): index.html with the site configuration injected, served
// for every client route and as the body of 404 pages (the app renders the error view).
import fs from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../../shared/api.js';
import { redirectTexts } from '../../shared/messages.js';
import { escapeHtml } from '../html.js';

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
    const fallback = plainPage(site.siteName, redirectTexts.notFound);
    return { available: false, distDir, page: () => plainPage(site.siteName, site.siteName), notFoundPage: () => fallback };
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

function plainPage(title: string, message: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(redirectTexts.errorTitle)}</h1><p>${escapeHtml(message)}</p><p><a href="/">${escapeHtml(redirectTexts.backHome)}</a></p></body></html>`;
}
