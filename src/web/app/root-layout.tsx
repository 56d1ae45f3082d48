import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SiteFooter } from '../components/layout/site-footer';
import { SiteHeader } from '../components/layout/site-header';
import { Spinner } from '../components/ui/spinner';
import { Toaster } from '../components/ui/toaster';
import { CookieBanner } from '../features/cookie-consent/cookie-banner';
import { useHydrated } from '../lib/page-context';

/**
 * Marks <html data-hydrated> once the page, lazily loaded or not, is live: its effect runs when
 * the page's Suspense boundary has hydrated. Browser tests wait for it before they interact.
 */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

/**
 * Toasts only answer what a script did, and Radix's viewport carries an inline style the CSP
 * refuses in served HTML: mounted once hydrated. Its own component, so that flipping it
 * re-renders nothing else: a re-render of the layout before the lazily loaded page has
 * hydrated would make React throw the page's server HTML away and show the fallback.
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
      <CookieBanner />
      <SiteHeader />
      <main id="conteudo" ref={mainRef} tabIndex={-1} className="flex-1 focus:outline-none">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
          <HydratedMark />
        </Suspense>
      </main>
      <SiteFooter />
      <HydratedToaster />
    </div>
  );
}
