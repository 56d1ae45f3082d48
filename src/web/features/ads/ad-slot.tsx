import { useCookieConsent } from '../../lib/cookie-consent';
import { useSiteConfig } from '../../lib/site-config';

/**
 * The ad network's script runs in a sandboxed frame of its own: without `allow-same-origin` the
 * frame's origin is opaque, so the script cannot read this page (a new link's manage token), the
 * links kept in this browser (localStorage), nor reach the site's API with its cookies (the
 * operator's console session). A script in the page itself could do all three: any ad network's
 * tag, or one that was compromised (malvertising). Popups stay allowed, unsandboxed, so an ad's
 * click opens the advertiser's site as usual. The frame inherits the page's CSP, which allows the
 * script's origin (security-headers.ts).
 */
const AD_FRAME_SANDBOX = 'allow-scripts allow-popups allow-popups-to-escape-sandbox';

/** The frame's document: the script, nothing else (the URL is config, escaped for the attribute). */
export function adFrameDocument(adScriptSrc: string): string {
  const src = adScriptSrc.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<!doctype html><html><head><meta charset="utf-8"></head><body><script src="${src}" async></script></body></html>`;
}

/**
 * The advertising slot under the form. The ad network's script (AD_SCRIPT_SRC) sets
 * advertising cookies, so it is loaded only when configured and after the visitor accepted
 * cookies; otherwise nothing renders.
 */
export function AdSlot() {
  const { adScriptSrc } = useSiteConfig();
  const consent = useCookieConsent();
  if (adScriptSrc === '' || consent !== 'accepted') return null;
  return (
    <aside aria-label="Publicidade" className="rounded-2xl border border-dashed border-slate-300 bg-white/60 p-3 text-center">
      <p className="text-xs font-medium tracking-wider text-slate-400 uppercase">Publicidade</p>
      <iframe
        title="Publicidade"
        sandbox={AD_FRAME_SANDBOX}
        srcDoc={adFrameDocument(adScriptSrc)}
        loading="lazy"
        className="mt-2 block h-[100px] w-full border-0"
        data-testid="ad-slot"
      />
    </aside>
  );
}
