import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SiteFooter } from '../components/layout/site-footer';
import { SiteHeader } from '../components/layout/site-header';
import { Spinner } from '../components/ui/spinner';
import { Toaster } from '../components/ui/toaster';
import { CookieBanner } from '../features/cookie-consent/cookie-banner';
import { useHydrated, useMarkHydrated } from '../lib/hydration';
import { PageErrorBoundary } from './page-error-boundary';

/**
 * Its first effect runs when the page's Suspense boundary, lazily loaded or not, has hydrated:
 * then what waits for hydration may render (a transition, lib/hydration.tsx). Once that has
 * rendered too, marks <html data-hydrated>: browser tests wait for it before they interact.
 * Marking the app hydrated from here rather than from the root means no update reaches the
 * page's boundary while it is still server HTML waiting for its chunk.
 */
function HydratedMark() {
  const hydrated = useHydrated();
  const markHydrated = useMarkHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = 'true';
    else markHydrated();
  }, [hydrated, markHydrated]);
  return null;
}

/**
 * Toasts only answer what a script did, and Radix's viewport carries an inline style the CSP
 * refuses in served HTML: mounted once hydrated. Its own component, so that flipping it
 * re-renders nothing else of the layout.
 */
function HydratedToaster() {
  return useHydrated() ? <Toaster /> : null;
}

function PageLoading() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status">
      <Spinner className="size-8 text-primary" />
      <span className="sr-only">Carregando</span>
    </div>
  );
}

export function RootLayout() {
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const shownPath = useRef(pathname);

  // After client-side navigation start at the top and move focus to the new content, as a
  // full page load would (screen readers then read the new page).
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    window.scrollTo(0, 0);
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#conteudo"
        className="sr-only z-[60] rounded-xl bg-primary px-4 py-3 font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Pular para o conteúdo
      </a>
      {/* The console sets no ad or consent cookie, and on a phone the banner hid a third of it. */}
      {!/^\/admin(\/|$)/.test(pathname) && <CookieBanner />}
      <SiteHeader />
      <main id="conteudo" ref={mainRef} tabIndex={-1} className="flex-1 focus:outline-none">
        {/* A page that cannot render (its chunk unreachable, an error) leaves the layout in place. */}
        <PageErrorBoundary path={pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
            <HydratedMark />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <SiteFooter />
      <HydratedToaster />
    </div>
  );
}
