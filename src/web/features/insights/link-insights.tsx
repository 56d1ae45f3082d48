// One link's statistics (/dashboard/:alias): range tabs, totals, clicks per day and per hour,
// sources, devices, systems, browsers, countries and a map of Brazil's states, each with a
// table; the CSV of the range. The server renders the frame (tabs, card titles, placeholders
// as tall as the data); the link's token is in this browser only, so everything else is read
// once hydrated.
import { ArrowLeft, Ban, CircleAlert, Clock, Download, Link2Off, MessageCircle, MousePointerClick, RotateCw, WifiOff, X } from 'lucide-react';
import { type ReactNode, type RefObject, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { LinkInsights as Insights } from '../../../shared/api';
import { DEFAULT_INSIGHT_RANGE, type InsightRange, isInsightRange, OTHER_VALUE } from '../../../shared/insights';
import { LINK_STATS_RANGE_PARAM, PAGE_PATHS } from '../../../shared/routes';
import { ColumnChart } from '../../components/charts/column-chart';
import { CompactCount } from '../../components/compact-count';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { toast } from '../../components/ui/use-toast';
import { WhatsappCopyButton, whatsappCopyTexts } from '../../components/whatsapp-copy-button';
import { downloadBlob } from '../../lib/download';
import { withoutScheme } from '../../lib/format';
import { formatDay, formatDayMonth, formatDecimal } from '../../lib/format-on-demand';
import { readableTarget } from '../../lib/readable-target';
import { LongText } from '../../components/long-text';
import { lazyWithReload } from '../../lib/lazy-with-reload';
import type { StoredLink } from '../../lib/my-links';
import { useSiteConfig } from '../../lib/site-config';
import { BreakdownCard, BreakdownTable } from './breakdown-table';
import { ChartTable } from './chart-table';
import { bestDay, bestHour, dailySinceCreation, daysSinceCreation, sumClicks } from './insights-data';
import { buildInsightsCsv, insightsCsvFileName } from './insights-csv';
import {
  brazilStateCode,
  BRAZIL_STATES,
  browserLabel,
  countryLabel,
  deviceLabel,
  hourLabel,
  insightsTexts as t,
  regionLabel,
  sourceLabel,
  systemLabel,
} from './insights-texts';
import { MAP_SHADES, NO_CLICKS_SHADE } from './map-shades';
import { rangeTabId, RangeTabs } from './range-tabs';
import { forgetStoredLink, type InsightsResult, useLinkInsights, useStoredLink } from './use-link-insights';

// The drawing of Brazil (~23 KB gzip) is fetched only when a page has states to show.
const BrazilMap = lazyWithReload(() => import('./brazil-map'));

/** ?dias=7 → 7; anything else (absent, not a range) → the default, 30. */
export function rangeFromParam(value: string | null): InsightRange {
  const days = Number(value);
  return value !== null && isInsightRange(days) ? days : DEFAULT_INSIGHT_RANGE;
}

const inlineLink =
  'rounded font-semibold text-primary-ink hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary';

/** What the API can say of a stored link that its page shows instead of the figures. */
export type LinkUnavailable = 'removed' | 'forbidden';

export interface LinkInsightsProps {
  alias: string;
  /** The short link as this site writes it (PUBLIC_URL/alias). */
  shortUrl: string;
  /**
   * Told when the API says the link is gone (404) or no longer opens with this browser's code
   * (403), for the pages that keep what they last saw of it ("Meus links").
   */
  onUnavailable?: (link: StoredLink, status: LinkUnavailable) => void;
}

/** The page's body below its header. The range lives in the address (?dias=7): it can be shared and bookmarked. */
export function LinkInsights({ alias, shortUrl, onUnavailable }: LinkInsightsProps) {
  const [params, setParams] = useSearchParams();
  const range = rangeFromParam(params.get(LINK_STATS_RANGE_PARAM));

  function changeRange(next: InsightRange) {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === DEFAULT_INSIGHT_RANGE) updated.delete(LINK_STATS_RANGE_PARAM);
        else updated.set(LINK_STATS_RANGE_PARAM, String(next));
        return updated;
      },
      // Choosing a tab is not a new page: no history entry, no scroll.
      { replace: true, preventScrollReset: true },
    );
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:py-10">
      <Link to={PAGE_PATHS.dashboard} className={cn(inlineLink, 'inline-flex min-h-6 items-center gap-1.5 text-sm')}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t.backToList}
      </Link>
      <StoredLinkInsights alias={alias} shortUrl={shortUrl} range={range} onRangeChange={changeRange} onUnavailable={onUnavailable} />
    </div>
  );
}

