import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StatsResponse } from '../../../shared/api';
import { jsonResponse, renderWithApp, toastRegion } from '../../testing/render';
import { StatsSection } from './stats-section';
import { stubFetch } from '../../testing/fetch-stub';

const fetchMock = stubFetch();

const stats: StatsResponse = {
  links_today: 3,
  clicks_today: 1234,
  links_last_7_days: 42,
  clicks_last_7_days: 98765,
  links_last_30_days: 1500,
  clicks_last_30_days: 1234567,
};

function figures(period: string): { links: string | null; clicks: string | null } {
  const card = screen.getByRole('group', { name: period });
  const values = within(card).getAllByRole('definition');
  return { links: values[0]?.textContent ?? null, clicks: values[1]?.textContent ?? null };
}

describe('StatsSection', () => {
  it('shows placeholders while loading, then pt-BR formatted figures for the three periods', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    renderWithApp(<StatsSection />);

    expect(fetchMock).toHaveBeenCalledWith('/api/stats', expect.anything());
    expect(screen.getAllByTestId('stat-placeholder')).toHaveLength(6);
    for (const period of ['Hoje', 'Últimos 7 dias', 'Últimos 30 dias']) {
      const card = screen.getByRole('group', { name: period });
      expect(within(card).getByText('Links criados')).toBeInTheDocument();
      expect(within(card).getByText('Cliques totais')).toBeInTheDocument();
    }

    await act(async () => answer(jsonResponse(stats)));

    expect(screen.queryAllByTestId('stat-placeholder')).toHaveLength(0);
    expect(figures('Hoje')).toEqual({ links: '3', clicks: '1.234' });
    expect(figures('Últimos 7 dias')).toEqual({ links: '42', clicks: '98.765' });
    expect(figures('Últimos 30 dias')).toEqual({ links: '1.500', clicks: '1.234.567' });
  });

  it('shows the error toast and zeros when the request fails', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ error: { code: 'internal', message: 'x' } }, 500));
    renderWithApp(<StatsSection />);
    const toast = toastRegion();
    expect(await within(toast).findByText('Erro ao buscar estatísticas')).toBeInTheDocument();
    expect(within(toast).getByText('Não foi possível carregar os dados. Tente novamente mais tarde.')).toBeInTheDocument();
    expect(screen.queryAllByTestId('stat-placeholder')).toHaveLength(0);
    for (const period of ['Hoje', 'Últimos 7 dias', 'Últimos 30 dias']) {
      expect(figures(period)).toEqual({ links: '0', clicks: '0' });
    }
  });

  it('treats a network failure the same way', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderWithApp(<StatsSection />);
    expect(await within(toastRegion()).findByText('Erro ao buscar estatísticas')).toBeInTheDocument();
    expect(figures('Hoje')).toEqual({ links: '0', clicks: '0' });
  });

  it('reads missing fields as 0', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ links_today: 7 }));
    renderWithApp(<StatsSection />);
    await screen.findByText('7');
    expect(figures('Hoje')).toEqual({ links: '7', clicks: '0' });
    expect(figures('Últimos 30 dias')).toEqual({ links: '0', clicks: '0' });
  });
});
