// An HTTP GET that an anonymous visitor's URL cannot turn against us (SSRF). Every hop is
// checked by address-policy before any socket exists: IP literals directly, host names
// through a custom `lookup` that resolves once, checks every address and hands exactly
// those addresses to net.connect, so a second, different DNS answer can never be used.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { PassThrough, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { type AddressPolicy, checkFetchableUrl, isAllowedAddress, type UrlRefusal } from './address-policy.js';

export interface SafeFetchOptions extends AddressPolicy {
  /** One deadline for the whole fetch, every redirect hop and the body included. */
  timeoutMs: number;
  /** Bytes of (decoded) body kept; reading stops there. */
  maxBytes: number;
  maxRedirects: number;
  userAgent: string;
  /**
   * Resolver used for host names (default: dns.lookup with all: true). Tests inject one to
   * prove it is called once per hop; the addresses it returns are still checked.
   */
  resolveHost?: (hostname: string) => Promise<dns.LookupAddress[]>;
}

export interface FetchedPage {
  /** URL of the page finally read, after redirects: relative links resolve against it. */
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
  /** True when the body was cut at maxBytes. */
  truncated: boolean;
  /** Bytes taken off the wire for the final response (compressed, when compressed). */
  bytesReceived: number;
  redirects: number;
}

export type FetchFailure =
  | UrlRefusal
  | 'dns_failed'
  | 'too_many_redirects'
  | 'bad_redirect'
  | 'http_status'
  | 'not_html'
  | 'timeout'
  /** The body could not be decoded (a damaged compressed stream): this page, not its host. */
  | 'bad_body'
  | 'network';

export class SafeFetchError extends Error {
  override readonly name = 'SafeFetchError';
  constructor(
    readonly reason: FetchFailure,
    message: string,
  ) {
    super(message);
  }
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const MAX_HEADER_BYTES = 16 * 1024;

const systemResolve = (hostname: string): Promise<dns.LookupAddress[]> =>
  dns.promises.lookup(hostname, { all: true, order: 'verbatim' });

export async function safeFetch(rawUrl: string, options: SafeFetchOptions, signal?: AbortSignal): Promise<FetchedPage> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new SafeFetchError('timeout', `no answer within ${options.timeoutMs} ms`)), options.timeoutMs);
  const onOuterAbort = () => controller.abort(new SafeFetchError('timeout', 'fetch cancelled'));
  signal?.addEventListener('abort', onOuterAbort, { once: true });
  if (signal?.aborted === true) onOuterAbort();
  try {
    let current = rawUrl;
    for (let redirects = 0; ; redirects += 1) {
      const check = checkFetchableUrl(current, options);
      if (!check.ok) throw new SafeFetchError(check.reason, check.detail);
      const hop = await requestOnce(check.url, options, controller.signal);
      if (hop.kind === 'page') return { ...hop.page, redirects };
      if (redirects >= options.maxRedirects) {
        throw new SafeFetchError('too_many_redirects', `more than ${options.maxRedirects} redirects`);
      }
      try {
        current = new URL(hop.location, check.url).href;
      } catch {
        throw new SafeFetchError('bad_redirect', 'redirect to an invalid location');
      }
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onOuterAbort);
  }
}

type Hop = { kind: 'redirect'; location: string } | { kind: 'page'; page: Omit<FetchedPage, 'redirects'> };

/** Resolves once, refuses if ANY address is not allowed, and connects only to those addresses. */
function checkedLookup(options: SafeFetchOptions): LookupFunction {
  const resolve = options.resolveHost ?? systemResolve;
  return (hostname, lookupOptions, callback) => {
    resolve(hostname)
      .then((addresses) => {
        if (addresses.length === 0) throw new SafeFetchError('dns_failed', `${hostname} has no address`);
        const refused = addresses.find((entry) => !isAllowedAddress(entry.address, options));
        if (refused !== undefined) {
          throw new SafeFetchError('forbidden_address', `${hostname} resolves to ${refused.address}, which is not public`);
        }
        const family = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : 0;
        const usable = family === 0 ? addresses : addresses.filter((entry) => entry.family === family);
        const first = usable[0];
        if (first === undefined) throw new SafeFetchError('dns_failed', `${hostname} has no IPv${family} address`);
        // Node 20's happy-eyeballs connect asks for all addresses; older paths ask for one.
        if (lookupOptions.all === true) callback(null, usable);
        else callback(null, first.address, first.family);
      })
      .catch((error: unknown) => {
        const failure =
          error instanceof SafeFetchError ? error : new SafeFetchError('dns_failed', `${hostname} could not be resolved`);
        callback(failure, '', 0);
      });
  };
}

