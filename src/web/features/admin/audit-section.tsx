// 'Registro': the audit log, newest first: when, who (the operator, or the terminal tool's
// system user), what, on what, with a short detail; 'Carregar mais' follows the cursor.
import type { AuditEntry } from '../../../shared/admin-api';
import { Card } from '../../components/ui/card';
import { formatDateTime } from '../../lib/format-on-demand';
import { adminTexts as t } from './admin-texts';
import { usePaged } from './console-context';
import { LoadError, LoadMore, Placeholder, Section, TableCard, td, th } from './console-parts';

/** What an entry acted on, as the console names it: an API key by 'chave <id>' (its name is in the detail). */
function targetOf(entry: AuditEntry): string {
  if (entry.target === null) return '—';
  return entry.action === 'key.create' || entry.action === 'key.revoke' ? t.audit.keyTarget(entry.target) : entry.target;
}

/** An e-mail that may wrap before its '@' on a phone, never inside a word. */
function Actor({ name }: { name: string }) {
  const at = name.indexOf('@');
  if (at <= 0) return <>{name}</>;
  return (
    <>
      {name.slice(0, at)}
      <wbr />
      {name.slice(at)}
    </>
  );
}

export function AuditSection() {
  const list = usePaged(async (client, cursor) => {
    const page = await client.audit(cursor);
    return { ...page, items: page.entries };
  }, 'audit');
  const entries: AuditEntry[] = list.items ?? [];
  return (
    <Section title={t.sections.audit} intro={t.audit.intro}>
      {list.error !== undefined && <LoadError message={list.error} onRetry={list.items === undefined ? list.reload : list.loadMore} />}
      {list.items === undefined ? (
        list.error === undefined && <Placeholder rows={8} />
      ) : entries.length === 0 ? (
        <Card className="p-6 text-center text-slate-600">{t.audit.empty}</Card>
      ) : (
        <TableCard label={t.audit.caption}>
          <caption className="sr-only">{t.audit.caption}</caption>
          <thead className="border-b border-slate-200">
            <tr>
              <th scope="col" className={th}>
                {t.audit.when}
              </th>
              <th scope="col" className={th}>
                {t.audit.who}
              </th>
              <th scope="col" className={th}>
                {t.audit.what}
              </th>
              <th scope="col" className={th}>
                {t.audit.target}
              </th>
              <th scope="col" className={th}>
                {t.audit.detail}
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} className="border-t border-slate-100" data-testid={`audit-${entry.id}`}>
                <td className={`${td} whitespace-nowrap text-slate-600`}>{formatDateTime(entry.at)}</td>
                <td className={td}>
                  <Actor name={entry.actor} />
                  {entry.via === 'cli' && <span className="block text-xs text-slate-500">{t.audit.viaCli}</span>}
                </td>
                <td className={`${td} font-semibold`}>{t.audit.actions[entry.action] ?? entry.action}</td>
                <td className={`${td} wrap-anywhere`}>{targetOf(entry)}</td>
                <td className={`${td} max-w-72 wrap-anywhere text-slate-600`}>{entry.detail ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </TableCard>
      )}
      <LoadMore list={list} />
    </Section>
  );
}
