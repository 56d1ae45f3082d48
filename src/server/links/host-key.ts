// A link's target host as a search key: its labels reversed, with a closing dot
// ('www.Example.com' → 'com.example.www.'). A domain and all its subdomains are then one range of
// keys ('example.com' → from 'com.example.' up to, not including, 'com.example/'), which an
// ordinary B-tree index answers for the operator's search and the blocklist's "links affected",
// at a million links as at ten, without a scan. ('/' is the character after '.'.)
import { hostOfUrl, withoutRootDots } from '../abuse/blocklist.js';

/** The key of a stored (WHATWG-serialised) URL's host; '' when it has none. */
export function hostKeyOf(url: string): string {
  const host = withoutRootDots(hostOfUrl(url).toLowerCase());
  return host === '' ? '' : `${host.split('.').reverse().join('.')}.`;
}

/** The key of a host name (already normalised: lowercase, no trailing dot). */
export function hostKey(host: string): string {
  return `${host.split('.').reverse().join('.')}.`;
}

/** The keys of a domain and all its subdomains: `from <= key < to`. */
export function domainKeyRange(domain: string): { from: string; to: string } {
  const from = hostKey(domain);
  return { from, to: `${from.slice(0, -1)}/` };
}
