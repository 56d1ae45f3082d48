import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { LinkInsights as Insights } from '../../../shared/api';
import { MY_LINKS_KEY, type StoredLink } from '../../lib/my-links';
import { stubFetch } from '../../testing/fetch-stub';
import type { SiteConfig } from '../../../shared/api';
import { jsonResponse, renderWithApp, toastRegion } from '../../testing/render';
import { LinkInsights } from './link-insights';

const ORIGIN = 'http://localhost:3000';
const LINK: StoredLink = {
  alias: 'promo',
  shortUrl: `${ORIGIN}/promo`,
  url: 'https://loja.exemplo.com.br/black-friday?cupom=10',
  createdAt: '2025-11-01T12:00:00.000Z',
  manageToken: 'token-promo',
};

const fetchMock = stubFetch();

function days(count: number, clicksOf: (index: number) => number = () => 0): Insights['daily'] {
  // Ends on 2025-11-21, oldest first.
  const end = Date.UTC(2025, 10, 21);
  return Array.from({ length: count }, (_, index) => ({
    day: new Date(end - (count - 1 - index) * 86_400_000).toISOString().slice(0, 10),
    clicks: clicksOf(index),
  }));
}

/** A plausible answer for `range` days: 10 clicks, spread over the breakdowns. */
function insights(range: number, overrides: Partial<Insights> = {}): Insights {
  const daily = days(range, (index) => (index === range - 1 ? 6 : index === range - 2 ? 4 : 0));
  const hours = Array.from({ length: 24 }, (_, hour) => (hour === 20 ? 7 : hour === 9 ? 3 : 0));
  return {
    alias: 'promo',
    days: range,
    from: daily[0]?.day ?? '',
    to: daily[daily.length - 1]?.day ?? '',
    totalClicks: 10,
    daily,
    hours,
    sources: [
      { key: 'direct', clicks: 4 },
      { key: 'instagram', clicks: 3 },
      { key: 'whatsapp', clicks: 2 },
      { key: 'blog.exemplo.com.br', clicks: 1 },
    ],
    devices: [
      { key: 'mobile', clicks: 7 },
      { key: 'desktop', clicks: 2 },
      { key: 'tablet', clicks: 1 },
    ],
    systems: [
      { key: 'android', clicks: 5 },
      { key: 'ios', clicks: 2 },
      { key: 'windows', clicks: 2 },
      { key: 'other', clicks: 1 },
    ],
    browsers: [
      { key: 'chrome', clicks: 6 },
      { key: 'safari', clicks: 3 },
      { key: 'firefox', clicks: 1 },
    ],
    countries: [
      { key: 'BR', clicks: 8 },
      { key: 'PT', clicks: 1 },
      { key: 'unknown', clicks: 1 },
    ],
    regions: [
      { key: 'BR-SP', clicks: 5 },
      { key: 'BR-SC', clicks: 3 },
      { key: 'unknown', clicks: 2 },
    ],
    breakdowns: true,
    regionLookup: true,
    ...overrides,
  };
}

/** The request's range, or undefined when the call was not for insights. */
function requestedDays(call: Parameters<typeof fetch>): number | undefined {
  const match = /^\/api\/links\/promo\/insights\?days=(\d+)$/.exec(String(call[0]));
  return match ? Number(match[1]) : undefined;
}

function serveInsights(answer: (range: number) => Response | Promise<Response> = (range) => jsonResponse(insights(range))) {
  fetchMock.mockImplementation(async (input) => {
    const range = requestedDays([input]);
    if (range === undefined) return jsonResponse({ error: { code: 'route_not_found', message: 'Endereço não encontrado.' } }, 404);
    return answer(range);
  });
}

/** Shows the current address, so tests can see ?dias= change. */
function Address() {
  const location = useLocation();
  return <p data-testid="address">{`${location.pathname}${location.search}`}</p>;
}

function renderInsights(path = '/dashboard/promo', site: Partial<SiteConfig> = {}) {
  return renderWithApp(
    <>
      <LinkInsights alias="promo" shortUrl={`${ORIGIN}/promo`} />
      <Address />
    </>,
    { path, site },
  );
}

function store(links: StoredLink[]): void {
  window.localStorage.setItem(MY_LINKS_KEY, JSON.stringify(links));
}

const address = () => screen.getByTestId('address').textContent;
const total = () => screen.findByTestId('insights-total');
/** The rows of a table as [header cell, data cells…] texts. */
function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? ''));
}

