import { LayoutDashboard } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '../components/layout/page-header';
import { buttonVariants } from '../components/ui/button';
import { usePageTitle } from '../lib/use-page-title';

// Placeholder: the dashboard's content is a later issue.
export function DashboardPage() {
  usePageTitle('Meus links');
  return (
    <>
      <PageHeader eyebrow="Dashboard" title="Meus links">
        Em breve você verá aqui os links criados neste navegador, com seus cliques.
      </PageHeader>
      <div className="mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center">
        <LayoutDashboard aria-hidden="true" className="size-12 text-slate-300" />
        <Link to="/" className={`${buttonVariants()} mt-6`}>
          Criar um link
        </Link>
      </div>
    </>
  );
}
