// The options a link was created with, as small badges: on the dashboard's cards and in the
// home form's result box. A plain link shows nothing.
import { Clock, Lock, type LucideIcon, MousePointerClick, Smartphone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { linkOptionTexts as t } from '../../shared/messages';
import { formatBrasiliaDateTime } from '../lib/format';
import { toLinkOptionsView } from '../lib/link-options-view';
import { cn } from './ui/cn';

export type LinkOptionBadgeKind = 'expires' | 'expired' | 'clicks' | 'clicksUsedUp' | 'protected' | 'apps';

export interface LinkOptionBadge {
  kind: LinkOptionBadgeKind;
  text: string;
}

/** The instant (ms) a link's expiry badge turns into "expirado", when that is still after `now`. */
export function upcomingExpiry(value: unknown, now: number): number | null {
  const { expiresAt } = toLinkOptionsView(value);
  if (expiresAt === null) return null;
  const at = Date.parse(expiresAt);
  return Number.isFinite(at) && at > now ? at : null;
}

/** The badges of a link's options (LinkOptionsView, read defensively) at `now` (ms). */
export function linkOptionBadges(value: unknown, now: number): LinkOptionBadge[] {
  const options = toLinkOptionsView(value);
  const badges: LinkOptionBadge[] = [];
  if (options.expiresAt !== null) {
    const at = Date.parse(options.expiresAt);
    if (Number.isFinite(at)) {
      badges.push(at <= now ? { kind: 'expired', text: t.badgeExpired } : { kind: 'expires', text: t.badgeExpires(formatBrasiliaDateTime(options.expiresAt, true)) });
    }
  }
  if (options.maxClicks !== null) {
    const max = options.maxClicks;
    const used = Math.min(max, Math.max(0, max - (options.clicksLeft ?? max)));
    badges.push(used >= max ? { kind: 'clicksUsedUp', text: t.badgeClicksUsedUp(max) } : { kind: 'clicks', text: t.badgeClicks(used, max) });
  }
  if (options.protected) badges.push({ kind: 'protected', text: t.badgeProtected });
  if (options.iosUrl !== null || options.androidUrl !== null) badges.push({ kind: 'apps', text: t.badgeApps });
  return badges;
}

const ICONS: Record<LinkOptionBadgeKind, LucideIcon> = {
  expires: Clock,
  expired: Clock,
  clicks: MousePointerClick,
  clicksUsedUp: MousePointerClick,
  protected: Lock,
  apps: Smartphone,
};

// Readable on white (cards) and on the result box's pale green alike; a link that no longer
// sends visitors on (expired, clicks used up) stands out.
const TONES: Record<LinkOptionBadgeKind, string> = {
  expires: 'border-slate-200 bg-white text-slate-700',
  expired: 'border-red-200 bg-red-50 text-red-800',
  clicks: 'border-slate-200 bg-white text-slate-700',
  clicksUsedUp: 'border-red-200 bg-red-50 text-red-800',
  protected: 'border-slate-200 bg-white text-slate-700',
  apps: 'border-slate-200 bg-white text-slate-700',
};

// setTimeout's longest delay (2^31 - 1 ms, ~24.8 days): a later expiry is waited for in steps.
const LONGEST_TIMER_MS = 2_147_483_647;

/**
 * `now`: the instant the options were read from the server (so "Atualizar" also turns an
 * expiry that has passed into "expirado"); without it, one instant per mount (render stays pure).
 * A page left open past the expiry turns the badge into "expirado" by itself, at that instant.
 */
export function LinkOptionBadges({ options, now, className }: { options: unknown; now?: number; className?: string }) {
  const [mounted] = useState(Date.now);
  // The instant a timer last woke up: later than `now` once the page has stayed open.
  const [woke, setWoke] = useState(0);
  const at = Math.max(now ?? mounted, woke);
  const expiry = upcomingExpiry(options, at);
  useEffect(() => {
    if (expiry === null) return undefined;
    const timer = setTimeout(() => setWoke(Date.now()), Math.min(LONGEST_TIMER_MS, Math.max(0, expiry - Date.now())));
    return () => clearTimeout(timer);
    // `woke` is a dependency so that a wake-up short of the expiry (a long wait's step, a clock
    // set back) sets the next timer.
  }, [expiry, woke]);
  const badges = linkOptionBadges(options, at);
  if (badges.length === 0) return null;
  return (
    <ul className={cn('flex flex-wrap gap-1.5', className)} data-testid="link-option-badges">
      {badges.map(({ kind, text }) => {
        const Icon = ICONS[kind];
        return (
          <li key={kind} data-kind={kind} className={cn('inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold tabular-nums', TONES[kind])}>
            <Icon aria-hidden="true" className="size-3.5 shrink-0" />
            {text}
          </li>
        );
      })}
    </ul>
  );
}