interface BodyProps {
  alias: string;
  shortUrl: string;
  range: InsightRange;
  onRangeChange: (range: InsightRange) => void;
}

/**
 * Reads this browser's link after hydration, in a component of its own: until then (and on
 * the server) the frame stands with placeholders as tall as what replaces them, and it stays
 * mounted when the link is read (only the panel's content changes).
 */
function StoredLinkInsights({ onUnavailable, ...props }: BodyProps & Pick<LinkInsightsProps, 'onUnavailable'>) {
  const link = useStoredLink(props.alias);
  return link === null ? <NotSaved /> : <LoadedInsights {...props} link={link} onUnavailable={onUnavailable} />;
}

function NotSaved() {
  return (
    <Card className="mt-6 flex flex-col items-center px-6 py-12 text-center sm:py-16">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary-ink">
        <Link2Off aria-hidden="true" className="size-7" />
      </span>
      <h2 className="mt-5 text-lg font-bold text-slate-900">{t.notSavedTitle}</h2>
      <p className="mt-2 max-w-md text-sm text-pretty text-slate-600">{t.notSavedText}</p>
      <Link to={PAGE_PATHS.dashboard} className={cn(buttonVariants(), 'mt-6')}>
        {t.notSavedAction}
      </Link>
    </Card>
  );
}

/** `link` is undefined until this browser's list is read (and on the server). */
function LoadedInsights({ link, onUnavailable, ...props }: BodyProps & { link: StoredLink | undefined } & Pick<LinkInsightsProps, 'onUnavailable'>) {
  const { result, lastData, retry } = useLinkInsights(link, props.range);
  const panel = useRef<HTMLDivElement>(null);
  // 'Tentar de novo' goes away with the problem it answers: the focus goes to the panel its
  // answer fills, not to the page's start.
  function retryHere() {
    panel.current?.focus();
    retry();
  }
  const unavailable = result?.status === 'removed' || result?.status === 'forbidden' ? result.status : undefined;
  useEffect(() => {
    if (link !== undefined && unavailable !== undefined) onUnavailable?.(link, unavailable);
  }, [link, unavailable, onUnavailable]);
  const data = result?.status === 'ok' ? result.data : undefined;
  // What the panel's status says: loading, or another range on its way, then the range's total
  // once its figures are in (a failure is the panel's own alert).
  const status =
    result === undefined ? (lastData === undefined ? t.loading : t.updating)
    : data !== undefined ? t.rangeSummary(props.range, data.totalClicks)
    : '';
  return (
    <Frame {...props} destination={link === undefined ? undefined : readableTarget(link.url)} data={data} status={status} panelRef={panel}>
      <InsightsPanel result={result} lastData={lastData} range={props.range} alias={props.alias} shortUrl={props.shortUrl} createdAt={link?.createdAt} retry={retryHere} />
    </Frame>
  );
}

/**
 * Destination, tabs and the CSV button above the range's panel. `status` is read out as it
 * changes: one live region that stays while the panel's content is replaced under it (a region
 * added with its text, or removed with it, is not reliably announced).
 */
function Frame({
  range,
  onRangeChange,
  destination,
  data,
  status,
  panelRef,
  children,
}: BodyProps & { destination: string | undefined; data: Insights | undefined; status: string; panelRef: RefObject<HTMLDivElement | null>; children: ReactNode }) {
  const idPrefix = useId();
  const panelId = `${idPrefix}-panel`;

  function downloadCsv() {
    if (data === undefined) return;
    downloadBlob(new Blob([buildInsightsCsv(data)], { type: 'text/csv;charset=utf-8' }), insightsCsvFileName(data));
    toast({ title: t.csvDownloadedTitle, description: t.csvDownloadedDescription, variant: 'success' });
  }

  return (
    <>
      {/* One line, reserved before the link is read, so nothing moves when it appears ('Mostrar tudo' sits on it). */}
      <div className="mt-2 min-h-5 text-sm text-slate-600">
        {destination !== undefined && (
          <LongText label={<><span className="font-medium text-slate-500">{t.destination}</span> </>} text={destination} />
        )}
      </div>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <RangeTabs value={range} onChange={onRangeChange} idPrefix={idPrefix} panelId={panelId} />
        <Button variant="secondary" className="w-full sm:w-auto" onClick={downloadCsv} disabled={data === undefined}>
          <Download aria-hidden="true" />
          {t.downloadCsv}
        </Button>
      </div>
      <div
        ref={panelRef}
        role="tabpanel"
        id={panelId}
        aria-labelledby={rangeTabId(idPrefix, range)}
        tabIndex={0}
        className="mt-4 rounded-2xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-offset-4"
      >
        <p role="status" className="sr-only">
          {status}
        </p>
        {children}
      </div>
    </>
  );
}

