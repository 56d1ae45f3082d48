import { CalendarDays, CalendarRange, Clock, Link2, MousePointerClick } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { StatsResponse } from '../../../shared/api';
import { Card } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { emptyStats, fetchStats } from '../../lib/api';
import { formatNumber } from '../../lib/format';

type Status = 'loading' | 'loaded' | 'failed';

const PERIODS = [
  { title: 'Hoje', icon: Clock, links: 'links_today', clicks: 'clicks_today' },
  { title: 'Últimos 7 dias', icon: CalendarDays, links: 'links_last_7_days', clicks: 'clicks_last_7_days' },
  { title: 'Últimos 30 dias', icon: CalendarRange, links: 'links_last_30_days', clicks: 'clicks_last_30_days' },
] as const satisfies readonly { title: string; icon: typeof Clock; links: keyof StatsResponse; clicks: keyof StatsResponse }[];

function Figure({ label, value, loading, icon: Icon }: { label: string; value: number; loading: boolean; icon: typeof Link2 }) {
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <dt className="flex items-center gap-2 text-sm text-slate-600">
        <Icon aria-hidden="true" className="size-4 text-slate-400" />
        {label}
      </dt>
      <dd className="text-2xl font-bold text-slate-900 tabular-nums">
        {loading ? (
          <span className="block h-7 w-16 animate-pulse rounded-md bg-slate-200" data-testid="stat-placeholder">
            <span className="sr-only">Carregando</span>
          </span>
        ) : (
          formatNumber(value)
        )}
      </dd>
    </div>
  );
}

/** Links created and clicks for today, 7 and 30 days. On failure: error toast, figures stay 0. */
export function StatsSection() {
  const headingId = useId();
  const [status, setStatus] = useState<Status>('loading');
  const [stats, setStats] = useState<StatsResponse>(emptyStats);

  useEffect(() => {
    const controller = new AbortController();
    fetchStats(controller.signal)
      .then((result) => {
        setStats(result);
        setStatus('loaded');
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        setStats(emptyStats);
        setStatus('failed');
        toast({
          title: 'Erro ao buscar estatísticas',
          description: 'Não foi possível carregar os dados. Tente novamente mais tarde.',
          variant: 'destructive',
        });
      });
    return () => controller.abort();
  }, []);

  const loading = status === 'loading';
  return (
    <section aria-labelledby={headingId} aria-busy={loading}>
      <h2 id={headingId} className="text-center text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        Estatísticas
      </h2>
      <p className="mt-2 text-center text-slate-600">Links criados e cliques em todo o site.</p>
      {/* The figures are fetched by a script: without one the placeholders would wait forever. */}
      <noscript>
        <p className="mt-2 text-center text-sm text-slate-500">Ative o JavaScript no seu navegador para ver os números.</p>
      </noscript>
      <div className="mt-8 grid gap-4 md:grid-cols-3">
        {PERIODS.map((period) => {
          const titleId = `${headingId}-${period.links}`;
          return (
            <Card key={period.title} className="p-5" role="group" aria-labelledby={titleId}>
              <h3 id={titleId} className="flex items-center gap-2 text-sm font-semibold text-primary-ink">
                <period.icon aria-hidden="true" className="size-4" />
                {period.title}
              </h3>
              <dl className="mt-2 divide-y divide-slate-100">
                <Figure label="Links criados" value={stats[period.links]} loading={loading} icon={Link2} />
                <Figure label="Cliques totais" value={stats[period.clicks]} loading={loading} icon={MousePointerClick} />
              </dl>
            </Card>
          );
        })}
      </div>
    </section>
  );
}
