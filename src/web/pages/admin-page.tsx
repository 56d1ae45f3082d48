// The operator's console (/admin and its sections). The server renders it for each request with
// the signed-in operator (or none: the sign-in form) in the page context; the sections read
// their data once hydrated. A session that ends while the console is in use asks for a sign-in
// in a dialog over it, the console kept as it was. Its own chunk: nothing of it weighs on the
// home page.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { ADMIN_PAGE_PATHS, type AdminPageContext, type AdminPageName, type AdminSession } from '../../shared/admin-api';
import { PAGE_CONTEXT_SCRIPT_ID } from '../../shared/app-shell';
import { Dialog, DialogContent } from '../components/ui/dialog';
import { toast } from '../components/ui/use-toast';
import { adminClient, currentSession, isSessionEnded } from '../features/admin/admin-client';
import { adminTexts as t } from '../features/admin/admin-texts';
import { AuditSection } from '../features/admin/audit-section';
import { BlocklistSection } from '../features/admin/blocklist-section';
import { ConsoleLayout } from '../features/admin/console-layout';
import { ConsoleProvider, messageOf } from '../features/admin/console-context';
import { focusSectionHeading } from '../features/admin/focus-keeper';
import { KeysSection } from '../features/admin/keys-section';
import { LinksSection } from '../features/admin/links-section';
import { OverviewSection } from '../features/admin/overview-section';
import { ReportsSection } from '../features/admin/reports-section';
import { focusSignInHeading, SIGN_IN_PASSWORD_ID, SignInForm } from '../features/admin/sign-in-form';
import { usePageContext } from '../lib/page-context';
import { usePageTitle } from '../lib/use-page-title';

/** Marks the session-ended dialog, whose fields are not where focus goes back to after it. */
const SESSION_DIALOG_ATTRIBUTE = 'data-session-ended';

const PAGE_BY_PATH = new Map<string, AdminPageName>(Object.entries(ADMIN_PAGE_PATHS).map(([name, path]) => [path, name as AdminPageName]));

const SECTIONS: Record<AdminPageName, () => React.JSX.Element> = {
  overview: OverviewSection,
  reports: ReportsSection,
  links: LinksSection,
  blocklist: BlocklistSection,
  keys: KeysSection,
  audit: AuditSection,
};

function toSession(value: unknown): AdminSession | null {
  if (typeof value !== 'object' || value === null) return null;
  const { operator, csrfToken } = value as Record<string, unknown>;
  const email = typeof operator === 'object' && operator !== null ? (operator as Record<string, unknown>).email : undefined;
  return typeof email === 'string' && typeof csrfToken === 'string' ? { operator: { email }, csrfToken } : null;
}

/** The console's context in the page's own <script id="page-context"> (the app's reader keeps only what every page needs). */
function readDocumentAdmin(): AdminPageContext['session'] {
  try {
    const parsed: unknown = JSON.parse(document.getElementById(PAGE_CONTEXT_SCRIPT_ID)?.textContent ?? 'null');
    const admin = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>).admin : undefined;
    return typeof admin === 'object' && admin !== null ? toSession((admin as Record<string, unknown>).session) : null;
  } catch {
    return null;
  }
}

/** The session the page was rendered with: from the page context on the server, from the page itself in the browser. */
function useRenderedSession(): AdminSession | null {
  const { admin } = usePageContext();
  if (admin !== undefined || typeof document === 'undefined') return admin?.session ?? null;
  return readDocumentAdmin();
}

