// 'Bloqueios': block a domain (and its subdomains) with a reason, after a confirmation that says
// how many live links it would make answer 410 (and offers a host's registrable domain); the list
// with how many links each domain affects (filtered, in pages), unblock after a confirmation, and
// the import of a feed file (read in the browser as text, sent as JSON, at most 5 MB).
import { type FormEvent, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ADMIN_FEED_MAX_BYTES, type AdminBlockedDomain, type AdminImportResult } from '../../../shared/admin-api';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { describedField, FieldError, FieldHint, Input, Label } from '../../components/ui/field';
import { toast } from '../../components/ui/use-toast';
import { formatNumber } from '../../lib/format';
import { formatDateTime } from '../../lib/format-on-demand';
import { adminTexts as t } from './admin-texts';
import { fieldRefusal, messageOf, useAction, useConsole, usePaged, useSessionFailure } from './console-context';
import { BlockChoices, type BlockOption, useBlockImpacts } from './block-choices';
import { ConfirmButton, ConfirmDialog, LoadError, LoadMore, Placeholder, SearchBox, Section, useSearchQuery } from './console-parts';

export function BlocklistSection() {
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  const list = usePaged(async (client, cursor) => {
    const page = await client.blocklist(q, cursor);
    return { ...page, items: page.domains };
  }, `blocklist ${q}`);
  const [, filter] = useSearchQuery(list.reload);
  const total = list.first.data?.total;
  const matching = list.first.data?.matching;
  return (
    <Section title={t.sections.blocklist}>
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
        <BlockForm onDone={list.reload} />
        <ImportForm onDone={list.reload} />
      </div>
      <SearchBox
        key={q}
        id="admin-block-filter"
        label={t.blocklist.filter}
        submitLabel={t.blocklist.filterSubmit}
        variant="secondary"
        q={q}
        onSearch={filter}
        error={list.refused ? list.error : undefined}
      />
      {list.error !== undefined && !list.refused && <LoadError message={list.error} onRetry={list.retry} />}
      {list.items === undefined || total === undefined ? (
        list.error === undefined && <Placeholder />
      ) : (
        <>
          {/* Filtered, the rows shown are the filter's: 'N de M', not the whole list's count above two rows. */}
          <p className="text-sm text-slate-600" data-testid="blocklist-count">
            {q !== '' && matching !== undefined ? t.blocklist.matching(matching, total) : t.blocklist.total(total)}
          </p>
          {list.items.length === 0 ? (
            <Card className="p-6 text-center text-slate-600">{t.blocklist.empty}</Card>
          ) : (
            <Card>
              <ul aria-label={t.blocklist.caption} className="divide-y divide-slate-100">
                {list.items.map((entry) => (
                  <DomainRow key={entry.domain} entry={entry} onDone={list.reload} />
                ))}
              </ul>
            </Card>
          )}
          <LoadMore list={list} />
        </>
      )}
    </Section>
  );
}

function DomainRow({ entry, onDone }: { entry: AdminBlockedDomain; onDone(): void }) {
  const { busy, run } = useAction();
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 p-4" data-testid={`blocked-${entry.domain}`}>
      <div className="min-w-0 flex-1 basis-60">
        <p className="font-semibold wrap-anywhere text-slate-900">{entry.domain}</p>
        <p className="text-sm text-slate-600">
          {entry.reason ?? '—'} · {t.blocklist.since} {formatDateTime(entry.createdAt)}
        </p>
      </div>
      <p className="text-sm whitespace-nowrap text-slate-700">
        {t.blocklist.links}: <strong className="tabular-nums">{formatNumber(entry.links)}</strong>
      </p>
      <ConfirmButton
        label={t.blocklist.unblock}
        title={t.blocklist.unblockTitle(entry.domain)}
        description={t.blocklist.unblockDescription}
        busy={busy !== undefined}
        onConfirm={() => run('unblock', (client) => client.unblockDomain(entry.domain), onDone)}
      />
    </li>
  );
}

