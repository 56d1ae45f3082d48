// The home form's 'Mais opções': expiry, click limit, password and app targets, closed until
// asked for. A native <details>: no script to open it (the form also posts without
// JavaScript), the browser gives the summary its expanded/collapsed state and keyboard use.
import { ChevronDown, SlidersHorizontal } from 'lucide-react';
import { type FormEvent, type RefObject, type SyntheticEvent, useId } from 'react';
import type { CreateLinkRequest } from '../../../shared/api';
import { linkOptionErrorMessages } from '../../../shared/form-messages';
import { LINK_OPTION_FIELDS, type LinkOptionField, type LinkOptionFormValues } from '../../../shared/link-option-form';
import { type CheckedLinkOptions, type LinkOptionErrorCode, MAX_CLICKS_LIMIT } from '../../../shared/link-options';
import { linkOptionTexts as t } from '../../../shared/messages';
import { FieldError, FieldHint, Input, Label } from '../../components/ui/field';

export type OptionField = LinkOptionField;
/** What is typed in each field ('Expira em' as the datetime-local value). */
export type OptionValues = LinkOptionFormValues;
export type OptionErrors = Partial<Record<OptionField, string>>;

export const EMPTY_OPTIONS: OptionValues = { expiresAt: '', maxClicks: '', password: '', iosUrl: '', androidUrl: '' };

/** The API's refusal code of each field. */
const FIELD_CODES = {
  expiresAt: 'invalid_expires_at',
  maxClicks: 'invalid_max_clicks',
  password: 'invalid_password',
  iosUrl: 'invalid_ios_url',
  androidUrl: 'invalid_android_url',
} as const satisfies Record<OptionField, LinkOptionErrorCode>;

/** The field a refusal is about, when it is about one of the options. */
export function optionFieldOf(code: string | undefined): OptionField | undefined {
  return LINK_OPTION_FIELDS.find((field) => FIELD_CODES[field] === code);
}

/** The request's option fields: the ones that are set, nothing for the others. */
export function optionsRequest(options: CheckedLinkOptions): Omit<CreateLinkRequest, 'url' | 'alias'> {
  const request: Omit<CreateLinkRequest, 'url' | 'alias'> = {};
  if (options.expiresAt !== null) request.expiresAt = options.expiresAt;
  if (options.maxClicks !== null) request.maxClicks = options.maxClicks;
  if (options.password !== null) request.password = options.password;
  if (options.iosUrl !== null) request.iosUrl = options.iosUrl;
  if (options.androidUrl !== null) request.androidUrl = options.androidUrl;
  return request;
}

export interface LinkOptionsFieldsProps {
  values: OptionValues;
  errors: OptionErrors;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChange: (field: OptionField, value: string) => void;
  /** A value the browser refused (onInvalid): its message goes beside the field. */
  onInvalid: (field: OptionField, message: string) => void;
  /** Filled with each field's element, so the form can move focus to a refused one. */
  fieldRefs: RefObject<Partial<Record<OptionField, HTMLInputElement | null>>>;
}

export function LinkOptionsFields({ values, errors, open, onOpenChange, onChange, onInvalid, fieldRefs }: LinkOptionsFieldsProps) {
  const baseId = useId();
  const idOf = (field: OptionField) => `${baseId}-${field}`;
  const expiresHintId = `${baseId}-expires-hint`;
  const appsHintId = `${baseId}-apps-hint`;
  const passwordHintId = `${baseId}-password-hint`;

  /** Props every option field shares: name (the form also posts without JavaScript), value, error wiring. */
  function fieldProps(field: OptionField, hintId?: string) {
    const error = errors[field];
    const describedBy = [hintId, error === undefined ? undefined : `${idOf(field)}-error`].filter(Boolean).join(' ');
    return {
      id: idOf(field),
      name: field,
      value: values[field],
      ref: (element: HTMLInputElement | null) => {
        fieldRefs.current[field] = element;
      },
      onChange: (event: FormEvent<HTMLInputElement>) => onChange(field, event.currentTarget.value),
      // The browser refuses a malformed URL, a number out of range or a half-typed date before
      // anything is sent; the closed disclosure opens so the refused field can be seen.
      onInvalid: (event: FormEvent<HTMLInputElement>) => {
        event.currentTarget.closest('details')?.setAttribute('open', '');
        onInvalid(field, linkOptionErrorMessages[FIELD_CODES[field]]);
      },
      'aria-invalid': error === undefined ? undefined : true,
      'aria-describedby': describedBy === '' ? undefined : describedBy,
    };
  }

  const errorOf = (field: OptionField) =>
    errors[field] === undefined ? null : <FieldError id={`${idOf(field)}-error`}>{errors[field]}</FieldError>;

  return (
    <details open={open} onToggle={(event: SyntheticEvent<HTMLDetailsElement>) => onOpenChange(event.currentTarget.open)} className="group">
      <summary className="-my-1 inline-flex min-h-11 cursor-pointer list-none items-center gap-1.5 rounded-lg text-sm font-semibold text-primary-ink hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary [&::-webkit-details-marker]:hidden">
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        {t.moreOptions}
        <ChevronDown aria-hidden="true" className="size-4 transition-transform duration-200 group-open:rotate-180" />
      </summary>
      <div className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor={idOf('expiresAt')}>{t.expiresAtLabel}</Label>
          <Input type="datetime-local" {...fieldProps('expiresAt', expiresHintId)} />
          <FieldHint id={expiresHintId}>{t.expiresAtHint}</FieldHint>
          {errorOf('expiresAt')}
        </div>
        <div>
          <Label htmlFor={idOf('maxClicks')}>{t.maxClicksLabel}</Label>
          <Input type="number" inputMode="numeric" min={1} max={MAX_CLICKS_LIMIT} step={1} {...fieldProps('maxClicks')} />
          {errorOf('maxClicks')}
        </div>
        <div>
          <Label htmlFor={idOf('password')}>{t.passwordLabel}</Label>
          <Input type="password" autoComplete="new-password" {...fieldProps('password', passwordHintId)} />
          <FieldHint id={passwordHintId}>{t.passwordHint}</FieldHint>
          {errorOf('password')}
        </div>
        <div className="sm:col-span-2">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <div>
              <Label htmlFor={idOf('iosUrl')}>{t.iosUrlLabel}</Label>
              <Input type="url" inputMode="url" autoComplete="off" {...fieldProps('iosUrl', appsHintId)} />
              {errorOf('iosUrl')}
            </div>
            <div>
              <Label htmlFor={idOf('androidUrl')}>{t.androidUrlLabel}</Label>
              <Input type="url" inputMode="url" autoComplete="off" {...fieldProps('androidUrl', appsHintId)} />
              {errorOf('androidUrl')}
            </div>
          </div>
          <FieldHint id={appsHintId}>{t.appUrlsHint}</FieldHint>
        </div>
      </div>
    </details>
  );
}
