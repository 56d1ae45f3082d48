import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LinkOwnerView } from '../../shared/api';
import { forgetAllViews } from '../features/dashboard/link-view-memory';
import { MY_LINKS_KEY, type StoredLink } from '../lib/my-links';
import { stubFetch } from '../testing/fetch-stub';
import { jsonResponse, renderWithApp } from '../testing/render';
import { DashboardPage } from './dashboard-page';
import { LinkStatsPage } from './link-stats-page';

const fetchMock = stubFetch();

beforeEach(() => {
  fetchMock.mockReturnValue(new Promise<Response>(() => {}));
});

const renderAt = (path: string, status: 200 | 404 = 200) => renderWithApp(<LinkStatsPage />, { path, route: '/dashboard/:alias', context: { status } });

describe('LinkStatsPage', () => {
  it('heads the page with the short link and names it in the title', () => {
    renderAt('/dashboard/promo-verao');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('localhost:3000/promo-verao');
    expect(screen.getByText('Estatísticas do link')).toBeInTheDocument();
    expect(document.title).toBe('Estatísticas de promo-verao | Encurta.br');
  });

  it('promises in its intro only what the site counts: no hours, sources or places with INSIGHTS=false', () => {
    const first = renderAt('/dashboard/promo-verao');
    expect(screen.getByText(/^Cliques por dia e por hora, de onde vieram/)).toBeInTheDocument();
    first.unmount();
    renderWithApp(<LinkStatsPage />, { path: '/dashboard/promo-verao', route: '/dashboard/:alias', context: { status: 200 }, site: { clickInsights: false } });
    expect(screen.getByText('Cliques por dia deste link. Só este navegador, que guarda o código do link, vê estes números.')).toBeInTheDocument();
    expect(screen.queryByText(/de onde vieram/)).not.toBeInTheDocument();
  });

  it('reads an upper-case alias as the link it names (aliases are lower case)', () => {
    renderAt('/dashboard/Promo');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('localhost:3000/promo');
  });

  it.each(['/dashboard/ab', '/dashboard/com%20espa%C3%A7o', `/dashboard/${'a'.repeat(65)}`, '/dashboard/%22%3E%3Cb%3E'])('%s cannot name a link: the 404 view', (path) => {
    renderAt(path);
    expect(screen.getByRole('heading', { level: 1, name: 'Oops!' })).toBeInTheDocument();
    expect(document.title).toBe('Link não encontrado | Encurta.br');
  });

  it("keeps the server's 404 view when the server answered 404 for this address", () => {
    renderAt('/dashboard/promo', 404);
    expect(screen.getByRole('heading', { level: 1, name: 'Oops!' })).toBeInTheDocument();
  });
});

describe('LinkStatsPage and Meus links', () => {
  const link: StoredLink = {
    alias: 'promo',
    shortUrl: 'http://localhost:3000/promo',
    url: 'https://loja.exemplo.com.br/black-friday',
    createdAt: '2025-11-01T12:00:00.000Z',
    manageToken: 'token-promo',
  };
  const view: LinkOwnerView = {
    alias: link.alias,
    shortUrl: link.shortUrl,
    url: link.url,
    createdAt: link.createdAt,
    totalClicks: 3,
    daily: Array.from({ length: 30 }, (_, index) => ({ day: `2025-11-${String(index + 1).padStart(2, '0')}`, clicks: index === 29 ? 3 : 0 })),
    disabled: false,
    expiresAt: null,
    maxClicks: null,
    clicksLeft: null,
    protected: false,
    iosUrl: null,
    androidUrl: null,
  };

  beforeEach(() => {
    // A new tab: no views kept from another test.
    forgetAllViews();
  });

  it('a link its statistics found deleted shows as "Removido" back on Meus links at once, not as it was seen before', async () => {
    let deleted = false;
    fetchMock.mockImplementation(async (input) => {
      if (deleted) return jsonResponse({ error: { code: 'link_not_found', message: 'Link não encontrado ou expirado.' } }, 404);
      if (String(input) === '/api/links/promo') return jsonResponse(view);
      return new Promise<Response>(() => {});
    });
    window.localStorage.setItem(MY_LINKS_KEY, JSON.stringify([link]));
    const user = userEvent.setup();
    renderWithApp(
      <Routes>
        <Route path="/dashboard" element={<DashboardPage />} />
        <Route path="/dashboard/:alias" element={<LinkStatsPage />} />
      </Routes>,
      { path: '/dashboard' },
    );
    const card = () => screen.getByRole('article', { name: /localhost:3000\/promo/ });
    expect(await within(card()).findByTestId('total-clicks')).toHaveTextContent('3');

    // Deleted elsewhere (another browser with the exported list): the statistics are the first to know.
    deleted = true;
    await user.click(within(card()).getByRole('link', { name: 'Ver estatísticas' }));
    expect(await screen.findByRole('heading', { name: 'Este link foi excluído' })).toBeInTheDocument();

    const asked = fetchMock.mock.calls.length;
    await user.click(screen.getAllByRole('link', { name: 'Meus links' })[0] as HTMLElement);
    expect(within(card()).getByText('Removido')).toBeInTheDocument();
    expect(within(card()).queryByTestId('total-clicks')).not.toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'Tirar da lista' })).toBeInTheDocument();
    // Told by the statistics, not asked again.
    expect(fetchMock.mock.calls.length).toBe(asked);
  });
});
