import { BarChart3, Ban, Check, ChevronRight, Copy, ExternalLink, RotateCw, Trash2, X } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { aliasPagePath } from '../../../shared/routes';
import { CompactCount } from '../../components/compact-count';
import { LinkOptionBadges } from '../../components/link-option-badges';
import { QrCodeButton } from '../../components/qr-code-button';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { toast } from '../../components/ui/use-toast';
import { WhatsappCopyButton, whatsappCopyTexts } from '../../components/whatsapp-copy-button';
import { useCopyToClipboard } from '../../lib/clipboard';
import { formatBrasiliaDateTime, withoutScheme } from '../../lib/format';
import { readableTarget } from '../../lib/readable-target';
import { LongText } from '../../components/long-text';
import type { StoredLink } from '../../lib/my-links';
import { useSiteConfig } from '../../lib/site-config';
import { ClicksChart } from './clicks-chart';
import { dashboardTexts as t } from './dashboard-texts';
import type { LinkCheck } from './link-check';

export interface LinkCardProps {
  link: StoredLink;
  /** Undefined while loading. */
  check: LinkCheck | undefined;
  onDelete: (link: StoredLink, trigger: HTMLButtonElement) => void;
  onForget: (link: StoredLink) => void;
  onRetry: (link: StoredLink) => void;
}

/** Labelled buttons on phones (bigger targets), square icon buttons from sm up, named by `label`. */
const actionProps = (label: string) => ({ variant: 'ghost', size: 'sm', 'aria-label': label, title: label, className: 'bg-slate-50 sm:size-9 sm:bg-transparent sm:px-0' }) as const;

function CopyButton({ text }: { text: string }) {
  const { copied, copy } = useCopyToClipboard();

  async function handleCopy() {
    if (await copy(text)) {
      toast({ title: t.copiedTitle, description: t.copiedDescription, variant: 'success' });
    } else {
      toast({ title: 'Erro', description: t.copyFailed, variant: 'destructive' });
    }
  }

  return (
    <Button {...actionProps(t.copy)} onClick={() => void handleCopy()}>
      {copied ? <Check aria-hidden="true" className="text-emerald-600" /> : <Copy aria-hidden="true" />}
      <span className="sm:hidden">{t.copyShort}</span>
    </Button>
  );
}

/**
 * As tall as the clicks it stands for (chart, its day labels, 'Ver estatísticas'): a card that
 * grew when its answer came moved the page, and the scroll position the browser restores on
 * "back" landed cards away from where the owner was.
 */
function ClicksLoading() {
  return (
    <div role="status">
      <div className="grid grid-cols-[auto_minmax(0,1fr)] items-end gap-4 sm:gap-6">
        <span className="block h-9 w-14 motion-safe:animate-pulse rounded-md bg-slate-200" />
        <span className="block">
          <span className="block h-12 w-full motion-safe:animate-pulse rounded-md bg-slate-100" />
          <span className="mt-1 block h-4" />
        </span>
      </div>
      <span className="mt-3 block h-9" />
      <span className="sr-only">{t.loadingClicks}</span>
    </div>
  );
}

function Clicks({ check, link, onRetry }: { check: LinkCheck | undefined; link: StoredLink; onRetry: LinkCardProps['onRetry'] }) {
  if (check === undefined) return <ClicksLoading />;
  if (check.status === 'error') {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">
        <p>
          <span className="font-semibold">{t.loadError}</span> {check.message}
        </p>
        <Button variant="secondary" size="sm" onClick={() => onRetry(link)}>
          <RotateCw aria-hidden="true" />
          {t.retry}
        </Button>
      </div>
    );
  }
  if (check.status !== 'ok') return null;
  const { totalClicks, daily } = check.view;
  return (
    <>
      <div className="grid grid-cols-[auto_minmax(0,1fr)] items-end gap-4 sm:gap-6">
        <p className="leading-tight whitespace-nowrap">
          {/* Shortened from a million up: the chart beside it keeps its width on a narrow phone. */}
          <span data-testid="total-clicks" className="block text-3xl font-bold text-slate-900 tabular-nums">
            <CompactCount value={totalClicks} />
          </span>
          <span className="text-xs text-slate-500">{t.totalClicks(totalClicks)}</span>
        </p>
        <ClicksChart daily={daily} />
      </div>
      <Link
        to={aliasPagePath('linkStats', link.alias)}
        className="mt-3 inline-flex min-h-9 items-center gap-1.5 rounded text-sm font-semibold text-primary-ink hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary"
      >
        <BarChart3 aria-hidden="true" className="size-4" />
        {/* The card (an article named by the short link) says whose statistics these are. */}
        {t.stats}
        <ChevronRight aria-hidden="true" className="size-4" />
      </Link>
    </>
  );
}

