// Whether the store accepts writes, for /readyz (ops-routes.ts). No HTTP here: services.ts wires
// the click writer's flushes and link creations to it, app.ts's error handler the failed writes.
/** How long a failed write keeps the instance unready when no write succeeds after it. */
export const WRITE_FAILURE_WINDOW_MS = 30_000;

/**
 * Whether the store accepted the latest write. `select 1` answers while the disk is full, the
 * SQLite file is read-only or locked, or PostgreSQL refuses writes; every creation and click
 * then fails. The click writer's flushes and the write requests report here, so /readyz can
 * take the instance out of the load balancer. A failure counts for WRITE_FAILURE_WINDOW_MS
 * unless a write succeeds first: an instance without traffic has nothing that would succeed,
 * and would otherwise never come back.
 */
export interface WriteHealth {
  succeeded(): void;
  failed(): void;
  /** True unless the latest write failed within the window. */
  healthy(): boolean;
}

export function createWriteHealth(now: () => number = Date.now, windowMs = WRITE_FAILURE_WINDOW_MS): WriteHealth {
  let failedAt: number | undefined;
  return {
    succeeded() {
      failedAt = undefined;
    },
    failed() {
      failedAt = now();
    },
    healthy: () => failedAt === undefined || now() - failedAt >= windowMs,
  };
}
