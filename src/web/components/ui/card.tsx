import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from './cn';

export const cardVariants = cva('rounded-2xl border', {
  variants: {
    variant: {
      default: 'border-slate-200 bg-white shadow-sm',
      raised: 'border-slate-200 bg-white shadow-xl shadow-slate-900/5',
      soft: 'border-primary/15 bg-primary-soft',
    },
  },
  defaultVariants: { variant: 'default' },
});

export type CardProps = ComponentProps<'div'> & VariantProps<typeof cardVariants>;

export function Card({ className, variant, ...props }: CardProps) {
  return <div className={cn(cardVariants({ variant }), className)} {...props} />;
}