interface PanelProps {
  /** Undefined while on its way (or while the link is not read yet): placeholders. */
  result: InsightsResult | undefined;
  lastData: Insights | undefined;
  range: InsightRange;
  alias: string;
  shortUrl: string;
  /** When the link was created (ISO), as this browser keeps it. */
  createdAt: string | undefined;
  retry: () => void;
}

function InsightsPanel({ result, lastData, range, alias, shortUrl, createdAt, retry }: PanelProps) {
  if (result === undefined) {
    if (lastData === undefined) return <InsightsPlaceholder range={range} shortUrl={shortUrl} />;
    // Another range is on its way: the figures shown stay, dimmed, instead of a jump to placeholders.
    return (
      <div aria-busy="true" className="opacity-60 transition-opacity">
        <InsightsData data={lastData} shortUrl={shortUrl} createdAt={createdAt} />
      </div>
    );
  }
  switch (result.status) {
    case 'ok':
      return <InsightsData data={result.data} shortUrl={shortUrl} createdAt={createdAt} />;
    case 'removed':
      return <Unavailable icon={Link2Off} title={t.removedTitle} text={t.removedText} alias={alias} shortUrl={shortUrl} />;
    case 'forbidden':
      return <Unavailable icon={Ban} title={t.forbiddenTitle} text={t.forbiddenText} alias={alias} shortUrl={shortUrl} />;
    case 'rate-limited':
      return (
        <Problem icon={Clock} title={t.rateLimitedTitle}>
          <Countdown until={result.retryAt} />
        </Problem>
      );
    case 'network':
      return (
        <Problem icon={WifiOff} title={t.networkTitle} action={<RetryButton onClick={retry} />}>
          {t.networkText}
        </Problem>
      );
    case 'error':
      return (
        <Problem icon={CircleAlert} title={t.errorTitle} action={<RetryButton onClick={retry} />}>
          {result.message}
        </Problem>
      );
  }
}

function RetryButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="secondary" onClick={onClick}>
      <RotateCw aria-hidden="true" />
      {t.retry}
    </Button>
  );
}

function Problem({ icon: Icon, title, action, children }: { icon: typeof Clock; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card role="alert" className="flex min-h-[16rem] flex-col items-center justify-center px-6 py-10 text-center">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-amber-50 text-amber-700">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h2 className="mt-4 text-lg font-bold text-slate-900">{title}</h2>
      <p className="mt-2 max-w-md text-sm text-pretty text-slate-600">{children}</p>
      {action !== undefined && <div className="mt-5">{action}</div>}
    </Card>
  );
}

/** Seconds left, shown ticking; screen readers get the first figure once (a live tick every second would be noise). */
function Countdown({ until }: { until: number }) {
  const now = useNow(1000);
  const [first] = useState(() => Math.max(0, Math.ceil((until - Date.now()) / 1000)));
  return (
    <>
      <span aria-hidden="true">{t.rateLimitedText(Math.max(0, Math.ceil((until - now) / 1000)))}</span>
      <span className="sr-only">{t.rateLimitedText(first)}</span>
    </>
  );
}

/** The time, updated every `intervalMs` while the component is shown. */
function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Deleted, or not ours any more: say so, and offer to take it off this browser's list. */
function Unavailable({ icon, title, text, alias, shortUrl }: { icon: typeof Clock; title: string; text: string; alias: string; shortUrl: string }) {
  const navigate = useNavigate();
  function forget() {
    forgetStoredLink(alias);
    toast({ title: t.forgottenTitle, description: t.forgottenDescription(withoutScheme(shortUrl)) });
    void navigate(PAGE_PATHS.dashboard);
  }
  return (
    <Problem
      icon={icon}
      title={title}
      action={
        <div className="flex flex-wrap justify-center gap-3">
          <Button variant="secondary" onClick={forget}>
            <X aria-hidden="true" />
            {t.forget}
          </Button>
          <Link to={PAGE_PATHS.dashboard} className={buttonVariants({ variant: 'ghost' })}>
            {t.backToList}
          </Link>
        </div>
      }
    >
      {text}
    </Problem>
  );
}

