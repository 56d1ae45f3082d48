// The built React app (dist/web): index.html, into which each page goes with what it was
// rendered from (the site config, the page context, the title) and, per response, its CSP
// nonce. Without a built app the server still answers, with small status pages.
import fs from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../../shared/api.js';
import { APP_HTML_MARK, CSP_NONCE_META, type PageContext, PAGE_CONTEXT_SCRIPT_ID, type ServerRenderResult, SITE_CONFIG_SCRIPT_ID } from '../../shared/app-shell.js';
import { redirectTexts } from '../../shared/messages.js';
import { escapeHtml } from '../html.js';
import { renderStatusPage } from './status-page.js';

/** A finished page that only lacks this response's nonce. */
export type NoncedPage = (nonce: string) => string;

export interface AppShell {
  /** False when no built app exists (npm start builds one; tests may run without). */
  readonly available: boolean;
  readonly distDir: string;
  /**
   * The page for `rendered` app markup; with none, the root stays empty and the browser
   * renders the app itself (a build without the server bundle).
   */
  compose(rendered: ServerRenderResult | undefined, context: PageContext): NoncedPage;
}

/** JSON inside <script type="application/json">: "<" escaped so no value can close the element. */
const jsonScript = (id: string, value: unknown) => `<script id="${id}" type="application/json">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

export function loadAppShell(distDir: string, site: SiteConfig): AppShell {
  const indexFile = path.join(distDir, 'index.html');
  const template = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;
  if (template === undefined) {
    const fallback = renderStatusPage({ siteName: site.siteName, heading: redirectTexts.errorTitle, message: redirectTexts.notFound, homeLabel: redirectTexts.backHome });
    const home = renderStatusPage({ siteName: site.siteName, heading: site.siteName, message: 'Página em construção.', homeLabel: redirectTexts.backHome });
    return { available: false, distDir, compose: (_rendered, context) => () => (context.status === 404 ? fallback : home) };
  }
  const siteJson = jsonScript(SITE_CONFIG_SCRIPT_ID, site);
  return {
    available: true,
    distDir,
    compose(rendered, context) {
      const title = rendered?.title ?? site.siteName;
      const html = template
        .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
        .replace('</head>', () => `${siteJson}${jsonScript(PAGE_CONTEXT_SCRIPT_ID, context)}</head>`)
        .replace(APP_HTML_MARK, () => rendered?.html ?? '');
      // Split once, so each response only concatenates its nonce in: Radix Dialog adds a
      // <style> element (scroll lock) that the CSP allows by this nonce, read from the meta tag.
      const at = html.indexOf('</head>');
      const head = html.slice(0, at);
      const tail = html.slice(at);
      return (nonce) => `${head}<meta name="${CSP_NONCE_META}" content="${nonce}">${tail}`;
    },
  };
}