/**
 * Blocks a typed domain (or a URL's host) after a confirmation that says what it would do: the
 * domain as the blocklist will store it (the server's reading: lowercase, punycode, a URL's host),
 * how many live links it would make answer 410, whether it is an IP address or already blocked,
 * and, for a host whose registrable domain differs (www.golpe.com.br), that domain too, with its
 * own count. A domain the server refuses (not a domain, a public suffix) is written under the
 * field instead, no dialog. Cancelled, focus is back on "Bloquear" and the fields keep what was
 * typed; done, they are emptied and focus is on the domain, for the next one.
 */
function BlockForm({ onDone }: { onDone(): void }) {
  const { client } = useConsole();
  const sessionFailure = useSessionFailure();
  const { busy, run } = useAction();
  const [domain, setDomain] = useState('');
  const [reason, setReason] = useState('');
  // A refused domain (com.br, not a domain): the server's words under the field as well as in
  // the toast, which is gone after a few seconds; until the domain is changed.
  const [domainError, setDomainError] = useState<string | undefined>();
  const [checking, setChecking] = useState(false);
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<BlockOption[]>([]);
  const [choice, setChoice] = useState<string | undefined>();
  const [impacts, readImpacts] = useBlockImpacts();
  const domainInput = useRef<HTMLInputElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  // Where focus goes when the dialog closes: the domain after a block (the button is disabled
  // with the field emptied), else the button that opened it.
  const focusAfter = useRef<'button' | 'domain'>('button');

  const changedSince = (typed: string): boolean => domainInput.current !== null && domainInput.current.value.trim() !== typed;

  function refuse(message: string) {
    setDomainError(message);
    toast({ title: message, variant: 'destructive' });
    domainInput.current?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDomainError(undefined);
    const typed = domain.trim();
    if (typed === '' || checking) return;
    setChecking(true);
    try {
      const impact = await client.blockImpact(typed);
      // Changed while it was read (the field holds what is typed now): this answer is about
      // another domain; "Bloquear" again asks anew.
      if (changedSince(typed)) return;
      // The typed host first (chosen: what the operator asked for), then its registrable domain,
      // wider, with its own count; from a server of an older release, the host alone.
      const offered = (impact.domains ?? [impact.domain]).map((name, index) => ({ domain: name, ip: impact.ip, whole: index > 0, kinds: [] }));
      setOptions(offered);
      setChoice(impact.domain);
      readImpacts(
        offered.map((option) => option.domain),
        { [impact.domain]: impact },
      );
    } catch (error) {
      if (await sessionFailure(error)) return;
      const refusal = fieldRefusal(error, 'invalid_domain');
      if (changedSince(typed)) return;
      if (refusal !== undefined) return refuse(refusal);
      // The count could not be read: the block may still be asked for, as typed (the server reads it).
      setOptions([{ domain: typed, ip: false, whole: false, kinds: [] }]);
      setChoice(typed);
      readImpacts([typed], { [typed]: 'failed' });
    } finally {
      setChecking(false);
    }
    focusAfter.current = 'button';
    setOpen(true);
  }

  async function confirm(): Promise<boolean> {
    if (choice === undefined) return false;
    const done = await run(
      'block',
      (client) => client.blockDomain({ domain: choice, ...(reason.trim() === '' ? {} : { reason: reason.trim() }) }),
      onDone,
      (error) => {
        const refusal = fieldRefusal(error, 'invalid_domain');
        if (refusal === undefined) return;
        // Refused after all (read while the count failed): said under the field, as before a dialog.
        setDomainError(refusal);
        focusAfter.current = 'domain';
        setOpen(false);
      },
    );
    if (done) {
      setDomain('');
      setReason('');
      focusAfter.current = 'domain';
    }
    return done;
  }

  const ip = options.length > 0 && options.every((option) => option.ip);
  return (
    <Card className="p-4 sm:p-5">
      <h3 className="text-lg font-semibold text-slate-900">{t.blocklist.add}</h3>
      <form className="mt-3 space-y-3" onSubmit={(event) => void submit(event)}>
        <div>
          <Label htmlFor="admin-block-domain">{t.blocklist.domain}</Label>
          <Input
            ref={domainInput}
            id="admin-block-domain"
            required
            value={domain}
            onChange={(event) => {
              setDomain(event.target.value);
              setDomainError(undefined);
            }}
            {...describedField('admin-block-domain-hint', 'admin-block-domain-error', domainError)}
          />
          <FieldHint id="admin-block-domain-hint">{t.blocklist.domainHint}</FieldHint>
          {domainError !== undefined && <FieldError id="admin-block-domain-error">{domainError}</FieldError>}
        </div>
        <div>
          <Label htmlFor="admin-block-reason">{t.blocklist.reason}</Label>
          <Input id="admin-block-reason" maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
        </div>
        <Button ref={submitButton} type="submit" variant="destructive" disabled={checking || busy !== undefined || domain.trim() === ''}>
          {checking ? t.blocklist.checking : t.blocklist.submit}
        </Button>
      </form>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t.blocklist.confirmTitle(ip)}
        description={t.reports.blockDescription}
        confirmLabel={t.blocklist.submit}
        busy={busy !== undefined}
        confirmDisabled={choice === undefined}
        onConfirm={confirm}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          (focusAfter.current === 'domain' ? domainInput.current : submitButton.current)?.focus();
        }}
      >
        <BlockChoices name="admin-block-choice" options={options} impacts={impacts} choice={choice} onPick={setChoice} />
        {reason.trim() !== '' && (
          <p className="mt-3 text-sm wrap-anywhere text-slate-700">
            {t.blocklist.reasonGiven(reason.trim())}
          </p>
        )}
      </ConfirmDialog>
    </Card>
  );
}

