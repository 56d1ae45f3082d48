// What a link's options decide about a visit, as pure functions of the options, the time and
// the user agent (the redirect routes do the I/O: the options are cached by the resolver, the
// click limit is the store's atomic counter).
import type { LinkOptionsRow } from '../links/link-repository.js';

// iPadOS 13+ Safari says "Macintosh" by default and cannot be told from a Mac here; iPads that
// say "iPad" (apps' web views, older systems) are caught.
const IOS = /\b(?:iPhone|iPad|iPod)\b/;
const ANDROID = /\bAndroid\b/;

/** Whether the link has expired at `now` (epoch ms): from its expiry instant on. */
export function isExpired(options: LinkOptionsRow, now: number): boolean {
  return options.expiresAt !== null && now >= options.expiresAt;
}

/** Where this visitor goes: the app-store target of their system when the link has one, else the link's URL. */
export function targetFor(options: LinkOptionsRow, url: string, userAgent: string | undefined): string {
  if (userAgent === undefined) return url;
  if (options.iosUrl !== null && IOS.test(userAgent)) return options.iosUrl;
  if (options.androidUrl !== null && ANDROID.test(userAgent)) return options.androidUrl;
  return url;
}
