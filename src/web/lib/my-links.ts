// Links created in this browser, newest first (localStorage 'my_links'). The manage token
// is what lets this browser see and delete a link later (dashboard); it is never sent
// anywhere except to this site's own API.
import { isValidAliasFormat, normalizeAlias } from '../../shared/alias-rules';
import type { CreateLinkResponse } from '../../shared/api';
import { readItem, writeItem } from './storage';

export const MY_LINKS_KEY = 'my_links';

export type StoredLink = Pick<CreateLinkResponse, 'alias' | 'shortUrl' | 'url' | 'createdAt' | 'manageToken'>;

const TOKEN_PATTERN = /^\S{1,200}$/;

/**
 * A value read from outside (localStorage, an imported file) as a stored link, or undefined
 * when it is not one. Only the five fields are kept; the alias is normalised.
 */
export function toStoredLink(value: unknown): StoredLink | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { alias, shortUrl, url, createdAt, manageToken } = value as Record<string, unknown>;
  if (typeof alias !== 'string' || typeof shortUrl !== 'string' || typeof url !== 'string') return undefined;
  if (typeof createdAt !== 'string' || Number.isNaN(Date.parse(createdAt))) return undefined;
  if (typeof manageToken !== 'string' || !TOKEN_PATTERN.test(manageToken)) return undefined;
  const normalised = normalizeAlias(alias);
  if (!isValidAliasFormat(normalised)) return undefined;
  return { alias: normalised, shortUrl, url, createdAt, manageToken };
}

/** The stored links of a parsed JSON array; entries that are not links are left out. */
export function toStoredLinks(values: readonly unknown[]): StoredLink[] {
  return values.map(toStoredLink).filter((link): link is StoredLink => link !== undefined);
}

export function readMyLinks(): StoredLink[] {
  const raw = readItem(MY_LINKS_KEY);
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? toStoredLinks(parsed) : [];
  } catch {
    return [];
  }
}

export function saveMyLink(link: CreateLinkResponse): void {
  const entry: StoredLink = {
    alias: link.alias,
    shortUrl: link.shortUrl,
    url: link.url,
    createdAt: link.createdAt,
    manageToken: link.manageToken,
  };
  const others = readMyLinks().filter((stored) => stored.alias !== entry.alias);
  writeItem(MY_LINKS_KEY, JSON.stringify([entry, ...others]));
}

/** The stored link with this alias (aliases are one entry each), or undefined. */
export function findMyLink(alias: string): StoredLink | undefined {
  return readMyLinks().find((link) => link.alias === alias);
}

export function writeMyLinks(links: readonly StoredLink[]): void {
  writeItem(MY_LINKS_KEY, JSON.stringify(links));
}

function createdTime(link: StoredLink): number {
  const time = Date.parse(link.createdAt);
  return Number.isNaN(time) ? 0 : time;
}

/**
 * One entry per alias, newest first. When an alias appears twice (the same link, or an alias
 * reused after a deletion), the newer creation wins; on a tie, `incoming` wins.
 */
export function mergeMyLinks(current: readonly StoredLink[], incoming: readonly StoredLink[]): StoredLink[] {
  const byAlias = new Map<string, StoredLink>();
  for (const link of [...incoming, ...current]) {
    const kept = byAlias.get(link.alias);
    if (kept === undefined || createdTime(link) > createdTime(kept)) byAlias.set(link.alias, link);
  }
  return [...byAlias.values()].sort((a, b) => createdTime(b) - createdTime(a));
}
