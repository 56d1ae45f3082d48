import { ArrowRight, Check, Copy, ExternalLink } from 'lucide-react';
import { useId, useRef } from 'react';
import { Link } from 'react-router';
import { PAGE_PATHS } from '../../../shared/routes';
import { QrCodeButton } from '../../components/qr-code-button';
import { Button, buttonVariants } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { toast } from '../../components/ui/use-toast';
import { useCopyToClipboard } from '../../lib/clipboard';
import { createLinkTexts as t } from './create-link-texts';

export function ShortLinkResult({ shortUrl, alias }: { shortUrl: string; alias: string }) {
  const fieldId = useId();
  const fieldRef = useRef<HTMLInputElement>(null);
  const { copied, copy } = useCopyToClipboard();

  async function handleCopy() {
    if (await copy(shortUrl, fieldRef.current)) {
      toast({ title: t.copiedTitle, description: t.copiedDescription, variant: 'success' });
    } else {
      fieldRef.current?.select();
      toast({ title: 'Erro', description: 'Não foi possível copiar. Selecione o link e copie manualmente.', variant: 'destructive' });
    }
  }

  return (
    <div className="rounded-2xl border border-emerald-300 bg-emerald-50 p-4 sm:p-5" data-testid="short-link-result">
      <label htmlFor={fieldId} className="mb-2 block text-sm font-semibold text-emerald-900">
        {t.resultTitle}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          ref={fieldRef}
          id={fieldId}
          type="text"
          readOnly
          value={shortUrl}
          onFocus={(event) => event.currentTarget.select()}
          className="h-11 w-full min-w-0 rounded-xl border border-emerald-300 bg-white px-4 text-sm font-semibold sm:text-base text-emerald-900 focus:outline-none sm:flex-1 focus:ring-2 focus:ring-emerald-500"
        />
        <div className="flex gap-2">
          <Button variant="success" onClick={handleCopy} className="min-w-0 flex-1 sm:flex-none">
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            Copiar link
          </Button>
          <a
            href={shortUrl}
            target="_blank"
            rel="noopener noreferrer"
            title="Abrir link em nova aba"
            className={cn(buttonVariants({ variant: 'successOutline' }), 'min-w-0 flex-1 sm:flex-none')}
          >
            <ExternalLink aria-hidden="true" />
            Abrir
            <span className="sr-only"> (abre em nova aba)</span>
          </a>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <QrCodeButton url={shortUrl} fileName={`qr-code-${alias}`} variant="successOutline" size="sm" aria-label="Ver QR code">
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