// ---------------------------------------------------------------------------------------------
// The data.

/** A pulsing block standing for a figure not known yet. */
function Pending({ className }: { className: string }) {
  return <span aria-hidden="true" className={cn('block motion-safe:animate-pulse rounded-md bg-slate-200', className)} />;
}

// A value too wide to sit beside its name on a narrow phone ("30/01 · 123.456.789 cliques" at
// 320 px) goes under it, to the right, and wraps if it must, rather than push out of the card.
const figureRow = 'flex flex-wrap items-baseline justify-between gap-x-3 py-2 sm:block sm:py-0';
const figureValue = 'ml-auto min-h-5 text-right font-semibold text-slate-900 sm:mt-0.5 sm:text-left';

function Summary({ data, range, createdAt }: { data: Insights | undefined; range: InsightRange; createdAt?: string | undefined }) {
  const { statsTimeZone, clickInsights } = useSiteConfig();
  const best = data === undefined ? undefined : bestDay(data.daily);
  // A link younger than the range is averaged over the days it existed, not the empty ones before.
  const existed = data === undefined ? range : daysSinceCreation(data.daily, createdAt, statsTimeZone);
  const hour = data === undefined || !data.breakdowns ? undefined : bestHour(data.hours);
  // No hours are counted without breakdowns: no "Melhor hora —", as if none had clicks. The
  // placeholder goes by the site's setting, so the row is not drawn and then taken away.
  const hours = data === undefined ? clickInsights : data.breakdowns;
  return (
    // Wider: the total and its dates keep their width, the figures beside them yield (a best day
    // of "30/01 · 123.456.789 cliques" wraps instead of squeezing the dates onto two lines).
    <Card className="grid gap-4 p-4 sm:grid-cols-[minmax(min-content,1fr)_auto] sm:items-end sm:p-5">
      <div>
        <h2 className="text-sm font-semibold text-slate-600">{t.totalHeading}</h2>
        {/* With very large text, "cliques" goes under the figure rather than out of the card. */}
        <p className="mt-1 flex min-h-10 flex-wrap items-baseline gap-x-2">
          {data === undefined ? (
            <Pending className="h-9 w-24" />
          ) : (
            <>
              <span data-testid="insights-total" className="text-4xl leading-none font-bold text-slate-900 tabular-nums">
                <CompactCount value={data.totalClicks} />
              </span>
              <span className="text-slate-600">{t.totalClicks(data.totalClicks)}</span>
            </>
          )}
        </p>
        <p className="mt-1 min-h-5 text-sm text-slate-500 sm:whitespace-nowrap">{data === undefined ? <Pending className="mt-1 h-3.5 w-44" /> : t.rangeDates(range, data.from, data.to)}</p>
      </div>
      {/* Phone: one figure per line, name left and value right; wider: side by side. */}
      {(range > 1 || hours) && (
        <dl className="divide-y divide-slate-100 border-t border-slate-100 text-sm sm:flex sm:gap-8 sm:divide-y-0 sm:border-0">
          {range === 1 ? (
            <div className={figureRow}>
              <dt className="text-slate-500">{t.bestHour}</dt>
              <dd className={figureValue}>
                {data === undefined ? <Pending className="mt-1 h-3.5 w-24" /> : hour === undefined ? t.none : t.bestValue(hourLabel(hour.hour), hour.clicks)}
              </dd>
            </div>
          ) : (
            <>
              <div className={figureRow}>
                <dt className="text-slate-500">{data !== undefined && existed < data.daily.length ? t.averageSinceCreation : t.averagePerDay}</dt>
                <dd className={cn(figureValue, 'tabular-nums')}>
                  {data === undefined ? <Pending className="mt-1 h-3.5 w-12" /> : formatDecimal(data.totalClicks / existed)}
                </dd>
              </div>
              <div className={figureRow}>
                <dt className="text-slate-500">{t.bestDay}</dt>
                <dd className={figureValue}>
                  {data === undefined ? <Pending className="mt-1 h-3.5 w-24" /> : best === undefined ? t.none : t.bestValue(formatDayMonth(best.day), best.clicks)}
                </dd>
              </div>
            </>
          )}
        </dl>
      )}
    </Card>
  );
}

