// 'Chaves de API': create a key (shown once, with a copy button and the warning), the list with
// prefix, limit, state and links made, and revoke after a confirmation.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type AdminApiKey, type AdminIssuedKey, API_KEY_PER_MINUTE_MAX } from '../../../shared/admin-api';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { describedField, FieldError, FieldHint, Input, Label } from '../../components/ui/field';
import { toast } from '../../components/ui/use-toast';
import { useCopyToClipboard } from '../../lib/clipboard';
import { formatNumber } from '../../lib/format';
import { formatDateTime } from '../../lib/format-on-demand';
import { adminTexts as t } from './admin-texts';
import { fieldRefusal, messageOf, useAction, useConsole, useLoad, useSessionFailure } from './console-context';
import { ConfirmButton, LoadError, Placeholder, Section } from './console-parts';

export function KeysSection() {
  const list = useLoad((client) => client.keys(), 'keys');
  const [issued, setIssued] = useState<AdminIssuedKey | undefined>();
  return (
    <Section title={t.sections.keys}>
      <CreateKeyForm defaultPerMinute={list.data?.defaultPerMinute} onIssued={(key) => {
        setIssued(key);
        list.reload();
      }} />
      {issued !== undefined && <IssuedKey key={issued.id} issued={issued} />}
      {list.error !== undefined && <LoadError message={list.error} onRetry={list.reload} />}
      {list.data === undefined ? (
        list.error === undefined && <Placeholder />
      ) : list.data.keys.length === 0 ? (
        <Card className="p-6 text-center text-slate-600">{t.keys.empty}</Card>
      ) : (
        <Card>
          <ul aria-label={t.keys.caption} className="divide-y divide-slate-100">
            {list.data.keys.map((key) => (
              <KeyRow key={key.id} apiKey={key} onDone={list.reload} />
            ))}
          </ul>
        </Card>
      )}
    </Section>
  );
}

function KeyRow({ apiKey, onDone }: { apiKey: AdminApiKey; onDone(): void }) {
  const { busy, run } = useAction();
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 p-4" data-testid={`key-${apiKey.id}`}>
      <div className="min-w-0 flex-1 basis-64">
        <p className="font-semibold wrap-anywhere text-slate-900">
          {apiKey.name} <span className="font-normal text-slate-500">· {t.keys.id} {apiKey.id}</span>
        </p>
        <p className="font-mono text-xs text-slate-600">{apiKey.prefix}_…</p>
        <p className="mt-1 text-sm text-slate-600">
          {t.keys.perMinuteValue(apiKey.effectivePerMinute, apiKey.perMinute === null)} · {t.keys.links}: {formatNumber(apiKey.links)} · {t.keys.created}{' '}
          {formatDateTime(apiKey.createdAt)}
        </p>
      </div>
      {apiKey.revokedAt === null ? (
        <>
          <span className="text-sm font-semibold text-emerald-700">{t.keys.active}</span>
          <ConfirmButton
            label={t.keys.revoke}
            title={t.keys.revokeTitle(apiKey.name)}
            description={t.keys.revokeDescription}
            busy={busy !== undefined}
            onConfirm={() => run('revoke', (client) => client.revokeKey(apiKey.id), onDone)}
          />
        </>
      ) : (
        <span className="text-sm text-slate-600">{t.keys.revokedAt(formatDateTime(apiKey.revokedAt))}</span>
      )}
    </li>
  );
}

