import { Mail, MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { PAGE_PATHS } from '../../shared/routes';
import { PageHeader } from '../components/layout/page-header';
import { FaqAccordion } from '../components/faq-accordion';
import { buttonVariants } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { getFaqItems } from '../content/faq';
import { useSiteConfig } from '../lib/site-config';
import { usePageTitle } from '../lib/use-page-title';

export function FaqPage() {
  const site = useSiteConfig();
  usePageTitle('Perguntas frequentes');
  return (
    <>
      <PageHeader eyebrow="FAQ" title="Perguntas frequentes">
        Tudo o que você precisa saber para criar e compartilhar seus links.
      </PageHeader>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
        <Card className="px-4 py-2 sm:px-6">
          <FaqAccordion items={getFaqItems(site)} />
        </Card>
        <Card variant="soft" className="mt-10 flex flex-col items-center gap-4 p-6 text-center sm:p-8">
          <span className="grid size-12 place-items-center rounded-2xl bg-primary text-primary-foreground">
            <MessageSquare aria-hidden="true" className="size-6" />
          </span>
          <h2 className="text-xl font-bold text-slate-900">Ainda tem dúvidas?</h2>
          <p className="max-w-md text-slate-600">Nossa equipe responde em dias úteis. Fale com a gente pelo formulário ou por e-mail.</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Link to={PAGE_PATHS.contact} className={buttonVariants()}>
              Fale conosco
            </Link>
            <a href={`mailto:${site.contactEmail}`} className={buttonVariants({ variant: 'secondary' })}>
              <Mail aria-hidden="true" />
              {site.contactEmail}
            </a>
          </div>
        </Card>
      </div>
    </>
  );
}
