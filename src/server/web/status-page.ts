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

function bareDocument(title: string, main: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head><body><main>${main}</main></body></html>`;
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
