// A breakdown (sources, devices…) drawn as horizontal bars that are a real table: the caption
// names it, each row's header names the value, the cells give clicks and share. Screen readers
// read the table as it is; the bars are decorative SVG (widths as attributes: the CSP refuses
// style attributes).
import { useId, useState } from 'react';
import type { InsightCount } from '../../../shared/api';
import { Card } from '../../components/ui/card';
import { formatNumber } from '../../lib/format';
import { formatPercent } from '../../lib/format-on-demand';
import { sumClicks, wholePercents } from './insights-data';
import { insightsTexts as t } from './insights-texts';

/** A share that rounds to 0% but is not nothing: formatPercent writes it "<1%". */
const SMALL_SHARE = 0.001;

/** Rows shown before "Mostrar todos": the card stays short on a phone. */
export const BREAKDOWN_ROWS = 6;

export interface BreakdownTableProps {
  /** The table's caption: a heading of this level, or hidden when the section has its own. */
  title: string;
  heading?: 'h2' | 'h3' | 'hidden';
  /** Header of the value column, for screen readers (e.g. 'Origem'). */
  keyHeader: string;
  entries: readonly InsightCount[];
  label: (key: string) => string;
  /**
   * The clicks the shares are parts of, when some are in no row: the states of a range with
   * clicks from abroad. Default: the rows' sum.
   */
  total?: number;
  /** A line under the table (what one of its values means). */
  note?: string;
  testId?: string;
}

export function BreakdownTable({ title, heading = 'h2', keyHeader, entries, label, total, note, testId }: BreakdownTableProps) {
  const bodyId = useId();
  const [expanded, setExpanded] = useState(false);
  const counts = entries.map((entry) => entry.clicks);
  // The clicks in no row count as one more value, left out of the table: the shares shown are
  // then of every click, as the other tables' are (São Paulo's 5 of 13 read 46% when they were of
  // the 11 with a state, beside Instagram's 5 at 38%).
  const outside = Math.max(0, (total ?? 0) - sumClicks(entries));
  const percents = wholePercents(outside > 0 ? [...counts, outside] : counts);
  const max = Math.max(1, ...entries.map((entry) => entry.clicks));
  const shown = expanded ? entries : entries.slice(0, BREAKDOWN_ROWS);
  const Heading = heading === 'hidden' ? 'span' : heading;
  return (
    <div data-testid={testId}>
      {/* The automatic table layout, not the fixed one: the columns of figures take the widths
          below as a minimum and grow to a wider figure (in a fixed layout "123.456.789" spilled
          over the share beside it); the names' column takes what is left. */}
      <table className="w-full border-collapse text-sm">
        <caption className={heading === 'hidden' ? 'sr-only' : 'mb-3 text-left'}>
          <Heading className={heading === 'h2' ? 'text-lg font-bold text-slate-900' : 'text-base font-bold text-slate-900'}>{title}</Heading>
        </caption>
        <colgroup>
          <col />
          <col className="w-16" />
          <col className="w-12" />
        </colgroup>
        <thead className="sr-only">
          <tr>
            <th scope="col">{keyHeader}</th>
            <th scope="col">{t.clicksColumn}</th>
            <th scope="col">{t.shareColumn}</th>
          </tr>
        </thead>
        <tbody id={bodyId}>
          {shown.map((entry, index) => {
            const percent = percents[index] ?? 0;
            const name = label(entry.key);
            return (
              <tr key={entry.key}>
                <th scope="row" className="py-1.5 pr-3 text-left align-top font-normal">
                  <span className="block text-slate-800 wrap-anywhere">
                    {name}
                  </span>
                  <svg aria-hidden="true" viewBox="0 0 100 6" preserveAspectRatio="none" className="mt-1 block h-1.5 w-full">
                    <rect width="100" height="6" rx="3" className="fill-slate-100" />
                    <rect width={Math.max(2, (entry.clicks / max) * 100)} height="6" rx="3" className="fill-primary" />
                  </svg>
                </th>
                <td className="py-1.5 text-right align-top font-semibold text-slate-900 tabular-nums">{formatNumber(entry.clicks)}</td>
                <td className="py-1.5 text-right align-top text-xs leading-5 text-slate-500 tabular-nums">{formatPercent(percent === 0 && entry.clicks > 0 ? SMALL_SHARE : percent / 100)}</td>
              </tr>
            );
          })}
          {entries.length === 0 && (
            <tr>
              <td colSpan={3} className="py-6 text-center text-slate-500">
                {t.breakdownEmpty}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {entries.length > BREAKDOWN_ROWS && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={() => setExpanded((value) => !value)}
          className="mt-2 inline-flex min-h-6 items-center rounded text-sm font-semibold text-primary-ink hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary"
        >
          {expanded ? t.showFewer : t.showAll(entries.length)}
        </button>
      )}
      {note !== undefined && <p className="mt-3 text-xs text-pretty text-slate-500">{note}</p>}
    </div>
  );
}

/** A breakdown in a card of its own (sources, devices, systems, browsers). */
export function BreakdownCard(props: BreakdownTableProps) {
  return (
    <Card className="p-4 sm:p-5 md:min-h-[17.5rem]">
      <BreakdownTable {...props} />
    </Card>
  );
}
