import { useEffect, useRef } from 'react';
import { useCookieConsent } from '../../lib/cookie-consent';
import { useSiteConfig } from '../../lib/site-config';

/**
 * The advertising slot under the form. The ad network's script (AD_SCRIPT_SRC) sets
 * advertising cookies, so it is loaded only when configured and after the visitor accepted
 * cookies; otherwise nothing renders.
 */
export function AdSlot() {
  const { adScriptSrc } = useSiteConfig();
  const consent = useCookieConsent();
  const containerRef = useRef<HTMLDivElement>(null);
  const enabled = adScriptSrc !== '' && consent === 'accepted';

  useEffect(() => {
    const container = containerRef.current;
    if (!enabled || !container) return;
    const script = document.createElement('script');
    script.src = adScriptSrc;
    script.async = true;
    script.dataset.adSlot = '';
    container.appendChild(script);
    return () => script.remove();
  }, [enabled, adScriptSrc]);

  if (!enabled) return null;
  return (
    <aside aria-label="Publicidade" className="rounded-2xl border border-dashed border-slate-300 bg-white/60 p-3 text-center">
      <p className="text-xs font-medium tracking-wider text-slate-400 uppercase">Publicidade</p>
      <div ref={containerRef} className="mt-2 min-h-[90px]" data-testid="ad-slot" />
    </aside>
  );
}
