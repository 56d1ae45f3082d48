// The console's sign-in form. Rendered by the server (it paints before any script); its button
// waits for hydration, so the e-mail and password never leave as a plain form post. Also the
// fields of the dialog that asks for a new sign-in when the session ends while the console is
// in use (pages/admin-page.tsx).
import { type FormEvent, useRef, useState } from 'react';
import type { AdminSession } from '../../../shared/admin-api';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input, Label } from '../../components/ui/field';
import { useHydrated } from '../../lib/hydration';
import { useTypedBeforeHydration } from '../../lib/typed-before-hydration';
import { currentSession, isSessionEnded, signIn } from './admin-client';
import { messageOf } from './console-context';
import { adminTexts as t } from './admin-texts';

/** The id of the form's heading: where focus goes after 'Sair' (the console it was in is gone). */
const SIGN_IN_HEADING_ID = 'admin-sign-in';

/** Moves focus to the sign-in form's heading. */
export function focusSignInHeading(): void {
  document.getElementById(SIGN_IN_HEADING_ID)?.focus();
}

/** The id of the password field: where focus starts in the session-ended dialog, the e-mail already there. */
export const SIGN_IN_PASSWORD_ID = 'admin-password';

/**
 * `inDialog`: the fields alone, for the dialog that asks a signed-in operator whose session
 * ended to sign in again (the dialog has its own title and words); `email`: the e-mail it
 * starts with (theirs).
 */
export function SignInForm({ onSignedIn, inDialog = false, email: initialEmail = '' }: { onSignedIn(session: AdminSession): void; inDialog?: boolean; email?: string }) {
  const hydrated = useHydrated();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // Typed, or filled by a password manager, before the app hydrated the form: kept and sent.
  useTypedBeforeHydration(() => [
    { element: () => emailRef.current, initial: email, adopt: setEmail },
    { element: () => passwordRef.current, initial: password, adopt: setPassword },
  ]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const session = await signIn({ email, password });
      // A browser that blocks cookies drops the session's at once: every call after this one
      // would be 401, read as 'Sua sessão expirou', again at each sign-in. Asked once here, it
      // says what is wrong instead.
      try {
        await currentSession();
      } catch (failure) {
        if (isSessionEnded(failure)) {
          setError(t.signIn.cookiesBlocked);
          return;
        }
      }
      setPassword('');
      onSignedIn(session);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
    // Sent with the button, which was disabled while waiting: focus fell to <body>. Back in the
    // form, at its start, where the alert read out is about (Enter in a field keeps its place).
    const active = document.activeElement;
    if (!(active instanceof HTMLInputElement && emailRef.current?.form?.contains(active) === true)) emailRef.current?.focus();
  }

  const form = (
    <form method="post" className={inDialog ? 'mt-5 space-y-4' : 'mt-6 space-y-4'} onSubmit={(event) => void submit(event)} noValidate>
      <div>
        <Label htmlFor="admin-email">{t.signIn.email}</Label>
        <Input
          ref={emailRef}
          id="admin-email"
          name="email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <div>
        <Label htmlFor={SIGN_IN_PASSWORD_ID}>{t.signIn.password}</Label>
        <Input
          ref={passwordRef}
          id={SIGN_IN_PASSWORD_ID}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      <div role="alert" className="min-h-5 text-sm font-medium text-red-700">
        {error}
      </div>
      <Button type="submit" className="w-full" disabled={!hydrated || busy}>
        {busy ? t.signIn.submitting : t.signIn.submit}
      </Button>
    </form>
  );
  if (inDialog) return form;
  return (
    <Card variant="raised" className="mx-auto w-full max-w-md p-6 sm:p-8">
      {/* tabIndex -1: focus can be put here (after 'Sair'), Tab does not stop here. */}
      <h2 id={SIGN_IN_HEADING_ID} tabIndex={-1} className="rounded-md text-xl font-bold text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary">
        {t.signIn.submit}
      </h2>
      <p className="mt-2 text-sm text-pretty text-slate-600">{t.signIn.intro}</p>
      {form}
    </Card>
  );
}
