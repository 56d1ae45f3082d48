// Rules of the abuse report's reason, shared by the server (authoritative: the route's check)
// and the browser (the form's limit, counter and early feedback).

export const REPORT_REASON_MIN = 10;
export const REPORT_REASON_MAX = 1000;

/** The reason as it is stored and measured: runs of whitespace count as one space, ends trimmed. */
export function normalizeReportReason(reason: string): string {
  return reason.replace(/\s+/g, ' ').trim();
}
