// Form controls with one look: label, input, textarea, native select, hint and error text.
import type { ComponentProps } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from './cn';

// A refused value is marked with aria-invalid="true" (which screen readers announce too) and
// styled through the aria-invalid variant: its [aria-invalid="true"] selector outranks
// border-slate-300 and focus:border-primary, so the red border shows whether or not the field
// has focus. (A plain border-red-500 class would tie with border-slate-300, and Tailwind's
// order in the built CSS, not the class list, would pick the grey one.)
const invalidControlClasses =
  'aria-invalid:border-red-500 aria-invalid:focus:border-red-500 aria-invalid:focus:ring-red-500/30';

const controlClass =
  'block w-full rounded-xl border border-slate-300 bg-white px-4 text-base text-slate-900 shadow-sm ' +
  'placeholder:text-slate-400 transition-colors ' +
  'focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30 ' +
  'disabled:cursor-not-allowed disabled:bg-slate-100 read-only:bg-slate-50 ' +
  invalidControlClasses;

export function Label({ className, ...props }: ComponentProps<'label'>) {
  return <label className={cn('mb-1.5 block text-sm font-medium text-slate-700', className)} {...props} />;
}

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(controlClass, 'h-12', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(controlClass, 'min-h-32 resize-y py-3', className)} {...props} />;
}

export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className="relative">
      <select className={cn(controlClass, 'h-12 appearance-none pr-10', className)} {...props}>
        {children}
      </select>
      <ChevronDown aria-hidden="true" className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-slate-500" />
    </div>
  );
}

export function FieldHint({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('mt-1.5 text-sm text-slate-500', className)} {...props} />;
}

/** A field's error under it (give it the id the control's aria-describedby names). */
export function FieldError({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('mt-1.5 text-sm font-medium text-red-700', className)} {...props} />;
}

/**
 * A control's aria attributes for its hint and, while it is refused, its error: marked invalid
 * and described by both (the ids of the FieldHint and the FieldError under it).
 */
export function describedField(hintId: string, errorId: string, error: string | undefined): { 'aria-invalid': true | undefined; 'aria-describedby': string } {
  return { 'aria-invalid': error === undefined ? undefined : true, 'aria-describedby': error === undefined ? hintId : `${hintId} ${errorId}` };
}
