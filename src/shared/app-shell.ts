// What the server writes into the app's index.html and the app reads back from it
// (src/server/web/app-shell.ts writes, src/web/lib reads).

/** <script id=… type="application/json">: the SiteConfig (api.ts), so the app needs no request. */
export const SITE_CONFIG_SCRIPT_ID = 'site-config';

/**
 * <meta name=… content="404">: this page was served as a 404 (the app cannot read the HTTP
 * status of the page it runs in).
 */
export const APP_STATUS_META = 'app-status';
export const NOT_FOUND_STATUS = '404';

/** <meta name=… content=NONCE>: this response's CSP style nonce (Radix Dialog's scroll lock). */
export const CSP_NONCE_META = 'csp-nonce';
