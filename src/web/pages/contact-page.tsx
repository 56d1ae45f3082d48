import { Building2, CircleHelp, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { PAGE_PATHS } from '../../shared/routes';
import { PageHeader } from '../components/layout/page-header';
import { SideCard } from '../components/side-card';
import { Card } from '../components/ui/card';
import { ContactForm } from '../features/contact/contact-form';
import { useSiteConfig } from '../lib/site-config';
import { usePageTitle } from '../lib/use-page-title';

// wrap-anywhere, not break-all: a long e-mail address still wraps inside the card, while a short
// word ("FAQ" at the end of a line) moves to the next line whole instead of being cut in two.
const inlineLink =
  'rounded font-semibold wrap-anywhere text-primary-ink hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary';

export function ContactPage() {
  const site = useSiteConfig();
  usePageTitle('Contato');
  return (
    <>
      <PageHeader eyebrow="Contato" title="Fale conosco">
        Dúvidas, sugestões ou parcerias? Envie uma mensagem e responderemos o quanto antes.
      </PageHeader>
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-8 px-4 py-12 sm:py-16 lg:grid-cols-[1fr_20rem]">
        <Card className="p-5 sm:p-8">
          <ContactForm />
        </Card>
        <div className="space-y-4">
          <SideCard icon={Mail} title="E-mail de suporte">
            <a href={`mailto:${site.contactEmail}`} className={inlineLink}>
              {site.contactEmail}
            </a>
          </SideCard>
          <SideCard icon={CircleHelp} title="Perguntas frequentes">
            <p>
              A resposta pode já estar no nosso{' '}
              <Link to={PAGE_PATHS.faq} className={inlineLink}>
                FAQ
              </Link>
              .
            </p>
          </SideCard>
          <SideCard icon={Building2} title="Quem somos">
            <p>{site.companyLine}</p>
          </SideCard>
        </div>
      </div>
    </>
  );
}
