import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from './cn';

export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-xl font-semibold whitespace-nowrap transition-colors ' +
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 ' +
    'disabled:pointer-events-none disabled:opacity-60 aria-disabled:pointer-events-none aria-disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        // Filled buttons carry a transparent border: in forced colours (Windows high contrast) the
        // background is dropped and the border is what still shows a button's edge.
        primary: 'border border-transparent bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover focus-visible:ring-primary',
        secondary: 'border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:ring-primary',
        ghost: 'text-slate-700 hover:bg-slate-100 focus-visible:ring-primary',
        ghostDestructive: 'text-red-600 hover:bg-red-50 hover:text-red-700 focus-visible:ring-red-600',
        destructive: 'border border-transparent bg-red-600 text-white shadow-sm hover:bg-red-700 focus-visible:ring-red-600',
        success: 'border border-transparent bg-emerald-700 text-white shadow-sm hover:bg-emerald-800 focus-visible:ring-emerald-600',
        successOutline:
          'border border-emerald-300 bg-white text-emerald-800 shadow-sm hover:bg-emerald-100 focus-visible:ring-emerald-600',
      },
      size: {
        sm: 'h-9 px-3 text-sm',
        md: 'h-11 px-5 text-sm',
        lg: 'h-12 px-6 text-base',
        icon: 'size-11',
        iconSm: 'size-9',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /**
     * Busy with its own action: looks and acts disabled (aria-disabled, clicks ignored) but keeps
     * keyboard focus. Chromium drops focus from a button made `disabled` while its action runs,
     * which left a keyboard user on <body>, and the next Tab somewhere else on the page.
     */
    busy?: boolean;
  };

export function Button({ className, variant, size, type = 'button', busy = false, onClick, ...props }: ButtonProps) {
  return (
    <button
      type={type}
      aria-disabled={busy || undefined}
      // Also keeps a busy submit button from submitting its form again.
      onClick={busy ? (event) => event.preventDefault() : onClick}
      className={cn(buttonVariants({ variant, size }), className)}
      {...props}
    />
  );
}
