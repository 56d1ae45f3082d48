// 'Links': one search box (an alias or its beginning, a domain with its subdomains, a whole URL;
// kept in the address as ?q=), the links found with clicks, date and state, and the actions on
// each: disable or enable, delete (after a confirmation). A card shows the link's iPhone and
// Android targets too, where they lead elsewhere. 'Carregar mais' follows the cursor.
// A search for the whole alias of a deleted link shows that alias, retired, and lets the
// operator release it (after a confirmation).
import { useSearchParams } from 'react-router';
import type { AdminLink, AdminRetiredAlias } from '../../../shared/admin-api';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { formatNumber } from '../../lib/format';
import { ApiError } from '../../lib/api';
import { useCopyToClipboard } from '../../lib/clipboard';
import { formatDateTime } from '../../lib/format-on-demand';
import { adminTexts as t } from './admin-texts';
import { useAction, usePaged } from './console-context';
import { ConfirmButton, LoadError, LoadMore, Placeholder, SearchBox, Section, StateBadge, useSearchQuery } from './console-parts';

export function LinksSection() {
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  const list = usePaged(async (client, cursor) => {
    const page = await client.links(q, cursor);
    return { ...page, items: page.links };
  }, `links ${q}`);
  const [, search] = useSearchQuery(list.reload);
  const first = list.first.data;
  return (
    <Section title={t.sections.links}>
      {/* A query the server refused is the field's error, with no retry: the same text would be refused again. */}
      <SearchBox
        key={q}
        id="admin-link-search"
        label={t.links.search}
        hint={t.links.searchHint}
        submitLabel={t.links.submit}
        q={q}
        onSearch={search}
        error={list.refused ? list.error : undefined}
      />
      {list.error !== undefined && !list.refused && <LoadError message={list.error} onRetry={list.retry} />}
      {list.items === undefined || first === undefined ? (
        list.error === undefined && <Placeholder rows={6} />
      ) : (
        <>
          {/* The count is the server's (the first page's, up to its cap), not the pages loaded so
              far: "50 links" under a search that finds 8,000 would mislead. Absent from a server of
              an older release; none is written when nothing was found, which the card below says. */}
          <p className="text-sm text-slate-600" data-testid="admin-search-mode">
            {t.links.modes[first.mode]}
            {first.matching != null && first.matching.count > 0 && <span data-testid="admin-link-count"> · {t.links.found(first.matching.count, first.matching.more)}</span>} ·{' '}
            {t.links.took(first.tookMs)}
          </p>
          {/* Absent from a server of an older release, during a rolling deploy. */}
          {first.retired != null && <RetiredAliasCard retired={first.retired} onChanged={list.reload} />}
          {list.items.length === 0 ? <Card className="p-6 text-center text-slate-600">{t.links.empty}</Card> : <LinksTable links={list.items} onChanged={list.reload} />}
          <LoadMore list={list} />
        </>
      )}
    </Section>
  );
}

/**
 * The links as cards: on a phone every figure and action stays in sight, without scrolling
 * sideways. One column of minmax(0, 1fr) below lg (grid-cols-1): an implicit column would grow
 * to the whole width of a long target that the card cuts short.
 */
function LinksTable({ links, onChanged }: { links: readonly AdminLink[]; onChanged(): void }) {
  return (
    <ul aria-label={t.links.caption} className="grid grid-cols-1 gap-3 lg:grid-cols-2">
      {links.map((link) => (
        <LinkRow key={link.alias} link={link} onChanged={onChanged} />
      ))}
    </ul>
  );
}

/** The link's iPhone and Android targets that differ from the targets before them. */
function appTargets(link: AdminLink): { kind: 'ios' | 'android'; url: string }[] {
  const shown = [link.url];
  const targets: { kind: 'ios' | 'android'; url: string }[] = [];
  for (const [kind, url] of [['ios', link.iosUrl], ['android', link.androidUrl]] as const) {
    if (url == null || shown.includes(url)) continue;
    shown.push(url);
    targets.push({ kind, url });
  }
  return targets;
}

/** An action on a link answered 404: the link was deleted since the list was read (by its owner, another operator, the terminal). */
const isLinkGone = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 404;

/**
 * Rethrows an action's failure, in the console's words when the link was deleted meanwhile: the
 * server's 404 says "not found", which reads as a mistake of the operator's. Still a 404, so
 * useAction reads the list again and the deleted link's card goes.
 */
function sayDeleted(error: unknown): never {
  if (isLinkGone(error)) throw new ApiError(error.status, error.code, t.links.deletedMeanwhile);
  throw error;
}

