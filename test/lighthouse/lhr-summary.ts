// The few numbers and strings the Lighthouse runner reads from a Lighthouse result (LHR), kept
// apart from the process plumbing of run-lighthouse.ts so that each is short.
import type { Result } from 'lighthouse';

// The audit details types, reached through Result ('lighthouse' exports the Audit class, not its namespace).
type Details = NonNullable<Result['audits'][string]['details']>;
type TableItem = Extract<Details, { type: 'table' }>['items'][number];
type ItemValue = TableItem[string];

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type CategoryId = (typeof CATEGORIES)[number];

/** Table column → Lighthouse audit id. Times in ms; CLS has no unit. */
export const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  cls: 'cumulative-layout-shift',
  tbt: 'total-blocking-time',
  si: 'speed-index',
} as const;
export type MetricKey = keyof typeof METRICS;

export interface FailingAudit {
  id: string;
  title: string;
  /** 0–1, or null when the audit itself errored. */
  score: number | null;
  /** The first few offending items (element, console message, header…). */
  items: string[];
}

export interface RunSummary {
  /** 0–100; null when Lighthouse could not score the category (e.g. the page failed to load). */
  scores: Record<CategoryId, number | null>;
  metrics: Record<MetricKey, number | null>;
  /** Audits of accessibility, best practices and SEO that cost points (see failingAudits). */
  failing: Record<Exclude<CategoryId, 'performance'>, FailingAudit[]>;
  /**
   * Best practices lost points only because Chrome logs "Failed to load resource … 404" for a
   * document answered with a 404: true of every 404 page, so not a fault of this one.
   */
  onlyOwnStatusError: boolean;
  /** "selector — snippet" of the LCP element, and its phases (TTFB, load delay…) in ms. */
  lcpElement: string | null;
  lcpPhases: string | null;
  /** The biggest layout shifts: "score element" each (audit layout-shifts). */
  layoutShifts: string[];
  /** Lighthouse's runtimeError (page not loaded, protocol error…), if any. */
  error: string | null;
  warnings: string[];
  /** Lighthouse's measure of this machine's CPU speed: simulated metrics depend on it. */
  benchmarkIndex: number | null;
  userAgent: string | null;
  lighthouseVersion: string | null;
}

export function summarize(lhr: Result): RunSummary {
  const score = (id: CategoryId) => {
    const value = lhr.categories[id]?.score;
    return typeof value === 'number' ? Math.round(value * 100) : null;
  };
  const metric = (key: MetricKey) => lhr.audits[METRICS[key]]?.numericValue ?? null;
  const lcp = lcpElement(lhr);
  const bestPractices = failingAudits(lhr, 'best-practices');
  const consoleErrors = tableItems(lhr.audits['errors-in-console']?.details);
  const ownUrl = lhr.mainDocumentUrl ?? lhr.finalDisplayedUrl;
  return {
    scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'), seo: score('seo') },
    metrics: { fcp: metric('fcp'), lcp: metric('lcp'), cls: metric('cls'), tbt: metric('tbt'), si: metric('si') },
    failing: { accessibility: failingAudits(lhr, 'accessibility'), 'best-practices': bestPractices, seo: failingAudits(lhr, 'seo') },
    onlyOwnStatusError:
      bestPractices.length === 1 &&
      bestPractices[0]?.id === 'errors-in-console' &&
      consoleErrors.every((item) => item.source === 'network' && typeof item.sourceLocation === 'object' && 'url' in item.sourceLocation && item.sourceLocation.url === ownUrl),
    lcpElement: lcp.element,
    lcpPhases: lcp.phases,
    layoutShifts: tableItems(lhr.audits['layout-shifts']?.details).map((item) => {
      const shift = typeof item.score === 'number' ? item.score.toFixed(3) : '?';
      return `${shift} ${describe(item.node) ?? '(no element)'}`;
    }),
    error: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null,
    warnings: lhr.runWarnings.map(String),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    userAgent: lhr.environment.hostUserAgent,
    lighthouseVersion: lhr.lighthouseVersion,
  };
}

/** A run that produced no result (timed out, or Chromium went away): every value missing. */
export function failedRun(error: string): RunSummary {
  return {
    scores: { performance: null, accessibility: null, 'best-practices': null, seo: null },
    metrics: { fcp: null, lcp: null, cls: null, tbt: null, si: null },
    failing: { accessibility: [], 'best-practices': [], seo: [] },
    onlyOwnStatusError: false,
    lcpElement: null,
    lcpPhases: null,
    layoutShifts: [],
    error,
    warnings: [],
    benchmarkIndex: null,
    userAgent: null,
    lighthouseVersion: null,
  };
}

/**
 * The category's audits scoring below 1 (or erroring). Informative, manual and not-applicable
 * audits carry no weight in the score, so they are left out: what remains is what to fix.
 */
function failingAudits(lhr: Result, category: CategoryId): FailingAudit[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs.flatMap((ref) => {
    const audit = lhr.audits[ref.id];
    if (audit === undefined) return [];
    const failed =
      audit.scoreDisplayMode === 'error' ||
      ((audit.scoreDisplayMode === 'binary' || audit.scoreDisplayMode === 'numeric' || audit.scoreDisplayMode === 'metricSavings') &&
        audit.score !== null &&
        audit.score < 1);
    if (!failed) return [];
    const items = tableItems(audit.details)
      .slice(0, 3)
      .map((item) => [item.node, item.sourceLocation, item.source, item.url, item.description].map(describe).filter(Boolean).join(' — '))
      .filter(Boolean);
    return [{ id: audit.id, title: audit.title, score: audit.score, items }];
  });
}

function tableItems(details: Details | undefined): TableItem[] {
  return details?.type === 'table' ? details.items : [];
}

/** One table cell as a line of text: an element by its selector and snippet, a source by its URL. */
function describe(value: ItemValue | undefined): string | null {
  if (typeof value === 'string') return value.slice(0, 200);
  if (typeof value !== 'object' || value === null || !('type' in value)) return null;
  switch (value.type) {
    case 'node':
      return [value.selector, value.snippet].filter(Boolean).join(' — ') || null;
    case 'source-location':
      return `${value.url}:${value.line + 1}`;
    case 'url':
    case 'code':
    case 'text':
      return String(value.value).slice(0, 200);
    default:
      return null;
  }
}

/**
 * Audit largest-contentful-paint-element: a list of two tables, the element (a node item) and
 * the LCP phases (phase, timing).
 */
function lcpElement(lhr: Result): { element: string | null; phases: string | null } {
  const details = lhr.audits['largest-contentful-paint-element']?.details;
  if (details?.type !== 'list') return { element: null, phases: null };
  let element: string | null = null;
  const phases: string[] = [];
  for (const section of details.items) {
    if (section.type !== 'table') continue;
    for (const item of section.items) {
      if (typeof item.node === 'object' && 'type' in item.node && item.node.type === 'node') element = describe(item.node);
      if (typeof item.phase === 'string' && typeof item.timing === 'number') phases.push(`${item.phase} ${Math.round(item.timing)} ms`);
    }
  }
  return { element, phases: phases.length > 0 ? phases.join(', ') : null };
}

/** Median of the numbers present (the mean of the middle two for an even count); null if none. */
export function median(values: readonly (number | null)[]): number | null {
  const sorted = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[mid - 1] ?? upper) + upper) / 2;
}
