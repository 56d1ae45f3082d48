// The table behind a chart, for screen readers and for anyone who wants the exact numbers:
// a native <details> ('Ver tabela'), closed by default so 90 rows do not lengthen the page.
// Screen readers announce the summary as a collapsed button and read the table, with its
// caption and headers, once it is opened; the chart's own label already gives the gist.
import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatNumber } from '../../lib/format';
import { insightsTexts as t } from './insights-texts';

export interface ChartTableProps {
  caption: string;
  keyHeader: string;
  rows: readonly { key: string; label: ReactNode; clicks: number }[];
  testId?: string;
}

export function ChartTable({ caption, keyHeader, rows, testId }: ChartTableProps) {
  return (
    <details className="group mt-3" data-testid={testId}>
      {/* The native marker goes with display:flex (Safari keeps its own unless hidden): a chevron that turns instead. */}
      <summary className="inline-flex min-h-6 cursor-pointer items-center gap-1 rounded text-sm font-semibold text-primary-ink hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary [&::-webkit-details-marker]:hidden">
        <ChevronRight aria-hidden="true" className="size-4 transition-transform group-open:rotate-90" />
        {t.showTable}
      </summary>
      <div className="mt-2 overflow-hidden rounded-xl border border-slate-200">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-left text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                {keyHeader}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                {t.clicksColumn}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-t border-slate-100">
                <th scope="row" className="px-3 py-1.5 text-left font-normal text-slate-700">
                  {row.label}
                </th>
                <td className="px-3 py-1.5 text-right text-slate-900 tabular-nums">{formatNumber(row.clicks)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
