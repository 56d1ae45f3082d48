import { Link2, Sparkles } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { CreateLinkResponse } from '../../../shared/api';
import type { HomeFormOutcome } from '../../../shared/app-shell';
import { linkOptionErrorMessages, urlErrorMessages } from '../../../shared/form-messages';
import { LINK_OPTION_FIELDS, readLinkOptionForm } from '../../../shared/link-option-form';
import { checkLinkOptions } from '../../../shared/link-options';
import { FORM_OUTCOME_ID, formAction, PAGE_PATHS } from '../../../shared/routes';
import { checkTargetUrl } from '../../../shared/url-rules';
import { Button } from '../../components/ui/button';
import { FieldError, FieldHint, Input, Label } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { ApiError, createLink } from '../../lib/api';
import { saveMyLink } from '../../lib/my-links';
import { usePostedForm } from '../../lib/page-context';
import { useTypedBeforeHydration } from '../../lib/typed-before-hydration';
import { createLinkTexts as t } from './create-link-texts';
import {
  EMPTY_OPTIONS,
  LinkOptionsFields,
  type OptionErrors,
  type OptionField,
  type OptionValues,
  optionFieldOf,
  optionsRequest,
} from './link-options-fields';
import { ShortLinkResult } from './short-link-result';

/** The field a refusal is about: its message is also written under it (the toast goes after 5 s). */
type ProblemField = 'url' | 'alias';
const ALIAS_CODES: ReadonlySet<string> = new Set(['invalid_alias', 'reserved_alias', 'alias_taken']);
const URL_CODES: ReadonlySet<string> = new Set(['invalid_url', 'url_protocol', 'url_too_long', 'url_credentials', 'self_link', 'forbidden_target', 'blocked_url']);
function problemFieldOf(code: string | undefined): ProblemField | undefined {
  return code === undefined ? undefined : ALIAS_CODES.has(code) ? 'alias' : URL_CODES.has(code) ? 'url' : undefined;
}

/**
 * The options as the posted form had them (the password never comes back) and a refusal of one
 * of them; 'Mais opções' starts open only then, so the form looks as it always did.
 */
function postedOptions(posted: HomeFormOutcome | undefined): { values: OptionValues; errors: OptionErrors; open: boolean } {
  const values = { ...EMPTY_OPTIONS, ...posted?.options };
  const field = optionFieldOf(posted?.errorCode);
  const errors = field === undefined || posted?.error === undefined ? {} : { [field]: posted.error };
  return { values, errors, open: field !== undefined || Object.values(values).some((value) => value !== '') };
}

/**
 * Home form: idle → submitting (button disabled) → success (box) or error (toast, box removed).
 * Fields are kept; editing the URL removes the box of the previous link. A refused link option
 * (checked here first, then by the server) is written under its field, which gets the focus,
 * instead of a toast.
 * Without JavaScript the form posts to the server, which answers with this page holding the
 * outcome (the page context's homeForm): the same box, or the refusal written under the form
 * (under its field for an option).
 */
