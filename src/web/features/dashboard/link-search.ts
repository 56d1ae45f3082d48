// "Meus links" search: which stored links a typed text names, by short address, alias or
// destination, as a person types it: any case, with or without accents ("promocao" finds
// "promoção"), the destination as shown (readable, not percent-encoded).
import { readableTarget } from '../../lib/readable-target';
import type { StoredLink } from '../../lib/my-links';

/** The search box is offered from this many links on: a shorter list is read at a glance. */
export const SEARCH_FROM = 6;

/** Lower case, without accents or surrounding spaces: the form both sides are compared in. */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** The links whose alias, short link or destination holds `query` (all of them for a blank query). */
export function searchLinks(links: readonly StoredLink[], query: string): readonly StoredLink[] {
  const wanted = folded(query);
  if (wanted === '') return links;
  return links.filter((link) => [link.alias, link.shortUrl, readableTarget(link.url)].some((field) => folded(field).includes(wanted)));
}
