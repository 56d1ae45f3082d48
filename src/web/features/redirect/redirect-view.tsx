import { Link2Off } from 'lucide-react';
import { redirectTexts } from '../../../shared/messages';
import { StatusView } from '../../components/status-view';
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
    <StatusView icon={<Link2Off aria-hidden="true" className="size-8" />} tone="danger" heading={redirectTexts.errorTitle}>
      <p className="mt-3 text-lg font-medium text-slate-700">{redirectTexts.errorSubtitle}</p>
      <p className="mt-2 text-slate-500">{message}</p>
    </StatusView>
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
