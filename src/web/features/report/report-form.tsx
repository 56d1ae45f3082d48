import { Flag } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { normalizeReportReason, REPORT_REASON_MAX, REPORT_REASON_MIN } from '../../../shared/report-rules';
import { Button } from '../../components/ui/button';
import { FieldError, FieldHint, Input, Label, Textarea } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { ApiError, reportLink } from '../../lib/api';
import { useHydrated } from '../../lib/hydration';
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

/**
 * 'Denunciar link': short link (or alias) and a reason within the shared limits, sent to
 * POST /api/reports. Success: toast with the server's thanks, fields cleared. Failure: a
 * destructive toast with the server's message; the fields are kept.
 */
export function ReportForm({ initialAlias = '' }: { initialAlias?: string }) {
  const site = useSiteConfig();
  const ids = { alias: useId(), aliasHint: useId(), aliasError: useId(), reason: useId(), reasonHint: useId(), reasonError: useId() };
  const aliasRef = useRef<HTMLInputElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  // Sent by a script only: until the page is live (or without JavaScript) the button waits, so
  // a form sent early never goes out as a plain request that puts the fields in the address.
  const hydrated = useHydrated();
  const [alias, setAlias] = useState(initialAlias);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

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
    <form method="post" onSubmit={handleSubmit} noValidate className="space-y-5" aria-busy={busy}>
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
              {reason.length} de {REPORT_REASON_MAX} caracteres usados.
            </span>
          </p>
          <p aria-hidden="true" data-testid="reason-counter" className="shrink-0 tabular-nums">
            {reason.length}/{REPORT_REASON_MAX}
          </p>
        </div>
        {errors.reason && (
          <FieldError id={ids.reasonError}>{errors.reason}</FieldError>
        )}
      </div>
      <Button type="submit" size="lg" disabled={busy || !hydrated} className="w-full sm:w-auto">
        {busy ? <Spinner /> : <Flag aria-hidden="true" />}
        {busy ? t.submitting : t.submit}
      </Button>
    </form>
  );
}
