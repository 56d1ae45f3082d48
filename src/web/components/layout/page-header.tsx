import type { ReactNode } from 'react';

/** The title band at the top of the inner pages. */
export function PageHeader({ eyebrow, title, children }: { eyebrow?: string; title: ReactNode; children?: ReactNode }) {
  return (
    <div className="border-b border-slate-200 bg-gradient-to-b from-primary-soft to-white">
      <div className="mx-auto max-w-4xl px-4 py-12 text-center sm:py-16">
        {eyebrow && <p className="text-sm font-semibold tracking-wider text-primary-ink uppercase">{eyebrow}</p>}
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-balance wrap-anywhere text-slate-900 sm:text-4xl">{title}</h1>
        {children && <div className="mx-auto mt-4 max-w-2xl text-base text-pretty text-slate-600 sm:text-lg">{children}</div>}
      </div>
    </div>
  );
}
