// The button that opens a link's QR code. It is light: the dialog, Radix Dialog and the QR
// library are fetched on the first click (or when the pointer or focus reaches the button).
import { QrCode } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { Button, type ButtonProps } from './ui/button';
import { Spinner } from './ui/spinner';
import { toast } from './ui/use-toast';

const loadDialog = () => import('./qr-code-dialog');
const QrCodeDialog = lazy(() => loadDialog().then((module) => ({ default: module.QrCodeDialog })));

function preload(): void {
  loadDialog().catch(() => undefined);
}

export interface QrCodeButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  url: string;
  /** Download name without extension. */
  fileName: string;
  /** Visible text; without it give the button an aria-label. */
  children?: ReactNode;
}

export function QrCodeButton({ url, fileName, children, ...buttonProps }: QrCodeButtonProps) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'ready'>('idle');
  const [open, setOpen] = useState(false);

  async function handleClick() {
    if (state === 'ready') {
      setOpen(true);
      return;
    }
    setState('loading');
    try {
      await loadDialog();
      setState('ready');
      setOpen(true);
    } catch {
      setState('idle');
      toast({ title: 'Erro', description: 'Não foi possível carregar o QR code. Verifique a conexão e tente de novo.', variant: 'destructive' });
    }
  }

  return (
    <>
      <Button
        ref={buttonRef}
        aria-haspopup="dialog"
        aria-busy={state === 'loading'}
        onClick={() => void handleClick()}
        onPointerEnter={preload}
        onFocus={preload}
        {...buttonProps}
      >
        {state === 'loading' ? <Spinner /> : <QrCode aria-hidden="true" />}
        {children}
      </Button>
      {state === 'ready' && (
        <Suspense fallback={null}>
          <QrCodeDialog
            url={url}
            fileName={fileName}
            open={open}
            onOpenChange={setOpen}
            onCloseAutoFocus={(event) => {
              // No Radix trigger here: give focus back to this button ourselves.
              event.preventDefault();
              buttonRef.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
