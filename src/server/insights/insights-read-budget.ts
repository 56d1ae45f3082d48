// How much insights reading the process does for answers it does not keep (insights-cache.ts),
// all owners together: a token bucket measured in counter rows read, the work of the grouped
// query (~0.5 µs a row of SQLite's main thread, measured on a 90-day range of ~21,000 rows:
// 10.6 ms). Rows rather than milliseconds: the count is the database's work on either dialect
// (on PostgreSQL a read's time is mostly waiting), and the same for every run of a test.
// The cache makes a repeated read free; this bounds reads of many different links, or of one
// link whose counters a flush rewrote. Past it the read is refused (503 with Retry-After).

export interface InsightsReadBudget {
  /**
   * Takes `reserve` rows (what the read may cost at most) if the bucket is not empty; false when it
   * is, with the seconds until it no longer is.
   */
  admit(reserve: number): { admitted: true } | { admitted: false; retryAfterSeconds: number };
  /** The read is over: `used` rows instead of the `reserve` it was admitted with. */
  settle(reserve: number, used: number): void;
}

/** A bucket of `rowsPerSecond` rows a second, holding a second's worth at most. */
export function createInsightsReadBudget(rowsPerSecond: number, now: () => number): InsightsReadBudget {
  const rate = Math.max(1, rowsPerSecond);
  let rows = rate;
  let at = now();
  const refill = () => {
    const t = now();
    // A wall clock set back (the app's clock is Date.now) refills nothing.
    rows = Math.min(rate, rows + (Math.max(0, t - at) / 1000) * rate);
    at = t;
  };
  return {
    admit(reserve) {
      refill();
      // Admitted while anything is left: a read larger than what is left takes the bucket below
      // zero, and the next waits until it is paid back (so the rate holds over time).
      if (rows <= 0) return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil((-rows + 1) / rate)) };
      rows -= reserve;
      return { admitted: true };
    },
    settle(reserve, used) {
      refill();
      rows = Math.min(rate, rows + reserve - used);
    },
  };
}
