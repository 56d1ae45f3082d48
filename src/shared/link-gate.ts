// The pages a visitor meets instead of being sent on by a short link with options:
// an expired link, or one protected by a password. The server answers GET and POST /:alias with
// them (src/server/redirect/redirect-routes.ts, through Pages.renderLinkGate); the app renders
// them (src/web/features/redirect/link-gate.tsx), and so does the bare page used when the app is
// not built (src/server/web/status-page.ts). One page serves every link: nothing in it names the
// link or its target, and the password form posts to the address it was loaded at.
import type { LinkGateView } from './link-gate-views.js';
import { linkOptionTexts } from './messages.js';

export { isLinkGateView, LINK_GATE_VIEWS, type LinkGateView } from './link-gate-views.js';

/** The form's field (application/x-www-form-urlencoded, posted to the short link itself). */
export const LINK_PASSWORD_FIELD = 'password';

/**
 * A hidden field the page's script fills on submit with the origin of the site the visitor came
 * from: the POST's own Referer is the short link, so without it every click on a protected link
 * counted as 'direct' in the insights. Only the origin, at most this long.
 */
export const LINK_REFERRER_FIELD = 'referrer';
export const LINK_REFERRER_MAX_LENGTH = 300;

/** The ids of the password field and of the message tied to it (one form per page). */
export const LINK_PASSWORD_INPUT_ID = 'link-password';
export const LINK_PASSWORD_PROBLEM_ID = 'link-password-problem';

/** The page's heading. */
export function linkGateHeading(view: LinkGateView): string {
  return view === 'expired' ? linkOptionTexts.expired : linkOptionTexts.protectedTitle;
}

/** The document title (before " | site name"): the heading without its full stop. */
export function linkGateTitle(view: LinkGateView): string {
  return view === 'expired' ? linkOptionTexts.expired.replace(/\.$/, '') : linkOptionTexts.protectedPreview;
}

/** What went wrong with the last attempt, shown under the password field; undefined when nothing did. */
export function linkGateProblem(view: LinkGateView): string | undefined {
  if (view === 'password-wrong') return linkOptionTexts.wrongPassword;
  if (view === 'password-limited') return linkOptionTexts.tooManyAttempts;
  return undefined;
}
