// The built React app (dist/web): index.html, into which each page goes with what it was
// rendered from (the site config, the page context, the title) and, per response, its CSP
// nonce. Without a built app the server still answers, with small status pages.
import fs from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../../shared/api.js';
import { APP_HTML_MARK, CSP_NONCE_META, type PageContext, PAGE_CONTEXT_SCRIPT_ID, type ServerRenderResult, SITE_CONFIG_SCRIPT_ID } from '../../shared/app-shell.js';
import { LINK_GATE_VIEWS, type LinkGateView } from '../../shared/link-gate.js';
import { redirectTexts } from '../../shared/messages.js';
import { escapeHtml } from '../html.js';
import { brandRule } from './brand-palette.js';
import { createNoncedDocument, type NoncedDocument } from './nonced-gzip.js';
import { renderLinkGatePage, renderStatusPage } from './status-page.js';

/** A finished page that only lacks this response's nonce. */
export type NoncedPage = NoncedDocument;

/** A page with nothing to put a nonce in (no style, no script). */
export const fixedPage = (html: string): NoncedPage => createNoncedDocument(html, () => '', '');

export interface AppShell {
  /** False when no built app exists (npm start builds one; tests may run without). */
  readonly available: boolean;
  readonly distDir: string;
  /** The <style> elements the pages carry: the CSP allows them by their hashes. */
  readonly inlineStyles: readonly string[];
  /**
   * The page for `rendered` app markup; with none, the root stays empty and the browser
   * renders the app itself (a build without the server bundle). A link's page (context.linkGate)
   * without rendered markup is the bare page instead: its form must work without a script.
   */
  compose(rendered: ServerRenderResult | undefined, context: PageContext): NoncedPage;
}

/** JSON inside <script type="application/json">: "<" escaped so no value can close the element. */
const jsonScript = (id: string, value: unknown) => `<script id="${id}" type="application/json">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

export function loadAppShell(distDir: string, site: SiteConfig): AppShell {
  const indexFile = path.join(distDir, 'index.html');
  const template = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;
  const bareLinkGates = new Map<LinkGateView, NoncedPage>(
    LINK_GATE_VIEWS.map((view) => [view, fixedPage(renderLinkGatePage({ siteName: site.siteName, view, homeLabel: redirectTexts.backHome }))]),
  );
  const bareLinkGate = (context: PageContext) => (context.linkGate === undefined ? undefined : bareLinkGates.get(context.linkGate));
  if (template === undefined) {
    const fallback = renderStatusPage({ siteName: site.siteName, heading: redirectTexts.errorTitle, message: redirectTexts.notFound, homeLabel: redirectTexts.backHome });
    const home = renderStatusPage({ siteName: site.siteName, heading: site.siteName, message: 'Página em construção.', homeLabel: redirectTexts.backHome });
    const pages = { home: fixedPage(home), notFound: fixedPage(fallback) };
    return {
      available: false,
      distDir,
      inlineStyles: [],
      compose: (_rendered, context) => bareLinkGate(context) ?? (context.status === 404 ? pages.notFound : pages.home),
    };
  }
  const siteJson = jsonScript(SITE_CONFIG_SCRIPT_ID, site);
  const branded = themed(template, site.brandColor);
  const { page, inlineStyle } = inlineStylesheet(branded, distDir, site.brandColor);
  // Without gzip (load tools, scripts; no browser) the page links the stylesheet instead of
  // carrying it: an unknown alias must not answer a flood with ~55 KB apiece.
  const linked = linkedBrand(branded, site.brandColor);
  return {
    available: true,
    distDir,
    inlineStyles: [inlineStyle, brandRule(site.brandColor)],
    compose(rendered, context) {
      if (rendered === undefined) {
        const bare = bareLinkGate(context);
        if (bare !== undefined) return bare;
      }
      const title = rendered?.title ?? site.siteName;
      const fill = (shell: string) =>
        shell
          .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
          // The console's pages are for nobody to index (the X-Robots-Tag header says it too).
          .replace('</head>', () => `${context.admin === undefined ? '' : '<meta name="robots" content="noindex, nofollow">'}${siteJson}${jsonScript(PAGE_CONTEXT_SCRIPT_ID, context)}</head>`)
          .replace(APP_HTML_MARK, () => rendered?.html ?? '');
      // Split once, so each response only puts its nonce in (nonced-gzip.ts): Radix Dialog adds a
      // <style> element (scroll lock) that the CSP allows by this nonce, read from the meta tag.
      const nonced = (html: string) => {
        const at = html.indexOf('</head>');
        return createNoncedDocument(html.slice(0, at), nonceMeta, html.slice(at));
      };
      const inline = nonced(fill(page));
      const plain = nonced(fill(linked));
      return { text: plain.text, bytes: plain.bytes, gzip: inline.gzip };
    },
  };
}

/**
 * The per-response piece of every page. At module level: a function made inside compose would
 * keep compose's scope (the rendered app's HTML, the page context) alive with each kept page.
 */
const nonceMeta = (nonce: string): string => `<meta name="${CSP_NONCE_META}" content="${nonce}">`;

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/;

/**
 * The built stylesheet goes into the page itself. It is what the first paint waits for, and on
 * a phone over mobile data fetching it separately costs a round trip or two after the HTML;
 * most visitors arrive once, from a shared link, so a cached copy rarely helps them. (~8 KB
 * compressed; the CSS file stays served for anything that asks for it.)
 */
function inlineStylesheet(template: string, distDir: string, brandColor: string): { page: string; inlineStyle: string } {
  // The configured brand colour, so the page paints in it before (and without) any script.
  const brand = brandRule(brandColor);
  const link = STYLESHEET_LINK.exec(template);
  const file = link?.[1] === undefined ? undefined : path.join(distDir, link[1]);
  if (link === null || file === undefined || !fs.existsSync(file)) {
    return { page: template.replace('</head>', () => `<style>${brand}</style></head>`), inlineStyle: brand };
  }
  // "</" cannot occur in the CSS Vite writes, but if it did it would end the element early.
  const css = fs.readFileSync(file, 'utf8').replace(/<\//g, '<\\/') + brand;
  return { page: template.replace(link[0], () => `<style>${css}</style>`), inlineStyle: css };
}

/** The page as built (stylesheet linked), with the brand colour in a small inline style. */
function linkedBrand(template: string, brandColor: string): string {
  return template.replace('</head>', () => `<style>${brandRule(brandColor)}</style></head>`);
}

/** The browser's toolbar colour, as the app would set it. */
function themed(template: string, brandColor: string): string {
  return template.replace(/<meta name="theme-color" content="[^"]*"/, () => `<meta name="theme-color" content="${brandColor}"`);
}

