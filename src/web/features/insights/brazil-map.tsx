// Brazil's 27 states shaded by clicks. Loaded on its own (lazy) when a page shows it: the
// drawing is ~23 KB gzip of path data. Map: @svg-maps/brazil by Victor Cazanave, based on
// MapSVG's, CC BY 4.0 (the attribution is shown under the map by the caller).
import brazil from '@svg-maps/brazil';
import { cn } from '../../components/ui/cn';
import { BRAZIL_STATES, insightsTexts as t } from './insights-texts';
import { shadeFor } from './map-shades';

export interface BrazilMapProps {
  /** Clicks per state code ('SP'). */
  clicks: ReadonlyMap<string, number>;
  /** The map's summary for screen readers (role="img"). */
  label: string;
}

export default function BrazilMap({ clicks, label }: BrazilMapProps) {
  const max = Math.max(0, ...clicks.values());
  return (
    <svg role="img" aria-label={label} viewBox={brazil.viewBox} className="block h-auto w-full" data-testid="brazil-map">
      {brazil.locations.map((location) => {
        const code = location.id.toUpperCase();
        const count = clicks.get(code) ?? 0;
        return (
          <path
            key={location.id}
            d={location.path}
            data-state={code}
            data-clicks={count}
            className={cn('stroke-slate-300 stroke-[0.8]', shadeFor(count, max))}
          >
            <title>{t.mapState(BRAZIL_STATES[code] ?? location.name, count)}</title>
          </path>
        );
      })}
    </svg>
  );
}