/** Why WhatsApp clicks show as direct, and the link that counts them. */
function WhatsappNote({ shortUrl }: { shortUrl: string }) {
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-950 sm:flex-row sm:items-center sm:gap-4">
      <MessageCircle aria-hidden="true" className="hidden size-6 shrink-0 text-emerald-700 sm:block" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{t.whatsappTitle}</p>
        <p className="mt-1 text-sm">{t.whatsappNote}</p>
      </div>
      <WhatsappCopyButton shortUrl={shortUrl} variant="successOutline" className="w-full sm:w-auto">
        {whatsappCopyTexts.label}
      </WhatsappCopyButton>
    </div>
  );
}

function Note({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 text-slate-700 shadow-sm">
      <p className="font-semibold text-slate-900">{title}</p>
      <p className="mt-1 text-sm text-pretty">{children}</p>
    </div>
  );
}

function EmptyRange({ range }: { range: InsightRange }) {
  return (
    <Card className="flex min-h-[16rem] flex-col items-center justify-center px-6 py-10 text-center">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-primary-soft text-primary-ink">
        <MousePointerClick aria-hidden="true" className="size-6" />
      </span>
      <h2 className="mt-4 text-lg font-bold text-slate-900">{t.emptyTitle(range)}</h2>
      <p className="mt-2 max-w-md text-sm text-pretty text-slate-600">{t.emptyText}</p>
    </Card>
  );
}