function requestOnce(url: URL, options: SafeFetchOptions, signal: AbortSignal): Promise<Hop> {
  return new Promise<Hop>((resolve, reject) => {
    if (signal.aborted) {
      reject(asFetchError(signal.reason, signal));
      return;
    }
    const transport = url.protocol === 'https:' ? https : http;
    const request = transport.request(url, {
      method: 'GET',
      // A fresh connection per request: no pooled socket to some other host is ever reused.
      agent: false,
      lookup: checkedLookup(options),
      maxHeaderSize: MAX_HEADER_BYTES,
      headers: {
        'user-agent': options.userAgent,
        accept: 'text/html',
        'accept-encoding': 'gzip, deflate, br',
        'accept-language': 'pt-BR,pt;q=0.9,en;q=0.5',
      },
    });
    const fail = (error: unknown) => {
      request.destroy();
      reject(asFetchError(error, signal));
    };
    const onAbort = () => fail(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal.removeEventListener('abort', onAbort);

    request.on('error', (error) => {
      settle();
      fail(error);
    });
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      if (REDIRECT_STATUSES.has(status)) {
        const location = response.headers.location;
        settle();
        request.destroy();
        if (location === undefined || location === '') reject(new SafeFetchError('bad_redirect', `${status} without a location`));
        else resolve({ kind: 'redirect', location });
        return;
      }
      if (status < 200 || status > 299) {
        settle();
        fail(new SafeFetchError('http_status', `status ${status}`));
        return;
      }
      const contentType = response.headers['content-type'] ?? '';
      if (!isHtml(contentType)) {
        settle();
        fail(new SafeFetchError('not_html', `content type ${contentType === '' ? '(none)' : contentType.slice(0, 80)}`));
        return;
      }
      // From here the body's reader answers the deadline itself: it keeps what already arrived.
      settle();
      readCapped(response, options.maxBytes, signal)
        .then((read) => {
          request.destroy();
          resolve({ kind: 'page', page: { url: url.href, status, contentType, ...read } });
        })
        .catch((error: unknown) => fail(error));
    });
    request.end();
  });
}

function isHtml(contentType: string): boolean {
  return contentType.split(';')[0]?.trim().toLowerCase() === 'text/html';
}

/**
 * Reads at most maxBytes of decoded body, then stops: the rest is never read. When the body
 * breaks off (a damaged stream, a dropped connection, the deadline), what arrived is kept: the
 * <head> is usually all there (a page that sent it at once and then trickled the rest for
 * seconds lost it to the deadline before).
 */
function readCapped(
  response: http.IncomingMessage,
  maxBytes: number,
  signal: AbortSignal,
): Promise<{ body: Buffer; truncated: boolean; bytesReceived: number }> {
  return new Promise((resolve, reject) => {
    let bytesReceived = 0;
    response.on('data', (chunk: Buffer) => {
      bytesReceived += chunk.length;
    });
    const encoding = String(response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
    let body: Readable;
    if (encoding === 'identity' || encoding === '') body = response;
    else if (encoding === 'gzip' || encoding === 'x-gzip') body = response.pipe(zlib.createGunzip());
    else if (encoding === 'deflate') body = inflateEither(response);
    else if (encoding === 'br') body = response.pipe(zlib.createBrotliDecompress());
    else {
      reject(new SafeFetchError('not_html', `unsupported content encoding ${encoding.slice(0, 40)}`));
      return;
    }
    const chunks: Buffer[] = [];
    let kept = 0;
    let done = false;
    const onAbort = () => stopEarly(signal.reason instanceof SafeFetchError ? signal.reason : new SafeFetchError('timeout', 'aborted'));
    const end = () => {
      done = true;
      signal.removeEventListener('abort', onAbort);
      if (body !== response) body.destroy();
      response.destroy();
    };
    const finish = (truncated: boolean) => {
      if (done) return;
      end();
      resolve({ body: Buffer.concat(chunks, kept), truncated, bytesReceived });
    };
    body.on('data', (chunk: Buffer) => {
      if (done) return;
      const room = maxBytes - kept;
      if (chunk.length >= room) {
        chunks.push(chunk.subarray(0, room));
        kept += room;
        // Stopping here means the rest is unknown: call it truncated even if it was exact.
        finish(true);
        return;
      }
      chunks.push(chunk);
      kept += chunk.length;
    });
    body.on('end', () => finish(false));
    // A damaged compressed stream or a dropped connection may still have given us a usable
    // <head>: keep what arrived.
    const stopEarly = (failure: SafeFetchError) => {
      if (done) return;
      end();
      if (kept > 0) resolve({ body: Buffer.concat(chunks, kept), truncated: true, bytesReceived });
      else reject(failure);
    };
    // A decoder's error is about this page's bytes; the connection's is about the host.
    if (body !== response) body.on('error', (error) => stopEarly(new SafeFetchError('bad_body', `body could not be decoded: ${error.message.slice(0, 120)}`)));
    response.on('error', (error) => stopEarly(new SafeFetchError('network', `body could not be read: ${error.message.slice(0, 120)}`)));
    response.on('aborted', () => stopEarly(new SafeFetchError('network', 'connection closed before the body')));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * 'deflate' as browsers read it: zlib-wrapped (RFC 1950, what the name means) or raw (RFC 1951,
 * which some servers send under that name), told apart by the first two bytes: a zlib header
 * names method 8 and is a multiple of 31. Node's inflate refuses the raw kind outright.
 */
function inflateEither(response: http.IncomingMessage): Readable {
  const out = new PassThrough();
  const onEmptyEnd = () => out.end();
  response.once('end', onEmptyEnd);
  response.once('data', (first: Buffer) => {
    response.off('end', onEmptyEnd);
    const b0 = first[0] ?? 0;
    const b1 = first[1];
    const wrapped = (b0 & 0x0f) === 8 && (b1 === undefined || ((b0 << 8) | b1) % 31 === 0);
    const inflate = wrapped ? zlib.createInflate() : zlib.createInflateRaw();
    inflate.on('error', (error) => out.destroy(error));
    inflate.pipe(out);
    inflate.write(first);
    response.pipe(inflate);
  });
  return out;
}

function asFetchError(error: unknown, signal: AbortSignal): SafeFetchError {
  if (error instanceof SafeFetchError) return error;
  if (signal.aborted) return signal.reason instanceof SafeFetchError ? signal.reason : new SafeFetchError('timeout', 'aborted');
  // The lookup's own refusal arrives wrapped by net only in some paths; keep its reason.
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (cause instanceof SafeFetchError) return cause;
  const message = error instanceof Error ? error.message : String(error);
  return new SafeFetchError('network', message.slice(0, 200));
}
