// Import: read the file, then ask the API about every link in it (a few at a time). Only the
// links whose token the API accepts are kept; the rest are counted and left out, so the list
// never fills with entries that can do nothing.
import type { Limiter } from '../../lib/concurrency';
import { mergeMyLinks, type StoredLink } from '../../lib/my-links';
import { checkLink, type LinkCheck, storedFromView } from './link-check';
import { importErrors, MAX_IMPORT_BYTES, parseLinksFile } from './links-file';

export interface VerifiedLink {
  link: StoredLink;
  check: Extract<LinkCheck, { status: 'ok' }>;
}

export type ImportOutcome =
  | { ok: false; message: string }
  | {
      ok: true;
      /** Accepted by the API, with the server's facts (alias, short URL, URL, creation). */
      valid: VerifiedLink[];
      /** Malformed entries, and links the API says are gone (404) or not ours (401/403). */
      invalid: number;
      /** No verdict (network, rate limit): left out, importing again later may add them. */
      unchecked: number;
    };

export async function readImportFile(file: Blob): Promise<{ ok: true; text: string } | { ok: false; message: string }> {
  if (file.size > MAX_IMPORT_BYTES) return { ok: false, message: importErrors.tooBig };
  try {
    return { ok: true, text: await file.text() };
  } catch {
    return { ok: false, message: importErrors.notJson };
  }
}

export async function importLinks(
  text: string,
  limit: Limiter,
  options: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<ImportOutcome> {
  const parsed = parseLinksFile(text);
  if (!parsed.ok) return parsed;
  // One entry per alias (the newest) before asking anything.
  const candidates = mergeMyLinks([], parsed.links);
  const total = candidates.length;
  let done = 0;
  options.onProgress?.(done, total);
  const checks = await Promise.all(
    candidates.map((link) =>
      limit(async () => {
        const check = await checkLink(link, options.signal);
        done += 1;
        options.onProgress?.(done, total);
        return { link, check };
      }),
    ),
  );
  const valid: VerifiedLink[] = [];
  let invalid = parsed.malformed;
  let unchecked = 0;
  for (const { link, check } of checks) {
    if (check.status === 'ok') valid.push({ link: storedFromView(check.view, link.manageToken), check });
    else if (check.status === 'error') unchecked += 1;
    else invalid += 1;
  }
  return { ok: true, valid, invalid, unchecked };
}
