// Modal dialog on Radix Dialog (focus trap, Escape, focus return, aria wiring), in the site's
// look. Only lazily loaded code imports this file, so Radix Dialog stays out of the home bundle.
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { setNonce } from 'get-nonce';
import { X } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { CSP_NONCE_META } from '../../../shared/app-shell';
import { cn } from './cn';

// While a modal is open Radix locks page scroll with a small <style> element (react-remove-scroll,
// which takes its nonce from get-nonce). The server's Content-Security-Policy allows no inline
// style, so that element only applies when the page carries a style nonce in
// <meta name="csp-nonce">; without one the dialog still works, the page behind just scrolls.
const cspNonce = typeof document === 'undefined' ? undefined : document.querySelector<HTMLMetaElement>(`meta[name="${CSP_NONCE_META}"]`)?.content;
if (cspNonce) setNonce(cspNonce);

export const Dialog = DialogPrimitive.Root;
/** The button that opens the dialog (asChild): Radix gives focus back to it when the dialog closes. */
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export interface DialogContentProps extends Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> {
  title: ReactNode;
  description?: ReactNode;
  /** The × in the corner; leave it out when the dialog must not be dismissed (work in progress). */
  showClose?: boolean;
}

export function DialogContent({ title, description, showClose = true, className, children, ...props }: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="dialog-overlay fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-[1px]" />
      <DialogPrimitive.Content
        className={cn(
          'dialog-content fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2',
          'overflow-y-auto rounded-2xl border border-slate-200 bg-white p-6 shadow-2xl focus:outline-none',
          className,
        )}
        {...(description === undefined ? { 'aria-describedby': undefined } : {})}
        {...props}
      >
        <DialogPrimitive.Title className="pr-8 text-lg font-bold text-slate-900">{title}</DialogPrimitive.Title>
        {description !== undefined && (
          <DialogPrimitive.Description className="mt-2 text-sm text-pretty text-slate-600">{description}</DialogPrimitive.Description>
        )}
        {children}
        {showClose && (
          <DialogPrimitive.Close
            aria-label="Fechar"
            className="absolute top-4 right-4 rounded-lg p-1.5 text-slate-400 transition-colors hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary"
          >
            <X aria-hidden="true" className="size-5" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/**
 * The row of buttons at the bottom of a dialog: stacked on phones, right-aligned otherwise, in
 * the order written on every width (Tab follows the order shown: no reversed flex). Write the
 * safe choice (Cancelar) first: on top on a phone, at the left otherwise. `sticky`: for a dialog
 * whose body may be taller than a short screen (a list of choices): the row stays at the bottom
 * of the dialog's scroll box (-bottom-6 over its p-6), on white, and the body scrolls beneath it.
 */
export function DialogActions({ className, sticky = false, ...props }: ComponentProps<'div'> & { sticky?: boolean }) {
  return (
    <div
      className={cn(
        'flex flex-col gap-2 sm:flex-row sm:justify-end',
        sticky ? 'sticky -bottom-6 z-10 -mb-6 mt-4 border-t border-slate-100 bg-white pt-4 pb-6' : 'mt-6',
        className,
      )}
      {...props}
    />
  );
}
