import { Cookie } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import { PAGE_PATHS } from '../../../shared/routes';
import { Button } from '../../components/ui/button';
import { textLinkClass } from '../../components/ui/text-link';
import { setCookieConsent, useCookieConsent } from '../../lib/cookie-consent';
import { useHydrated } from '../../lib/hydration';

/**
 * Shown until the visitor chooses; the choice is kept in localStorage and never asked again.
 * Only the browser knows the choice, so the server never renders the banner: it slides in
 * once the page is hydrated (fixed over the page, it moves nothing), and someone who already
 * chose never sees it flash. Without JavaScript nothing sets a cookie, so nothing is asked.
 */
export function CookieBanner() {
  const consent = useCookieConsent();
  const hydrated = useHydrated();
  const bannerRef = useRef<HTMLElement>(null);
  const visible = hydrated && consent === null;

  // The banner is fixed over the page: reserve its height at the bottom so the end of the
  // page (footer links) can still be scrolled into view while it shows, and keep it out of the
  // area the browser scrolls a focused control into (scroll-padding): a keyboard user's focus
  // ('Mais opções', 'Personalize' on a phone) was hidden under it.
  useLayoutEffect(() => {
    const banner = bannerRef.current;
    if (!visible || !banner || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      document.body.style.paddingBottom = `${banner.offsetHeight}px`;
      root.style.scrollPaddingBottom = `${banner.offsetHeight}px`;
    });
    observer.observe(banner);
    return () => {
      observer.disconnect();
      document.body.style.paddingBottom = '';
      root.style.scrollPaddingBottom = '';
    };
  }, [visible]);

  if (!visible) return null;
  return (
    <section
      ref={bannerRef}
      aria-label="Aviso de cookies"
      className="fixed inset-x-0 bottom-0 z-50 border-t border-slate-200 bg-white shadow-[0_-8px_30px_rgba(15,23,42,0.12)] motion-safe:animate-slide-in-bottom"
      data-testid="cookie-banner"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 sm:py-4 md:flex-row md:items-center md:gap-6">
        <div className="flex gap-3">
          <Cookie aria-hidden="true" className="mt-0.5 hidden size-6 shrink-0 text-primary-ink sm:block" />
          <p className="text-[13px] leading-relaxed text-slate-700 sm:text-sm">
            Usamos cookies para garantir que você tenha a melhor experiência em nosso site. Se você continuar a usar este site,
            assumiremos que você está satisfeito com ele.{' '}
            <Link
              to={PAGE_PATHS.privacy}
              className={textLinkClass}
            >
              Conheça nossa Política de Privacidade
            </Link>
          </p>
        </div>
        <div className="flex shrink-0 gap-3">
          <Button variant="secondary" className="flex-1 md:flex-none" onClick={() => setCookieConsent('rejected')}>
            Rejeitar
          </Button>
          <Button className="flex-1 md:flex-none" onClick={() => setCookieConsent('accepted')}>
            Aceitar
          </Button>
        </div>
      </div>
    </section>
  );
}
