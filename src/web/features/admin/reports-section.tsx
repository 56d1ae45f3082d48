// 'Denúncias': the open reports grouped by link, the most reported first, a page at a time
// ('Carregar mais'), with the target and how many; each group can be
// resolved, its link disabled, or its target's domain blocked (after a confirmation), in one click.
import { useState } from 'react';
import type { AdminReportGroup } from '../../../shared/admin-api';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input, Label } from '../../components/ui/field';
import { formatDateTime } from '../../lib/format-on-demand';
import { adminTexts as t } from './admin-texts';
import { useAction, usePaged } from './console-context';
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

function ReportCard({ group, onDone }: { group: AdminReportGroup; onDone(): void }) {
  const { busy, run } = useAction();
  const [reason, setReason] = useState('');
  const reasonId = `reason-${group.alias}`;
  return (
    <Card className="space-y-3 p-4 sm:p-5" data-testid={`report-${group.alias}`}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 className="text-lg font-bold wrap-anywhere text-slate-900">{group.alias}</h3>
        <StateBadge state={group.state} />
        {/* A disabled link's badge says only that: its blocked domain gets a badge of its own. */}
        {group.state === 'disabled' && group.domainBlocked && <StateBadge state="blocked" />}
        <span className="text-sm font-semibold text-amber-800">{t.reports.count(group.reports)}</span>
      </div>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-500">{t.reports.target}</dt>
        <dd className="min-w-0 wrap-anywhere text-slate-800">
          {group.url ?? t.reports.gone}
          {/* A deleted link's reports stay open with the target they recorded: say it is gone. */}
          {group.url !== null && group.state === 'missing' && <span className="mt-1 block text-slate-600">{t.reports.goneWithTarget}</span>}
        </dd>
        {group.domain !== null && (
          <>
            <dt className="font-medium text-slate-500">{t.reports.domain}</dt>
            <dd className="min-w-0 wrap-anywhere text-slate-800">{group.domain}</dd>
          </>
        )}
        <dt className="font-medium text-slate-500">{t.reports.first}</dt>
        <dd className="text-slate-800">{formatDateTime(group.firstReportedAt)}</dd>
        <dt className="font-medium text-slate-500">{t.reports.last}</dt>
        <dd className="text-slate-800">{formatDateTime(group.lastReportedAt)}</dd>
      </dl>
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
        <Button variant="secondary" size="sm" disabled={busy !== undefined} onClick={() => void run('resolve', (client) => client.resolveReports(group.alias, group.lastReportId), onDone)}>
          {t.reports.resolve}
        </Button>
        {group.state !== 'missing' && group.state !== 'disabled' && (
          <Button variant="secondary" size="sm" disabled={busy !== undefined} onClick={() => void run('disable', (client) => client.disableReported(group.alias, group.lastReportId), onDone)}>
            {t.reports.disable}
          </Button>
        )}
        {/* A domain already on the blocklist (the link reads 'Bloqueado pelo domínio') has nothing to block. */}
        {group.domain !== null && !group.domainBlocked && (
          <ConfirmButton
            label={t.reports.block}
            title={t.reports.blockTitle(group.domain)}
            description={t.reports.blockDescription}
            busy={busy !== undefined}
            variant="destructive"
            onConfirm={() => run('block', (client) => client.blockReported(group.alias, reason.trim(), group.lastReportId), onDone)}
          >
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
