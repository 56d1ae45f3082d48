// One load run with autocannon, from this (separate) process, with a fixed number of
// requests so that every response is received and counted exactly.
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  connections: number;
  amount: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Builds each request's path (and body, for POST). */
  next: () => { path: string; body?: string };
  /** Hard stop, whatever happens. */
  timeoutMs: number;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  statusCounts: Record<string, number>;
}

export function runLoad(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        amount: options.amount,
        timeout: 10,
        method: options.method ?? 'GET',
        headers: options.headers ?? {},
        requests: [
          {
            setupRequest: (request) => {
              const { path, body } = options.next();
              return body === undefined ? { ...request, path } : { ...request, path, body };
            },
          },
        ],
      },
      (error, result) => {
        clearTimeout(guard);
        if (error !== null && error !== undefined) return reject(error);
        const statusCounts: Record<string, number> = {};
        for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statusCounts[code] = stat.count ?? 0;
        const requests = Object.values(statusCounts).reduce((a, b) => a + b, 0);
        resolve({
          requests,
          seconds: result.duration,
          rps: requests / result.duration,
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.errors + result.timeouts,
          statusCounts,
        });
      },
    );
    const guard = setTimeout(() => instance.stop(), options.timeoutMs);
  });
}