function ChartCard({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  return (
    <Card className="p-4 sm:p-5">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 className="text-lg font-bold text-slate-900">{title}</h2>
        {note !== undefined && <p className="text-xs text-slate-500">{note}</p>}
      </div>
      {children}
    </Card>
  );
}

/** The chart's box before the data: same height, same 'Ver tabela' line. */
function ChartPending({ heightClass }: { heightClass: string }) {
  return (
    <>
      <Pending className={cn('w-full', heightClass)} />
      <span aria-hidden="true" className="mt-1 block h-4" />
      <span aria-hidden="true" className="mt-3 block h-6" />
    </>
  );
}

const DAILY_HEIGHT = 'h-32 sm:h-40';
const HOURS_HEIGHT = 'h-28 sm:h-32';

/**
 * Clicks per day. For a link younger than the range, the days before it existed keep their place
 * (the axis reads the same on every link) but draw nothing, where a day without clicks draws
 * zero's stub, and the table and the label start at its creation, which the card says.
 */
function DailyChart({ data, createdAt }: { data: Insights; createdAt: string | undefined }) {
  const { statsTimeZone } = useSiteConfig();
  const existed = dailySinceCreation(data.daily, createdAt, statsTimeZone);
  const born = existed.length < data.daily.length ? existed[0]?.day : undefined;
  const first = data.daily[0];
  const middle = data.daily[Math.floor(data.daily.length / 2)];
  return (
    <ChartCard title={t.dailyTitle} note={born === undefined ? undefined : t.dailyCreatedOn(born)}>
      <ColumnChart
        columns={data.daily.map((entry) => ({
          key: entry.day,
          value: entry.clicks,
          title: t.dailyBar(entry.day, entry.clicks),
          absent: born !== undefined && entry.day < born,
        }))}
        label={t.dailyLabel(born ?? data.from, data.to, sumClicks(data.daily), bestDay(data.daily))}
        ticks={[first ? formatDayMonth(first.day) : '', middle ? formatDayMonth(middle.day) : '', t.today]}
        heightClass={DAILY_HEIGHT}
        testId="daily-chart"
      />
      <ChartTable
        caption={t.dailyCaption}
        keyHeader={t.dayColumn}
        rows={existed.map((entry) => ({ key: entry.day, label: formatDay(entry.day), clicks: entry.clicks }))}
        testId="daily-table"
      />
    </ChartCard>
  );
}

function HoursChart({ data }: { data: Insights }) {
  const { statsTimeZone } = useSiteConfig();
  return (
    <ChartCard title={t.hoursTitle} note={t.hoursNote(statsTimeZone)}>
      <ColumnChart
        columns={data.hours.map((clicks, hour) => ({ key: String(hour), value: clicks, title: t.hourBar(hour, clicks) }))}
        label={t.hoursLabel(data.hours.reduce((sum, clicks) => sum + clicks, 0), bestHour(data.hours), statsTimeZone)}
        ticks={['0h', '6h', '12h', '18h', '23h']}
        heightClass={HOURS_HEIGHT}
        testId="hours-chart"
      />
      <ChartTable
        caption={t.hoursCaption(statsTimeZone)}
        keyHeader={t.hourColumn}
        rows={data.hours.map((clicks, hour) => ({ key: String(hour), label: hourLabel(hour), clicks }))}
        testId="hours-table"
      />
    </ChartCard>
  );
}

/** Clicks per Brazilian state ('SP' → clicks), from the regions' 'BR-SP' keys. */
function brazilStates(regions: Insights['regions']): { key: string; clicks: number }[] {
  const byState = new Map<string, number>();
  for (const entry of regions) {
    const code = brazilStateCode(entry.key);
    if (code !== undefined) byState.set(code, (byState.get(code) ?? 0) + entry.clicks);
  }
  return [...byState].map(([key, clicks]) => ({ key, clicks })).sort((a, b) => b.clicks - a.clicks);
}

const stateLabel = (code: string) => BRAZIL_STATES[code] ?? regionLabel(code);

function MapCredit() {
  return (
    <p className="mt-2 text-xs text-slate-500">
      {t.mapCredit}{' '}
      <a href="https://github.com/VictorCazanave/svg-maps/tree/master/packages/brazil" className="underline hover:text-slate-700" rel="noopener noreferrer" target="_blank">
        {t.mapCreditWork}
      </a>{' '}
      (Victor Cazanave){t.mapCreditBasis}{' '}
      <a href="https://creativecommons.org/licenses/by/4.0/deed.pt-br" className="underline hover:text-slate-700" rel="noopener noreferrer license" target="_blank">
        {t.mapCreditLicense}
      </a>
    </p>
  );
}

function MapLegend() {
  return (
    // Two groups that wrap whole on a narrow card, never "mais" alone on a line.
    <div aria-hidden="true" className="mt-2 flex flex-wrap items-center justify-center gap-x-4 gap-y-1 text-xs text-slate-500">
      <span className="inline-flex items-center gap-1.5">
        <svg viewBox="0 0 13 10" className="h-2.5 w-3.5">
          <rect x="0.5" y="0.5" width="12" height="9" rx="2" className={cn(NO_CLICKS_SHADE, 'stroke-slate-300')} />
        </svg>
        {t.mapLegendNone}
      </span>
      <span className="inline-flex items-center gap-1.5">
        {t.mapLegendFewer}
        <svg viewBox={`0 0 ${MAP_SHADES.length * 14} 10`} className="h-2.5 w-17.5">
          {MAP_SHADES.map((shade, index) => (
            <rect key={shade} x={index * 14} width="13" height="10" rx="2" className={shade} />
          ))}
        </svg>
        {t.mapLegendMore}
      </span>
    </div>
  );
}

/** Where the clicks came from: Brazil's states (map and table), and countries. */
function PlacesCard({ data }: { data: Insights }) {
  const states = brazilStates(data.regions);
  const stateClicks = new Map(states.map((entry) => [entry.key, entry.clicks]));
  // Every counted click has a region; those that are no Brazilian state (from abroad, an
  // address the database does not place) are said apart, and the states' shares are of all.
  const regionClicks = sumClicks(data.regions);
  const unlocated = regionClicks - sumClicks(states);
  const mapLabel = t.mapLabel(
    sumClicks(states),
    states.slice(0, 3).map((entry) => ({ name: stateLabel(entry.key), clicks: entry.clicks })),
  );
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-lg font-bold text-slate-900">{t.placesTitle}</h2>
      <div className="mt-4 grid gap-6 md:grid-cols-2 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)_minmax(0,1fr)] lg:gap-8">
        <div data-testid="states">
          <h3 className="text-base font-bold text-slate-900">{t.statesTitle}</h3>
          {states.length === 0 ? (
            <p className="mt-3 text-sm text-slate-500">{data.regionLookup ? t.statesEmpty : t.statesUnavailable}</p>
          ) : (
            <>
              <div className="mx-auto mt-3 aspect-[613/639] w-full max-w-xs">
                <Suspense fallback={<Pending className="size-full" />}>
                  <BrazilMap clicks={stateClicks} label={mapLabel} />
                </Suspense>
              </div>
              <MapLegend />
            </>
          )}
        </div>
        {states.length > 0 && (
          <div>
            <BreakdownTable title={t.statesCaption} heading="hidden" keyHeader={t.stateColumn} entries={states} label={stateLabel} total={regionClicks} testId="states-table" />
            {unlocated > 0 && (
              <p data-testid="states-unlocated" className="mt-3 text-sm text-slate-600">
                {t.statesUnlocated(unlocated)}
              </p>
            )}
            <p className="mt-3 text-xs text-slate-500">{t.statesNote}</p>
            <MapCredit />
          </div>
        )}
        <div className={states.length > 0 ? 'md:col-span-2 lg:col-span-1' : undefined}>
          <BreakdownTable title={t.countriesTitle} heading="h3" keyHeader={t.countryColumn} entries={data.countries} label={countryLabel} testId="countries" />
        </div>
      </div>
    </Card>
  );
}