beforeEach(() => {
  store([LINK]);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('LinkInsights: the link in this browser', () => {
  it('says so when the alias is not saved here, with a way back to Meus links, and asks nothing', () => {
    window.localStorage.clear();
    renderInsights();
    expect(screen.getByRole('heading', { name: 'Este link não está salvo neste navegador' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para Meus links' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'Meus links' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for the last 30 days by default, with the token in the Authorization header only', async () => {
    serveInsights();
    renderInsights();
    expect(await total()).toHaveTextContent('10');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/links/promo/insights?days=30');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer token-promo');
    expect(String(url)).not.toContain('token');
    expect(screen.getByText(`Destino:`).parentElement).toHaveTextContent(LINK.url);
    expect(screen.getByText('De 23/10/2025 a 21/11/2025')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '30 dias' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows a placeholder (and keeps the CSV button off) while loading', async () => {
    let answer: (response: Response) => void = () => undefined;
    serveInsights(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderInsights();
    expect(await screen.findByRole('status')).toHaveTextContent('Carregando as estatísticas');
    expect(screen.getByRole('button', { name: 'Baixar CSV' })).toBeDisabled();
    // The cards' titles are there already, so nothing moves when the figures come.
    expect(screen.getByRole('heading', { name: 'Cliques por dia' })).toBeInTheDocument();
    act(() => answer(jsonResponse(insights(30))));
    expect(await total()).toHaveTextContent('10');
    expect(screen.getByRole('button', { name: 'Baixar CSV' })).toBeEnabled();
    expect(screen.queryByText('Carregando as estatísticas')).not.toBeInTheDocument();
  });
});

describe('LinkInsights: range tabs', () => {
  it('a tab asks for its range and puts it in the address (?dias=); 30 is the plain address', async () => {
    serveInsights();
    const user = userEvent.setup();
    renderInsights();
    await total();
    expect(screen.getByRole('tablist', { name: 'Período' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Hoje', '7 dias', '30 dias', '90 dias']);

    await user.click(screen.getByRole('tab', { name: '7 dias' }));
    await waitFor(() => expect(requestedDays(fetchMock.mock.lastCall ?? [''])).toBe(7));
    expect(address()).toBe('/dashboard/promo?dias=7');
    expect(screen.getByRole('tab', { name: '7 dias' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: '30 dias' })).toHaveAttribute('aria-selected', 'false');
    await waitFor(() => expect(screen.getByText('De 15/11/2025 a 21/11/2025')).toBeInTheDocument());
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveAccessibleName('7 dias');

    await user.click(screen.getByRole('tab', { name: 'Hoje' }));
    await waitFor(() => expect(requestedDays(fetchMock.mock.lastCall ?? [''])).toBe(1));
    expect(address()).toBe('/dashboard/promo?dias=1');
    await waitFor(() => expect(screen.getByText('Hoje, 21/11/2025')).toBeInTheDocument());
    // One day: no chart of days, the hours say it.
    expect(screen.queryByRole('heading', { name: 'Cliques por dia' })).not.toBeInTheDocument();
    expect(screen.getByText('20h · 7 cliques')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: '30 dias' }));
    await waitFor(() => expect(requestedDays(fetchMock.mock.lastCall ?? [''])).toBe(30));
    expect(address()).toBe('/dashboard/promo');
  });

  it('arrows, Home and End move between tabs and choose (one tab stop)', async () => {
    serveInsights();
    const user = userEvent.setup();
    renderInsights();
    await total();
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(tab('30 dias')).toHaveAttribute('tabindex', '0');
    expect(tab('7 dias')).toHaveAttribute('tabindex', '-1');
    act(() => tab('30 dias').focus());
    await user.keyboard('{ArrowRight}');
    expect(tab('90 dias')).toHaveFocus();
    expect(tab('90 dias')).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(address()).toBe('/dashboard/promo?dias=90'));
    await user.keyboard('{ArrowRight}');
    expect(tab('Hoje')).toHaveFocus();
    await user.keyboard('{End}');
    expect(tab('90 dias')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tab('Hoje')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tab('90 dias')).toHaveFocus();
    await waitFor(() => expect(requestedDays(fetchMock.mock.lastCall ?? [''])).toBe(90));
  });

  it('a new range is announced: "Atualizando" while it loads, then its total, in the one status region of the panel', async () => {
    const pending = new Map<number, (response: Response) => void>();
    const counts: Record<number, number> = { 1: 1, 7: 9, 30: 10, 90: 1234 };
    serveInsights((range) => (range === 30 ? jsonResponse(insights(30)) : new Promise<Response>((resolve) => pending.set(range, resolve))));
    const user = userEvent.setup();
    renderInsights();
    await total();
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(/^Últimos 30 dias: 10 cliques$/);

    const choose = async (tab: string, range: number, said: string) => {
      await user.click(screen.getByRole('tab', { name: tab }));
      await waitFor(() => expect(status).toHaveTextContent(/^Atualizando$/));
      await waitFor(() => expect(pending.has(range)).toBe(true));
      act(() => pending.get(range)?.(jsonResponse(insights(range, { totalClicks: counts[range] }))));
      await waitFor(() => expect(status).toHaveTextContent(new RegExp(`^${said}$`)));
      // The same element all along: a live region swapped for another is not reliably read.
      expect(screen.getByRole('status')).toBe(status);
      expect(screen.getByRole('tabpanel')).toContainElement(status);
    };
    await choose('7 dias', 7, 'Últimos 7 dias: 9 cliques');
    await choose('Hoje', 1, 'Hoje: 1 clique');
    await choose('90 dias', 90, 'Últimos 90 dias: 1.234 cliques');
  });

  it('opens on the range of the address, and on 30 days when ?dias= is not a range', async () => {
    serveInsights();
    const { unmount } = renderInsights('/dashboard/promo?dias=90');
    await total();
    expect(screen.getByRole('tab', { name: '90 dias' })).toHaveAttribute('aria-selected', 'true');
    expect(requestedDays(fetchMock.mock.calls[0] ?? [''])).toBe(90);
    unmount();
    fetchMock.mockClear();
    renderInsights('/dashboard/promo?dias=5');
    await total();
    expect(screen.getByRole('tab', { name: '30 dias' })).toHaveAttribute('aria-selected', 'true');
    expect(requestedDays(fetchMock.mock.calls[0] ?? [''])).toBe(30);
  });
});

describe('LinkInsights: the figures and their tables', () => {
  it('names the values in pt-BR: sources, devices, systems, browsers, countries and states', async () => {
    serveInsights();
    renderInsights();
    await total();
    expect(rowsOf(within(screen.getByTestId('sources')).getByRole('table', { name: 'Origens' }))).toEqual([
      ['Direto (sem origem)', '4', '40%'],
      ['Instagram', '3', '30%'],
      ['WhatsApp', '2', '20%'],
      ['blog.exemplo.com.br', '1', '10%'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Aparelhos' })).map(([name]) => name)).toEqual(['Celular', 'Computador', 'Tablet']);
    expect(rowsOf(screen.getByRole('table', { name: 'Sistemas' })).map(([name]) => name)).toEqual(['Android', 'iOS', 'Windows', 'Outro']);
    expect(rowsOf(screen.getByRole('table', { name: 'Navegadores' })).map(([name]) => name)).toEqual(['Chrome', 'Safari', 'Firefox']);
    expect(rowsOf(screen.getByRole('table', { name: 'Países' }))).toEqual([
      ['Brasil', '8', '80%'],
      ['Portugal', '1', '10%'],
      ['Desconhecido', '1', '10%'],
    ]);
    // Shares of all 10 clicks, 2 of which have no state.
    expect(rowsOf(screen.getByRole('table', { name: 'Cliques por estado do Brasil' }))).toEqual([
      ['São Paulo', '5', '50%'],
      ['Santa Catarina', '3', '30%'],
    ]);
    expect(screen.getByRole('columnheader', { name: 'Origem' })).toBeInTheDocument();
  });

  it('the daily and hourly charts summarise themselves, and their tables hold every figure', async () => {
    serveInsights((range) => jsonResponse(insights(range)));
    const user = userEvent.setup();
    renderInsights('/dashboard/promo?dias=7');
    await total();
    expect(screen.getByRole('img', { name: /^Cliques por dia, de 15\/11 a 21\/11: 10 cliques no total; o dia com mais cliques foi 21\/11, com 6 cliques\.$/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Cliques por hora do dia, horário de Brasília: 10 cliques; a hora com mais cliques foi 20h, com 7 cliques.' })).toBeInTheDocument();

    const dailyTable = within(screen.getByTestId('daily-table'));
    await user.click(dailyTable.getByText('Ver tabela'));
    expect(rowsOf(dailyTable.getByRole('table', { name: 'Cliques por dia' }))).toEqual([
      ['15/11/2025', '0'],
      ['16/11/2025', '0'],
      ['17/11/2025', '0'],
      ['18/11/2025', '0'],
      ['19/11/2025', '0'],
      ['20/11/2025', '4'],
      ['21/11/2025', '6'],
    ]);
    const hoursTable = within(screen.getByTestId('hours-table'));
    await user.click(hoursTable.getByText('Ver tabela'));
    const hourRows = rowsOf(hoursTable.getByRole('table', { name: 'Cliques por hora do dia (horário de Brasília)' }));
    expect(hourRows).toHaveLength(24);
    expect(hourRows[0]).toEqual(['0h', '0']);
    expect(hourRows[9]).toEqual(['9h', '3']);
    expect(hourRows[20]).toEqual(['20h', '7']);
    expect(hourRows[23]).toEqual(['23h', '0']);
    // The drawing has one bar per day and per hour.
    expect(screen.getByTestId('daily-chart').querySelectorAll('rect')).toHaveLength(7);
    expect(screen.getByTestId('hours-chart').querySelectorAll('rect')).toHaveLength(24);
  });

  it("the daily chart of a link younger than the range: the days before it draw nothing (a day without clicks draws zero's stub), its table and label start at its creation, which the card says", async () => {
    serveInsights((range) => jsonResponse(insights(range)));
    const user = userEvent.setup();
    renderInsights();
    await total();
    // 30 days, 23/10–21/11; the link was created on 01/11 (São Paulo time).
    const chart = screen.getByTestId('daily-chart');
    expect(chart.querySelectorAll('rect')).toHaveLength(21);
    expect(chart).toHaveAccessibleName(/^Cliques por dia, de 01\/11 a 21\/11: 10 cliques no total/);
    expect(screen.getByText('Link criado em 01/11.')).toBeInTheDocument();
    const dailyTable = within(screen.getByTestId('daily-table'));
    await user.click(dailyTable.getByText('Ver tabela'));
    const rows = rowsOf(dailyTable.getByRole('table', { name: 'Cliques por dia' }));
    expect(rows).toHaveLength(21);
    expect(rows[0]).toEqual(['01/11/2025', '0']);
    expect(rows.at(-1)).toEqual(['21/11/2025', '6']);
    // Within 7 days it existed every day: every day drawn, nothing said of its creation.
    await user.click(screen.getByRole('tab', { name: '7 dias' }));
    await waitFor(() => expect(screen.getByTestId('daily-chart')).toHaveAccessibleName(/^Cliques por dia, de 15\/11 a 21\/11/));
    expect(screen.getByTestId('daily-chart').querySelectorAll('rect')).toHaveLength(7);
    expect(screen.queryByText('Link criado em 01/11.')).not.toBeInTheDocument();
  });

  it('a total in the hundreds of millions is shortened ("123 mi"), exact for screen readers and as its tooltip; the other figures and the tables stay exact', async () => {
    const huge = 123_456_789;
    serveInsights((range) =>
      jsonResponse(
        insights(range, {
          totalClicks: huge,
          daily: days(range, (index) => (index === range - 1 ? huge : 0)),
          hours: Array.from({ length: 24 }, (_, hour) => (hour === 20 ? huge : 0)),
          sources: [{ key: 'direct', clicks: huge }],
        }),
      ),
    );
    const user = userEvent.setup();
    renderInsights();
    const figure = await total();
    const shown = within(figure).getByText('123 mi');
    expect(shown).toHaveAttribute('aria-hidden', 'true');
    expect(shown).toHaveAttribute('title', '123.456.789');
    expect(within(figure).getByText('123.456.789')).toHaveClass('sr-only');
    expect(screen.getByRole('status')).toHaveTextContent('Últimos 30 dias: 123.456.789 cliques');
    expect(screen.getByText('21/11 · 123.456.789 cliques')).toBeInTheDocument();
    // Over the 21 days the link existed in the range (created on 01/11).
    expect(screen.getByText('5.878.894,7')).toBeInTheDocument();
    expect(rowsOf(screen.getByRole('table', { name: 'Origens' }))).toEqual([['Direto (sem origem)', '123.456.789', '100%']]);
    const dailyTable = within(screen.getByTestId('daily-table'));
    await user.click(dailyTable.getByText('Ver tabela'));
    expect(rowsOf(dailyTable.getByRole('table')).at(-1)).toEqual(['21/11/2025', '123.456.789']);
    const hoursTable = within(screen.getByTestId('hours-table'));
    await user.click(hoursTable.getByText('Ver tabela'));
    expect(rowsOf(hoursTable.getByRole('table'))[20]).toEqual(['20h', '123.456.789']);
  });

  it('names the clock of the hours: Brasília by default, the zone the operator set (STATS_TIMEZONE) otherwise', async () => {
    serveInsights((range) => jsonResponse(insights(range)));
    const user = userEvent.setup();
    renderInsights('/dashboard/promo?dias=7', { statsTimeZone: 'America/Manaus' });
    await total();
    expect(screen.getByText('Fuso horário America/Manaus.')).toBeInTheDocument();
    expect(screen.queryByText(/Brasília/)).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Cliques por hora do dia, fuso horário America\/Manaus: 10 cliques;/ })).toBeInTheDocument();
    const hoursTable = within(screen.getByTestId('hours-table'));
    await user.click(hoursTable.getByText('Ver tabela'));
    expect(hoursTable.getByRole('table', { name: 'Cliques por hora do dia (fuso horário America/Manaus)' })).toBeInTheDocument();
  });

  it("draws Brazil's states shaded by clicks (the map's label names the top ones)", async () => {
    serveInsights();
    renderInsights();
    const map = await screen.findByRole('img', { name: /^Mapa do Brasil/ });
    expect(map).toHaveAccessibleName('Mapa do Brasil com os estados coloridos pelos cliques: 8 cliques com estado identificado; mais cliques em São Paulo (5), Santa Catarina (3).');
    expect(map.querySelectorAll('path')).toHaveLength(27);
    const state = (code: string) => map.querySelector(`path[data-state="${code}"]`);
    expect(state('SP')).toHaveAttribute('data-clicks', '5');
    expect(state('SP')?.getAttribute('class')).toContain('fill-primary');
    expect(state('SC')).toHaveAttribute('data-clicks', '3');
    expect(state('AM')).toHaveAttribute('data-clicks', '0');
    expect(state('AM')?.getAttribute('class')).toContain('fill-slate-100');
    expect(state('SP')?.querySelector('title')).toHaveTextContent('São Paulo: 5 cliques');
    expect(screen.getByRole('link', { name: 'CC BY 4.0' })).toHaveAttribute('href', 'https://creativecommons.org/licenses/by/4.0/deed.pt-br');
  });

  it('averages a link younger than the range over the days it existed, and says so', async () => {
    serveInsights();
    const user = userEvent.setup();
    renderInsights();
    await total();
    // Created on 01/11, so 21 of the 30 days (23/10–21/11): 10 clicks over 21 days, not 30.
    const average = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling;
    expect(average('Média por dia desde a criação')).toHaveTextContent('0,5');
    expect(screen.queryByText('Média por dia', { selector: 'dt' })).not.toBeInTheDocument();
    // Within the last 7 days it existed every day.
    await user.click(screen.getByRole('tab', { name: '7 dias' }));
    await waitFor(() => expect(average('Média por dia')).toHaveTextContent('1,4'));
    expect(screen.queryByText('Média por dia desde a criação', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it("the states' shares are of every click, like the other tables', and the clicks with no state are said apart", async () => {
    serveInsights();
    renderInsights();
    await total();
    // 10 clicks: São Paulo 5, Santa Catarina 3, 2 with no state (the country table's Portugal and unknown).
    expect(rowsOf(screen.getByRole('table', { name: 'Cliques por estado do Brasil' }))).toEqual([
      ['São Paulo', '5', '50%'],
      ['Santa Catarina', '3', '30%'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Países' }))[0]).toEqual(['Brasil', '8', '80%']);
    expect(screen.getByTestId('states-unlocated')).toHaveTextContent('Sem estado identificado: 2 cliques, de fora do Brasil ou de endereços não localizados.');
  });

  it('every click with a state: no line about the others, and the shares add up to 100%', async () => {
    const regions = [
      { key: 'BR-SP', clicks: 5 },
      { key: 'BR-SC', clicks: 3 },
    ];
    serveInsights((range) => jsonResponse(insights(range, { totalClicks: 8, regions })));
    renderInsights();
    await total();
    // 62.5% and 37.5%: a column that adds up to 100% (rounding each gave 63% and 38%).
    expect(rowsOf(screen.getByRole('table', { name: 'Cliques por estado do Brasil' }))).toEqual([
      ['São Paulo', '5', '62%'],
      ['Santa Catarina', '3', '38%'],
    ]);
    expect(screen.queryByTestId('states-unlocated')).not.toBeInTheDocument();
  });

  it('without states: says whether none was identified or the site does not look them up', async () => {
    const unknownOnly = [{ key: 'unknown', clicks: 10 }];
    serveInsights((range) => jsonResponse(insights(range, { regions: unknownOnly, regionLookup: true })));
    const first = renderInsights();
    await total();
    const states = () => within(screen.getByTestId('states'));
    expect(states().getByText('Nenhum clique com estado identificado neste período.')).toBeInTheDocument();
    expect(states().queryByRole('img')).not.toBeInTheDocument();
    first.unmount();

    serveInsights((range) => jsonResponse(insights(range, { regions: unknownOnly, regionLookup: false })));
    renderInsights();
    await total();
    expect(states().getByText('Este site não identifica o estado de quem clica, apenas o país.')).toBeInTheDocument();
    expect(states().queryByText('Nenhum clique com estado identificado neste período.')).not.toBeInTheDocument();
    // The countries are still there beside it.
    expect(screen.getByRole('table', { name: 'Países' })).toBeInTheDocument();
  });

  it('shows six values of a breakdown, and the rest on demand', async () => {
    const sources = ['direct', 'instagram', 'whatsapp', 'google', 'email', 'x', 'facebook', 'other'].map((key, index) => ({ key, clicks: 20 - index }));
    serveInsights((range) => jsonResponse(insights(range, { sources })));
    const user = userEvent.setup();
    renderInsights();
    await total();
    const table = screen.getByRole('table', { name: 'Origens' });
    expect(rowsOf(table).map(([name]) => name)).toEqual(['Direto (sem origem)', 'Instagram', 'WhatsApp', 'Google', 'E-mail', 'X (Twitter)']);
    const more = screen.getByRole('button', { name: 'Mostrar todos (8)' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(rowsOf(table).map(([name]) => name).slice(-2)).toEqual(['Facebook', 'Outros']);
    expect(screen.getByRole('button', { name: 'Mostrar menos' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('says what "Outros" holds under the sources that have it, and nothing under those that do not', async () => {
    const sources = [
      { key: 'other', clicks: 33 },
      { key: 'fonte10', clicks: 1 },
    ];
    serveInsights((range) => jsonResponse(insights(range, { sources })));
    const first = renderInsights();
    await total();
    expect(within(screen.getByTestId('sources')).getByText('Outros: em um mesmo dia, até 49 origens aparecem pelo nome; os cliques das demais são somados aqui.')).toBeInTheDocument();
    // The systems' "Outro" is a system not recognised, not a bound: no note there.
    expect(within(screen.getByTestId('systems')).queryByText(/^Outros:/)).not.toBeInTheDocument();
    first.unmount();

    serveInsights();
    renderInsights();
    await total();
    expect(within(screen.getByTestId('sources')).queryByText(/^Outros:/)).not.toBeInTheDocument();
  });

  it('with no clicks in the range: says so, and draws nothing', async () => {
    serveInsights((range) =>
      jsonResponse(
        insights(range, { totalClicks: 0, daily: days(range), hours: Array.from({ length: 24 }, () => 0), sources: [], devices: [], systems: [], browsers: [], countries: [], regions: [] }),
      ),
    );
    renderInsights('/dashboard/promo?dias=7');
    expect(await total()).toHaveTextContent('0');
    expect(screen.getByRole('heading', { name: 'Nenhum clique nos últimos 7 dias' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Cliques por dia' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    // The WhatsApp tip still helps the first clicks count right.
    expect(screen.getByRole('button', { name: 'Copiar para WhatsApp' })).toBeInTheDocument();
  });

  it('when the site collects no breakdowns: says so, shows the total and the days only', async () => {
    serveInsights((range) =>
      jsonResponse(insights(range, { breakdowns: false, hours: Array.from({ length: 24 }, () => 0), sources: [], devices: [], systems: [], browsers: [], countries: [], regions: [] })),
    );
    renderInsights();
    expect(await total()).toHaveTextContent('10');
    expect(screen.getByText('Detalhes dos cliques desativados')).toBeInTheDocument();
    expect(screen.getByText(/Este site não coleta detalhes dos cliques/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Cliques por dia' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Cliques por hora do dia' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Origens' })).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Mapa do Brasil/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copiar para WhatsApp' })).not.toBeInTheDocument();
  });

  it('when the site collects no breakdowns: the placeholder is of the days only, and "Hoje" has no best hour to show', async () => {
    const noBreakdowns = (range: number) =>
      insights(range, { breakdowns: false, hours: Array.from({ length: 24 }, () => 0), sources: [], devices: [], systems: [], browsers: [], countries: [], regions: [] });
    let answer: (response: Response) => void = () => undefined;
    serveInsights(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderInsights('/dashboard/promo?dias=1', { clickInsights: false });
    expect(await screen.findByRole('status')).toHaveTextContent('Carregando as estatísticas');
    // What the figures will be drawn as, not the cards of breakdowns that will not come.
    expect(screen.getByText('Detalhes dos cliques desativados')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Cliques por hora do dia' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Origens' })).not.toBeInTheDocument();
    expect(screen.queryByText('Compartilha no WhatsApp?')).not.toBeInTheDocument();
    expect(screen.queryByText('Melhor hora')).not.toBeInTheDocument();
    act(() => answer(jsonResponse(noBreakdowns(1))));
    expect(await total()).toHaveTextContent('10');
    // No hours are counted: not "Melhor hora —", as if none had clicks.
    expect(screen.queryByText('Melhor hora')).not.toBeInTheDocument();
    expect(screen.queryByText('—')).not.toBeInTheDocument();
  });
});

describe('LinkInsights: downloads and copies', () => {
  it('downloads the range as CSV: BOM, categoria,chave,nome,cliques, the breakdowns, the hours and the days', async () => {
    serveInsights();
    const saved: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        saved.push(blob);
        return 'blob:teste';
      },
      revokeObjectURL: () => undefined,
    });
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const user = userEvent.setup();
    renderInsights('/dashboard/promo?dias=7');
    await total();
    await user.click(screen.getByRole('button', { name: 'Baixar CSV' }));
    expect(names).toEqual(['estatisticas-promo-7-dias-2025-11-21.csv']);
    expect(saved[0]?.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(saved[0] as Blob);
    }));
    // UTF-8 with its byte order mark, so Excel (pt-BR) reads accents right.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split('\r\n');
    expect(lines[0]).toBe('categoria;chave;nome;cliques');
    expect(lines).toContain('Origens;direct;Direto (sem origem);4');
    expect(lines).toContain('Origens;blog.exemplo.com.br;blog.exemplo.com.br;1');
    expect(lines).toContain('Aparelhos;mobile;Celular;7');
    expect(lines).toContain('Sistemas;ios;iOS;2');
    expect(lines).toContain('Navegadores;chrome;Chrome;6');
    expect(lines).toContain('Países;BR;Brasil;8');
    expect(lines).toContain('Estados;BR-SC;Santa Catarina;3');
    expect(lines).toContain('Horas;20;20h;7');
    expect(lines.filter((line) => line.startsWith('Horas;'))).toHaveLength(24);
    expect(lines.filter((line) => line.startsWith('Dias;'))).toEqual([
      'Dias;2025-11-15;15/11/2025;0',
      'Dias;2025-11-16;16/11/2025;0',
      'Dias;2025-11-17;17/11/2025;0',
      'Dias;2025-11-18;18/11/2025;0',
      'Dias;2025-11-19;19/11/2025;0',
      'Dias;2025-11-20;20/11/2025;4',
      'Dias;2025-11-21;21/11/2025;6',
    ]);
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(1 + 4 + 3 + 4 + 3 + 3 + 3 + 24 + 7 + 1);
    expect(within(toastRegion()).getByText('Arquivo baixado')).toBeInTheDocument();
  });

  it("'Copiar para WhatsApp' copies the short link with utm_source=whatsapp and says so", async () => {
    serveInsights();
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderInsights();
    await total();
    expect(screen.getByText(/O WhatsApp não informa de onde veio o clique/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copiar para WhatsApp' }));
    expect(writeText).toHaveBeenCalledWith(`${ORIGIN}/promo?utm_source=whatsapp`);
    await waitFor(() => expect(within(toastRegion()).getByText('Copiado!')).toBeInTheDocument());
  });
});

describe('LinkInsights: errors', () => {
  const apiError = (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify({ error: { code, message } }), { status, headers: { 'content-type': 'application/json', ...headers } });

  it('404: the link was deleted; it can be taken off the list', async () => {
    serveInsights(() => apiError(404, 'link_not_found', 'Link não encontrado ou expirado.'));
    const user = userEvent.setup();
    renderInsights();
    expect(await screen.findByRole('heading', { name: 'Este link foi excluído' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Ele não funciona mais');
    await user.click(screen.getByRole('button', { name: 'Tirar da lista' }));
    expect(JSON.parse(window.localStorage.getItem(MY_LINKS_KEY) ?? '[]')).toEqual([]);
    await waitFor(() => expect(address()).toBe('/dashboard'));
    expect(within(toastRegion()).getByText('Retirado da lista')).toBeInTheDocument();
  });

  it.each([
    [404, 'link_not_found', 'removed'],
    [403, 'forbidden', 'forbidden'],
  ] as const)('%i %s: tells the page (for "Meus links", which keeps what it last saw of the link)', async (status, code, told) => {
    serveInsights(() => apiError(status, code, 'Não.'));
    const onUnavailable = vi.fn();
    renderWithApp(<LinkInsights alias="promo" shortUrl={`${ORIGIN}/promo`} onUnavailable={onUnavailable} />, { path: '/dashboard/promo' });
    await screen.findByRole('alert');
    expect(onUnavailable).toHaveBeenCalledWith(LINK, told);
  });

  it("tells the page nothing of an answer that is no verdict: a bare 404 page (a proxy's), a server error", async () => {
    let calls = 0;
    serveInsights(() => {
      calls += 1;
      return calls === 1 ? apiError(404, 'route_not_found', 'Endereço não encontrado.') : apiError(503, 'unavailable', 'Indisponível.');
    });
    const onUnavailable = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<LinkInsights alias="promo" shortUrl={`${ORIGIN}/promo`} onUnavailable={onUnavailable} />, { path: '/dashboard/promo' });
    expect(await screen.findByRole('heading', { name: 'Não foi possível carregar as estatísticas' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Indisponível.'));
    expect(onUnavailable).not.toHaveBeenCalled();
  });

  it('403: the stored code no longer opens the link', async () => {
    serveInsights(() => apiError(403, 'forbidden', 'O código de gerenciamento não confere com este link.'));
    renderInsights();
    expect(await screen.findByRole('heading', { name: 'Sem acesso a este link' })).toBeInTheDocument();
    expect(screen.getByText(/O código guardado neste navegador não vale mais/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tirar da lista' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Baixar CSV' })).toBeDisabled();
  });

  it('429: waits the Retry-After the server gave, then asks again by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    serveInsights((range) => {
      calls += 1;
      return calls === 1 ? apiError(429, 'rate_limited', 'Muitas tentativas.', { 'retry-after': '3' }) : jsonResponse(insights(range));
    });
    renderInsights();
    expect(await screen.findByRole('heading', { name: 'Muitas consultas em pouco tempo' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Tentaremos de novo em 3 segundos.');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_100);
    });
    expect(screen.getByRole('alert')).toHaveTextContent(/Tentaremos de novo em 2 segundos\./);
    expect(calls).toBe(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    expect(await total()).toHaveTextContent('10');
    expect(calls).toBe(2);
  });

  it('no connection: says so, and "Tentar de novo" asks again', async () => {
    let calls = 0;
    fetchMock.mockImplementation(async (input) => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return jsonResponse(insights(requestedDays([input]) ?? 30));
    });
    const user = userEvent.setup();
    renderInsights();
    expect(await screen.findByRole('heading', { name: 'Sem conexão com o site' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await total()).toHaveTextContent('10');
    // The button went with the problem: the focus is on the panel it filled, not lost to the page.
    expect(screen.getByRole('tabpanel')).toHaveFocus();
  });

  it("a server error shows the server's message; an answer that is not insights, our own", async () => {
    let calls = 0;
    serveInsights(() => {
      calls += 1;
      return calls === 1 ? apiError(503, 'unavailable', 'O serviço está temporariamente indisponível. Tente novamente em instantes.') : jsonResponse({ nada: true });
    });
    const user = userEvent.setup();
    renderInsights();
    expect(await screen.findByRole('heading', { name: 'Não foi possível carregar as estatísticas' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('O serviço está temporariamente indisponível.');
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Tente de novo em instantes.'));
  });
});
