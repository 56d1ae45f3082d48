// Whether the page is live: false on the server and while React hydrates the server's HTML,
// true once the page's own content has hydrated (root-layout.tsx calls markHydrated then).
// Values only the browser knows (its day, its saved links, toasts, the cookie banner) wait for
// it, so that hydration produces exactly the server's markup.
//
// Why state and not useSyncExternalStore's server snapshot (which did this before): when a
// store's client value differs from its server snapshot, React re-renders at sync priority
// right after hydration, and a sync render is never time-sliced. Mounting the toaster, the
// cookie banner and the dashboard's list that way was one long task, which a throttled phone
// multiplies. Flipped inside startTransition, the same render yields to the browser every few
// milliseconds (docs/performance.md, "The render right after hydration").
import { createContext, type ReactNode, startTransition, useCallback, useContext, useState } from 'react';

// Without a provider the tree was rendered in the browser from scratch (component tests):
// nothing to agree with, so live at once.
const HydratedContext = createContext(true);
const MarkHydratedContext = createContext<() => void>(() => {});

/**
 * `hydrating`: the tree first renders over server HTML (or on the server itself), so it starts
 * not hydrated; false for a render from scratch (`vite dev`).
 */
export function HydrationProvider({ hydrating, children }: { hydrating: boolean; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(!hydrating);
  const markHydrated = useCallback(() => startTransition(() => setHydrated(true)), []);
  return (
    <MarkHydratedContext.Provider value={markHydrated}>
      <HydratedContext.Provider value={hydrated}>{children}</HydratedContext.Provider>
    </MarkHydratedContext.Provider>
  );
}

/** False on the server and during hydration, true after it (and on every client-side render). */
export function useHydrated(): boolean {
  return useContext(HydratedContext);
}

/** Called once the page's content has hydrated: everything gated on useHydrated renders, time-sliced. */
export function useMarkHydrated(): () => void {
  return useContext(MarkHydratedContext);
}
