// The signed-in console's frame: who is signed in, the zone its times are in, 'Sair', and the six
// sections as links (a row that scrolls sideways on a phone rather than widening the page).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ADMIN_PAGE_PATHS, type AdminPageName } from '../../../shared/admin-api';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { setDateTimeZone } from '../../lib/format-on-demand';
import { useSiteConfig } from '../../lib/site-config';
import { adminTexts as t } from './admin-texts';

const SECTIONS = Object.keys(ADMIN_PAGE_PATHS) as AdminPageName[];

export function ConsoleLayout({
  email,
  current,
  onSignOut,
  signingOut,
  children,
}: {
  email: string;
  current: AdminPageName;
  onSignOut(): void;
  signingOut: boolean;
  children: ReactNode;
}) {
  const { statsTimeZone } = useSiteConfig();
  // Before the sections render (a parent renders first), on the server as in the browser: every
  // time they show reads in the site's zone, the one "hoje" and the charts count in, and the
  // server's HTML equals the hydrated page whatever zone the browser is in.
  setDateTimeZone(statsTimeZone);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 text-sm text-slate-600">
          <p>
            {t.signedInAs} <strong className="font-semibold wrap-anywhere text-slate-900">{email}</strong>
          </p>
          <p className="text-xs text-slate-500" data-testid="console-time-zone">
            {t.timeZoneNote(statsTimeZone)}
          </p>
        </div>
        <Button variant="secondary" size="sm" onClick={onSignOut} disabled={signingOut}>
          {t.signOut}
        </Button>
      </div>
      <nav aria-label={t.nav} className="-mx-4 overflow-x-auto px-4">
        <ul className="flex min-w-max gap-1 border-b border-slate-200">
          {SECTIONS.map((name) => (
            <li key={name}>
              <Link
                to={ADMIN_PAGE_PATHS[name]}
                aria-current={name === current ? 'page' : undefined}
                className={cn(
                  '-mb-px inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-semibold whitespace-nowrap transition-colors',
                  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary',
                  name === current ? 'border-primary text-primary-ink' : 'border-transparent text-slate-600 hover:text-slate-900',
                )}
              >
                {t.sections[name]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </div>
  );
}
