// A page-sized status message with its icon, heading and the way back home: the unknown link
// ('Oops!') and the expired link share it.
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { redirectTexts } from '../../shared/messages';
import { PAGE_PATHS } from '../../shared/routes';
import { buttonVariants } from './ui/button';
import { cn } from './ui/cn';

const TONES = {
  danger: 'bg-red-50 text-red-600 ring-red-50/50',
  warning: 'bg-amber-50 text-amber-700 ring-amber-50/50',
} as const;

export function StatusView({ icon, tone, heading, headingClassName = 'text-4xl', children }: { icon: ReactNode; tone: keyof typeof TONES; heading: string; headingClassName?: string; children?: ReactNode }) {
  return (
    <div className="mx-auto flex min-h-[55vh] max-w-lg flex-col items-center justify-center px-4 py-16 text-center">
      <div className={cn('grid size-16 place-items-center rounded-2xl ring-8', TONES[tone])}>{icon}</div>
      <h1 className={cn('mt-6 font-extrabold tracking-tight text-slate-900', headingClassName)}>{heading}</h1>
      {children}
      <Link to={PAGE_PATHS.home} className={cn(buttonVariants({ size: 'lg' }), 'mt-8')}>
        <ArrowLeft aria-hidden="true" />
        {redirectTexts.backHome}
      </Link>
    </div>
  );
}
