// The HTML the server sends for the app's pages and the 404 view: the built app shell with a
// fresh CSP nonce per response, and the security headers worked out once.
import type { SiteConfig } from '../../shared/api.js';
import type { Config } from '../config.js';
import { type AppShell, loadAppShell } from './app-shell.js';
import { createNonce, createSecurityHeaders, type HeaderSet, type SecurityHeaders } from './security-headers.js';

export type RenderPage = () => { html: string; headers: HeaderSet };

export interface Pages {
  shell: AppShell;
  headers: SecurityHeaders;
  /** The app's page for a client route. */
  render: RenderPage;
  /** The app's error view, for a 404. */
  renderNotFound: RenderPage;
}

export function createPages(config: Readonly<Config>): Pages {
  const site: SiteConfig = { ...config.site, publicUrl: config.publicUrl };
  const shell = loadAppShell(config.webDistDir, site);
  const headers = createSecurityHeaders({ publicUrl: config.publicUrl, adScriptSrc: config.site.adScriptSrc });
  const withNonce = (render: (nonce: string) => string): RenderPage => () => {
    const nonce = createNonce();
    return { html: render(nonce), headers: shell.available ? headers.app(nonce) : headers.plain };
  };
  return { shell, headers, render: withNonce(shell.page), renderNotFound: withNonce(shell.notFoundPage) };
}
