// Cumulative layout shift as the page itself measures it (a PerformanceObserver installed
// before any page script), for the e2e tests' CLS targets.
import type { BrowserContext, Page } from 'playwright-core';

export interface LayoutShifts {
  cls: number;
  /** Each shift's value and what moved (class name, else element name). */
  shifts: string[];
}

/** Every page opened in `context` from now on records its layout shifts (read with layoutShifts). */
export async function watchLayoutShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const state = { cls: 0, shifts: [] as string[] };
    (window as unknown as { __layout: typeof state }).__layout = state;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] })[]) {
        if (entry.hadRecentInput) continue;
        state.cls += entry.value;
        state.shifts.push(`${entry.value.toFixed(4)} ${(entry.sources ?? []).map((source) => (source.node as Element | null)?.className || (source.node?.nodeName ?? '?')).join(',')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

export async function layoutShifts(page: Page): Promise<LayoutShifts> {
  return page.evaluate(() => (window as unknown as { __layout: LayoutShifts }).__layout);
}
