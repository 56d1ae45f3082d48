import { CheckCircle2, Flag } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { normalizeReportReason, REPORT_REASON_MAX, REPORT_REASON_MIN } from '../../../shared/report-rules';
import { FORM_OUTCOME_ID, formAction, PAGE_PATHS } from '../../../shared/routes';
import { Button } from '../../components/ui/button';
import { FieldError, FieldHint, Input, Label, Textarea } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { ApiError, reportLink } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import { usePostedForm } from '../../lib/page-context';
import { useTypedBeforeHydration } from '../../lib/typed-before-hydration';
import { useSiteConfig } from '../../lib/site-config';
import { reportFormTexts as t } from './report-texts';

/** The reason's length as the server measures it (shared rule). */
export function reasonLength(reason: string): number {
  return normalizeReportReason(reason).length;
}

/**
 * What is sent as `alias`: the text as typed, without a query string or fragment (an alias
 * never has them). The server keeps the last path segment of a whole short URL.
 */
export function aliasForReport(input: string): string {
  return input.trim().replace(/[?#].*$/, '');
}

function hostOf(publicUrl: string): string {
  try {
    return new URL(publicUrl).host;
  } catch {
    return 'exemplo.com.br';
  }
}

type FieldErrors = { alias?: string; reason?: string };

/** What the form sent without JavaScript came to (the page context's reportForm), shown above the fields. */
type Notice = { kind: 'sent' | 'error'; text: string };

/**
 * 'Denunciar link': short link (or alias) and a reason within the shared limits, sent to
 * POST /api/reports. Success: toast with the server's thanks, fields cleared. Failure: a
 * destructive toast with the server's message; the fields are kept.
 * Without JavaScript (or before the script has run) the form posts to the page's own address,
 * and the server answers with this page holding the outcome (the page context's reportForm):
 * the thanks, or the refusal with the fields as typed, written above the fields (and scrolled to).
 */
export function ReportForm({ initialAlias = '' }: { initialAlias?: string }) {
  const site = useSiteConfig();
  const ids = { alias: useId(), aliasHint: useId(), aliasError: useId(), reason: useId(), reasonHint: useId(), reasonError: useId() };
  const aliasRef = useRef<HTMLInputElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const posted = usePostedForm('reportForm');
  const [alias, setAlias] = useState(posted?.alias ?? initialAlias);
  const [reason, setReason] = useState(posted?.reason ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(() => postedNotice(posted?.sent, posted?.error));
  // What was typed before the app hydrated the form is what it sends.
  useTypedBeforeHydration(() => [
    { element: () => aliasRef.current, initial: alias, adopt: changeAlias },
    { element: () => reasonRef.current, initial: reason, adopt: changeReason },
  ]);

  function validate(): FieldErrors {
    const found: FieldErrors = {};
    if (aliasForReport(alias) === '') found.alias = t.aliasRequired;
    const length = reasonLength(reason);
    if (length < REPORT_REASON_MIN || length > REPORT_REASON_MAX) found.reason = t.reasonInvalid;
    return found;
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setNotice(null);
    const found = validate();
    setErrors(found);
    if (found.alias) {
      aliasRef.current?.focus();
      return;
    }
    if (found.reason) {
      reasonRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await reportLink({ alias: aliasForReport(alias), reason: reason.trim() });
      setAlias('');
      setReason('');
      toast({ title: t.successTitle, description: answer.message || t.successFallback, variant: 'success' });
    } catch (error) {
      const message = error instanceof ApiError ? error.serverMessage : undefined;
      toast({ title: t.errorTitle, description: message ?? t.errorFallback, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  // A shown error goes away as soon as the field is right again.
  function changeAlias(value: string) {
    setAlias(value);
    if (errors.alias && aliasForReport(value) !== '') setErrors((current) => ({ ...current, alias: undefined }));
  }
  function changeReason(value: string) {
    setReason(value);
    if (errors.reason && reasonLength(value) >= REPORT_REASON_MIN) setErrors((current) => ({ ...current, reason: undefined }));
  }

  const describedBy = (...parts: (string | false | undefined)[]) => parts.filter(Boolean).join(' ');
  const host = hostOf(site.publicUrl);

  return (
    <form method="post" action={formAction(PAGE_PATHS.report)} onSubmit={handleSubmit} noValidate className="space-y-5" aria-busy={busy}>
      {notice?.kind === 'sent' && (
        <p id={FORM_OUTCOME_ID} role="status" className="flex scroll-mt-24 gap-2 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <strong className="font-semibold">{t.successTitle}:</strong> {notice.text}
          </span>
        </p>
      )}
      {notice?.kind === 'error' && (
        <p id={FORM_OUTCOME_ID} role="alert" className="scroll-mt-24 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          <strong className="font-semibold">{t.errorTitle}:</strong> {notice.text}
        </p>
      )}
      <div>
        <Label htmlFor={ids.alias}>{t.aliasLabel}</Label>
        <Input
          ref={aliasRef}
          id={ids.alias}
          name="alias"
          type="text"
          required
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={`${host}/exemplo`}
          aria-invalid={errors.alias ? true : undefined}
          aria-describedby={describedBy(ids.aliasHint, errors.alias && ids.aliasError)}
          value={alias}
          onChange={(event) => changeAlias(event.target.value)}
        />
        <FieldHint id={ids.aliasHint}>{t.aliasHint}</FieldHint>
        {errors.alias && (
          <FieldError id={ids.aliasError}>{errors.alias}</FieldError>
        )}
      </div>
      <div>
        <Label htmlFor={ids.reason}>{t.reasonLabel}</Label>
        <Textarea
          ref={reasonRef}
          id={ids.reason}
          name="reason"
          required
          rows={6}
          maxLength={REPORT_REASON_MAX}
          placeholder={t.reasonPlaceholder}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={describedBy(ids.reasonHint, errors.reason && ids.reasonError)}
          value={reason}
          onChange={(event) => changeReason(event.target.value)}
        />
        <div className="mt-1.5 flex items-start justify-between gap-4 text-sm text-slate-500">
          <p id={ids.reasonHint}>
            {t.reasonHint}{' '}
            <span className="sr-only">
              {formatNumber(reason.length)} de {formatNumber(REPORT_REASON_MAX)} caracteres usados.
            </span>
          </p>
          <p aria-hidden="true" data-testid="reason-counter" className="shrink-0 tabular-nums">
            {formatNumber(reason.length)}/{formatNumber(REPORT_REASON_MAX)}
          </p>
        </div>
        {errors.reason && (
          <FieldError id={ids.reasonError}>{errors.reason}</FieldError>
        )}
      </div>
      <Button type="submit" size="lg" busy={busy} className="w-full sm:w-auto">
        {busy ? <Spinner /> : <Flag aria-hidden="true" />}
        {busy ? t.submitting : t.submit}
      </Button>
    </form>
  );
}

function postedNotice(sent: string | undefined, error: string | undefined): Notice | null {
  if (sent !== undefined) return { kind: 'sent', text: sent };
  if (error !== undefined) return { kind: 'error', text: error };
  return null;
}
