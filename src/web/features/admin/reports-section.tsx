// 'Denúncias': the open reports grouped by link, the most reported first, a page at a time
// ('Carregar mais'), with every target of the link (main, iPhone, Android) and how many; each
// group can be resolved, its link disabled, or a domain of its targets blocked, each after a
// confirmation. The block dialog offers each target's exact host and its registrable domain, with
// how many live links each choice would block (asked of the server when the dialog opens).
import { useState } from 'react';
import type { AdminReportGroup, AdminReportTarget } from '../../../shared/admin-api';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input, Label } from '../../components/ui/field';
import { formatDateTime } from '../../lib/format-on-demand';
import { adminTexts as t } from './admin-texts';
import { BlockChoices, type BlockOption, type Impacts, useBlockImpacts } from './block-choices';
import { useAction, usePaged } from './console-context';
import { LongText } from '../../components/long-text';
import { ConfirmButton, LoadError, LoadMore, Placeholder, Section, StateBadge } from './console-parts';

export function ReportsSection() {
  const queue = usePaged(async (client, cursor) => {
    const page = await client.reports(cursor);
    return { ...page, items: page.groups };
  }, 'reports');
  const data = queue.first.data;
  return (
    <Section title={t.sections.reports} intro={t.reports.intro} actions={data !== undefined && data.openReports > 0 ? <p className="text-sm font-semibold text-slate-700">{t.reports.open(data.openReports)}</p> : undefined}>
      {queue.error !== undefined && <LoadError message={queue.error} onRetry={queue.retry} />}
      {queue.items === undefined ? (
        queue.error === undefined && <Placeholder />
      ) : queue.items.length === 0 ? (
        <Card className="p-6 text-center text-slate-600">{t.reports.empty}</Card>
      ) : (
        <>
          <ul className="space-y-4">
            {queue.items.map((group) => (
              <li key={group.alias}>
                <ReportCard group={group} onDone={queue.reload} />
              </li>
            ))}
          </ul>
          <LoadMore list={queue} />
        </>
      )}
    </Section>
  );
}

/**
 * The group's targets: the server's list, or, from a server of an older release, the main target
 * alone as it reported it (then the block sends no domain: that server blocks the main one).
 */
function targetsOf(group: AdminReportGroup): AdminReportTarget[] {
  if (group.targets !== undefined) return group.targets;
  if (group.url === null) return [];
  const domains = group.domain === null ? [] : [group.domain];
  return [{ kind: 'main', url: group.url, host: group.domain ?? '', domains, ip: false, blocked: group.domainBlocked }];
}

const isUnder = (host: string, domain: string): boolean => host === domain || host.endsWith(`.${domain}`);

/** What may be blocked for the targets not blocked yet, in the targets' order, each domain once. */
function blockOptions(targets: readonly AdminReportTarget[]): BlockOption[] {
  const open = targets.filter((target) => !target.blocked);
  const options: BlockOption[] = [];
  for (const target of open) {
    target.domains.forEach((domain, index) => {
      if (options.some((option) => option.domain === domain)) return;
      options.push({ domain, ip: target.ip, whole: index > 0, kinds: open.filter((other) => isUnder(other.host, domain)).map((other) => other.kind) });
    });
  }
  return options;
}

/**
 * The choice the dialog starts with, or undefined for none (the operator picks).
 *
 * - Targets on different hosts: none. Which one is the phishing is in the reports' words, not in
 *   the data; a choice made for the operator is how the wrong domain got blocked.
 * - One host, whose registrable domain differs (www.golpe-banco.com, golpe-banco.com): the
 *   registrable domain when it blocks no more live links than the host does. Whoever runs a
 *   phishing host holds its whole domain and moves to its next subdomain for free, so the wider
 *   block costs nothing today and closes that. When it would block more, the exact host: the other
 *   links may be other people's sites on a shared platform (github.io, vercel.app), which the ICANN
 *   list used here counts as one registrable domain; widening to them is the operator's call, made
 *   with both counts in sight. Until the counts arrive, none; if they cannot be read, the host.
 */
function defaultChoice(options: readonly BlockOption[], impacts: Impacts): string | undefined {
  const [first, second, ...others] = options;
  if (first === undefined) return undefined;
  if (second === undefined) return first.domain;
  if (others.length > 0 || !second.whole || second.kinds.join() !== first.kinds.join()) return undefined;
  const host = impacts[first.domain];
  const whole = impacts[second.domain];
  if (host === undefined || whole === undefined) return undefined;
  if (host === 'failed' || whole === 'failed') return first.domain;
  return !whole.more && whole.links === host.links ? second.domain : first.domain;
}

