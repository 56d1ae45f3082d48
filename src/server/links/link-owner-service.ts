// What the creator of a link can do with its manage token: see it with its clicks, and
// delete it for good. Token checks: 401 without a token, 404 unknown alias, 403 wrong token.
import type { LinkListResponse, LinkOptionsView, LinkOwnerView } from '../../shared/api.js';
import { isValidAliasFormat, normalizeAlias } from '../../shared/alias-rules.js';
import { addDays, type Calendar, type Clock } from '../calendar.js';
import { AppError } from '../errors.js';
import type { CounterRepository } from '../stats/counter-repository.js';
import { dailySeries } from '../stats/daily-series.js';
import type { LinkRepository, StoredLink } from './link-repository.js';
import { decodeListCursor, encodeListCursor } from './list-cursor.js';
import { manageTokenMatches } from './manage-token.js';
import { anyTargetBlocked } from '../abuse/blocklist.js';

const DAYS_SHOWN = 30;

export interface LinkOwnerServiceDeps {
  links: LinkRepository;
  counters: CounterRepository;
  calendar: Calendar;
  shortUrlFor: (alias: string) => string;
  /** Whether a URL's domain is on the blocklist: its link answers 410, as a disabled one. */
  isBlockedUrl: (url: string) => boolean;
  clock: Clock;
  /**
   * Called after a deletion, so this instance's cache drops the alias at once. The other
   * instances were told by the deletion itself (LinkRepository.deleteLink).
   */
  onDeleted: (alias: string) => void;
}

/**
 * Who asks for a link: the bearer token of the request (a manage token, or undefined when none
 * was sent), or the API key it was made with (already authenticated).
 */
export type OwnerCredential = string | undefined | { apiKeyId: number };

/**
 * The link a credential opens, or the refusal every owner route answers: 401 without a token,
 * 404 unknown alias, 403 wrong token. An API key opens only the links it created; any other link
 * is 404 to it, so a key cannot learn which aliases exist. Shared by every service behind a
 * manage token (the owner view, deletion, insights), so they cannot drift apart.
 */
export async function authoriseOwner(
  links: Pick<LinkRepository, 'findByAlias'>,
  rawAlias: string,
  credential: OwnerCredential,
): Promise<StoredLink> {
  if (credential === undefined) throw new AppError('unauthorized', 401, { headers: { 'www-authenticate': 'Bearer' } });
  const alias = normalizeAlias(rawAlias);
  const link = isValidAliasFormat(alias) ? await links.findByAlias(alias) : undefined;
  if (link === undefined) throw new AppError('link_not_found', 404);
  if (typeof credential === 'object') {
    if (link.apiKeyId !== credential.apiKeyId) throw new AppError('link_not_found', 404);
    return link;
  }
  if (!manageTokenMatches(credential, link.manageTokenHash)) throw new AppError('forbidden', 403);
  return link;
}

export function createLinkOwnerService(deps: LinkOwnerServiceDeps) {
  const authorise = (alias: string, token: OwnerCredential): Promise<StoredLink> => authoriseOwner(deps.links, alias, token);

  /** Whether visitors get 410 'Link bloqueado': disabled, or a target (main or app) on the blocklist. */
  const blocked = (disabled: boolean, url: string, options: Pick<LinkOptionsView, 'iosUrl' | 'androidUrl'>): boolean =>
    disabled || anyTargetBlocked(deps.isBlockedUrl, [url, options.iosUrl, options.androidUrl]);

  /** The visits still to send on now: none once the link has expired. */
  const clicksLeftNow = (options: Pick<LinkOptionsView, 'expiresAt' | 'clicksLeft'>): number | null =>
    options.clicksLeft !== null && options.expiresAt !== null && Date.parse(options.expiresAt) <= deps.clock() ? 0 : options.clicksLeft;

  return {
    async getOwnerView(alias: string, token: OwnerCredential): Promise<LinkOwnerView> {
      const link = await authorise(alias, token);
      const today = deps.calendar.today();
      const from = addDays(today, -(DAYS_SHOWN - 1));
      const [rows, totalClicks, options] = await Promise.all([
        deps.counters.linkClicksBetween(link.id, from, today),
        deps.counters.linkTotalClicks(link.id),
        deps.links.findOptionsState(link.id),
      ]);
      const daily = dailySeries(rows, from, DAYS_SHOWN);
      return {
        alias: link.alias,
        shortUrl: deps.shortUrlFor(link.alias),
        url: link.url,
        createdAt: link.createdAt,
        totalClicks,
        daily,
        disabled: blocked(link.disabled, link.url, { iosUrl: options?.iosUrl ?? null, androidUrl: options?.androidUrl ?? null }),
        expiresAt: options?.expiresAt ?? null,
        maxClicks: options?.maxClicks ?? null,
        clicksLeft: options === undefined ? null : clicksLeftNow(options),
        protected: options?.protected ?? false,
        iosUrl: options?.iosUrl ?? null,
        androidUrl: options?.androidUrl ?? null,
      };
    },

    /** One page of the links an API key created, newest first; `cursor` is the last page's nextCursor. */
    async listForApiKey(apiKeyId: number, limit: number, cursor: string | undefined): Promise<LinkListResponse> {
      const beforeId = cursor === undefined ? null : decodeListCursor(cursor);
      // One more than asked tells whether a next page exists without a count.
      const rows = await deps.links.listByApiKey(apiKeyId, beforeId, limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        links: page.map(({ id: _id, ...row }) => ({
          ...row,
          shortUrl: deps.shortUrlFor(row.alias),
          disabled: blocked(row.disabled, row.url, row),
          clicksLeft: clicksLeftNow(row),
        })),
        nextCursor: rows.length > limit && last !== undefined ? encodeListCursor(last.id) : null,
      };
    },

    async deleteLink(alias: string, token: OwnerCredential): Promise<void> {
      const link = await authorise(alias, token);
      // Deleted and announced together, or neither (a 503): a 204 means no instance serves it.
      // Another request (the owner twice, the operator) may have deleted it since it was read:
      // only the one that did answers 204, the others the 404 of a link that is gone.
      const deleted = await deps.links.deleteLink(link);
      deps.onDeleted(link.alias);
      if (!deleted) throw new AppError('link_not_found', 404);
    },
  };
}

export type LinkOwnerService = ReturnType<typeof createLinkOwnerService>;
