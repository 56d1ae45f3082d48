// What a short link with options shows instead of sending the visitor on (src/shared/link-gate.ts):
// 'Este link expirou.', or its password form. The server renders it once for every link
// (rendered-pages.ts) and the app hydrates the same markup, so it names neither the link nor
// its target. The form is a plain HTML form: it posts to the address the page was loaded at
// (no action attribute) with or without JavaScript, and the server answers with the target or
// with this page again.
import { LockKeyhole, TimerOff } from 'lucide-react';
import {
  LINK_PASSWORD_FIELD,
  LINK_PASSWORD_INPUT_ID,
  LINK_PASSWORD_PROBLEM_ID,
  LINK_REFERRER_FIELD,
  LINK_REFERRER_MAX_LENGTH,
  type LinkGateView,
  linkGateHeading,
  linkGateProblem,
  linkGateTitle,
} from '../../../shared/link-gate';
import { PASSWORD_MAX_LENGTH } from '../../../shared/link-options';
import { linkOptionTexts } from '../../../shared/messages';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FieldError, Input, Label } from '../../components/ui/field';
import { StatusView } from '../../components/status-view';
import { usePageTitle } from '../../lib/use-page-title';

export function LinkGate({ view }: { view: LinkGateView }) {
  usePageTitle(linkGateTitle(view));
  return view === 'expired' ? <LinkExpired /> : <PasswordGate view={view} />;
}

function LinkExpired() {
  return <StatusView icon={<TimerOff aria-hidden="true" className="size-8" />} tone="warning" heading={linkGateHeading('expired')} headingClassName="text-3xl sm:text-4xl" />;
}

function PasswordGate({ view }: { view: Exclude<LinkGateView, 'expired'> }) {
  const problem = linkGateProblem(view);
  return (
    <div className="mx-auto flex min-h-[55vh] max-w-md flex-col items-center justify-center px-4 py-12 sm:py-16">
      <div className="grid size-16 place-items-center rounded-2xl bg-primary-soft text-primary ring-8 ring-primary-soft/50">
        <LockKeyhole aria-hidden="true" className="size-8" />
      </div>
      <h1 className="mt-6 text-center text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">{linkGateHeading(view)}</h1>
      <Card variant="raised" className="mt-8 w-full p-5 sm:p-6">
        {/* No action: the form posts to the short link it was loaded at. */}
        <form method="post" onSubmit={(event) => fillReferrer(event.currentTarget)}>
          <input type="hidden" name={LINK_REFERRER_FIELD} defaultValue="" />
          <Label htmlFor={LINK_PASSWORD_INPUT_ID}>{linkOptionTexts.passwordLabel}</Label>
          <Input
            id={LINK_PASSWORD_INPUT_ID}
            type="password"
            name={LINK_PASSWORD_FIELD}
            required
            // The longest password (128 characters, each up to 2 UTF-16 units) fits; a longer
            // paste is cut here instead of sending a body past the form's 2 KB limit (a JSON 413).
            maxLength={PASSWORD_MAX_LENGTH * 2}
            autoComplete="current-password"
            // After a refusal the page comes back from the server: focus the field, so a keyboard
            // user types again at once and a screen reader reads the problem (its description).
            autoFocus={problem !== undefined}
            aria-invalid={view === 'password-wrong' ? true : undefined}
            aria-describedby={problem === undefined ? undefined : LINK_PASSWORD_PROBLEM_ID}
          />
          {problem !== undefined && (
            <FieldError id={LINK_PASSWORD_PROBLEM_ID} role="alert">
              {problem}
            </FieldError>
          )}
          <Button type="submit" size="lg" className="mt-4 w-full">
            {linkOptionTexts.open}
          </Button>
        </form>
      </Card>
    </div>
  );
}

/**
 * Where the visitor came from, for the click's source: the origin of the page that led here, or,
 * after a wrong password (when the referrer is this page itself), the one kept for this address
 * in this tab. Only the origin is sent; nothing is kept beyond the tab.
 */
function fillReferrer(form: HTMLFormElement): void {
  const field = form.elements.namedItem(LINK_REFERRER_FIELD);
  if (!(field instanceof HTMLInputElement)) return;
  const key = `link-gate-referrer:${window.location.pathname}`;
  let origin = '';
  try {
    const from = new URL(document.referrer);
    // URL.origin is "null" for android-app:// (an app's package names the source there).
    if (from.host !== window.location.host) origin = `${from.protocol}//${from.host}`;
  } catch {
    // no referrer, or not a URL
  }
  try {
    if (origin !== '') window.sessionStorage.setItem(key, origin);
    else origin = window.sessionStorage.getItem(key) ?? '';
  } catch {
    // storage refused (private mode): the page's own referrer only
  }
  field.value = origin.slice(0, LINK_REFERRER_MAX_LENGTH);
}
