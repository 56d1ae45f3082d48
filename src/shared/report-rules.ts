// Rules of the abuse report's reason, shared by the server (authoritative: the route's check)
// and the browser (the form's limit, counter and early feedback).

export const REPORT_REASON_MIN = 10;
export const REPORT_REASON_MAX = 1000;

/**
 * Open reports stored per link at most (report-repository.ts says why); past it a report is
 * answered but not stored, so the console says a link at the bound has "50 ou mais".
 */
export const MAX_OPEN_REPORTS_PER_LINK = 50;

/**
 * The reason as it is stored and measured: control characters (an escape sequence would reach
 * the operator's terminal through `npm run admin -- reports`) and runs of whitespace count as
 * one space, ends trimmed.
 */
export function normalizeReportReason(reason: string): string {
  return reason.replace(/[\s\p{Cc}]+/gu, ' ').trim();
}

/**
 * The alias of what a person pasted into "Denunciar link": an alias, or the whole short link
 * (its last path segment, without the query string or fragment a shared link may carry).
 */
export function reportedAlias(pasted: string): string {
  return pasted.trim().replace(/[?#].*$/s, '').replace(/\/+$/, '').split('/').pop() ?? '';
}
