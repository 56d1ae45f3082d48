import { Download, Link2, RefreshCw, Search, ShieldAlert, Sparkles, Upload } from 'lucide-react';
import { type ChangeEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PAGE_PATHS } from '../../../shared/routes';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input, Label } from '../../components/ui/field';
import { cn } from '../../components/ui/cn';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { createLimiter } from '../../lib/concurrency';
import { downloadBlob } from '../../lib/download';
import { formatNumber, withoutScheme } from '../../lib/format';
import { mergeMyLinks, type StoredLink } from '../../lib/my-links';
import { canKeepData } from '../../lib/storage-probe';
import { useHydrated } from '../../lib/hydration';
import { dashboardTexts as t } from './dashboard-texts';
import { type DeleteOutcome, DeleteLinkDialog } from './delete-link-dialog';
import { importLinks, readImportFile } from './import-links';
import { CHECK_CONCURRENCY } from './link-check';
import { LinkCard } from './link-card';
import { SEARCH_FROM, searchLinks } from './link-search';
import { buildLinksFile, linksFileName } from './links-file';
import { useLinkViews } from './use-link-views';
import { linkKey, useMyLinks } from './use-my-links';

function EmptyState({ onImport, importing }: { onImport: () => void; importing: boolean }) {
  return (
    <Card className="flex flex-col items-center px-6 py-12 text-center sm:py-16">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary-ink">
        <Link2 aria-hidden="true" className="size-7" />
      </span>
      <h3 className="mt-5 text-lg font-bold text-slate-900">{t.emptyTitle}</h3>
      <p className="mt-2 max-w-sm text-sm text-pretty text-slate-600">{t.emptyText}</p>
      <Link to={PAGE_PATHS.home} className={cn(buttonVariants(), 'mt-6')}>
        <Sparkles aria-hidden="true" />
        {t.emptyAction}
      </Link>
      <div className="mt-8 w-full max-w-sm border-t border-slate-100 pt-6">
        <p className="text-sm text-pretty text-slate-600">{t.emptyImportHint}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={onImport} busy={importing} aria-busy={importing}>
          {importing ? <Spinner /> : <Upload aria-hidden="true" />}
          {importing ? t.importing : t.emptyImportAction}
        </Button>
      </div>
    </Card>
  );
}

/**
 * Stands where the list will be until the browser has read its links (the server cannot know
 * them): as tall as the empty state, so the page does not jump when either replaces it.
 */
function LinksLoading() {
  return (
    <Card className="flex min-h-[27rem] flex-col items-center justify-center px-6 py-12 text-center" role="status">
      <Spinner className="size-8 text-primary" />
      <span className="sr-only">{t.loading}</span>
      <noscript>
        <p className="mt-4 max-w-sm text-sm text-pretty text-slate-600">{t.needsJavaScript}</p>
      </noscript>
    </Card>
  );
}

const NO_LINKS: readonly StoredLink[] = [];

