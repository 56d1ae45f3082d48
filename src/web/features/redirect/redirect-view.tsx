import { ArrowLeft, Link2Off } from 'lucide-react';
import { Link } from 'react-router';
import { redirectTexts } from '../../../shared/messages';
import { PAGE_PATHS } from '../../../shared/routes';
import { buttonVariants } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { Spinner } from '../../components/ui/spinner';
import { usePageTitle } from '../../lib/use-page-title';
import { useAliasResolution } from './use-alias-resolution';

export function RedirectSpinner() {
  usePageTitle('Redirecionando');
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-4 px-4 py-16 text-center" role="status">
      <Spinner className="size-10 text-primary" />
      <p className="text-lg font-medium text-slate-700">{redirectTexts.redirecting}</p>
    </div>
  );
}

/** Spec: 'Oops!', 'Não foi possível encontrar este link.', the message and 'Voltar para a Home'. */
export function LinkNotFound({ message = redirectTexts.notFound }: { message?: string }) {
  usePageTitle('Link não encontrado');
  return (
    <div className="mx-auto flex min-h-[55vh] max-w-lg flex-col items-center justify-center px-4 py-16 text-center">
      <div className="grid size-16 place-items-center rounded-2xl bg-red-50 text-red-600 ring-8 ring-red-50/50">
        <Link2Off aria-hidden="true" className="size-8" />
      </div>
      <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-slate-900">{redirectTexts.errorTitle}</h1>
      <p className="mt-3 text-lg font-medium text-slate-700">{redirectTexts.errorSubtitle}</p>
      <p className="mt-2 text-slate-500">{message}</p>
      <Link to={PAGE_PATHS.home} className={cn(buttonVariants({ size: 'lg' }), 'mt-8')}>
        <ArrowLeft aria-hidden="true" />
        {redirectTexts.backHome}
      </Link>
    </div>
  );
}

export interface RedirectViewProps {
  alias: string;
  /** The server already answered 404 for this address: no need to ask again. */
  knownMissing: boolean;
  /** Replaces the page with the short link; injectable for tests. */
  leave?: (href: string) => void;
}

export function RedirectView({ alias, knownMissing, leave }: RedirectViewProps) {
  const state = useAliasResolution(alias, knownMissing, leave);
  return state === 'resolving' ? <RedirectSpinner /> : <LinkNotFound />;
}