function CreateKeyForm({ defaultPerMinute, onIssued }: { defaultPerMinute: number | undefined; onIssued(key: AdminIssuedKey): void }) {
  const { client } = useConsole();
  const sessionFailure = useSessionFailure();
  const [name, setName] = useState('');
  const [perMinute, setPerMinute] = useState('');
  const [busy, setBusy] = useState(false);
  // A refused name (an empty one too: the server says what a name must be): the server's words
  // under the field as well as in the toast, until the name is changed.
  const [nameError, setNameError] = useState<string | undefined>();
  const nameInput = useRef<HTMLInputElement>(null);
  // The limit's refusal, the browser's or the server's (0, past the maximum), under its field too.
  const [limitError, setLimitError] = useState<string | undefined>();
  const limitInput = useRef<HTMLInputElement>(null);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNameError(undefined);
    setLimitError(undefined);
    const limit = perMinuteOf(perMinute);
    if (limit === null) {
      setLimitError(t.keys.perMinuteInvalid(API_KEY_PER_MINUTE_MAX));
      limitInput.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const key = await client.createKey({ name: name.trim(), ...(limit === undefined ? {} : { perMinute: limit }) });
      setName('');
      setPerMinute('');
      onIssued(key);
    } catch (error) {
      if (!(await sessionFailure(error))) {
        toast({ title: messageOf(error), variant: 'destructive' });
        const refusal = fieldRefusal(error, 'invalid_key_name');
        if (refusal !== undefined) {
          setNameError(refusal);
          nameInput.current?.focus();
        }
        const limitRefusal = fieldRefusal(error, 'invalid_per_minute');
        if (limitRefusal !== undefined) {
          setLimitError(limitRefusal);
          if (refusal === undefined) limitInput.current?.focus();
        }
      }
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card className="p-4 sm:p-5">
      <h3 className="text-lg font-semibold text-slate-900">{t.keys.create}</h3>
      <form className="mt-3 grid gap-3 sm:grid-cols-[1fr_14rem_auto] sm:items-start" onSubmit={(event) => void submit(event)}>
        <div>
          <Label htmlFor="admin-key-name">{t.keys.name}</Label>
          {/* aria-required, not required: an empty name goes to the server, whose words show
              under the field (the browser's bubble would stop it and then vanish). */}
          <Input
            ref={nameInput}
            id="admin-key-name"
            aria-required="true"
            maxLength={100}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setNameError(undefined);
            }}
            {...describedField('admin-key-name-hint', 'admin-key-name-error', nameError)}
          />
          <FieldHint id="admin-key-name-hint">{t.keys.nameHint}</FieldHint>
          {nameError !== undefined && <FieldError id="admin-key-name-error">{nameError}</FieldError>}
        </div>
        <div>
          <Label htmlFor="admin-key-limit">{t.keys.perMinute}</Label>
          {/* No `pattern`: it refused "1.200", the way the console writes the limit, in the browser's own words. */}
          <Input
            ref={limitInput}
            id="admin-key-limit"
            inputMode="numeric"
            value={perMinute}
            onChange={(event) => {
              setPerMinute(event.target.value);
              setLimitError(undefined);
            }}
            {...describedField('admin-key-limit-hint', 'admin-key-limit-error', limitError)}
          />
          {defaultPerMinute !== undefined && <FieldHint id="admin-key-limit-hint">{t.keys.perMinuteHint(defaultPerMinute)}</FieldHint>}
          {limitError !== undefined && <FieldError id="admin-key-limit-error">{limitError}</FieldError>}
        </div>
        <Button type="submit" className="sm:mt-6" disabled={busy}>
          {busy ? t.working : t.keys.submit}
        </Button>
      </form>
    </Card>
  );
}

/**
 * The typed limit: undefined when empty (the default applies), a whole number written plainly or
 * with pt-BR thousands dots ("1.200", as the list shows limits), null for anything else.
 */
function perMinuteOf(typed: string): number | undefined | null {
  const text = typed.trim();
  if (text === '') return undefined;
  return /^(\d+|\d{1,3}(\.\d{3})+)$/.test(text) ? Number(text.replaceAll('.', '')) : null;
}

/** The key just created, shown once; it takes focus when it appears (the form's button is disabled by then). */
function IssuedKey({ issued }: { issued: AdminIssuedKey }) {
  const { copied, copy } = useCopyToClipboard();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.focus();
  }, []);
  return (
    <Card
      ref={panel}
      variant="soft"
      className="space-y-3 border-amber-300 bg-amber-50 p-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary sm:p-5"
      role="region"
      aria-labelledby="admin-issued-key"
      tabIndex={-1}
      data-testid="issued-key"
    >
      <h3 id="admin-issued-key" className="text-lg font-semibold text-slate-900">
        {t.keys.issued}: {issued.name}
      </h3>
      <p className="text-sm font-medium text-amber-900">{t.keys.issuedWarning}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input readOnly value={issued.key} aria-label={t.keys.issued} className="font-mono text-sm" onFocus={(event) => event.target.select()} />
        <Button variant="secondary" onClick={() => void copy(issued.key)}>
          {copied ? t.keys.copied : t.keys.copy}
        </Button>
      </div>
    </Card>
  );
}
