// The range tabs ('Hoje', '7 dias', '30 dias', '90 dias'): the WAI-ARIA tabs pattern, written
// here rather than with Radix Tabs, whose tab list carries an inline style attribute
// (outline: none) that the CSP refuses in server-rendered HTML. One panel shows the chosen
// range; arrows, Home and End move between tabs and choose (automatic activation).
import { type KeyboardEvent, useRef } from 'react';
import { INSIGHT_RANGES, type InsightRange } from '../../../shared/insights';
import { cn } from '../../components/ui/cn';
import { insightsTexts as t } from './insights-texts';

export function rangeTabId(idPrefix: string, range: InsightRange): string {
  return `${idPrefix}-tab-${range}`;
}

export interface RangeTabsProps {
  value: InsightRange;
  onChange: (range: InsightRange) => void;
  /** Prefix of the tabs' ids (useId), so the panel can name its tab. */
  idPrefix: string;
  panelId: string;
}

export function RangeTabs({ value, onChange, idPrefix, panelId }: RangeTabsProps) {
  const tabs = useRef(new Map<InsightRange, HTMLButtonElement>());

  function handleKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = INSIGHT_RANGES.length - 1;
    const next =
      event.key === 'ArrowRight' ? (index + 1) % INSIGHT_RANGES.length
      : event.key === 'ArrowLeft' ? (index - 1 + INSIGHT_RANGES.length) % INSIGHT_RANGES.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : undefined;
    if (next === undefined) return;
    event.preventDefault();
    const range = INSIGHT_RANGES[next];
    if (range === undefined) return;
    tabs.current.get(range)?.focus();
    onChange(range);
  }

  return (
    <div role="tablist" aria-label={t.rangeLabel} className="grid w-full grid-cols-4 gap-1 rounded-xl bg-slate-200/70 p-1 sm:w-auto">
      {INSIGHT_RANGES.map((range, index) => {
        const selected = range === value;
        return (
          <button
            key={range}
            ref={(element) => {
              if (element) tabs.current.set(range, element);
              else tabs.current.delete(range);
            }}
            type="button"
            role="tab"
            id={rangeTabId(idPrefix, range)}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(range)}
            onKeyDown={(event) => handleKeyDown(event, index)}
            className={cn(
              'h-10 rounded-lg px-1 text-sm font-semibold whitespace-nowrap transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary sm:px-4',
              selected ? 'bg-white text-primary-ink shadow-sm forced-colors:outline-2' : 'text-slate-700 hover:bg-white/60 hover:text-slate-900',
            )}
          >
            {t.rangeTab(range)}
          </button>
        );
      })}
    </div>
  );
}
