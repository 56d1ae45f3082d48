import { Link2 } from 'lucide-react';
import { Link } from 'react-router';
import { PAGE_PATHS } from '../../../shared/routes';
import { useSiteConfig } from '../../lib/site-config';
import { cn } from '../ui/cn';

/** The site's name with its mark, linking home. */
export function BrandLogo({ tone = 'dark', onNavigate }: { tone?: 'dark' | 'light'; onNavigate?: () => void }) {
  const { siteName } = useSiteConfig();
  return (
    <Link
      to={PAGE_PATHS.home}
      onClick={onNavigate}
      className={cn(
        'inline-flex min-w-0 items-center gap-2.5 rounded-xl text-xl font-extrabold tracking-tight focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-offset-4',
        tone === 'dark' ? 'text-slate-900 focus-visible:ring-primary' : 'text-white focus-visible:ring-white focus-visible:ring-offset-slate-900',
      )}
    >
      <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-primary text-primary-foreground shadow-sm">
        <Link2 aria-hidden="true" className="size-5" strokeWidth={2.5} />
      </span>
      {/* Cut short with an ellipsis rather than pushing the header's menu button off a narrow
          screen at large text sizes (200% at 320 px); the link keeps the whole name. */}
      <span className="truncate">{siteName}</span>
    </Link>
  );
}
