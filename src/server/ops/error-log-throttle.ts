// Bounds how often one kind of server-side failure is logged. A store that stays broken (a
// locked or damaged SQLite file, PostgreSQL down) fails every request the same way: logging
// each with its stack wrote thousands of lines a second and buried everything else. The first
// failure of a kind is logged in full at once; repeats within the window are counted, and the
// next line of that kind says how many were left out. Store failures are still counted one by
// one in shortener_database_errors_total.

export interface ErrorLogThrottle {
  /** Whether to log this failure now, and how many of its kind were left out since the last line. */
  take(kind: string): { log: boolean; suppressed: number };
  /** Logs `error` at error level unless its kind was logged within the window; the line says how many were left out. */
  error(log: { error(fields: object, message: string): void }, kind: string, fields: object, message: string): void;
}

/** Kinds remembered at once; beyond it the oldest is forgotten (its next failure logs again). */
const MAX_KINDS = 200;

export function createErrorLogThrottle(windowMs: number, now: () => number = Date.now): ErrorLogThrottle {
  const kinds = new Map<string, { loggedAt: number; suppressed: number }>();
  function take(kind: string): { log: boolean; suppressed: number } {
    const at = now();
    const seen = kinds.get(kind);
    if (seen !== undefined && at - seen.loggedAt < windowMs) {
      seen.suppressed++;
      return { log: false, suppressed: 0 };
    }
    const suppressed = seen?.suppressed ?? 0;
    // Re-inserted, so the map's order is oldest line first.
    kinds.delete(kind);
    kinds.set(kind, { loggedAt: at, suppressed: 0 });
    if (kinds.size > MAX_KINDS) {
      const oldest = kinds.keys().next();
      if (oldest.done !== true) kinds.delete(oldest.value);
    }
    return { log: true, suppressed };
  }
  return {
    take,
    error(log, kind, fields, message) {
      const { log: due, suppressed } = take(kind);
      if (due) log.error({ ...fields, ...(suppressed > 0 ? { suppressed } : {}) }, message);
    },
  };
}

/** What makes two failures "the same kind": the driver's error code, else the class and message. */
export function errorKind(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
    if (error instanceof Error) return `${error.name}: ${error.message.slice(0, 200)}`;
  }
  return String(error).slice(0, 200);
}
