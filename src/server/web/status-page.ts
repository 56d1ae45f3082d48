// Small server-rendered pages for outcomes the React app does not render: a blocked link
// (410), the store unreachable (503), a form posted without JavaScript past the render budget,
// and, when no built app (or no server bundle) exists, the 404 and the pages of links with
// options (expired, password).
import { PASSWORD_MAX_LENGTH } from '../../shared/link-options.js';
import { linkOptionTexts } from '../../shared/messages.js';
import {
  LINK_PASSWORD_FIELD,
  LINK_PASSWORD_INPUT_ID,
  LINK_PASSWORD_PROBLEM_ID,
  LINK_REFERRER_FIELD,
  type LinkGateView,
  linkGateHeading,
  linkGateProblem,
  linkGateTitle,
} from '../../shared/link-gate.js';
import { pageTitle } from '../../shared/page-title.js';
import { escapeHtml } from '../html.js';

/**
 * The pages' own few rules, inline (one request, nothing to fetch when the store or the app is
 * what failed), allowed by their hash in the plain policy (security-headers.ts). Without them a
 * visitor tapping a blocked link from a chat met browser-default serif text that looked broken.
 * Fixed colours (the configured brand colour would change the hash): the site's default teal.
 */
export const STATUS_PAGE_STYLE =
  'body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8fafc;color:#0f172a;line-height:1.5}' +
  'main{max-width:32rem;margin:0 auto;padding:4rem 1.25rem;text-align:center}' +
  'h1{font-size:1.75rem;line-height:1.2;margin:0 0 1rem}p{margin:0 0 1rem;color:#334155}' +
  'a,button{display:inline-block;padding:.75rem 1.25rem;border:0;border-radius:.75rem;background:#0f766e;color:#fff;font:inherit;font-weight:600;text-decoration:none}' +
  'label{font-weight:600}input{display:block;width:100%;box-sizing:border-box;margin-top:.25rem;padding:.6rem .75rem;border:1px solid #64748b;border-radius:.5rem;font:inherit}' +
  '[role=alert]{color:#b91c1c}';

function bareDocument(title: string, main: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title><style>${STATUS_PAGE_STYLE}</style></head><body><main>${main}</main></body></html>`;
}

/** `link`: one more way on, before the home page's (a path of this site, never from a request). */
export function renderStatusPage(input: { siteName: string; heading: string; message: string; homeLabel: string; link?: { href: string; label: string } }): string {
  const { link } = input;
  const more = link === undefined ? '' : `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`;
  return bareDocument(
    escapeHtml(pageTitle(input.siteName, input.heading)),
    `<h1>${escapeHtml(input.heading)}</h1><p>${escapeHtml(input.message)}</p>${more}<p><a href="/">${escapeHtml(input.homeLabel)}</a></p>`,
  );
}

/**
 * A link's page without the app: the same texts and the same plain form as the app's
 * (src/web/features/redirect/link-gate.tsx), posted to the address it was loaded at.
 */
export function renderLinkGatePage(input: { siteName: string; view: LinkGateView; homeLabel: string }): string {
  const { view } = input;
  const title = escapeHtml(pageTitle(input.siteName, linkGateTitle(view)));
  const heading = `<h1>${escapeHtml(linkGateHeading(view))}</h1>`;
  if (view === 'expired') return bareDocument(title, `${heading}<p><a href="/">${escapeHtml(input.homeLabel)}</a></p>`);
  const problem = linkGateProblem(view);
  const described = problem === undefined ? '' : ` aria-describedby="${LINK_PASSWORD_PROBLEM_ID}"`;
  const invalid = view === 'password-wrong' ? ' aria-invalid="true"' : '';
  const form =
    // The same fields as the app's form; no script fills the referrer here (the click counts as direct).
    `<form method="post"><input type="hidden" name="${LINK_REFERRER_FIELD}" value="">` +
    `<p><label for="${LINK_PASSWORD_INPUT_ID}">${escapeHtml(linkOptionTexts.passwordLabel)}</label> ` +
    `<input id="${LINK_PASSWORD_INPUT_ID}" type="password" name="${LINK_PASSWORD_FIELD}" required maxlength="${PASSWORD_MAX_LENGTH * 2}" autocomplete="current-password"${invalid}${described}></p>` +
    (problem === undefined ? '' : `<p id="${LINK_PASSWORD_PROBLEM_ID}" role="alert">${escapeHtml(problem)}</p>`) +
    `<p><button type="submit">${escapeHtml(linkOptionTexts.open)}</button></p>` +
    `</form>`;
  return bareDocument(title, heading + form);
}
