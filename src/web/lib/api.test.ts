import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreateLinkResponse } from '../../shared/api';
import { ApiError, createLink } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The fetch the page sees: each call answered by the next of `answers` (a Response, or a thrown network failure). */
function stubFetch(answers: ((init: RequestInit) => Promise<Response>)[]): string[] {
  const keys: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((_input: string, init: RequestInit) => {
      keys.push(new Headers(init.headers).get('idempotency-key') ?? '');
      const next = answers.shift();
      if (next === undefined) throw new Error('unexpected call');
      return next(init);
    }),
  );
  return keys;
}

const lost = () => Promise.reject(new TypeError('Failed to fetch'));
const created = (alias: string) => () => Promise.resolve(Response.json({ alias, manageToken: 't' } satisfies Partial<CreateLinkResponse>, { status: 201 }));
/** A request the network lost without a word: it ends only when its signal aborts it. */
const silent = (init: RequestInit) =>
  new Promise<Response>((_resolve, reject) => {
    init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
  });
const refused = () => Promise.resolve(Response.json({ error: { code: 'internal', message: 'Falhou.' } }, { status: 502 }));

describe('createLink and its Idempotency-Key', () => {
  it('sends the same key again for the same creation until it is answered with its link, then a new one', async () => {
    const keys = stubFetch([lost, refused, created('a'), created('a')]);
    const link = { url: 'https://example.com/a', alias: 'a' };
    await expect(createLink(link)).rejects.toEqual(new ApiError(0));
    await expect(createLink(link)).rejects.toMatchObject({ status: 502 });
    expect((await createLink(link)).alias).toBe('a');
    await createLink(link);
    expect(keys[0]).toMatch(/^\d{22,}$/);
    expect(keys.slice(0, 3)).toEqual([keys[0], keys[0], keys[0]]);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it('other content after a lost answer is another creation, with a key of its own', async () => {
    const keys = stubFetch([lost, created('b')]);
    await expect(createLink({ url: 'https://example.com/b', alias: 'b' })).rejects.toBeInstanceOf(ApiError);
    await createLink({ url: 'https://example.com/b', alias: 'b2' });
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('an answer cut short (a 201 whose body never fully came) keeps the key for the retry', async () => {
    const keys = stubFetch([() => Promise.resolve(new Response('{"alias":"c","manag', { status: 201 })), created('c')]);
    const link = { url: 'https://example.com/c' };
    await expect(createLink(link)).rejects.toBeInstanceOf(SyntaxError);
    await createLink(link);
    expect(keys[1]).toBe(keys[0]);
  });

  it('gives up on a creation unanswered for 30 s, as on a lost connection, and keeps its key for the retry', async () => {
    vi.useFakeTimers();
    const keys = stubFetch([silent, created('d')]);
    const link = { url: 'https://example.com/d', alias: 'd' };
    const pending = createLink(link);
    const outcome = pending.then(
      () => 'answered',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(29_999);
    expect(await Promise.race([outcome, Promise.resolve('waiting')])).toBe('waiting');
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toEqual(new ApiError(0));
    expect((await createLink(link)).alias).toBe('d');
    expect(keys[1]).toBe(keys[0]);
  });
});
