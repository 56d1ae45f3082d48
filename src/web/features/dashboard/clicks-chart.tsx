import type { DailyClicks } from '../../../shared/api';
import { formatDayMonth } from '../../lib/format';
import { dashboardTexts as t } from './dashboard-texts';

const BAR_STEP = 10;
const BAR_WIDTH = 7;
const HEIGHT = 40;
const ZERO_HEIGHT = 1.5;
const MIN_HEIGHT = 3;

/** Clicks per day as small bars (light inline SVG); the label gives the total to screen readers. */
export function ClicksChart({ daily }: { daily: readonly DailyClicks[] }) {
  const total = daily.reduce((sum, entry) => sum + entry.clicks, 0);
  const max = Math.max(1, ...daily.map((entry) => entry.clicks));
  const width = daily.length * BAR_STEP;
  const first = daily[0];
  return (
    <figure className="min-w-0">
      <svg
        role="img"
        aria-label={t.chartLabel(total)}
        data-testid="clicks-chart"
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="block h-12 w-full"
      >
        {daily.map((entry, index) => {
          const height = entry.clicks === 0 ? ZERO_HEIGHT : Math.max(MIN_HEIGHT, (entry.clicks / max) * HEIGHT);
          return (
            <rect
              key={entry.day}
              x={index * BAR_STEP + (BAR_STEP - BAR_WIDTH) / 2}
              y={HEIGHT - height}
              width={BAR_WIDTH}
              height={height}
              rx={entry.clicks === 0 ? 0 : 1}
              className={entry.clicks === 0 ? 'fill-slate-200' : 'fill-primary'}
            >
              <title>{t.chartBar(formatDayMonth(entry.day), entry.clicks)}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption aria-hidden="true" className="mt-1 flex justify-between text-xs text-slate-500">
        <span>{first ? formatDayMonth(first.day) : ''}</span>
        <span>{t.chartToday}</span>
      </figcaption>
    </figure>
  );
}