function ReportCard({ group, onDone }: { group: AdminReportGroup; onDone(): void }) {
  const { busy, run } = useAction();
  const [reason, setReason] = useState('');
  const [picked, setPicked] = useState<string | undefined>();
  const [impacts, readImpactsOf] = useBlockImpacts();
  const reasonId = `reason-${group.alias}`;
  const targets = targetsOf(group);
  const options = blockOptions(targets);
  // A pick no longer offered (the list was read again and its target is blocked now) is no choice.
  const ipOnly = options.length > 0 && options.every((option) => option.ip);
  const choice = picked !== undefined && options.some((option) => option.domain === picked) ? picked : defaultChoice(options, impacts);

  // Each choice's count is read when the dialog opens, so it is today's.
  function readImpacts(open: boolean) {
    if (!open) return;
    setPicked(undefined);
    readImpactsOf(options.map((option) => option.domain));
  }

  return (
    <Card className="min-w-0 space-y-3 p-4 sm:p-5" data-testid={`report-${group.alias}`}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 className="text-lg font-bold wrap-anywhere text-slate-900">{group.alias}</h3>
        <StateBadge state={group.state} />
        {/* A disabled link's badge says only that: its blocked domain gets a badge of its own. */}
        {group.state === 'disabled' && group.domainBlocked && <StateBadge state="blocked" />}
        <span className="text-sm font-semibold text-amber-800">{t.reports.count(group.reports)}</span>
      </div>
      {/* minmax(0, 1fr): a long target is cut inside its cell instead of widening the card. */}
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        {targets.length === 0 && (
          <>
            <dt className="font-medium text-slate-500">{t.reports.target}</dt>
            <dd className="min-w-0 text-slate-800">{t.reports.gone}</dd>
          </>
        )}
        {targets.map((target) => (
          <div key={target.kind} className="contents" data-testid={`target-${target.kind}`}>
            <dt className="font-medium text-slate-500">{t.targets[target.kind]}</dt>
            <dd className="min-w-0 text-slate-800">
              <LongText text={target.url} />
              {target.host !== '' && (
                <span className="block text-slate-600">
                  <span className="sr-only">{t.reports.domain}: </span>
                  <span className="wrap-anywhere">{target.host}</span>
                  {target.blocked && <span className="font-semibold text-amber-900"> · {t.reports.domainBlocked}</span>}
                </span>
              )}
            </dd>
          </div>
        ))}
        <dt className="font-medium text-slate-500">{t.reports.first}</dt>
        <dd className="text-slate-800">{formatDateTime(group.firstReportedAt)}</dd>
        <dt className="font-medium text-slate-500">{t.reports.last}</dt>
        <dd className="text-slate-800">{formatDateTime(group.lastReportedAt)}</dd>
      </dl>
      {/* A deleted link's reports stay open with the targets they recorded: say it is gone. */}
      {targets.length > 0 && group.state === 'missing' && (
        <p className="text-sm text-slate-600">{targets.length === 1 ? t.reports.goneWithTarget : t.reports.goneWithTargets}</p>
      )}
      {group.reasons.length > 0 && (
        <div>
          <p className="text-sm font-medium text-slate-500">{t.reports.reasons}</p>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-800">
            {group.reasons.map((text, index) => (
              <li key={index} className="wrap-anywhere">
                {text}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex flex-wrap gap-2 pt-1">
        <ConfirmButton
          label={t.reports.resolve}
          title={t.reports.resolveTitle(group.alias)}
          description={t.reports.resolveDescription(group.reports)}
          variant="secondary"
          busy={busy !== undefined}
          onConfirm={() => run('resolve', (client) => client.resolveReports(group.alias, group.lastReportId), onDone)}
        />
        {group.state !== 'missing' && group.state !== 'disabled' && (
          <Button variant="secondary" size="sm" disabled={busy !== undefined} onClick={() => void run('disable', (client) => client.disableReported(group.alias, group.lastReportId), onDone)}>
            {t.reports.disable}
          </Button>
        )}
        {/* Targets whose domain is already on the blocklist have nothing to block. */}
        {options.length > 0 && (
          <ConfirmButton
            label={ipOnly ? t.reports.blockIp : t.reports.block}
            title={t.reports.blockTitle(group.alias, ipOnly)}
            description={t.reports.blockDescription}
            busy={busy !== undefined}
            variant="destructive"
            confirmDisabled={choice === undefined}
            onOpenChange={readImpacts}
            onConfirm={() =>
              choice === undefined
                ? Promise.resolve(false)
                : run('block', (client) => client.blockReported(group.alias, reason.trim(), group.lastReportId, group.targets === undefined ? undefined : choice), onDone)
            }
          >
            <BlockChoices name={`block-${group.alias}`} options={options} impacts={impacts} choice={choice} onPick={setPicked} />
            <div className="mt-4">
              <Label htmlFor={reasonId}>{t.reports.reason}</Label>
              <Input id={reasonId} value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
            </div>
          </ConfirmButton>
        )}
      </div>
    </Card>
  );
}
