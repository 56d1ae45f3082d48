// The choices of a block's confirmation, shared by the report card's 'Bloquear domínio' and the
// 'Bloqueios' form: each domain that may be blocked (an exact host, its registrable domain), what
// it covers, and how many live links blocking it would make answer 410, read from the server
// (GET /api/admin/blocklist/impact) when the dialog opens, so the count is today's.
import { useCallback, useState } from 'react';
import type { AdminBlockImpact, AdminTargetKind } from '../../../shared/admin-api';
import { adminTexts as t } from './admin-texts';
import { isSessionEnded } from './admin-client';
import { useConsole } from './console-context';

/** One thing a block dialog offers: a domain, and which of a link's targets it covers (none named for a typed domain). */
export interface BlockOption {
  domain: string;
  ip: boolean;
  /** Wider than the host asked about: its registrable domain. */
  whole: boolean;
  kinds: AdminTargetKind[];
}

/** Each offered domain's count, 'failed' when it could not be read; absent while it is read. */
export type Impacts = Readonly<Record<string, AdminBlockImpact | 'failed'>>;

/** What a choice's count line says. */
export function impactText(impact: AdminBlockImpact | 'failed' | undefined): string {
  if (impact === undefined) return t.reports.counting;
  if (impact === 'failed') return t.reports.countFailed;
  return impact.blocked ? t.reports.alreadyBlocked : t.reports.impact(impact.links, impact.more);
}

/**
 * The counts of a dialog's choices: `read(domains, known)` forgets the previous ones and asks the
 * server for each domain not in `known` (those it already answered). A session that ended on the
 * way asks for a sign-in; any other failure is that choice's "could not count".
 */
export function useBlockImpacts(): [impacts: Impacts, read: (domains: readonly string[], known?: Impacts) => void] {
  const { client, sessionEnded } = useConsole();
  const [impacts, setImpacts] = useState<Impacts>({});
  const read = useCallback(
    (domains: readonly string[], known: Impacts = {}) => {
      setImpacts(known);
      for (const domain of domains) {
        if (known[domain] !== undefined) continue;
        client.blockImpact(domain).then(
          (impact) => setImpacts((now) => ({ ...now, [domain]: impact })),
          (error: unknown) => {
            if (isSessionEnded(error)) sessionEnded();
            else setImpacts((now) => ({ ...now, [domain]: 'failed' }));
          },
        );
      }
    },
    [client, sessionEnded],
  );
  return [impacts, read];
}

/**
 * A block dialog's choices, each with the targets it covers (when the options name any) and the
 * live links it would block. Compact: four of them, the reason and the buttons fit a 320×568
 * screen's dialog with little scrolling (the buttons stay in sight: ConfirmDialog).
 */
export function BlockChoices({
  name,
  options,
  impacts,
  choice,
  onPick,
}: {
  name: string;
  options: readonly BlockOption[];
  impacts: Impacts;
  choice: string | undefined;
  onPick(domain: string): void;
}) {
  return (
    <fieldset className="mt-4 min-w-0">
      <legend className="text-sm font-semibold text-slate-900">{t.reports.blockChoices}</legend>
      {choice === undefined && options.length > 1 && new Set(options.flatMap((option) => option.kinds)).size > 1 && (
        <p className="mt-1 text-sm text-slate-600">{t.reports.chooseOne}</p>
      )}
      <div className="mt-2 space-y-1.5">
        {options.map((option) => {
          const id = `${name}-${option.domain}`;
          return (
            <label
              key={option.domain}
              htmlFor={id}
              className="flex min-w-0 cursor-pointer gap-2.5 rounded-xl border border-slate-200 px-3 py-2 has-checked:border-primary has-checked:bg-slate-50"
            >
              <input id={id} type="radio" name={name} className="mt-1 shrink-0 self-start" checked={choice === option.domain} onChange={() => onPick(option.domain)} />
              <span className="min-w-0 text-sm leading-snug">
                <span className="block font-semibold wrap-anywhere text-slate-900">
                  {option.domain} <span className="font-normal text-slate-600">({option.whole ? t.reports.blockWhole : t.reports.blockScope(option.ip)})</span>
                </span>
                {option.kinds.length > 0 && <span className="block text-slate-600">{t.reports.blockOf(option.kinds.map((kind) => t.targets[kind]))}</span>}
                <span className="block text-slate-800" data-testid="block-impact">
                  {impactText(impacts[option.domain])}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
