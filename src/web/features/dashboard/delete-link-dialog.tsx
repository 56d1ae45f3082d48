import { Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogActions, DialogClose, DialogContent } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api';
import { deleteLink, isLinkGone } from '../../lib/owner-api';
import { withoutScheme } from '../../lib/format';
import { readableTarget } from '../../lib/readable-target';
import type { StoredLink } from '../../lib/my-links';
import { dashboardTexts as t } from './dashboard-texts';

/** How a confirmed deletion ended, for the list: gone (either way) or not ours. */
export type DeleteOutcome = 'deleted' | 'forbidden';

export interface DeleteLinkDialogProps {
  /** The link to delete; null keeps the dialog closed. */
  link: StoredLink | null;
  onClose: () => void;
  onDone: (link: StoredLink, outcome: DeleteOutcome) => void;
  /** Where focus goes when the dialog closes (Radix would look for its own trigger). */
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * Confirmation → DELETE /api/links/:alias. Cancel has the first focus (the safe choice). While
 * the call runs the dialog cannot be dismissed; a failure without a verdict keeps it open.
 */
export function DeleteLinkDialog({ link, onClose, onDone, onCloseAutoFocus }: DeleteLinkDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);

  async function confirm(target: StoredLink) {
    setBusy(true);
    try {
      await deleteLink(target.alias, target.manageToken);
      toast({ title: t.deletedTitle, description: t.deletedDescription(withoutScheme(target.shortUrl)), variant: 'success' });
      onDone(target, 'deleted');
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      const message = error instanceof ApiError ? error.serverMessage : undefined;
      if (isLinkGone(error)) {
        toast({ title: t.alreadyGoneTitle, description: t.alreadyGoneDescription });
        onDone(target, 'deleted');
      } else if (status === 401 || status === 403) {
        toast({ title: t.noAccessTitle, description: message ?? t.forbiddenText, variant: 'destructive' });
        onDone(target, 'forbidden');
      } else {
        toast({ title: t.deleteFailedTitle, description: message ?? t.deleteFailedFallback, variant: 'destructive' });
      }
    } finally {
      setBusy(false);
    }
  }

  const keepOpenWhileBusy = (event: Event) => {
    if (busy) event.preventDefault();
  };

  return (
    <Dialog
      open={link !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
    >
      {link !== null && (
        <DialogContent
          role="alertdialog"
          title={t.deleteTitle}
          description={
            <>
              <strong className="font-semibold text-slate-900">{t.deletePermanent}</strong> {t.deleteConsequence}
            </>
          }
          showClose={!busy}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            cancelRef.current?.focus();
          }}
          onCloseAutoFocus={onCloseAutoFocus}
          onEscapeKeyDown={keepOpenWhileBusy}
          onPointerDownOutside={keepOpenWhileBusy}
          onInteractOutside={keepOpenWhileBusy}
        >
          <p className="mt-4 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm">
            <span className="block font-semibold break-all text-slate-900">{withoutScheme(link.shortUrl)}</span>
            <span className="block truncate text-slate-500" title={readableTarget(link.url)}>
              {readableTarget(link.url)}
            </span>
          </p>
          <DialogActions>
            <DialogClose asChild>
              <Button ref={cancelRef} variant="secondary" disabled={busy}>
                {t.cancel}
              </Button>
            </DialogClose>
            <Button variant="destructive" onClick={() => void confirm(link)} disabled={busy}>
              {busy ? <Spinner /> : <Trash2 aria-hidden="true" />}
              {busy ? t.deleting : t.delete}
            </Button>
          </DialogActions>
        </DialogContent>
      )}
    </Dialog>
  );
}
