import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../testing/fetch-stub';
import { renderWithApp } from '../testing/render';
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