/** Shown instead of the clicks when the API says the link is gone or not ours any more. */
function Unavailable({ kind, link, onForget }: { kind: 'removed' | 'forbidden'; link: StoredLink; onForget: LinkCardProps['onForget'] }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-500">{kind === 'removed' ? t.removedText : t.forbiddenText}</p>
      <Button variant="secondary" size="sm" onClick={() => onForget(link)}>
        <X aria-hidden="true" />
        {t.forget}
      </Button>
    </div>
  );
}

export function LinkCard({ link, check, onDelete, onForget, onRetry }: LinkCardProps) {
  const titleId = useId();
  const unavailable = check?.status === 'removed' || check?.status === 'forbidden' ? check.status : undefined;
  const shown = withoutScheme(link.shortUrl);
  // The WhatsApp address only names the clicks' source in the breakdowns, which the operator may turn off.
  const { clickInsights } = useSiteConfig();
  return (
    <article
      aria-labelledby={titleId}
      aria-busy={check === undefined}
      data-alias={link.alias}
      className={cn(
        // Phone: info, a row of labelled buttons, then the clicks. Wider: the icons sit top right.
        // Either way the order on screen is the order in the code, which keyboards and screen
        // readers follow (the phone had the clicks first, and Tab went up and down).
        "grid rounded-2xl border p-4 [grid-template-areas:'info'_'actions'_'stats'] sm:grid-cols-[minmax(0,1fr)_auto] sm:gap-x-4 sm:p-5 sm:[grid-template-areas:'info_actions'_'stats_stats']",
        unavailable ? 'border-dashed border-slate-300 bg-slate-100/70' : 'border-slate-200 bg-white shadow-sm',
      )}
    >
      <div className="min-w-0 [grid-area:info]">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h3 id={titleId} className="min-w-0 text-base font-bold wrap-anywhere sm:text-lg">
            {unavailable ? (
              <span className="text-slate-500 line-through decoration-slate-400">{shown}</span>
            ) : (
              <a
                href={link.shortUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="rounded text-primary-ink hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary"
              >
                {shown}
                <ExternalLink aria-hidden="true" className="ml-1.5 inline size-4 -translate-y-px align-middle opacity-60" />
                <span className="sr-only"> (abre em nova aba)</span>
              </a>
            )}
          </h3>
          {check?.status === 'ok' && check.view.disabled === true && (
            <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
              <Ban aria-hidden="true" className="size-3" />
              {t.blockedBadge}
            </span>
          )}
          {unavailable && (
            <span
              className={cn(
                'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold',
                unavailable === 'removed' ? 'bg-slate-200 text-slate-700' : 'bg-amber-100 text-amber-900',
              )}
            >
              {unavailable === 'forbidden' && <Ban aria-hidden="true" className="size-3" />}
              {unavailable === 'removed' ? t.removedBadge : t.forbiddenBadge}
            </span>
          )}
        </div>
        <LongText
          className={cn('mt-1 text-sm', unavailable ? 'text-slate-400' : 'text-slate-600')}
          label={<span className="sr-only">{t.destination} </span>}
          text={readableTarget(link.url)}
        />
        {check?.status === 'ok' && check.view.disabled === true && <p className="mt-1 text-sm text-red-800">{t.blockedText}</p>}
        {/* Brasília time, as the expiry badge below and the home form's 'Expira em': one clock on the card. */}
        <p className="mt-1 text-xs text-slate-500">{t.createdAt(formatBrasiliaDateTime(link.createdAt))}</p>
        {/* Expiry, click limit, password, app links: what the owner view says, nothing for a plain link. */}
        {check?.status === 'ok' && <LinkOptionBadges options={check.view} now={check.at} className="mt-2" />}
      </div>
      {!unavailable && (
        <div className="mt-3 grid grid-cols-2 gap-2 border-t border-slate-100 pt-3 [grid-area:actions] sm:-mt-1 sm:-mr-2 sm:flex sm:items-start sm:gap-1 sm:border-0 sm:pt-0">
          <CopyButton text={link.shortUrl} />
          {clickInsights && (
            <WhatsappCopyButton shortUrl={link.shortUrl} {...actionProps(whatsappCopyTexts.label)}>
              <span className="sm:hidden">{t.whatsappShort}</span>
            </WhatsappCopyButton>
          )}
          <QrCodeButton url={link.shortUrl} fileName={`qr-code-${link.alias}`} {...actionProps(t.qrCode)}>
            <span className="sm:hidden">{t.qrCodeShort}</span>
          </QrCodeButton>
          <Button {...actionProps(t.delete)} variant="ghostDestructive" aria-haspopup="dialog" onClick={(event) => onDelete(link, event.currentTarget)}>
            <Trash2 aria-hidden="true" />
            <span className="sm:hidden">{t.deleteShort}</span>
          </Button>
        </div>
      )}
      <div className="mt-4 border-t border-slate-100 pt-4 [grid-area:stats]">
        {unavailable ? <Unavailable kind={unavailable} link={link} onForget={onForget} /> : <Clicks check={check} link={link} onRetry={onRetry} />}
      </div>
    </article>
  );
}