function LinkRow({ link, onChanged }: { link: AdminLink; onChanged(): void }) {
  const { busy, run } = useAction();
  const disabled = link.state === 'disabled';
  return (
    <li className="min-w-0" data-testid={`link-${link.alias}`}>
      <Card className="flex h-full flex-col gap-3 p-4">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 className="text-base font-bold wrap-anywhere text-slate-900">{link.alias}</h3>
          <StateBadge state={link.state} />
          {(link.hasOptions || link.apiKeyId !== null) && (
            <span className="text-xs text-slate-500">
              {[link.hasOptions ? t.links.withOptions : undefined, link.apiKeyId === null ? undefined : t.links.byKey(link.apiKeyId)].filter(Boolean).join(' · ')}
            </span>
          )}
        </div>
        <ShortUrl url={link.shortUrl} />
        <p className="truncate text-sm text-slate-600" title={link.url}>
          <span className="sr-only">{t.links.target}: </span>
          {link.url}
        </p>
        {/* The app targets, where they lead elsewhere: a link is blocked by any target's domain. */}
        {appTargets(link).map(({ kind, url }) => (
          <p key={kind} className="truncate text-sm text-slate-600" title={url} data-testid={`target-${kind}`}>
            <span className="font-medium text-slate-500">{t.targets[kind]}: </span>
            {url}
          </p>
        ))}
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
          <div>
            <dt className="inline text-slate-500">{t.links.clicks}: </dt>
            <dd className="inline font-semibold text-slate-900 tabular-nums">{formatNumber(link.totalClicks)}</dd>
          </div>
          <div>
            <dt className="inline text-slate-500">{t.links.created}: </dt>
            <dd className="inline text-slate-800">{formatDateTime(link.createdAt)}</dd>
          </div>
        </dl>
        <div className="mt-auto flex flex-wrap gap-2">
          {/* One button whose label follows the state: it keeps focus from 'Desativar' to 'Reativar'. */}
          <Button
            variant="secondary"
            size="sm"
            disabled={busy !== undefined}
            onClick={() =>
              void (disabled
                ? run('enable', (client) => client.enableLink(link.alias).catch(sayDeleted), onChanged)
                : run('disable', (client) => client.disableLink(link.alias).catch(sayDeleted), onChanged))
            }
          >
            {disabled ? t.links.enable : t.links.disable}
          </Button>
          <ConfirmButton
            label={t.links.delete}
            title={t.links.deleteTitle(link.alias)}
            description={t.links.deleteDescription}
            busy={busy !== undefined}
            onConfirm={() =>
              run(
                'delete',
                // Deleted meanwhile (another operator, the terminal): what was asked is done.
                (client) =>
                  client.deleteLink(link.alias).catch((error: unknown) => {
                    if (isLinkGone(error)) return { message: t.links.alreadyDeleted };
                    throw error;
                  }),
                onChanged,
              )
            }
          />
        </div>
      </Card>
    </li>
  );
}

/**
 * The short link as text with a copy button, never as a link: the links shown here are often
 * reported ones, and opening one would send the operator to the (maybe phishing) target and
 * count a click.
 */
function ShortUrl({ url }: { url: string }) {
  const { copied, copy } = useCopyToClipboard();
  return (
    <div className="flex min-w-0 items-center gap-2 text-sm">
      <span className="sr-only">{t.links.shortUrl}: </span>
      <code className="min-w-0 truncate text-slate-700" title={url}>
        {url}
      </code>
      <Button variant="ghost" size="sm" onClick={() => void copy(url)}>
        {copied ? t.links.copied : t.links.copy}
      </Button>
    </div>
  );
}

/** The alias of a deleted link, which nobody may create again until it is released here. */
function RetiredAliasCard({ retired, onChanged }: { retired: AdminRetiredAlias; onChanged(): void }) {
  const { busy, run } = useAction();
  return (
    <Card className="flex flex-col gap-3 p-4" data-testid="retired-alias">
      <h3 className="text-base font-bold wrap-anywhere">{t.links.retiredTitle(retired.alias)}</h3>
      <p className="text-sm text-slate-700">{t.links.retiredDescription(formatDateTime(retired.retiredAt))}</p>
      <div>
        <ConfirmButton
          label={t.links.release}
          title={t.links.releaseTitle(retired.alias)}
          description={t.links.releaseDescription}
          confirmLabel={t.links.release}
          variant="secondary"
          busy={busy !== undefined}
          onConfirm={() => run('release', (client) => client.releaseAlias(retired.alias), onChanged)}
        />
      </div>
    </Card>
  );
}
