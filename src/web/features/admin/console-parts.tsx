// Small pieces every section of the console uses: a section's frame (which keeps keyboard focus
// in the page when an action takes it away), the loading placeholder, a load error with its
// retry, a state badge, a confirmation dialog, a table wrapper that scrolls sideways on a phone
// instead of the page.
import { type ReactNode, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AdminLinkState } from '../../../shared/admin-api';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { Dialog, DialogActions, DialogClose, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { describedField, FieldError, FieldHint, Input, Label } from '../../components/ui/field';
import { adminTexts as t } from './admin-texts';
import { focusSectionHeading, SECTION_HEADING_ID, useFocusKeeper } from './focus-keeper';

export function Section({ title, intro, children, actions }: { title: string; intro?: ReactNode; children: ReactNode; actions?: ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  useFocusKeeper(ref);
  return (
    <section ref={ref} aria-labelledby={SECTION_HEADING_ID} className="min-w-0 space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          {/* tabIndex -1: focus can be put here (useFocusKeeper), Tab does not stop here. */}
          <h2 id={SECTION_HEADING_ID} tabIndex={-1} className="rounded-md text-2xl font-bold text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary">
            {title}
          </h2>
          {intro !== undefined && <p className="mt-1 text-sm text-pretty text-slate-600">{intro}</p>}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** Stands where a list will be, as tall as a few rows, so nothing jumps when it arrives. */
export function Placeholder({ rows = 4 }: { rows?: number }) {
  return (
    <Card className="p-4" role="status" aria-live="polite">
      <span className="sr-only">{t.loading}</span>
      <div className="space-y-3" aria-hidden="true">
        {Array.from({ length: rows }, (_, index) => (
          <div key={index} className="h-10 motion-safe:animate-pulse rounded-lg bg-slate-100" />
        ))}
      </div>
    </Card>
  );
}

export function LoadError({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <Card className="flex flex-wrap items-center justify-between gap-3 border-red-200 bg-red-50 p-4" role="alert">
      <p className="text-sm font-medium text-red-800">{message}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t.retry}
      </Button>
    </Card>
  );
}

const STATE_CLASSES: Record<AdminLinkState, string> = {
  active: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  disabled: 'bg-red-50 text-red-800 ring-red-200',
  blocked: 'bg-amber-50 text-amber-900 ring-amber-200',
  missing: 'bg-slate-100 text-slate-700 ring-slate-200',
};

export function StateBadge({ state }: { state: AdminLinkState }) {
  return <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset', STATE_CLASSES[state])}>{t.states[state]}</span>;
}

/**
 * A table that scrolls inside its card on a narrow screen. `relative`: the card is the
 * containing block of the table's visually hidden texts (absolutely positioned), which would
 * otherwise widen the whole page from where the wide table puts them.
 */
export function TableCard({ label, children }: { label: string; children: ReactNode }) {
  // Focusable, so that a keyboard can scroll it too.
  return (
    <Card className="relative overflow-x-auto focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary" role="region" aria-label={label} tabIndex={0}>
      <table className="w-full min-w-[40rem] text-left text-sm">{children}</table>
    </Card>
  );
}

export const th = 'px-4 py-3 text-xs font-semibold tracking-wide text-slate-500 uppercase';
export const td = 'px-4 py-3 align-top text-slate-800';

/**
 * A button that asks first, in a dialog: for what cannot be undone lightly (deleting a link,
 * blocking a domain). `children` adds fields to the dialog (a reason). Closed, the dialog gives
 * focus back to the button, or to the section's heading when the action took the button away.
 */
export function ConfirmButton({
  label,
  variant = 'ghostDestructive',
  busy,
  onOpenChange,
  ...dialog
}: {
  label: string;
  title: string;
  description: string;
  confirmLabel?: string;
  onConfirm(): Promise<boolean>;
  busy: boolean;
  variant?: 'ghostDestructive' | 'secondary' | 'destructive';
  children?: ReactNode;
  /** Told when the dialog opens or closes (a dialog that reads something when it opens). */
  onOpenChange?(open: boolean): void;
  /** The action cannot be confirmed yet (nothing chosen). */
  confirmDisabled?: boolean;
}) {
  const [open, setOpenState] = useState(false);
  const setOpen = (next: boolean) => {
    setOpenState(next);
    onOpenChange?.(next);
  };
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <ConfirmDialog
      {...dialog}
      open={open}
      onOpenChange={setOpen}
      busy={busy}
      confirmLabel={dialog.confirmLabel ?? label}
      trigger={
        <DialogTrigger asChild ref={trigger}>
          <Button variant={variant} size="sm" disabled={busy}>
            {label}
          </Button>
        </DialogTrigger>
      }
      onCloseAutoFocus={(event) => {
        if (trigger.current?.isConnected === true) return;
        event.preventDefault();
        focusSectionHeading();
      }}
    />
  );
}

/**
 * The confirmation itself, opened by its owner (`open`): a form that reads something first opens
 * it when that is read. Cancelar first, then the action; on a short screen the body scrolls under
 * the buttons, which stay in sight at the dialog's bottom (sticky), so a long list of choices
 * never hides them. `onCloseAutoFocus`: where focus goes when it closes (Radix's default is the
 * trigger, when there is one).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  busy,
  confirmDisabled = false,
  children,
  trigger,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm(): Promise<boolean>;
  busy: boolean;
  confirmDisabled?: boolean;
  children?: ReactNode;
  trigger?: ReactNode;
  onCloseAutoFocus?(event: Event): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger}
      <DialogContent title={title} description={description} {...(onCloseAutoFocus === undefined ? {} : { onCloseAutoFocus })}>
        {children}
        <DialogActions sticky>
          <DialogClose asChild>
            <Button variant="secondary">{t.cancel}</Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={busy || confirmDisabled}
            onClick={() => {
              void onConfirm().then((done) => {
                if (done) onOpenChange(false);
              });
            }}
          >
            {busy ? t.working : confirmLabel}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}

/** 'Carregar mais' under a list read page by page (usePaged), while a next page exists. */
export function LoadMore({ list }: { list: { hasMore: boolean; loadingMore: boolean; loadMore(): void } }) {
  if (!list.hasMore) return null;
  return (
    <div className="text-center">
      <Button variant="secondary" onClick={list.loadMore} disabled={list.loadingMore}>
        {list.loadingMore ? t.loading : t.loadMore}
      </Button>
    </div>
  );
}

/**
 * The search text of a list, kept in the address (?q=), so a reload or a shared address keeps
 * it; searching the same text again reloads the list.
 */
export function useSearchQuery(reload: () => void): [q: string, search: (next: string) => void] {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  return [
    q,
    (next) => {
      if (next === q) reload();
      else setParams(next === '' ? {} : { q: next });
    },
  ];
}

/**
 * A search box for a list; give it `key={q}` so it starts again from the address when that changes.
 * `error`: the server's refusal of the query (a search it cannot read), shown under the field as
 * the field's error, until the text is changed.
 */
export function SearchBox({
  id,
  label,
  hint,
  submitLabel,
  q,
  onSearch,
  variant = 'primary',
  error,
}: {
  id: string;
  label: string;
  hint?: string;
  submitLabel: string;
  q: string;
  onSearch(next: string): void;
  variant?: 'primary' | 'secondary';
  error?: string | undefined;
}) {
  const [typed, setTyped] = useState(q);
  const shownError = typed === q ? error : undefined;
  const errorId = `${id}-error`;
  const described = hint === undefined ? { 'aria-invalid': shownError === undefined ? undefined : true, 'aria-describedby': shownError === undefined ? undefined : errorId } : describedField(`${id}-hint`, errorId, shownError);
  return (
    <div>
      <form
        role="search"
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(typed.trim());
        }}
      >
        <div className="min-w-0 flex-1">
          <Label htmlFor={id}>{label}</Label>
          <Input id={id} type="search" name="q" value={typed} onChange={(event) => setTyped(event.target.value)} {...described} />
        </div>
        <Button type="submit" variant={variant}>
          {submitLabel}
        </Button>
      </form>
      {hint !== undefined && <FieldHint id={`${id}-hint`}>{hint}</FieldHint>}
      {shownError !== undefined && (
        <FieldError id={errorId} role="alert">
          {shownError}
        </FieldError>
      )}
    </div>
  );
}