export function CreateLinkForm() {
  const urlId = useId();
  const aliasId = useId();
  const aliasHintId = useId();
  const errorId = useId();
  const problemId = useId();
  const posted = usePostedForm('homeForm');
  const [url, setUrl] = useState(posted?.url ?? '');
  const [alias, setAlias] = useState(posted?.alias ?? '');
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreateLinkResponse | null>(posted?.created ?? null);
  const [initialOptions] = useState(() => postedOptions(posted));
  const [options, setOptions] = useState<OptionValues>(initialOptions.values);
  const [optionErrors, setOptionErrors] = useState<OptionErrors>(initialOptions.errors);
  const [optionsOpen, setOptionsOpen] = useState(initialOptions.open);
  const optionRefs = useRef<Partial<Record<OptionField, HTMLInputElement | null>>>({});
  // A refusal of the URL or the alias, written under its field.
  const [problem, setProblem] = useState<{ field: ProblemField; message: string } | null>(null);
  const urlRef = useRef<HTMLInputElement>(null);
  const aliasRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  // Set by a creation in this page; a box served in the HTML (a posted form) is already where
  // the browser opened the page.
  const revealResult = useRef(false);
  useEffect(() => {
    if (created === null || !revealResult.current) return;
    revealResult.current = false;
    revealIfHidden(resultRef.current);
  }, [created]);
  // What was typed (or pasted) before the app hydrated the form is what it sends.
  useTypedBeforeHydration(() => [
    { element: () => urlRef.current, initial: url, adopt: changeUrl },
    { element: () => aliasRef.current, initial: alias, adopt: changeAlias },
    ...LINK_OPTION_FIELDS.map((field) => ({ element: () => optionRefs.current[field], initial: options[field], adopt: (value: string) => changeOption(field, value) })),
  ]);
  // An option's refusal is shown at its field, not under the form.
  const [postedError, setPostedError] = useState(optionFieldOf(posted?.errorCode) === undefined ? (posted?.error ?? null) : null);
  // Titled as the toast of the same refusal with JavaScript: 'Erro' for a missing or malformed URL.
  const postedErrorTitle = posted?.errorCode === 'invalid_url' ? t.emptyUrlTitle : t.createErrorTitle;

  // A link the server created for the posted form joins this browser's list once scripts run.
  useEffect(() => {
    if (posted?.created) saveMyLink(posted.created);
  }, [posted]);

  /**
   * A refusal of the URL or the alias: the spec's toast, and the message under the field, which
   * is marked invalid and gets the focus. `focus` false: the browser's own check of the URL
   * field (its bubble) focuses it already.
   */
  function showFieldError(field: ProblemField, title: string, message: string, focus = true) {
    toast({ title, description: message, variant: 'destructive' });
    flushSync(() => setProblem({ field, message }));
    if (focus) focusClearOfToasts((field === 'url' ? urlRef : aliasRef).current);
  }

  /** Writes a refusal under an option's field, opens 'Mais opções' and moves the focus there. */
  function showOptionError(field: OptionField, message: string) {
    flushSync(() => {
      setOptionsOpen(true);
      setOptionErrors({ [field]: message });
    });
    optionRefs.current[field]?.focus();
  }

  function changeUrl(value: string) {
    setUrl(value);
    // The box shows the link for the URL it was made from, not for the one typed now.
    setCreated(null);
    setPostedError(null);
    setProblem((previous) => (previous?.field === 'url' ? null : previous));
  }

  function changeAlias(value: string) {
    setAlias(value);
    setProblem((previous) => (previous?.field === 'alias' ? null : previous));
    if (postedField === 'alias') setPostedError(null);
  }

  function changeOption(field: OptionField, value: string) {
    setOptions((previous) => ({ ...previous, [field]: value }));
    setOptionErrors((previous) => {
      if (previous[field] === undefined) return previous;
      const { [field]: _dropped, ...rest } = previous;
      return rest;
    });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setPostedError(null);
    setOptionErrors({});
    setProblem(null);
    const target = url.trim();
    if (target === '') {
      showFieldError('url', t.emptyUrlTitle, t.emptyUrlDescription);
      return;
    }
    // The server's own check, run here first so a mistake is pointed out before anything is sent.
    const checked = checkLinkOptions(readLinkOptionForm(options), Date.now());
    if (!checked.ok) {
      const field = optionFieldOf(checked.code);
      if (field !== undefined) showOptionError(field, linkOptionErrorMessages[checked.code]);
      return;
    }
    const chosenAlias = alias.trim();
    setBusy(true);
    try {
      // An empty alias is left out (the server then picks a random one), and so are empty options.
      const link = await createLink({ url: target, ...(chosenAlias === '' ? {} : { alias: chosenAlias }), ...optionsRequest(checked.options) });
      saveMyLink(link);
      revealResult.current = true;
      setCreated(link);
      toast({ title: t.successTitle, description: t.successDescription, variant: 'success' });
    } catch (error) {
      const message = error instanceof ApiError ? error.serverMessage : undefined;
      const code = error instanceof ApiError ? error.code : undefined;
      const field = optionFieldOf(code);
      const problemField = problemFieldOf(code);
      // The previous result would read as the answer to this attempt: it goes.
      setCreated(null);
      if (field !== undefined && message !== undefined) {
        showOptionError(field, message);
      } else if (problemField !== undefined && message !== undefined) {
        showFieldError(problemField, t.createErrorTitle, message);
      } else {
        toast({ title: t.createErrorTitle, description: message ?? t.createErrorFallback, variant: 'destructive' });
      }
    } finally {
      setBusy(false);
    }
  }

  // The browser blocks submission of an empty or malformed URL (required, type=url) and
  // shows its own bubble; the spec's toast is raised here too, with the rule that was broken.
  function handleUrlInvalid(event: FormEvent<HTMLInputElement>) {
    const { validity, value } = event.currentTarget;
    if (validity.valueMissing) {
      showFieldError('url', t.emptyUrlTitle, t.emptyUrlDescription, false);
    } else if (validity.typeMismatch) {
      const check = checkTargetUrl(value);
      showFieldError('url', t.emptyUrlTitle, check.ok ? t.emptyUrlDescription : urlErrorMessages[check.code], false);
    }
  }

  const refused = postedError !== null || Object.keys(optionErrors).length > 0;
  // The field a refusal is about (the posted form's refusal, written under the form, or one
  // written under the field): marked invalid and described by the message.
  const postedField = postedError === null ? undefined : (problemFieldOf(posted?.errorCode) ?? 'url');
  const invalidProps = (field: ProblemField, otherIds?: string) => {
    const ids = [otherIds, problem?.field === field ? problemId : undefined, postedField === field ? errorId : undefined].filter(Boolean).join(' ');
    return { 'aria-invalid': problem?.field === field || postedField === field || undefined, 'aria-describedby': ids === '' ? undefined : ids };
  };
  const problemText = (field: ProblemField) =>
    problem?.field === field && (
      // Not an alert: the toast says it at once, and the focused field reads it as its description.
      <FieldError id={problemId}>{problem.message}</FieldError>
    );
  return (
    <div className="space-y-5">
      {/* Without JavaScript the answering page opens at the outcome (formAction): the form with
          its refusal, or the new link's box. */}
      <form
        method="post"
        action={formAction(PAGE_PATHS.home)}
        onSubmit={handleSubmit}
        id={refused ? FORM_OUTCOME_ID : undefined}
        className="scroll-mt-24 space-y-4"
        aria-busy={busy}
      >
        <div>
          <Label htmlFor={urlId}>URL original</Label>
          <div className="relative">
            <Link2 aria-hidden="true" className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-slate-400" />
            <Input
              id={urlId}
              name="url"
              type="url"
              required
              inputMode="url"
              autoComplete="url"
              placeholder={t.urlPlaceholder}
              value={url}
              ref={urlRef}
              onChange={(event) => changeUrl(event.target.value)}
              onInvalid={handleUrlInvalid}
              {...invalidProps('url')}
              className="pl-12"
            />
          </div>
          {problemText('url')}
        </div>
        <div>
          <Label htmlFor={aliasId}>Final personalizado</Label>
          <Input
            id={aliasId}
            name="alias"
            type="text"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={t.aliasPlaceholder}
            ref={aliasRef}
            {...invalidProps('alias', aliasHintId)}
            value={alias}
            onChange={(event) => changeAlias(event.target.value)}
          />
          {problemText('alias')}
          <FieldHint id={aliasHintId}>{t.aliasHint}</FieldHint>
        </div>
        <LinkOptionsFields
          values={options}
          errors={optionErrors}
          open={optionsOpen}
          onOpenChange={setOptionsOpen}
          onChange={changeOption}
          onInvalid={(field, message) => {
            setOptionsOpen(true);
            setOptionErrors((previous) => ({ ...previous, [field]: message }));
          }}
          fieldRefs={optionRefs}
        />
        {postedError !== null && (
          <p id={errorId} role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            <strong className="font-semibold">{postedErrorTitle}:</strong> {postedError}
          </p>
        )}
        <Button type="submit" size="lg" busy={busy} className="w-full">
          {busy ? <Spinner /> : <Sparkles aria-hidden="true" />}
          {busy ? t.submitting : t.submit}
        </Button>
      </form>
      <div ref={resultRef} id={created && !refused ? FORM_OUTCOME_ID : undefined} aria-live="polite" className="scroll-mt-24">
        {created && <ShortLinkResult shortUrl={created.shortUrl} alias={created.alias} options={created} />}
      </div>
    </div>
  );
}

/** How far down toasts reach: a field focused above this is under the toast of its refusal. */
const TOAST_ZONE_PX = 160;

/**
 * Focuses a refused field where the toast that announces the refusal (at the top of the screen)
 * does not cover it or the message under it: on a phone the URL field sat right under it.
 */
function focusClearOfToasts(field: HTMLElement | null): void {
  if (field === null) return;
  field.focus();
  if (typeof field.scrollIntoView !== 'function' || field.getBoundingClientRect().top >= TOAST_ZONE_PX) return;
  field.scrollIntoView({ block: 'center' });
}

/**
 * Brings the new link's box on screen when it is not: on a phone the form fills the screen and
 * the box appeared below it, where only its label peeked out (or the cookie banner covered it).
 * Focus stays where it was; the box's live region announces the link.
 */
function revealIfHidden(box: HTMLElement | null): void {
  if (box === null || typeof box.scrollIntoView !== 'function') return;
  const { top, bottom } = box.getBoundingClientRect();
  if (top >= 0 && bottom <= window.innerHeight) return;
  const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
  box.scrollIntoView({ block: 'center', behavior: still ? 'auto' : 'smooth' });
}
