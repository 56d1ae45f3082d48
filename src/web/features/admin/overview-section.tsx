// 'Visão geral': the site's totals, open reports, links created and clicks per day for 90 days
// (two column charts, with the numbers in a table behind 'Ver tabela'), and the most clicked
// links today and over 7 days.
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { ADMIN_PAGE_PATHS, type AdminDayPoint, type AdminTopLink } from '../../../shared/admin-api';
import { ColumnChart } from '../../components/charts/column-chart';
import { Card } from '../../components/ui/card';
import { formatNumber } from '../../lib/format';
import { formatDay, formatDayMonth } from '../../lib/format-on-demand';
import { adminTexts as t } from './admin-texts';
import { LoadError, Placeholder, Section } from './console-parts';
import { useLoad } from './console-context';

export function OverviewSection() {
  const overview = useLoad((client) => client.overview(), 'overview');
  const data = overview.data;
  return (
    <Section title={t.sections.overview}>
      {overview.error !== undefined && <LoadError message={overview.error} onRetry={overview.reload} />}
      {data === undefined ? (
        overview.error === undefined && <Placeholder rows={6} />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            <Figure label={t.overview.links} value={data.totals.links} />
            <Figure label={t.overview.disabledLinks} value={data.totals.disabledLinks} />
            <Figure label={t.overview.blockedDomains} value={data.totals.blockedDomains} />
            <Figure label={t.overview.activeKeys} value={data.totals.activeKeys} />
            <Figure label={t.overview.openReports} value={data.openReports} highlight={data.openReports > 0} />
          </dl>
          {data.openReports > 0 && (
            <p className="text-sm text-slate-700">
              {t.overview.reportedLinks(data.reportedLinks)} ·{' '}
              <Link to={ADMIN_PAGE_PATHS.reports} className="font-semibold text-primary-ink underline-offset-2 hover:underline">
                {t.overview.seeReports}
              </Link>
            </p>
          )}
          <DailyCharts daily={data.daily} />
          <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
            <TopLinks title={t.overview.topToday} links={data.topToday} />
            <TopLinks title={t.overview.topWeek} links={data.topWeek} />
          </div>
        </>
      )}
    </Section>
  );
}

function Figure({ label, value, highlight = false }: { label: string; value: number; highlight?: boolean }) {
  return (
    <Card className={highlight ? 'border-amber-300 bg-amber-50 p-4' : 'p-4'}>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{formatNumber(value)}</dd>
    </Card>
  );
}

function DailyCharts({ daily }: { daily: readonly AdminDayPoint[] }) {
  const ticks = [daily[0]?.day, daily[Math.floor(daily.length / 2)]?.day, daily.at(-1)?.day].map((day) => (day === undefined ? '' : formatDayMonth(day)));
  const columns = (pick: (point: AdminDayPoint) => number, unit: string) =>
    daily.map((point) => ({ key: point.day, value: pick(point), title: `${formatDayMonth(point.day)}: ${formatNumber(pick(point))} ${unit}` }));
  return (
    <Card className="space-y-6 p-4 sm:p-6">
      <div>
        <h3 className="mb-2 text-sm font-semibold text-slate-700">{t.overview.linksChart}</h3>
        <ColumnChart columns={columns((point) => point.linksCreated, t.overview.linksCreated.toLowerCase())} label={t.overview.linksChart} ticks={ticks} heightClass="h-24" testId="admin-links-chart" />
      </div>
      <div>
        <h3 className="mb-2 text-sm font-semibold text-slate-700">{t.overview.clicksChart}</h3>
        <ColumnChart columns={columns((point) => point.clicks, t.overview.clicks.toLowerCase())} label={t.overview.clicksChart} ticks={ticks} heightClass="h-24" testId="admin-clicks-chart" />
      </div>
      <details className="group">
        <summary className="inline-flex min-h-6 cursor-pointer items-center gap-1 rounded text-sm font-semibold text-primary-ink hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary [&::-webkit-details-marker]:hidden">
          <ChevronRight aria-hidden="true" className="size-4 transition-transform group-open:rotate-90" />
          {t.seeTable}
        </summary>
        {/* Focusable, so that a keyboard can scroll it too (as TableCard). Its columns fit across a
            320 px phone with the narrower padding there: only its length scrolls. */}
        <div
          className="relative mt-2 max-h-96 overflow-y-auto rounded-xl border border-slate-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary"
          role="region"
          aria-label={t.overview.daily}
          tabIndex={0}
        >
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">{t.overview.daily}</caption>
            <thead className="bg-slate-50 text-left text-slate-600">
              <tr>
                <th scope="col" className="px-2 py-2 sm:px-3 font-semibold">
                  {t.overview.day}
                </th>
                <th scope="col" className="px-2 py-2 sm:px-3 text-right font-semibold">
                  {t.overview.linksCreated}
                </th>
                <th scope="col" className="px-2 py-2 sm:px-3 text-right font-semibold">
                  {t.overview.clicks}
                </th>
              </tr>
            </thead>
            <tbody>
              {[...daily].reverse().map((point) => (
                <tr key={point.day} className="border-t border-slate-100">
                  <th scope="row" className="px-2 py-1.5 sm:px-3 text-left font-normal text-slate-700">
                    {formatDay(point.day)}
                  </th>
                  <td className="px-2 py-1.5 sm:px-3 text-right tabular-nums">{formatNumber(point.linksCreated)}</td>
                  <td className="px-2 py-1.5 sm:px-3 text-right tabular-nums">{formatNumber(point.clicks)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </Card>
  );
}

/**
 * Each alias opens the console's own search for it, never the short link: a reported alias may
 * lead to a phishing page, and a visit from here would count as a click. A fixed layout with
 * both texts cut short keeps the table inside its card at any width (an automatic one let a long
 * target push 'Cliques' out of a 390 px card); the whole alias and URL are in the title.
 */
// The console's cell styles with less padding on a phone: at 320 px three columns fit only so.
const topTh = 'px-2 py-3 text-xs font-semibold tracking-wide text-slate-500 uppercase sm:px-4';
const topTd = 'px-2 py-3 align-top text-slate-800 sm:px-4';

function TopLinks({ title, links }: { title: string; links: readonly AdminTopLink[] }) {
  return (
    <div className="min-w-0 space-y-2">
      <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
      {links.length === 0 ? (
        <Card className="p-4 text-sm text-slate-600">{t.overview.noClicks}</Card>
      ) : (
        <Card>
          <table className="w-full table-fixed text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="border-b border-slate-200">
              <tr>
                <th scope="col" className={`${topTh} w-[35%]`}>
                  {t.overview.alias}
                </th>
                <th scope="col" className={topTh}>
                  {t.overview.target}
                </th>
                <th scope="col" className={`${topTh} w-20 text-right`}>
                  {t.overview.clicks}
                </th>
              </tr>
            </thead>
            <tbody>
              {links.map((link) => (
                <tr key={link.alias} className="border-t border-slate-100">
                  <td className={`${topTd} truncate`}>
                    <Link
                      to={`${ADMIN_PAGE_PATHS.links}?q=${encodeURIComponent(link.alias)}`}
                      title={link.alias}
                      className="font-semibold text-primary-ink hover:underline"
                    >
                      {link.alias}
                    </Link>
                  </td>
                  <td className={`${topTd} truncate text-slate-600`} title={link.url}>
                    {link.url}
                  </td>
                  <td className={`${topTd} text-right tabular-nums`}>{formatNumber(link.clicks)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
    </div>
  );
}
