// The notification area present on every route. Radix Toast supplies the spec's rules as its
// defaults (5000 ms, swipe 50 px, F8 moves focus to the area); they are spelled out here so
// the contract is visible. Timers pause while the area is hovered or focused.
import * as ToastPrimitive from '@radix-ui/react-toast';
import { cva } from 'class-variance-authority';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { cn } from './cn';
import { dismissToast, type ToastVariant, useToasts } from './use-toast';

export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

const toastVariants = cva(
  'toast pointer-events-auto relative flex w-full items-start gap-3 rounded-2xl border p-4 pr-11 shadow-lg',
  {
    variants: {
      variant: {
        default: 'border-slate-200 bg-white text-slate-900',
        success: 'border-emerald-200 bg-white text-slate-900',
        destructive: 'border-red-700 bg-red-600 text-white',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

const icons: Record<ToastVariant, typeof Info> = { default: Info, success: CircleCheck, destructive: CircleAlert };
const iconColours: Record<ToastVariant, string> = {
  default: 'text-primary-ink',
  success: 'text-emerald-600',
  destructive: 'text-white',
};

export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX} label="Notificação">
      {toasts.map((entry) => {
        const Icon = icons[entry.variant];
        return (
          <ToastPrimitive.Root
            key={entry.id}
            open={entry.open}
            onOpenChange={(open) => {
              if (!open) dismissToast(entry.id);
            }}
            type={entry.variant === 'destructive' ? 'foreground' : 'background'}
            className={toastVariants({ variant: entry.variant })}
          >
            <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', iconColours[entry.variant])} />
            {/* min-w-0 and wrap-anywhere: a long word (a domain, a URL) wraps instead of leaving the toast. */}
            <div className="grid min-w-0 gap-1 wrap-anywhere">
              <ToastPrimitive.Title className="text-sm font-semibold">{entry.title}</ToastPrimitive.Title>
              {entry.description !== undefined && (
                <ToastPrimitive.Description className={cn('text-sm', entry.variant === 'destructive' ? 'text-red-50' : 'text-slate-600')}>
                  {entry.description}
                </ToastPrimitive.Description>
              )}
            </div>
            <ToastPrimitive.Close
              aria-label="Fechar"
              className={cn(
                'absolute top-3 right-3 rounded-lg p-1 transition-colors focus-visible:outline-none focus-visible:ring-2',
                entry.variant === 'destructive'
                  ? 'text-red-100 hover:bg-red-700 hover:text-white focus-visible:ring-white'
                  : 'text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:ring-primary',
              )}
            >
              <X aria-hidden="true" className="size-4" />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        label="Notificações ({hotkey})"
        className="fixed top-0 right-0 z-[100] m-0 flex max-h-dvh w-full list-none flex-col gap-2 p-4 outline-none sm:top-4 sm:right-4 sm:max-w-sm sm:p-0"
      />
    </ToastPrimitive.Provider>
  );
}
