// The QR code of a short link, made in the browser with `qrcode`, shown as SVG and offered as
// PNG and SVG downloads. Loaded on demand (see qr-code-button.tsx): neither this file nor the
// library is part of the home page's first download.
import { Download } from 'lucide-react';
import QRCode from 'qrcode';
import { useMemo, useState } from 'react';
import { downloadBlob } from '../lib/download';
import { withoutScheme } from '../lib/format';
import { Button } from './ui/button';
import { Dialog, DialogActions, DialogContent } from './ui/dialog';
import { Spinner } from './ui/spinner';
import { toast } from './ui/use-toast';

/** White border of 4 modules, the quiet zone the standard asks for (readers need it). */
const QUIET_ZONE = 4;
/** Medium error correction: survives a little print damage, keeps the code small. */
const ERROR_CORRECTION = 'M';
const EXPORT_WIDTH_PX = 1024;
const COLORS = { dark: '#000000', light: '#ffffff' };

/** The dark modules as one SVG path, one sub-path per horizontal run. */
export function qrCodePath(text: string): { size: number; path: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: ERROR_CORRECTION });
  const count = modules.size;
  let path = '';
  for (let row = 0; row < count; row += 1) {
    let col = 0;
    while (col < count) {
      if (!modules.get(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < count && modules.get(row, col)) col += 1;
      const run = col - start;
      path += `M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${run}v1h-${run}z`;
    }
  }
  return { size: count + 2 * QUIET_ZONE, path };
}

async function pngBlob(text: string): Promise<Blob> {
  const canvas = document.createElement('canvas');
  await QRCode.toCanvas(canvas, text, { errorCorrectionLevel: ERROR_CORRECTION, margin: QUIET_ZONE, width: EXPORT_WIDTH_PX, color: COLORS });
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (blob === null) throw new Error('PNG encoding failed');
  return blob;
}

async function svgBlob(text: string): Promise<Blob> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: ERROR_CORRECTION, margin: QUIET_ZONE, width: EXPORT_WIDTH_PX, color: COLORS });
  return new Blob([svg], { type: 'image/svg+xml' });
}

export interface QrCodeDialogProps {
  url: string;
  /** Download name without extension, e.g. "qr-code-promo". */
  fileName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

export function QrCodeDialog({ url, fileName, open, onOpenChange, onCloseAutoFocus }: QrCodeDialogProps) {
  const code = useMemo(() => qrCodePath(url), [url]);
  const [busy, setBusy] = useState<'png' | 'svg' | null>(null);
  const shown = withoutScheme(url);

  async function download(kind: 'png' | 'svg') {
    setBusy(kind);
    try {
      const blob = kind === 'png' ? await pngBlob(url) : await svgBlob(url);
      downloadBlob(blob, `${fileName}.${kind}`);
    } catch {
      toast({ title: 'Erro', description: 'Não foi possível gerar o arquivo do QR code.', variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="QR code do link"
        description="Aponte a câmera do celular para abrir o link, ou baixe a imagem para imprimir e compartilhar."
        {...(onCloseAutoFocus ? { onCloseAutoFocus } : {})}
      >
        <figure className="mt-5 flex flex-col items-center">
          <svg
            data-testid="qr-code"
            role="img"
            aria-label={`QR code do link ${shown}`}
            viewBox={`0 0 ${code.size} ${code.size}`}
            shapeRendering="crispEdges"
            className="size-60 rounded-xl border border-slate-200 sm:size-64"
          >
            <rect width={code.size} height={code.size} fill={COLORS.light} />
            <path d={code.path} fill={COLORS.dark} />
          </svg>
          <figcaption className="mt-3 max-w-full text-center text-sm font-semibold wrap-anywhere text-slate-900">{shown}</figcaption>
        </figure>
        <DialogActions className="sm:justify-center">
          <Button variant="secondary" onClick={() => void download('svg')} disabled={busy !== null}>
            {busy === 'svg' ? <Spinner /> : <Download aria-hidden="true" />}
            Baixar SVG
          </Button>
          <Button onClick={() => void download('png')} disabled={busy !== null}>
            {busy === 'png' ? <Spinner /> : <Download aria-hidden="true" />}
            Baixar PNG
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
