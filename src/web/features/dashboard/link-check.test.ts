import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../testing/render';
import { checkLink } from './link-check';
import { stubFetch } from '../../testing/fetch-stub';

const link = { alias: 'promo', shortUrl: 'http://localhost/promo', url: 'https://a.example/', createdAt: '2025-11-01T00:00:00Z', manageToken: 'segredo' };
const view = { ...link, totalClicks: 2, daily: [] };
const fetchMock = stubFetch();

afterEach(() => {
  vi.useRealTimers();
});

function rateLimited(retryAfter: string): Response {
  return new Response(JSON.stringify({ error: { code: 'rate_limited', message: 'Muitas tentativas em pouco tempo.' } }), {
    status: 429,
    headers: { 'content-type': 'application/json', 'retry-after': retryAfter },
  });
}

describe('checkLink', () => {
  it('maps the answers: 200 ok, 404 removed, 401/403 forbidden, others error with the message', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(view));
    expect(await checkLink(link)).toEqual({ status: 'ok', view, at: expect.any(Number) });
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: { code: 'link_not_found', message: 'x' } }, 404));
    expect(await checkLink(link)).toEqual({ status: 'removed' });
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: { code: 'forbidden', message: 'x' } }, 403));
    expect(await checkLink(link)).toEqual({ status: 'forbidden' });
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: { code: 'unauthorized', message: 'x' } }, 401));
    expect(await checkLink(link)).toEqual({ status: 'forbidden' });
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: { code: 'internal', message: 'Tente mais tarde.' } }, 500));
    expect(await checkLink(link)).toEqual({ status: 'error', message: 'Tente mais tarde.' });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await checkLink(link)).toEqual({ status: 'error', message: 'Não foi possível carregar os dados deste link.' });
  });

  it("a bare 404 page (a proxy's, a server mid-deploy) is an error, not a deleted link: the link and its token stay", async () => {
    fetchMock.mockResolvedValueOnce(new Response('<h1>404 Not Found</h1>', { status: 404, headers: { 'content-type': 'text/html' } }));
    expect(await checkLink(link)).toEqual({ status: 'error', message: 'Não foi possível carregar os dados deste link.' });
    // Another API error with a 404 is not the link's absence either.
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: { code: 'not_found', message: 'Rota não encontrada.' } }, 404));
    expect(await checkLink(link)).toEqual({ status: 'error', message: 'Rota não encontrada.' });
  });

  it('waits Retry-After on 429 and tries again, twice at most', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValueOnce(rateLimited('3')).mockResolvedValueOnce(jsonResponse(view));
    const result = checkLink(link);
    await vi.advanceTimersByTimeAsync(2900);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(await result).toEqual({ status: 'ok', view, at: expect.any(Number) });

    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => rateLimited('1'));
    const gaveUp = checkLink(link);
    await vi.advanceTimersByTimeAsync(5000);
    expect(await gaveUp).toEqual({ status: 'error', message: 'Muitas tentativas em pouco tempo.' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
