import { ArrowRight, Check, Copy, ExternalLink } from 'lucide-react';
import { type RefObject, useId, useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { LinkOptionsView } from '../../../shared/api';
import { PAGE_PATHS } from '../../../shared/routes';
import { LinkOptionBadges } from '../../components/link-option-badges';
import { QrCodeButton } from '../../components/qr-code-button';
import { Button, buttonVariants } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { toast } from '../../components/ui/use-toast';
import { useCopyToClipboard } from '../../lib/clipboard';
import { useHydrated } from '../../lib/hydration';
import { createLinkTexts as t } from './create-link-texts';

function supportsFieldSizing(): boolean {
  // jsdom has a CSS object without supports().
  return typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');
}

/**
 * Grows a read-only textarea to its wrapped text where CSS field-sizing is missing (Firefox,
 * older Safari); where it exists (field-sizing-content) the browser does it.
 */
function useFitHeight(ref: RefObject<HTMLTextAreaElement | null>, text: string): void {
  useLayoutEffect(() => {
    const field = ref.current;
    if (!field || supportsFieldSizing()) return;
    const fit = () => {
      if (field.scrollHeight === 0) return; // not laid out (hidden, or no layout engine)
      field.style.height = 'auto';
      field.style.height = `${field.scrollHeight + field.offsetHeight - field.clientHeight}px`;
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [ref, text]);
}

/** `options`: the link's options as the API answered them, shown as badges (none for a plain link). */
export function ShortLinkResult({ shortUrl, alias, options }: { shortUrl: string; alias: string; options?: LinkOptionsView }) {
  const fieldId = useId();
  // A textarea, not an input: a long link wraps (an input would cut it off on a phone).
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const { copied, copy } = useCopyToClipboard();
  useFitHeight(fieldRef, shortUrl);
  // The box is in served HTML only when the form was posted without the app (no JavaScript, or
  // before it had loaded): copying and the QR code need the app, so until it has hydrated they
  // say so by being disabled rather than doing nothing on a tap. The field and "Abrir" work.
  const live = useHydrated();

  async function handleCopy() {
    // Given the field, copying falls back to selecting it and execCommand where the Clipboard
    // API is refused (plain http on a LAN address).
    if (await copy(shortUrl, fieldRef.current)) {
      toast({ title: t.copiedTitle, description: t.copiedDescription, variant: 'success' });
    } else {
      // Selected, the link is one tap (or Ctrl+C) from the clipboard.
      fieldRef.current?.focus();
      fieldRef.current?.select();
      toast({ title: t.copyFailedTitle, description: t.copyFailedDescription, variant: 'destructive' });
    }
  }

  return (
    <div className="rounded-2xl border border-emerald-300 bg-emerald-50 p-4 sm:p-5" data-testid="short-link-result">
      <label htmlFor={fieldId} className="mb-2 block text-sm font-semibold text-emerald-900">
        {t.resultTitle}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <textarea
          ref={fieldRef}
          id={fieldId}
          readOnly
          rows={1}
          value={shortUrl}
          onFocus={(event) => event.currentTarget.select()}
          className="field-sizing-content block min-h-11 w-full min-w-0 resize-none overflow-y-auto rounded-xl border border-emerald-300 bg-white px-4 py-[9px] text-sm/6 font-semibold break-all text-emerald-900 focus:ring-2 focus:ring-emerald-500 focus:outline-none sm:flex-1 sm:text-base/6"
        />
        {/* Side by side, equal, while both labels fit; on a very narrow phone, one per row. */}
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button variant="success" onClick={handleCopy} disabled={!live} className="min-w-fit flex-1 sm:flex-none">
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            Copiar link
          </Button>
          <a
            href={shortUrl}
            target="_blank"
            rel="noopener noreferrer"
            title="Abrir link em nova aba"
            className={cn(buttonVariants({ variant: 'successOutline' }), 'min-w-fit flex-1 sm:flex-none')}
          >
            <ExternalLink aria-hidden="true" />
            Abrir
            <span className="sr-only"> (abre em nova aba)</span>
          </a>
        </div>
      </div>
      {options !== undefined && <LinkOptionBadges options={options} className="mt-3" />}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <QrCodeButton url={shortUrl} fileName={`qr-code-${alias}`} variant="successOutline" size="sm" aria-label="Ver QR code" disabled={!live}>
          QR code
        </QrCodeButton>
        <Link
          to={PAGE_PATHS.dashboard}
          className="inline-flex items-center gap-1.5 rounded text-sm font-semibold text-emerald-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
        >
          Meus links
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </div>
  );
}
