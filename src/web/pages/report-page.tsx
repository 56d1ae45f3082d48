import { Clock, ShieldAlert } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PAGE_PATHS } from '../../shared/routes';
import { PageHeader } from '../components/layout/page-header';
import { SideCard } from '../components/side-card';
import { Card } from '../components/ui/card';
import { ReportForm } from '../features/report/report-form';
import { usePageTitle } from '../lib/use-page-title';

const inlineLink =
  'rounded font-semibold text-primary-ink hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary';

/** 'Denunciar link' (/denunciar, optionally ?alias=xyz to prefill the link). */
export function ReportPage() {
  usePageTitle('Denunciar link');
  const [params] = useSearchParams();
  const initialAlias = params.get('alias') ?? '';
  return (
    <>
      <PageHeader eyebrow="Segurança" title="Denunciar link">
        Encontrou um link nosso que leva a phishing, golpes, malware ou conteúdo ilegal? Conte para a gente: nossa equipe
        analisa cada denúncia e o link pode ser bloqueado.
      </PageHeader>
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-8 px-4 py-12 sm:py-16 lg:grid-cols-[1fr_20rem]">
        <Card className="p-5 sm:p-8">
          {/* A new ?alias= (a link followed while here) starts a fresh form. */}
          <ReportForm key={initialAlias} initialAlias={initialAlias} />
        </Card>
        <div className="space-y-4">
          <SideCard icon={ShieldAlert} title="O que denunciar">
            <ul className="list-disc space-y-1 pl-4">
              <li>Phishing: páginas que imitam bancos, lojas ou serviços para roubar senhas e dados.</li>
              <li>Golpes e fraudes.</li>
              <li>Malware ou downloads suspeitos.</li>
              <li>Conteúdo ilegal.</li>
            </ul>
          </SideCard>
          <SideCard icon={Clock} title="O que acontece depois">
            <p>
              A equipe analisa a denúncia e, se o link violar nossas regras, ele é bloqueado. Não é preciso se identificar.
              Para outros assuntos, use a página de{' '}
              <Link to={PAGE_PATHS.contact} className={inlineLink}>
                Contato
              </Link>
              .
            </p>
          </SideCard>
        </div>
      </div>
    </>
  );
}