export function AdminPage() {
  const { pathname } = useLocation();
  const page = PAGE_BY_PATH.get(pathname.replace(/\/+$/, '') || '/') ?? 'overview';
  const rendered = useRenderedSession();
  const [session, setSession] = useState<AdminSession | null>(rendered);
  const [signingOut, setSigningOut] = useState(false);
  // The session ended while the console was in use (a 401 not_signed_in): what found out, an
  // action or a read. Undefined while the session holds.
  const [ended, setEnded] = useState<'action' | 'read' | undefined>();
  usePageTitle(session === null ? t.title : `${t.sections[page]} · ${t.title}`);

  // A sign-in replaces the form with the console, a sign-out the console with the form: what had
  // focus is gone, and a keyboard user was left on <body>. Once the other side has rendered,
  // focus goes to its heading (the section's, or the form's), which says where they are.
  const focusAfterSwitch = useRef<(() => void) | undefined>(undefined);
  useEffect(() => {
    focusAfterSwitch.current?.();
    focusAfterSwitch.current = undefined;
  }, [session]);

  // The element that had focus last, outside the session-ended dialog: the control whose action
  // found the session ended (a button disabled while it ran has lost focus to <body> since),
  // where focus goes back once signed in again.
  const lastFocused = useRef<HTMLElement | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (target instanceof HTMLElement && target !== document.body && target.closest(`[${SESSION_DIALOG_ATTRIBUTE}]`) === null) lastFocused.current = target;
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, []);

  // The console stays (its forms, what they hold, the page loaded, an open confirmation) under a
  // dialog asking for a sign-in: unmounting it lost what the operator typed, and after signing
  // in nothing said the action was not done. Once an action has found the session ended, the
  // dialog says it was not done, whatever reads find the same afterwards.
  const endedNow = useRef(false);
  const sessionEnded = useCallback((during: 'action' | 'read' = 'action') => {
    if (!endedNow.current) {
      endedNow.current = true;
      returnFocus.current = lastFocused.current;
    }
    setEnded((previous) => (previous === 'action' ? previous : during));
  }, []);

  // 'Sair' and a new sign-in in another tab: the cookie carries a new session, and this page's
  // CSRF token, the old session's, is refused. The cookie's session is asked for (its token with
  // it) and taken, the page kept as it is; the action is not replayed, as after a sign-in here.
  const csrfRefused = useCallback(async (): Promise<boolean> => {
    try {
      setSession(await currentSession());
      toast({ title: t.signIn.sessionReplaced });
      return true;
    } catch (error) {
      if (!isSessionEnded(error)) return false;
      sessionEnded('action');
      return true;
    }
  }, [sessionEnded]);

  function signedInAgain(next: AdminSession) {
    // The action that found the session ended is not replayed: the operator sees the page as it
    // was and decides, and the new session's CSRF token (a new client) goes with what they do next.
    if (ended === 'action') toast({ title: t.signIn.signedInAgain });
    endedNow.current = false;
    setEnded(undefined);
    setSession(next);
  }

  async function signOut() {
    if (session === null) return;
    setSigningOut(true);
    try {
      await adminClient(session.csrfToken).signOut();
    } catch (error) {
      // A session that had already ended is as good as signed out; any other failure left the
      // session open on the server, so the console stays as it is and says so.
      if (!isSessionEnded(error)) {
        setSigningOut(false);
        toast({ title: messageOf(error, t.signIn.signOutFailed), variant: 'destructive' });
        return;
      }
    }
    setSigningOut(false);
    focusAfterSwitch.current = focusSignInHeading;
    setSession(null);
    toast({ title: t.signIn.signedOut });
  }

  const Section = SECTIONS[page];
  return (
    <div className="mx-auto w-full max-w-6xl min-w-0 px-4 py-8 sm:py-10">
      <h1 className="mb-6 text-3xl font-extrabold tracking-tight text-slate-900">{t.title}</h1>
      {session === null ? (
        <SignInForm
          onSignedIn={(next) => {
            focusAfterSwitch.current = focusSectionHeading;
            setSession(next);
          }}
        />
      ) : (
        <ConsoleProvider session={session} onSessionEnded={sessionEnded} onCsrfRefused={csrfRefused}>
          <ConsoleLayout email={session.operator.email} current={page} onSignOut={() => void signOut()} signingOut={signingOut}>
            <Section />
          </ConsoleLayout>
          {/* Not dismissible (no ×, Escape or a click outside): behind it, nothing works until the operator signs in. */}
          <Dialog open={ended !== undefined}>
            <DialogContent
              {...{ [SESSION_DIALOG_ATTRIBUTE]: '' }}
              title={t.signIn.endedTitle}
              description={ended === 'action' ? t.signIn.endedAction : t.signIn.endedRead}
              showClose={false}
              onEscapeKeyDown={(event) => event.preventDefault()}
              onInteractOutside={(event) => event.preventDefault()}
              onOpenAutoFocus={(event) => {
                // The e-mail is there already: the password is what is left to type.
                event.preventDefault();
                document.getElementById(SIGN_IN_PASSWORD_ID)?.focus();
              }}
              onCloseAutoFocus={(event) => {
                // Back on the control that found the session ended (enabled again by now), where
                // the operator presses it again; else the section's heading, never <body>.
                event.preventDefault();
                const target = returnFocus.current;
                returnFocus.current = null;
                if (target?.isConnected === true && !target.matches(':disabled')) target.focus();
                else focusSectionHeading();
              }}
            >
              <SignInForm inDialog email={session.operator.email} onSignedIn={signedInAgain} />
            </DialogContent>
          </Dialog>
        </ConsoleProvider>
      )}
    </div>
  );
}
