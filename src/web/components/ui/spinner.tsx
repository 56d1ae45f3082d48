import { LoaderCircle } from 'lucide-react';
import { cn } from './cn';

/** Spinning icon, decorative (say what is loading in text next to it). `className` should set the size. */
export function Spinner({ className = 'size-5' }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cn('animate-spin', className)} />;
}
