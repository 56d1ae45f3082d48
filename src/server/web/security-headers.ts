// Security headers, worked out once at start. Pages get a Content-Security-Policy the app
// satisfies (no inline script; the site config is a JSON data block, which is not run), and
// framing is refused. The 302 of the redirect gets none of this: it has no body to protect,
// and it is the path that must stay lean.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { STATUS_PAGE_STYLE } from './status-page.js';

export type HeaderSet = Readonly<Record<string, string>>;

const NONCE_BYTES = 16;
const NONCES_PER_FILL = 256;
let noncePool = Buffer.alloc(0);
let nonceOffset = 0;

/**
 * A fresh nonce for one HTML response (128 random bits). The random bytes are drawn from the
 * CSPRNG a few kilobytes at a time rather than once per page: the 404 page is what a flood of
 * random aliases gets, and a call into the CSPRNG per response showed in its profile. Each
 * nonce is still used once.
 */
export function createNonce(): string {
  if (nonceOffset + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(NONCE_BYTES * NONCES_PER_FILL);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString('base64', nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

export interface SecurityHeaders {
  /** The React app's pages: styles from our files, plus elements carrying this response's nonce. */
  app: (nonce: string) => HeaderSet;
  /** Server-rendered pages without styles or scripts (status pages). */
  plain: HeaderSet;
  /**
   * The pages of links with options (src/shared/link-gate.ts), as `app` (with the app) or
   * `plain` (bare page), except that their form may lead anywhere: the password form posts to
   * the page's own address, which answers with a redirect to the link's target, and Chromium
   * holds a form's redirects to form-action too. Nor do they upgrade insecure requests: the
   * redirect of the form may lead to an http: target, which an upgrade would break (the pages
   * load nothing but this site's own files).
   */
  linkGate: { app: (nonce: string) => HeaderSet; plain: HeaderSet };
  /** The crawler preview page, whose one inline <style> is allowed by its hash. */
  preview: (inlineStyle: string) => HeaderSet;
  /** JSON API answers. */
  api: HeaderSet;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

export function createSecurityHeaders(options: { publicUrl: string; adScriptSrc: string; inlineStyles?: readonly string[] }): SecurityHeaders {
  const https = options.publicUrl.startsWith('https://');
  const common: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  const adOrigin = options.adScriptSrc === '' ? '' : ` ${new URL(options.adScriptSrc).origin}`;
  const csp = (directives: Record<string, string>, upgrade = https) =>
    Object.entries({ ...directives, 'object-src': "'none'", 'base-uri': "'self'", 'frame-ancestors': "'none'" })
      .map(([name, value]) => `${name} ${value}`)
      .concat(upgrade ? ['upgrade-insecure-requests'] : [])
      .join('; ');
  const page = (policy: string): HeaderSet => ({ ...common, 'content-security-policy': policy, 'x-frame-options': 'DENY' });

  // The app's policy is worked out once around a marker; each response only puts its nonce in.
  const NONCE_MARK = '\u0000nonce\u0000';
  const appDirectives = {
    'default-src': "'self'",
    // An advertising script, when configured and consented to, comes from its own origin
    // and usually shows its ads in frames and images from there.
    'script-src': `'self'${adOrigin}`,
    // The pages' stylesheet and brand colour are inline (app-shell.ts), allowed by their hashes.
    'style-src': ["'self'", `'nonce-${NONCE_MARK}'`, ...(options.inlineStyles ?? []).map(sha256)].join(' '),
    'img-src': `'self' data: blob:${adOrigin === '' ? '' : ' https:'}`,
    'font-src': "'self'",
    'connect-src': `'self'${adOrigin}`,
    'frame-src': adOrigin === '' ? "'none'" : adOrigin.trim(),
    'form-action': "'self'",
  };
  const [appPolicyHead = '', appPolicyTail = ''] = csp(appDirectives).split(NONCE_MARK);
  // The bare pages' inline rules (status-page.ts), by their hash.
  const statusPageStyle = sha256(STATUS_PAGE_STYLE);
  // A link's target may be any http(s) address.
  const anyFormTarget = "'self' https: http:";
  const [gatePolicyHead = '', gatePolicyTail = ''] = csp({ ...appDirectives, 'form-action': anyFormTarget }, false).split(NONCE_MARK);

  return {
    app: (nonce) => page(appPolicyHead + nonce + appPolicyTail),
    plain: page(csp({ 'default-src': "'none'", 'style-src': statusPageStyle, 'form-action': "'self'" })),
    linkGate: {
      app: (nonce) => page(gatePolicyHead + nonce + gatePolicyTail),
      plain: page(csp({ 'default-src': "'none'", 'style-src': statusPageStyle, 'form-action': anyFormTarget }, false)),
    },
    preview: (inlineStyle) =>
      page(
        csp({
          'default-src': "'none'",
          'style-src': sha256(inlineStyle),
          'img-src': 'https: http: data:',
        }),
      ),
    api: common,
  };
}

/** Every response of the scope gets this header set (the redirect's scope has none). */
export function sendHeaders(scope: FastifyInstance, set: HeaderSet): void {
  scope.addHook('onRequest', async (_request, reply) => {
    void reply.headers(set);
  });
}
