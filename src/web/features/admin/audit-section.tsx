// 'Registro': the audit log, newest first: when, who (the operator, or the terminal tool's
// system user), what, on what, with a short detail; 'Carregar mais' follows the cursor. A table
// from sm up, a card per entry on a phone.
import type { AuditEntry } from '../../../shared/admin-api';
import { Card } from '../../components/ui/card';
import { formatDateTime } from '../../lib/format-on-demand';
import { adminTexts as t } from './admin-texts';
import { usePaged } from './console-context';
import { LoadError, LoadMore, Placeholder, Section, th } from './console-parts';

/** console-parts' `td` from sm up; below it a row is a card and its cells are lines without padding of their own. */
const cell = 'block align-top text-slate-800 sm:table-cell sm:px-4 sm:py-3';
/** An empty target or detail: a '—' column in the table, but no line of its own in a phone's card (unlabelled, it says nothing). */
const emptyCell = 'hidden align-top text-slate-800 sm:table-cell sm:px-4 sm:py-3';

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
      {list.error !== undefined && <LoadError message={list.error} onRetry={list.retry} />}
      {list.items === undefined ? (
        list.error === undefined && <Placeholder rows={8} />
      ) : entries.length === 0 ? (
        <Card className="p-6 text-center text-slate-600">{t.audit.empty}</Card>
      ) : (
        <Card className="relative sm:overflow-x-auto" role="region" aria-label={t.audit.caption} tabIndex={0}>
          {/* Below sm each row is a card: the action and what it acted on first, then when and
              who (five columns left a phone only "Quando" and "Quem", the rest sideways). One
              markup for both, so the table's rows and cells stay what a test or a reader finds. */}
          <table className="block w-full text-left text-sm sm:table sm:min-w-[40rem]">
            <caption className="sr-only">{t.audit.caption}</caption>
            <thead className="sr-only border-slate-200 sm:not-sr-only sm:table-header-group sm:border-b">
              <tr>
                {(['when', 'who', 'what', 'target', 'detail'] as const).map((column) => (
                  <th key={column} scope="col" className={th}>
                    {t.audit[column]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="block sm:table-row-group">
              {entries.map((entry) => (
                <tr
                  key={entry.id}
                  className="flex flex-col gap-1 border-slate-100 px-4 py-3 not-first:border-t sm:table-row sm:border-t sm:p-0"
                  data-testid={`audit-${entry.id}`}
                >
                  <td className={`${cell} order-4 text-xs whitespace-nowrap text-slate-600 sm:text-sm`}>{formatDateTime(entry.at)}</td>
                  <td className={`${cell} order-5 text-xs sm:text-sm`}>
                    <Actor name={entry.actor} />
                    {entry.via === 'cli' && <span className="block text-xs text-slate-500">{t.audit.viaCli}</span>}
                  </td>
                  <td className={`${cell} order-1 font-semibold`}>{t.audit.actions[entry.action] ?? entry.action}</td>
                  <td className={`${entry.target === null ? emptyCell : cell} order-2 wrap-anywhere`}>{targetOf(entry)}</td>
                  <td className={`${entry.detail === null ? emptyCell : cell} order-3 wrap-anywhere text-slate-600 sm:max-w-72`}>{entry.detail ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      <LoadMore list={list} />
    </Section>
  );
}
