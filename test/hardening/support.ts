// Small helpers shared by the hardening tests: snapshots of stored links, metrics read over
// HTTP, raw HTTP requests over a socket, and polling with a deadline.
import net from 'node:net';
import type { Kysely } from 'kysely';
import { toIsoString } from '../../src/server/db/dialect.js';
import type { Database } from '../../src/server/db/schema.js';

export interface LinkRow {
  alias: string;
  url: string;
  created_at: string;
  manage_token_hash: string;
}

/** The stored rows of the given aliases (or every link), in alias order, instants as ISO strings. */
export async function snapshotLinks(db: Kysely<Database>, aliases?: readonly string[]): Promise<LinkRow[]> {
  let query = db.selectFrom('links').select(['alias', 'url', 'created_at', 'manage_token_hash']).orderBy('alias');
  if (aliases !== undefined) query = query.where('alias', 'in', [...aliases]);
  const rows = await query.execute();
  return rows.map((r) => ({ alias: r.alias, url: r.url, created_at: toIsoString(r.created_at), manage_token_hash: r.manage_token_hash }));
}

/** One sample of a Prometheus counter or gauge without labels, from the text exposition. */
export function metricValue(exposition: string, name: string): number {
  const line = exposition.split('\n').find((l) => l.startsWith(`${name} `));
  if (line === undefined) throw new Error(`metric ${name} not found`);
  return Number(line.slice(name.length + 1));
}

export async function readMetric(baseUrl: string, name: string): Promise<number> {
  const res = await fetch(`${baseUrl}/metrics`);
  if (res.status !== 200) throw new Error(`GET /metrics: ${res.status}`);
  return metricValue(await res.text(), name);
}

export interface RawAnswer {
  /** Status code of the first response line, or undefined when none came. */
  status: number | undefined;
  /** How the exchange ended. */
  ended: 'closed' | 'timeout' | 'error';
  head: string;
}

/**
 * Writes `request` as is on a fresh TCP connection and reads until the server closes it (the
 * requests carry `Connection: close`, and a request the parser rejects closes it too).
 */
export function rawRequest(port: number, request: Buffer, timeoutMs = 5000): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = net.connect({ host: '127.0.0.1', port });
    let settled = false;
    const finish = (ended: RawAnswer['ended']) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      resolve({ status: match === null ? undefined : Number(match[1]), ended, head: text.slice(0, 200) });
    };
    const timer = setTimeout(() => finish('timeout'), timeoutMs);
    socket.on('connect', () => socket.write(request));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => finish('closed'));
    socket.on('error', () => finish('error'));
  });
}

/** Writes `request` on a fresh connection and returns everything the server sent until it closed. */
export function rawRequestFull(port: number, request: Buffer, timeoutMs = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect({ host: '127.0.0.1', port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no close within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('connect', () => socket.write(request));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The server may reset the connection after its answer: what arrived is what counts.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('latin1'));
    });
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Resolves once `check` returns true; throws with `what` when the deadline passes first. */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number, intervalMs = 50): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for: ${what}`);
    await sleep(intervalMs);
  }
}
