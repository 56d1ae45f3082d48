// The operator's console (/admin and its sections). The server renders it for each request with
// the signed-in operator (or none: the sign-in form) in the page context; the sections read
// their data once hydrated. Its own chunk: nothing of it weighs on the home page.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { ADMIN_PAGE_PATHS, type AdminPageContext, type AdminPageName, type AdminSession } from '../../shared/admin-api';
import { PAGE_CONTEXT_SCRIPT_ID } from '../../shared/app-shell';
import { toast } from '../components/ui/use-toast';
import { adminClient, isSessionEnded } from '../features/admin/admin-client';
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
import { focusSignInHeading, SignInForm } from '../features/admin/sign-in-form';
import { usePageContext } from '../lib/page-context';
import { usePageTitle } from '../lib/use-page-title';

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
  const [note, setNote] = useState<string | undefined>();
  const [signingOut, setSigningOut] = useState(false);
  usePageTitle(session === null ? t.title : `${t.sections[page]} · ${t.title}`);

  // A sign-in replaces the form with the console, a sign-out the console with the form: what had
  // focus is gone, and a keyboard user was left on <body>. Once the other side has rendered,
  // focus goes to its heading (the section's, or the form's), which says where they are.
  const focusAfterSwitch = useRef<(() => void) | undefined>(undefined);
  useEffect(() => {
    focusAfterSwitch.current?.();
    focusAfterSwitch.current = undefined;
  }, [session]);

  const sessionEnded = useCallback(() => {
    setSession(null);
    setNote(t.signIn.expired);
  }, []);

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
    setNote(undefined);
    toast({ title: t.signIn.signedOut });
  }

  const Section = SECTIONS[page];
  return (
    <div className="mx-auto w-full max-w-6xl min-w-0 px-4 py-8 sm:py-10">
      <h1 className="mb-6 text-3xl font-extrabold tracking-tight text-slate-900">{t.title}</h1>
      {session === null ? (
        <SignInForm
          {...(note === undefined ? {} : { note })}
          onSignedIn={(next) => {
            focusAfterSwitch.current = focusSectionHeading;
            setNote(undefined);
            setSession(next);
          }}
        />
      ) : (
        <ConsoleProvider session={session} onSessionEnded={sessionEnded}>
          <ConsoleLayout email={session.operator.email} current={page} onSignOut={() => void signOut()} signingOut={signingOut}>
            <Section />
          </ConsoleLayout>
        </ConsoleProvider>
      )}
    </div>
  );
}