/** "Meus links": the links made in this browser, their clicks, QR codes, deletion, export and import. */
export function MyLinksDashboard() {
  const headingId = useId();
  const [storedLinks, updateLinks] = useMyLinks();
  const links = storedLinks ?? NO_LINKS;
  const [limit] = useState(() => createLimiter(CHECK_CONCURRENCY));
  const views = useLinkViews(links, limit);
  const searchId = useId();
  const [query, setQuery] = useState('');
  // Probed once hydrated (the server cannot know): the served page and the first render agree.
  const hydrated = useHydrated();
  const storageBlocked = useMemo(() => hydrated && !canKeepData(), [hydrated]);
  const searching = links.length >= SEARCH_FROM && query.trim() !== '';
  const shownLinks = useMemo(() => (searching ? searchLinks(links, query) : links), [searching, links, query]);

  const headingRef = useRef<HTMLHeadingElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) headingRef.current?.focus();
  }, [focusRequest]);

  // Deletion: one dialog for the page; focus goes back to the trash icon, or to the list
  // heading when that icon is gone with its link.
  const [toDelete, setToDelete] = useState<StoredLink | null>(null);
  const deleteTrigger = useRef<HTMLElement | null>(null);

  const removeFromList = useCallback(
    (link: StoredLink) => updateLinks((current) => current.filter((entry) => linkKey(entry) !== linkKey(link))),
    [updateLinks],
  );

  function handleDeleteDone(link: StoredLink, outcome: DeleteOutcome) {
    if (outcome === 'deleted') removeFromList(link);
    else views.record(link, { status: 'forbidden' });
    setToDelete(null);
  }

  function handleForget(link: StoredLink) {
    removeFromList(link);
    toast({ title: t.forgottenTitle, description: t.forgottenDescription(withoutScheme(link.shortUrl)) });
    setFocusRequest((value) => value + 1);
  }

  function handleExport() {
    const kept = links.filter((link) => {
      const status = views.checks.get(linkKey(link))?.status;
      return status !== 'removed' && status !== 'forbidden';
    });
    downloadBlob(new Blob([buildLinksFile(kept)], { type: 'application/json' }), linksFileName());
    toast({ title: t.exportedTitle, description: t.exportedDescription, variant: 'success' });
  }

  // Import
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  async function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = ''; // choosing the same file again must fire change again
    if (file === undefined) return;
    const read = await readImportFile(file);
    if (!read.ok) {
      toast({ title: t.importFailedTitle, description: read.message, variant: 'destructive' });
      return;
    }
    setProgress({ done: 0, total: 0 });
    try {
      const outcome = await importLinks(read.text, limit, { onProgress: (done, total) => setProgress({ done, total }) });
      if (!outcome.ok) {
        toast({ title: t.importFailedTitle, description: outcome.message, variant: 'destructive' });
        return;
      }
      const { valid, invalid, unchecked } = outcome;
      if (valid.length > 0) {
        updateLinks((current) => mergeMyLinks(current, valid.map((entry) => entry.link)));
        for (const entry of valid) views.record(entry.link, entry.check);
      }
      toast({
        title: valid.length > 0 ? t.importedTitle : t.nothingImportedTitle,
        description: t.importReport(valid.length, invalid, unchecked),
        variant: valid.length > 0 && invalid === 0 && unchecked === 0 ? 'success' : 'default',
      });
    } finally {
      setProgress(null);
    }
  }

  const importing = progress !== null;
  const chooseFile = () => fileInput.current?.click();
  const refreshing = views.pending > 0;

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-12">
      <section aria-labelledby={headingId}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className="flex items-baseline gap-2 rounded text-xl font-bold text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary">
            {t.listTitle}
            {links.length > 0 && <span className="text-base font-semibold text-slate-500 tabular-nums">({formatNumber(links.length)})</span>}
          </h2>
          {links.length > 0 && (
            <div className="flex w-full flex-wrap gap-2 *:grow sm:w-auto sm:*:grow-0">
              {/* Wraps on the narrowest phones (a third of 320 px is narrower than a label), each button growing to fill its row. */}
              <Button variant="secondary" size="sm" onClick={views.refresh} busy={refreshing} aria-busy={refreshing}>
                <RefreshCw aria-hidden="true" className={refreshing ? 'animate-spin' : undefined} />
                {t.refresh}
              </Button>
              <Button variant="secondary" size="sm" onClick={handleExport}>
                <Download aria-hidden="true" />
                {t.export}
              </Button>
              <Button variant="secondary" size="sm" onClick={chooseFile} busy={importing} aria-busy={importing}>
                {importing ? <Spinner /> : <Upload aria-hidden="true" />}
                {importing ? t.importing : t.import}
              </Button>
            </div>
          )}
          <input
            ref={fileInput}
            type="file"
            accept=".json,application/json"
            aria-label={t.importInputLabel}
            // Out of the page: 'Importar' opens its file chooser (click() works on a hidden file
            // input); seen, it was a second, unnamed-looking control beside that button.
            hidden
            onChange={(event) => void handleFile(event)}
          />
        </div>

        {storageBlocked && (
          <p role="status" className="mt-4 flex gap-2.5 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-pretty text-red-900" data-testid="storage-blocked">
            <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t.notKept}
          </p>
        )}
        {links.length > 0 && (
          <p className="mt-4 flex gap-2.5 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-pretty text-amber-900">
            <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t.safetyNote}
          </p>
        )}

        {links.length >= SEARCH_FROM && (
          <div className="mt-4">
            <Label htmlFor={searchId} className="sr-only">
              {t.searchLabel}
            </Label>
            <div className="relative">
              <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-slate-400" />
              <Input id={searchId} type="search" value={query} onChange={(event) => setQuery(event.target.value)} placeholder={t.searchPlaceholder} autoComplete="off" className="h-11 pl-10" />
            </div>
            {searching && shownLinks.length > 0 && (
              <p aria-hidden="true" className="mt-2 text-sm text-slate-600">
                {t.searchCount(shownLinks.length, links.length)}
              </p>
            )}
            {/* Said as it changes, so a screen reader hears how many cards are left (or none). */}
            <p aria-live="polite" className="sr-only">
              {searching ? (shownLinks.length > 0 ? t.searchCount(shownLinks.length, links.length) : t.searchEmpty(query.trim())) : ''}
            </p>
          </div>
        )}

        <p aria-live="polite" className="sr-only">
          {progress !== null && progress.total > 0 ? t.importProgress(progress.done, progress.total) : ''}
        </p>

        <div className="mt-6">
          {storedLinks === undefined ? (
            <LinksLoading />
          ) : links.length === 0 ? (
            <EmptyState onImport={chooseFile} importing={importing} />
          ) : (
            <>
              {searching && shownLinks.length === 0 && (
                <Card className="flex flex-col items-center gap-3 px-6 py-10 text-center">
                  <p className="text-slate-600">{t.searchEmpty(query.trim())}</p>
                  <Button variant="secondary" size="sm" onClick={() => setQuery('')}>
                    {t.searchClear}
                  </Button>
                </Card>
              )}
              <ul className="space-y-4">
                {shownLinks.map((link) => (
                  <li key={linkKey(link)}>
                    <LinkCard
                      link={link}
                      check={views.checks.get(linkKey(link))}
                      onDelete={(target, trigger) => {
                        deleteTrigger.current = trigger;
                        setToDelete(target);
                      }}
                      onForget={handleForget}
                      onRetry={views.retry}
                    />
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      </section>

      <DeleteLinkDialog
        link={toDelete}
        onClose={() => setToDelete(null)}
        onDone={handleDeleteDone}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          const trigger = deleteTrigger.current;
          if (trigger?.isConnected) trigger.focus();
          else headingRef.current?.focus();
        }}
      />
    </div>
  );
}