function ImportForm({ onDone }: { onDone(): void }) {
  const { client } = useConsole();
  const sessionFailure = useSessionFailure();
  const file = useRef<HTMLInputElement>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [result, setResult] = useState<AdminImportResult | undefined>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(undefined);
    setResult(undefined);
    const chosen = file.current?.files?.[0];
    if (chosen === undefined) return setError(t.blocklist.noFile);
    if (chosen.size > ADMIN_FEED_MAX_BYTES) return setError(t.blocklist.tooLarge);
    setBusy(true);
    try {
      const content = await chosen.text();
      const imported = await client.importBlocklist({ content, fileName: chosen.name, ...(reason.trim() === '' ? {} : { reason: reason.trim() }) });
      setResult(imported);
      toast({ title: imported.message, variant: 'success' });
      onDone();
    } catch (failure) {
      // The session's failure (ended, or replaced in another tab) is the page's to tell; the
      // chosen file and the reason stay for the next try.
      if (!(await sessionFailure(failure))) setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card className="p-4 sm:p-5">
      <h3 className="text-lg font-semibold text-slate-900">{t.blocklist.import}</h3>
      <p className="mt-1 text-sm text-pretty text-slate-600">{t.blocklist.importHint}</p>
      <form className="mt-3 space-y-3" onSubmit={(event) => void submit(event)}>
        <div>
          <Label htmlFor="admin-import-file">{t.blocklist.file}</Label>
          <input
            id="admin-import-file"
            ref={file}
            type="file"
            accept=".txt,.csv,.hosts,text/plain,text/csv"
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-semibold file:text-slate-800"
            aria-describedby={error === undefined ? undefined : 'admin-import-error'}
          />
        </div>
        <div>
          <Label htmlFor="admin-import-reason">{t.blocklist.reason}</Label>
          <Input id="admin-import-reason" maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
        </div>
        {error !== undefined && (
          <FieldError id="admin-import-error" role="alert">
            {error}
          </FieldError>
        )}
        <Button type="submit" variant="secondary" disabled={busy}>
          {busy ? t.working : t.blocklist.importSubmit}
        </Button>
      </form>
      {result !== undefined && (
        <div role="status" className="mt-4 rounded-xl bg-slate-50 p-3 text-sm text-slate-800">
          <p>{result.message}</p>
          {result.errors.length > 0 && (
            <>
              <p className="mt-2 font-semibold">{t.blocklist.badLines(result.errorCount)}</p>
              <ul className="mt-1 list-disc space-y-0.5 pl-5 font-mono text-xs wrap-anywhere">
                {result.errors.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </Card>
  );
}
