import { ArrowRight, MousePointerClick, ShieldCheck, Zap } from 'lucide-react';
import { Link } from 'react-router';
import { PAGE_PATHS } from '../../shared/routes';
import { FaqAccordion } from '../components/faq-accordion';
import { Card } from '../components/ui/card';
import { getFaqItems } from '../content/faq';
import { AdSlot } from '../features/ads/ad-slot';
import { CreateLinkForm } from '../features/create-link/create-link-form';
import { StatsSection } from '../features/stats/stats-section';
import { useSiteConfig } from '../lib/site-config';
import { usePageTitle } from '../lib/use-page-title';

const HOME_FAQ_COUNT = 3;

const HIGHLIGHTS = [
  { icon: Zap, text: 'Pronto em segundos' },
  { icon: ShieldCheck, text: 'Sem cadastro' },
  { icon: MousePointerClick, text: 'Cliques contados' },
] as const;

export function HomePage() {
  const site = useSiteConfig();
  usePageTitle();
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-b from-primary-soft via-white to-slate-50">
        <div
          aria-hidden="true"
          className="hero-glow pointer-events-none absolute -top-64 left-1/2 size-[52rem] -translate-x-1/2"
        />
        <div className="relative mx-auto max-w-3xl px-4 pt-10 pb-10 sm:pt-12 sm:pb-12">
          <div className="text-center">
            <p className="inline-flex items-center gap-2 rounded-full border border-primary/20 bg-white px-3 py-1 text-xs font-semibold tracking-wide text-primary-ink uppercase shadow-sm">
              100% gratuito
            </p>
            <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl">
              Personalize seus links <span className="text-primary-ink">gratuitamente</span>
            </h1>
            <p className="mx-auto mt-4 max-w-xl text-base text-pretty text-slate-600 sm:text-lg">
              Transforme endereços longos em links curtos, com o nome que você escolher. Fácil de lembrar, fácil de compartilhar.
            </p>
          </div>
          <Card variant="raised" className="mt-8 p-5 sm:p-7">
            <CreateLinkForm />
          </Card>
          <ul className="mt-6 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-slate-600">
            {HIGHLIGHTS.map(({ icon: Icon, text }) => (
              <li key={text} className="inline-flex items-center gap-1.5">
                <Icon aria-hidden="true" className="size-4 text-primary-ink" />
                {text}
              </li>
            ))}
          </ul>
          <div className="mt-8">
            <AdSlot />
          </div>
        </div>
      </section>

      <div className="render-when-near mx-auto max-w-6xl px-4 pt-8 pb-14 [--near-size:760px] sm:pt-10 sm:pb-16 lg:[--near-size:420px]">
        <StatsSection />
      </div>

      <section aria-labelledby="home-faq" className="render-when-near border-t border-slate-200 bg-white [--near-size:760px]">
        <div className="mx-auto max-w-3xl px-4 py-16 sm:py-20">
          <h2 id="home-faq" className="text-center text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Perguntas frequentes
          </h2>
          <div className="mt-8">
            <FaqAccordion items={getFaqItems(site).slice(0, HOME_FAQ_COUNT)} />
          </div>
          <p className="mt-8 text-center">
            <Link
              to={PAGE_PATHS.faq}
              className="inline-flex items-center gap-1.5 rounded font-semibold text-primary-ink hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary"
            >
              Ver todas as perguntas
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
