// Columns as light inline SVG (no chart library: the dashboard's cards and the statistics page
// draw a few dozen bars at most). Heights are SVG attributes, not style: the CSP refuses
// inline style attributes.
import { cn } from '../ui/cn';

export interface Column {
  key: string;
  value: number;
  /** The bar's tooltip (its <title>), e.g. "21/11: 3 cliques". */
  title: string;
  /** A slot with nothing to count (a day before the link existed): no bar, not even zero's. */
  absent?: boolean;
}

export interface ColumnChartProps {
  columns: readonly Column[];
  /** What the chart says, for screen readers (the SVG is role="img"). */
  label: string;
  /** Small texts under the chart, spread from the first column to the last. Decorative: the label and a table say the same. */
  ticks?: readonly string[];
  /** Height of the drawing (a Tailwind height class). */
  heightClass?: string;
  testId?: string;
}

const BAR_STEP = 10;
const BAR_WIDTH = 7;
const HEIGHT = 40;
const ZERO_HEIGHT = 1.5;
const MIN_HEIGHT = 3;

export function ColumnChart({ columns, label, ticks = [], heightClass = 'h-12', testId }: ColumnChartProps) {
  const max = Math.max(1, ...columns.map((column) => column.value));
  const width = Math.max(1, columns.length) * BAR_STEP;
  return (
    <figure className="min-w-0">
      <svg
        role="img"
        aria-label={label}
        data-testid={testId}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        className={cn('block w-full', heightClass)}
      >
        {columns.map((column, index) => {
          if (column.absent === true) return null;
          const height = column.value === 0 ? ZERO_HEIGHT : Math.max(MIN_HEIGHT, (column.value / max) * HEIGHT);
          return (
            <rect
              key={column.key}
              x={index * BAR_STEP + (BAR_STEP - BAR_WIDTH) / 2}
              y={HEIGHT - height}
              width={BAR_WIDTH}
              height={height}
              rx={column.value === 0 ? 0 : 1}
              className={column.value === 0 ? 'fill-slate-200' : 'fill-primary'}
            >
              <title>{column.title}</title>
            </rect>
          );
        })}
      </svg>
      {ticks.length > 0 && (
        <figcaption aria-hidden="true" className="mt-1 flex justify-between text-xs text-slate-500">
          {ticks.map((tick, index) => (
            <span key={index}>{tick}</span>
          ))}
        </figcaption>
      )}
    </figure>
  );
}
