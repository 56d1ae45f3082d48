// How many pages may be rendered for a request each second, all visitors together. A render
// (React on the server) takes ~4 ms of the main thread, the thread that also answers redirects:
// a flood of /dashboard/<random alias> pages from 16 connections, one client, took redirects
// from ~17,000 to 410 a second (p99 1.5 s). Per-client limits would not hold against rotating
// addresses, so the budget is the process's: past it, a page that would be rendered for its
// request is sent as the app's shell, which renders in the browser (the day's pages, the
// link-gate pages and cached alias pages cost no render and are never refused).

export interface RenderBudget {
  /** Takes one render from the budget; false when this second's are spent. */
  take(): boolean;
}

export interface RenderBudgetOptions {
  /** Milliseconds (the app's clock in the server; performance.now by default). */
  now?: () => number;
  /** Told of each render refused (the `shortener_page_renders_deferred_total` metric). */
  refused?: () => void;
}

/** A token bucket: `perSecond` renders a second, up to a second's worth at once. */
export function createRenderBudget(perSecond: number, { now = performance.now.bind(performance), refused }: RenderBudgetOptions = {}): RenderBudget {
  const capacity = Math.max(1, perSecond);
  let tokens = capacity;
  let at = now();
  return {
    take() {
      const t = now();
      // A wall clock set back (the server's clock is Date.now) refills nothing, and takes nothing either.
      tokens = Math.min(capacity, tokens + (Math.max(0, t - at) / 1000) * perSecond);
      at = t;
      if (tokens < 1) {
        refused?.();
        return false;
      }
      tokens -= 1;
      return true;
    },
  };
}
