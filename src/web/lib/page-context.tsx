// What the server rendered this page with (src/shared/app-shell.ts PageContext), and the hooks
// that keep the first browser render identical to the server's HTML. Hydration must produce
// exactly the server's markup; values only the browser knows (its own date, localStorage)
// are read once hydration is done (useHydrated, lib/hydration.tsx).
import { createContext, type ReactNode, useContext } from 'react';
import { useLocation } from 'react-router';
import { type HomeFormOptions, type HomeFormOutcome, PAGE_CONTEXT_SCRIPT_ID, type PageContext, type ReportFormOutcome } from '../../shared/app-shell';
import { isLinkGateView } from '../../shared/link-gate-views';
import { isLinkOptionErrorCode } from '../../shared/form-messages';
import { toLinkOptionsView } from './link-options-view';
import { useHydrated } from './hydration';
import { toStoredLink } from './my-links';

/** The browser's own calendar day, YYYY-MM-DD. */
export function localDay(date: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Used without a server render (vite dev, component tests): nothing to agree with. */
export const browserPageContext = (): PageContext => ({ today: localDay(), status: 200 });

/** Reads the server's <script id="page-context">, or the browser's own context when absent or malformed. */
export function readPageContext(doc: Document = document): PageContext {
  const raw = doc.getElementById(PAGE_CONTEXT_SCRIPT_ID)?.textContent;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : undefined;
    if (typeof parsed === 'object' && parsed !== null) {
      const { today, status, homeForm, reportForm, linkGate } = parsed as Record<string, unknown>;
      if (typeof today === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(today) && (status === 200 || status === 404)) {
        const form = toHomeFormOutcome(homeForm);
        const report = toReportFormOutcome(reportForm);
        return {
          today,
          status,
          ...(form === undefined ? {} : { homeForm: form }),
          ...(report === undefined ? {} : { reportForm: report }),
          ...(isLinkGateView(linkGate) ? { linkGate } : {}),
        };
      }
    }
  } catch {
    // fall through: a page without a server render
  }
  return browserPageContext();
}

function toHomeFormOutcome(value: unknown): HomeFormOutcome | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { url, alias, options, created, error, errorCode } = value as Record<string, unknown>;
  if (typeof url !== 'string' || typeof alias !== 'string') return undefined;
  const link = toStoredLink(created);
  const typed = toHomeFormOptions(options);
  return {
    url,
    alias,
    ...(typed === undefined ? {} : { options: typed }),
    ...(link === undefined ? {} : { created: { ...link, ...toLinkOptionsView(created) } }),
    ...(typeof error === 'string' ? { error } : {}),
    // The code is only read to find the refused option's field; any other refusal is in `error`.
    ...(isLinkOptionErrorCode(errorCode) ? { errorCode } : {}),
  };
}

function toReportFormOutcome(value: unknown): ReportFormOutcome | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { alias, reason, sent, error } = value as Record<string, unknown>;
  if (typeof alias !== 'string' || typeof reason !== 'string') return undefined;
  return { alias, reason, ...(typeof sent === 'string' ? { sent } : {}), ...(typeof error === 'string' ? { error } : {}) };
}

function toHomeFormOptions(value: unknown): HomeFormOptions | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const fields = value as Record<string, unknown>;
  const text = (name: keyof HomeFormOptions): string => {
    const typed = fields[name];
    return typeof typed === 'string' ? typed : '';
  };
  return { expiresAt: text('expiresAt'), maxClicks: text('maxClicks'), iosUrl: text('iosUrl'), androidUrl: text('androidUrl') };
}

const PageContextContext = createContext<PageContext>(browserPageContext());

export function PageContextProvider({ value, children }: { value: PageContext; children: ReactNode }) {
  return <PageContextContext.Provider value={value}>{children}</PageContextContext.Provider>;
}

export function usePageContext(): PageContext {
  return useContext(PageContextContext);
}

/**
 * What came of a form the server answered this page for (homeForm, reportForm), while the page
 * is still the one it answered: after a move to another page and back, the form starts afresh
 * instead of showing that outcome again. (The router's first location, in the server's render
 * and in the browser, and only that one, has the key "default"; a step back to it restores the
 * answered page, as a browser does.)
 */
export function usePostedForm<K extends 'homeForm' | 'reportForm'>(name: K): PageContext[K] {
  const context = usePageContext();
  return useLocation().key === 'default' ? context[name] : undefined;
}

/** Today (YYYY-MM-DD): the server's day while hydrating, then the visitor's own. */
export function useToday(): string {
  const { today } = usePageContext();
  return useHydrated() ? localDay() : today;
}