function InsightsData({ data, shortUrl, createdAt }: { data: Insights; shortUrl: string; createdAt: string | undefined }) {
  const range = isInsightRange(data.days) ? data.days : DEFAULT_INSIGHT_RANGE;
  const empty = data.totalClicks === 0;
  return (
    <div className="space-y-4">
      <Summary data={data} range={range} createdAt={createdAt} />
      {data.breakdowns ? <WhatsappNote shortUrl={shortUrl} /> : <Note title={t.noBreakdownsTitle}>{t.noBreakdownsText}</Note>}
      {empty ? (
        <EmptyRange range={range} />
      ) : (
        <>
          {range > 1 && <DailyChart data={data} createdAt={createdAt} />}
          {data.breakdowns && (
            <>
              <HoursChart data={data} />
              <div className="grid gap-4 md:grid-cols-2">
                <BreakdownCard
                  title={t.sourcesTitle}
                  keyHeader={t.sourceColumn}
                  entries={data.sources}
                  label={sourceLabel}
                  note={data.sources.some((entry) => entry.key === OTHER_VALUE) ? t.sourcesOtherNote : undefined}
                  testId="sources"
                />
                <BreakdownCard title={t.devicesTitle} keyHeader={t.deviceColumn} entries={data.devices} label={deviceLabel} testId="devices" />
                <BreakdownCard title={t.systemsTitle} keyHeader={t.systemColumn} entries={data.systems} label={systemLabel} testId="systems" />
                <BreakdownCard title={t.browsersTitle} keyHeader={t.browserColumn} entries={data.browsers} label={browserLabel} testId="browsers" />
              </div>
              <PlacesCard data={data} />
            </>
          )}
        </>
      )}
    </div>
  );
}

/**
 * Stands for the data until it arrives (and on the server): the same cards, titles and heights,
 * so nothing moves when the figures come in.
 */
function InsightsPlaceholder({ range, shortUrl }: { range: InsightRange; shortUrl: string }) {
  const { statsTimeZone, clickInsights } = useSiteConfig();
  return (
    <div className="space-y-4">
      <noscript>
        <p className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">{t.needsJavaScript}</p>
      </noscript>
      <Summary data={undefined} range={range} />
      {clickInsights ? <WhatsappNote shortUrl={shortUrl} /> : <Note title={t.noBreakdownsTitle}>{t.noBreakdownsText}</Note>}
      {range > 1 && (
        <ChartCard title={t.dailyTitle}>
          <ChartPending heightClass={DAILY_HEIGHT} />
        </ChartCard>
      )}
      {/* The site counts no breakdowns (INSIGHTS=false): the answer will hold the days only. */}
      {clickInsights && (
        <>
          <ChartCard title={t.hoursTitle} note={t.hoursNote(statsTimeZone)}>
            <ChartPending heightClass={HOURS_HEIGHT} />
          </ChartCard>
          <div className="grid gap-4 md:grid-cols-2">
            {[t.sourcesTitle, t.devicesTitle, t.systemsTitle, t.browsersTitle].map((title) => (
              <Card key={title} className="p-4 sm:p-5 md:min-h-[17.5rem]">
                <h2 className="mb-3 text-lg font-bold text-slate-900">{title}</h2>
                <div className="space-y-3">
                  {[0, 1, 2].map((row) => (
                    <Pending key={row} className="h-8 w-full" />
                  ))}
                </div>
              </Card>
            ))}
          </div>
        </>
      )}
    </div>
  );
}
