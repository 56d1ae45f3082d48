// "Copiar para WhatsApp": the short link with utm_source=whatsapp. WhatsApp sends no referrer,
// so its clicks would count as direct; the parameter lets the statistics name them.
import { Check, MessageCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { WHATSAPP_SOURCE_PARAM } from '../../shared/insights';
import { useCopyToClipboard } from '../lib/clipboard';
import { Button, type ButtonProps } from './ui/button';
import { toast } from './ui/use-toast';

/** The address to share on WhatsApp: "https://encurta.br/promo?utm_source=whatsapp". */
export function whatsappShareUrl(shortUrl: string): string {
  return `${shortUrl}${shortUrl.includes('?') ? '&' : '?'}${WHATSAPP_SOURCE_PARAM}`;
}

export const whatsappCopyTexts = {
  label: 'Copiar para WhatsApp',
  copiedTitle: 'Copiado!',
  copiedDescription: 'Link para WhatsApp copiado: os cliques dele aparecem como WhatsApp nas estatísticas.',
  failedTitle: 'Erro',
  failed: 'Não foi possível copiar. Selecione o link e copie manualmente.',
} as const;

export interface WhatsappCopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  shortUrl: string;
  /** Visible text; without it give the button an aria-label. */
  children?: ReactNode;
}

export function WhatsappCopyButton({ shortUrl, children, ...buttonProps }: WhatsappCopyButtonProps) {
  const { copied, copy } = useCopyToClipboard();

  async function handleCopy() {
    if (await copy(whatsappShareUrl(shortUrl))) {
      toast({ title: whatsappCopyTexts.copiedTitle, description: whatsappCopyTexts.copiedDescription, variant: 'success' });
    } else {
      toast({ title: whatsappCopyTexts.failedTitle, description: whatsappCopyTexts.failed, variant: 'destructive' });
    }
  }

  return (
    <Button onClick={() => void handleCopy()} {...buttonProps}>
      {copied ? <Check aria-hidden="true" className="text-emerald-600" /> : <MessageCircle aria-hidden="true" />}
      {children}
    </Button>
  );
}
