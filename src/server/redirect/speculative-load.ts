// Browsers fetch some links before anyone opens them: Chrome's speculation rules and omnibox
// prefetch or prerender (`Sec-Purpose: prefetch`, `prefetch;prerender`), `<link rel=prefetch>`
// in older Chrome (`Purpose: prefetch`), Safari's preloading of top hits (`X-Purpose: preview`).
// Counting such a request as a click would count people who never came, and a link with a
// click limit would lose a visit to it. So the redirect declines them: Chrome discards a
// prefetch answered with an error status and, when the person does open the link, asks again,
// and that request is the click (one count, the real one). `Retry-After` also tells Chrome not
// to prefetch from this site again for a while.

/** Seconds a browser is asked to wait before prefetching from this site again. */
export const SPECULATIVE_RETRY_AFTER_SECONDS = 3600;

interface RequestHeaders {
  readonly [name: string]: string | string[] | undefined;
}

/** Whether the request is a browser's speculative load, not a visit. */
export function isSpeculativeLoad(headers: RequestHeaders): boolean {
  // Three lookups of absent keys on an ordinary request (~tens of ns against the redirect's tens of µs).
  const secPurpose = headers['sec-purpose'];
  // A `preview` token marks a page the person is looking at (a link preview they asked for): a visit.
  if (typeof secPurpose === 'string') return secPurpose.includes('prefetch') && !secPurpose.includes('preview');
  const purpose = headers.purpose;
  if (typeof purpose === 'string') return purpose.trim().toLowerCase() === 'prefetch';
  const xPurpose = headers['x-purpose'];
  if (typeof xPurpose === 'string') return /^\s*(?:preview|prefetch)\s*$/i.test(xPurpose);
  return false;
}
