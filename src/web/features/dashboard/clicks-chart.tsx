import type { DailyClicks } from '../../../shared/api';
import { ColumnChart } from '../../components/charts/column-chart';
import { formatDayMonth } from '../../lib/format-on-demand';
import { dashboardTexts as t } from './dashboard-texts';

/** A link card's last 30 days as small bars; the label gives the total to screen readers. */
export function ClicksChart({ daily }: { daily: readonly DailyClicks[] }) {
  const total = daily.reduce((sum, entry) => sum + entry.clicks, 0);
  const first = daily[0];
  return (
    <ColumnChart
      columns={daily.map((entry) => ({ key: entry.day, value: entry.clicks, title: t.chartBar(formatDayMonth(entry.day), entry.clicks) }))}
      label={t.chartLabel(total)}
      ticks={[first ? formatDayMonth(first.day) : '', t.chartToday]}
      testId="clicks-chart"
    />
  );
}
