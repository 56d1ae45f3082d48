// V8 keeps a string cut from a longer one (slice, substring, a regex match, a router's
// parameter: a "sliced string", for cuts of 13 characters or more) as a view into the whole,
// and so does a string built from it by a template literal, even once it is a Map key. A
// 20-character alias cut from a 16 KB request URL kept all 16 KB alive for as long as a cache
// kept the alias: 50,000 remembered unknown aliases held ~800 MB (a helper's soak audit).
// Keys that outlive their request (caches, memos, rate-limit keys) go through this, so they
// hold their own characters only. The copy is for those stores, not for the request path.

/** V8 copies cuts shorter than this (SlicedString::kMinLength): they never hold their source. */
const SLICE_MIN_LENGTH = 13;

/** The same characters in a string of their own, holding nothing else alive. */
export function detachedString(value: string): string {
  // UTF-16 both ways: every JavaScript string, lone surrogates included, comes back unchanged.
  return value.length < SLICE_MIN_LENGTH ? value : Buffer.from(value, 'utf16le').toString('utf16le');
}
