import { PageHeader } from '../components/layout/page-header';
import { Card } from '../components/ui/card';
import { TextWithEmail } from '../components/text-with-email';
import { getPrivacySections } from '../content/privacy';
import { formatDay } from '../lib/format-on-demand';
import { useToday } from '../lib/page-context';
import { useSiteConfig } from '../lib/site-config';
import { usePageTitle } from '../lib/use-page-title';

export function PrivacyPage() {
  const site = useSiteConfig();
  usePageTitle('Política de Privacidade');
  const today = useToday();
  const sections = getPrivacySections(site);
  return (
    <>
      <PageHeader eyebrow="Privacidade" title="Política de Privacidade">
        <p>Como o {site.siteName} trata as suas informações, em linguagem simples.</p>
        <p className="mt-3 text-sm text-slate-500">Última atualização: {formatDay(today)}</p>
      </PageHeader>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
        <Card className="divide-y divide-slate-100 px-5 sm:px-8">
          {sections.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="py-7">
              <h2 id={`${section.id}-title`} className="text-lg font-bold text-slate-900 sm:text-xl">
                {section.title}
              </h2>
              <div className="mt-3 space-y-3 leading-relaxed text-slate-600">
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph}>
                    <TextWithEmail text={paragraph} email={site.contactEmail} />
                  </p>
                ))}
                {section.items && (
                  <ul className="list-disc space-y-2 pl-5 marker:text-primary">
                    {section.items.map((item) => (
                      <li key={item}>
                        <TextWithEmail text={item} email={site.contactEmail} />
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </section>
          ))}
        </Card>
      </div>
    </>
  );
}
