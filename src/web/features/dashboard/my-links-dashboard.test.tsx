import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { LinkOptionsView, LinkOwnerView } from '../../../shared/api';
import { MY_LINKS_KEY, type StoredLink } from '../../lib/my-links';
import { jsonResponse, renderWithApp, toastRegion } from '../../testing/render';
import { forgetAllViews, VIEW_MEMORY_MS } from './link-view-memory';
import { LINKS_FILE_FORMAT } from './links-file';
import { MyLinksDashboard } from './my-links-dashboard';
import { stubFetch } from '../../testing/fetch-stub';

const ORIGIN = 'http://localhost:3000';

function stored(alias: string, createdAt: string, extra: Partial<StoredLink> = {}): StoredLink {
  return {
    alias,
    shortUrl: `${ORIGIN}/${alias}`,
    url: `https://exemplo.com.br/uma/pagina/bem/longa/${alias}?utm_source=teste`,
    createdAt,
    manageToken: `token-${alias}`,
    ...extra,
  };
}

function daily(clicksToday: number): LinkOwnerView['daily'] {
  return Array.from({ length: 30 }, (_, index) => ({
    day: `2025-11-${String(index + 1).padStart(2, '0')}`,
    clicks: index === 29 ? clicksToday : 0,
  }));
}

const PLAIN_OPTIONS: LinkOptionsView = { expiresAt: null, maxClicks: null, clicksLeft: null, protected: false, iosUrl: null, androidUrl: null };

function viewOf(link: StoredLink, clicks: number, options: Partial<LinkOptionsView> & { disabled?: boolean } = {}): LinkOwnerView {
  return {
    alias: link.alias,
    shortUrl: link.shortUrl,
    url: link.url,
    createdAt: link.createdAt,
    totalClicks: clicks,
    daily: daily(clicks),
    disabled: false,
    ...PLAIN_OPTIONS,
    ...options,
  };
}

/** A stand-in API: GET and DELETE /api/links/:alias with the rules of the real one. */
interface FakeLink {
  token: string;
  view: LinkOwnerView;
}
let api: Map<string, FakeLink>;
let overrides: Map<string, () => Response | Promise<Response>>;
let inFlight = 0;
let maxInFlight = 0;
const fetchMock = stubFetch();

function apiError(status: number, code: string, message: string): Response {
  return jsonResponse({ error: { code, message } }, status);
}

async function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const path = String(input);
  const method = init?.method ?? 'GET';
  const override = overrides.get(`${method} ${path}`);
  inFlight += 1;
  maxInFlight = Math.max(maxInFlight, inFlight);
  try {
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (override) return await override();
    const match = /^\/api\/links\/([^/]+)$/.exec(path);
    if (!match?.[1]) return apiError(404, 'route_not_found', 'Endereço não encontrado.');
    const alias = decodeURIComponent(match[1]);
    const auth = new Headers(init?.headers).get('authorization');
    if (auth === null) return apiError(401, 'unauthorized', 'É preciso informar o código de gerenciamento deste link.');
    const link = api.get(alias);
    if (!link) return apiError(404, 'link_not_found', 'Link não encontrado ou expirado.');
    if (auth !== `Bearer ${link.token}`) return apiError(403, 'forbidden', 'O código de gerenciamento não confere com este link.');
    if (method === 'DELETE') {
      api.delete(alias);
      return new Response(null, { status: 204 });
    }
    return jsonResponse(link.view);
  } finally {
    inFlight -= 1;
  }
}

function serve(link: StoredLink, clicks = 0): void {
  api.set(link.alias, { token: link.manageToken, view: viewOf(link, clicks) });
}

function store(links: StoredLink[]): void {
  window.localStorage.setItem(MY_LINKS_KEY, JSON.stringify(links));
}

function storedAliases(): string[] {
  return (JSON.parse(window.localStorage.getItem(MY_LINKS_KEY) ?? '[]') as StoredLink[]).map((link) => link.alias);
}

function card(shortUrl: string): HTMLElement {
  return screen.getByRole('article', { name: new RegExp(shortUrl.replace('http://', '').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')) });
}

beforeEach(() => {
  api = new Map();
  overrides = new Map();
  inFlight = 0;
  maxInFlight = 0;
  fetchMock.mockImplementation(fakeFetch);
  // Each test is a new tab: no views kept from another.
  forgetAllViews();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const older = stored('antigo', '2025-10-02T13:05:00.000Z');
const newer = stored('promo', '2025-11-20T17:30:00.000Z');

describe('MyLinksDashboard: the list', () => {
  it('shows an empty state that sends people to the home form, and offers import', () => {
    renderWithApp(<MyLinksDashboard />);
    expect(screen.getByRole('heading', { name: 'Nenhum link por aqui ainda' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Criar meu primeiro link' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Importar lista' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Exportar' })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says so when the browser keeps nothing (private mode, blocked site data): the list lasts only as long as the tab', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    renderWithApp(<MyLinksDashboard />);
    expect(await screen.findByTestId('storage-blocked')).toHaveTextContent('a lista só vale enquanto esta aba estiver aberta');
  });

  it('says nothing of the kind where storage works', async () => {
    renderWithApp(<MyLinksDashboard />);
    await screen.findByRole('heading', { name: 'Nenhum link por aqui ainda' });
    expect(screen.queryByTestId('storage-blocked')).toBeNull();
  });

  it('renders every stored link in stored order (newest first) with its data and clicks', async () => {
    serve(newer, 3);
    serve(older, 0);
    store([newer, older]);
    renderWithApp(<MyLinksDashboard />);

    const articles = screen.getAllByRole('article');
    expect(articles.map((article) => article.getAttribute('data-alias'))).toEqual(['promo', 'antigo']);
    expect(screen.getByRole('heading', { name: /Seus links/ })).toHaveTextContent('Seus links(2)');

    const promo = card(newer.shortUrl);
    expect(within(promo).getByRole('link', { name: /localhost:3000\/promo/ })).toHaveAttribute('href', newer.shortUrl);
    const original = within(promo).getByText(newer.url);
    expect(original).toHaveAttribute('title', newer.url);
    expect(original).toHaveClass('truncate');
    // 17:30 UTC is 14:30 in Brasília, whatever the machine's time zone: the card has one clock.
    expect(within(promo).getByText('Criado em 20/11/2025 14:30')).toBeInTheDocument();

    expect(await within(promo).findByTestId('total-clicks')).toHaveTextContent('3');
    expect(within(promo).getByText('cliques no total')).toBeInTheDocument();
    expect(within(promo).getByRole('img', { name: 'Cliques nos últimos 30 dias: 3' })).toBeInTheDocument();
    expect(within(promo).getByRole('img', { name: 'Cliques nos últimos 30 dias: 3' }).querySelectorAll('rect')).toHaveLength(30);
    expect(await within(card(older.shortUrl)).findByTestId('total-clicks')).toHaveTextContent('0');

    // The token goes in the Authorization header of a same-origin call, never in the URL.
    const [path, init] = fetchMock.mock.calls.find(([input]) => String(input) === '/api/links/promo') ?? [];
    expect(path).toBe('/api/links/promo');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer token-promo');
    expect(fetchMock.mock.calls.every(([input]) => !String(input).includes('token-'))).toBe(true);
  });

  it('shows a destination with accents as letters, as the person typed it, not as the stored escapes', async () => {
    const accented = stored('verao', '2025-11-21T10:00:00.000Z', { url: 'https://exemplo.com.br/promo%C3%A7%C3%A3o-de-ver%C3%A3o/cal%C3%A7ados' });
    serve(accented, 0);
    store([accented]);
    renderWithApp(<MyLinksDashboard />);
    const destination = within(card(accented.shortUrl)).getByText('https://exemplo.com.br/promoção-de-verão/calçados');
    expect(destination).toHaveAttribute('title', 'https://exemplo.com.br/promoção-de-verão/calçados');
    expect(await within(card(accented.shortUrl)).findByTestId('total-clicks')).toHaveTextContent('0');
  });

  it("offers a long destination whole behind 'Mostrar tudo' (its title is out of reach on a phone)", async () => {
    const short = stored('curto', '2025-11-21T10:00:00.000Z', { url: 'https://exemplo.com.br/a' });
    const long = stored('longo', '2025-11-21T11:00:00.000Z');
    for (const link of [short, long]) serve(link, 0);
    store([long, short]);
    renderWithApp(<MyLinksDashboard />);
    expect(within(card(short.shortUrl)).queryByRole('button', { name: 'Mostrar tudo' })).not.toBeInTheDocument();
    const more = within(card(long.shortUrl)).getByRole('button', { name: 'Mostrar tudo' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(within(card(long.shortUrl)).getByText(long.url)).toHaveClass('truncate');
    await userEvent.click(more);
    expect(within(card(long.shortUrl)).getByText(long.url)).not.toHaveClass('truncate');
    expect(within(card(long.shortUrl)).getByRole('button', { name: 'Mostrar menos' })).toHaveAttribute('aria-expanded', 'true');
    expect(await within(card(long.shortUrl)).findByTestId('total-clicks')).toHaveTextContent('0');
  });

  it("shows a link's options as badges (Brasília time, clicks used of the limit); nothing for a plain link", async () => {
    const future = new Date(Date.now() + 40 * 24 * 3600 * 1000);
    future.setUTCSeconds(0, 0);
    const expiring = stored('com-opcoes', '2025-11-21T10:00:00.000Z');
    const expired = stored('expirado', '2025-11-19T10:00:00.000Z');
    api.set(expiring.alias, {
      token: expiring.manageToken,
      view: viewOf(expiring, 3, { expiresAt: future.toISOString(), maxClicks: 50, clicksLeft: 47, protected: true, iosUrl: 'https://apps.apple.com/br/app/id1' }),
    });
    api.set(expired.alias, { token: expired.manageToken, view: viewOf(expired, 0, { expiresAt: '2025-11-20T10:00:00.000Z' }) });
    serve(newer, 1);
    store([expiring, newer, expired]);
    renderWithApp(<MyLinksDashboard />);

    const withOptions = card(expiring.shortUrl);
    const badges = await within(withOptions).findByTestId('link-option-badges');
    const when = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' }).format(future).replace(', ', ' ');
    expect(within(badges).getAllByRole('listitem').map((item) => item.textContent)).toEqual([`expira em ${when} (Brasília)`, '3 de 50 cliques', 'protegido', 'links para apps']);
    expect(await within(card(expired.shortUrl)).findByText('expirado')).toBeInTheDocument();
    expect(await within(card(newer.shortUrl)).findByTestId('total-clicks')).toHaveTextContent('1');
    expect(within(card(newer.shortUrl)).queryByTestId('link-option-badges')).not.toBeInTheDocument();
  });

  it('a count in the hundreds of millions is shortened on the card ("123 mi"), exact for screen readers and as its tooltip', async () => {
    serve(newer, 123_456_789);
    store([newer]);
    renderWithApp(<MyLinksDashboard />);
    const promo = card(newer.shortUrl);
    const figure = await within(promo).findByTestId('total-clicks');
    const shown = within(figure).getByText('123 mi');
    expect(shown).toHaveAttribute('aria-hidden', 'true');
    expect(shown).toHaveAttribute('title', '123.456.789');
    expect(within(figure).getByText('123.456.789')).toHaveClass('sr-only');
    expect(within(promo).getByRole('img', { name: 'Cliques nos últimos 30 dias: 123.456.789' })).toBeInTheDocument();
  });

  it('asks about at most 4 links at a time', async () => {
    const many = Array.from({ length: 12 }, (_, index) => stored(`link-${index}`, `2025-11-${String(index + 1).padStart(2, '0')}T10:00:00.000Z`));
    for (const link of many) serve(link, 1);
    store(many);
    renderWithApp(<MyLinksDashboard />);
    await waitFor(() => expect(screen.getAllByTestId('total-clicks')).toHaveLength(12));
    expect(fetchMock).toHaveBeenCalledTimes(12);
    expect(maxInFlight).toBeLessThanOrEqual(4);
  });

  it('shows a link deleted elsewhere (404) as "Removido", and clears it from the list', async () => {
    serve(newer, 1);
    store([newer, older]); // "antigo" is not on the server any more
    const user = userEvent.setup();
    renderWithApp(<MyLinksDashboard />);
    const gone = card(older.shortUrl);
    expect(await within(gone).findByText('Removido')).toBeInTheDocument();
    expect(within(gone).getByText('Este link foi excluído e não funciona mais.')).toBeInTheDocument();
    expect(within(gone).queryByRole('button', { name: 'Excluir link' })).not.toBeInTheDocument();
    expect(within(gone).queryByRole('link')).not.toBeInTheDocument();

    await user.click(within(gone).getByRole('button', { name: 'Tirar da lista' }));
    expect(screen.queryByRole('article', { name: /antigo/ })).not.toBeInTheDocument();
    expect(storedAliases()).toEqual(['promo']);
    expect(within(toastRegion()).getByText('Retirado da lista')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Seus links/ })).toHaveFocus();
  });

  it('shows a link whose token no longer matches (403) as "Sem acesso"', async () => {
    api.set(newer.alias, { token: 'outro-dono', view: viewOf(newer, 9) });
    store([newer]);
    renderWithApp(<MyLinksDashboard />);
    const promo = card(newer.shortUrl);
    expect(await within(promo).findByText('Sem acesso')).toBeInTheDocument();
    expect(within(promo).getByRole('button', { name: 'Tirar da lista' })).toBeInTheDocument();
    expect(within(promo).queryByTestId('total-clicks')).not.toBeInTheDocument();
  });

  it('offers to try again when the API gives no verdict', async () => {
    serve(newer, 2);
    store([newer]);
    overrides.set('GET /api/links/promo', () => apiError(503, 'unavailable', 'O serviço está temporariamente indisponível. Tente novamente em instantes.'));
    const user = userEvent.setup();
    renderWithApp(<MyLinksDashboard />);
    const promo = card(newer.shortUrl);
    expect(await within(promo).findByText('Não foi possível carregar os cliques.')).toBeInTheDocument();
    overrides.clear();
    await user.click(within(promo).getByRole('button', { name: 'Tentar de novo' }));
    expect(await within(promo).findByTestId('total-clicks')).toHaveTextContent('2');
  });

  it('Atualizar asks again for fresh click counts', async () => {
    serve(newer, 1);
    store([newer]);
    const user = userEvent.setup();
    renderWithApp(<MyLinksDashboard />);
    const promo = card(newer.shortUrl);
    expect(await within(promo).findByTestId('total-clicks')).toHaveTextContent('1');
    const refresh = screen.getByRole('button', { name: 'Atualizar' });
    await waitFor(() => expect(refresh).toBeEnabled());
    serve(newer, 7);
    await user.click(refresh);
    await waitFor(() => expect(within(promo).getByTestId('total-clicks')).toHaveTextContent('7'));
    await waitFor(() => expect(refresh).toBeEnabled());
  });

  it('shown again (back from a statistics page), the cards come from this tab\'s answers: nothing asked, until Atualizar', async () => {
    serve(newer, 3);
    serve(older, 5);
    store([newer, older]);
    const first = renderWithApp(<MyLinksDashboard />);
    expect(await within(card(newer.shortUrl)).findByTestId('total-clicks')).toHaveTextContent('3');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Atualizar' })).toBeEnabled());
    first.unmount();

    const asked = fetchMock.mock.calls.length;
    serve(newer, 9);
    const user = userEvent.setup();
    renderWithApp(<MyLinksDashboard />);
    // At once, with the counts as they were: no placeholder, no request.
    expect(within(card(newer.shortUrl)).getByTestId('total-clicks')).toHaveTextContent('3');
    expect(within(card(older.shortUrl)).getByTestId('total-clicks')).toHaveTextContent('5');
    expect(fetchMock.mock.calls.length).toBe(asked);
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(within(card(newer.shortUrl)).getByTestId('total-clicks')).toHaveTextContent('9'));
  });

  it('asks again when the page is shown after the views were kept long enough', async () => {
    serve(newer, 3);
    store([newer]);
    const first = renderWithApp(<MyLinksDashboard />);
    expect(await within(card(newer.shortUrl)).findByTestId('total-clicks')).toHaveTextContent('3');
    first.unmount();
    const later = Date.now() + VIEW_MEMORY_MS + 1000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    serve(newer, 4);
    renderWithApp(<MyLinksDashboard />);
    await waitFor(() => expect(within(card(newer.shortUrl)).getByTestId('total-clicks')).toHaveTextContent('4'));
  });

  it('Atualizar shows an expiry that passed while the page was open as "expirado"', async () => {
    const start = Date.parse('2026-11-27T12:00:00.000Z');
    const clock = vi.spyOn(Date, 'now').mockReturnValue(start);
    const soon = stored('expira-ja', '2026-11-27T11:00:00.000Z');
    api.set(soon.alias, { token: soon.manageToken, view: viewOf(soon, 0, { expiresAt: '2026-11-27T12:01:00.000Z' }) });
    store([soon]);
    const user = userEvent.setup();
    renderWithApp(<MyLinksDashboard />);
    const badges = await within(card(soon.shortUrl)).findByTestId('link-option-badges');
    expect(badges).toHaveTextContent('expira em 27/11/2026 09:01 (Brasília)');
    clock.mockReturnValue(start + 2 * 60_000);
    const refresh = screen.getByRole('button', { name: 'Atualizar' });
    await waitFor(() => expect(refresh).toBeEnabled());
    await user.click(refresh);
    await waitFor(() => expect(within(card(soon.shortUrl)).getByTestId('link-option-badges')).toHaveTextContent('expirado'));
  });

  it('says when the moderation blocked a link (its visitors get "Link bloqueado")', async () => {
    const blocked = stored('bloqueado', '2026-11-20T11:00:00.000Z');
    api.set(blocked.alias, { token: blocked.manageToken, view: viewOf(blocked, 2, { disabled: true }) });
    serve(newer, 1);
    store([blocked, newer]);
    renderWithApp(<MyLinksDashboard />);
    const blockedCard = card(blocked.shortUrl);
    expect(await within(blockedCard).findByText('Bloqueado')).toBeInTheDocument();
    expect(within(blockedCard).getByText('A moderação bloqueou este link: quem o abre vê “Link bloqueado”.')).toBeInTheDocument();
    expect(await within(card(newer.shortUrl)).findByTestId('total-clicks')).toHaveTextContent('1');
    expect(within(card(newer.shortUrl)).queryByText('Bloqueado')).not.toBeInTheDocument();
  });

  it('from 6 links on, a search box narrows the list by alias or destination, accents aside', async () => {
    const many = [
      stored('promocao-natal', '2026-11-20T10:00:00.000Z', { url: 'https://loja.example/promo%C3%A7%C3%A3o' }),
      ...Array.from({ length: 5 }, (_, i) => stored(`outro-${i}`, `2026-11-1${i}T10:00:00.000Z`)),
    ];
    for (const link of many) serve(link, 1);
    store(many);
    const user = userEvent.setup();
    renderWithApp(<MyLinksDashboard />);
    const search = screen.getByRole('searchbox', { name: 'Buscar nos seus links' });
    expect(screen.getAllByRole('article')).toHaveLength(6);

    await user.type(search, 'Promoção');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(card(many[0]?.shortUrl ?? '')).toBeInTheDocument();
    expect(screen.getAllByText('1 de 6 links').length).toBeGreaterThan(0);

    await user.clear(search);
    await user.type(search, 'nao-existe');
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(screen.getByText('Nenhum link encontrado para “nao-existe”.', { selector: 'p:not(.sr-only)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Limpar busca' }));
    expect(screen.getAllByRole('article')).toHaveLength(6);
  });

  it('offers no search box for a short list', async () => {
    serve(newer, 1);
    store([newer]);
    renderWithApp(<MyLinksDashboard />);
    await within(card(newer.shortUrl)).findByTestId('total-clicks');
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('copies the short link', async () => {
    serve(newer, 0);
    store([newer]);
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderWithApp(<MyLinksDashboard />);
    await user.click(within(card(newer.shortUrl)).getByRole('button', { name: 'Copiar link' }));
    expect(writeText).toHaveBeenCalledWith(newer.shortUrl);
    await waitFor(() => expect(within(toastRegion()).getByText('Copiado!')).toBeInTheDocument());
  });

  it('copies the link for WhatsApp (utm_source=whatsapp) and leads to its statistics', async () => {
    serve(newer, 2);
    store([newer]);
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderWithApp(<MyLinksDashboard />);
    const promo = card(newer.shortUrl);
    await within(promo).findByTestId('total-clicks');
    expect(within(promo).getByRole('link', { name: 'Ver estatísticas' })).toHaveAttribute('href', '/dashboard/promo');
    await user.click(within(promo).getByRole('button', { name: 'Copiar para WhatsApp' }));
    expect(writeText).toHaveBeenCalledWith(`${newer.shortUrl}?utm_source=whatsapp`);
    await waitFor(() => expect(within(toastRegion()).getByText('Copiado!')).toBeInTheDocument());
  });

  it('offers no WhatsApp copy when the site keeps no breakdowns (INSIGHTS=false): its parameter would name nothing', async () => {
    serve(newer, 2);
    store([newer]);
    renderWithApp(<MyLinksDashboard />, { site: { clickInsights: false } });
    const promo = card(newer.shortUrl);
    await within(promo).findByTestId('total-clicks');
    expect(within(promo).queryByRole('button', { name: 'Copiar para WhatsApp' })).not.toBeInTheDocument();
    // The other actions stay.
    expect(within(promo).getByRole('button', { name: 'Excluir link' })).toBeInTheDocument();
    expect(within(promo).getByRole('link', { name: 'Ver estatísticas' })).toBeInTheDocument();
  });
});

describe('MyLinksDashboard: deletion', () => {
  async function openDelete(user: ReturnType<typeof userEvent.setup>, link: StoredLink): Promise<HTMLElement> {
    await within(card(link.shortUrl)).findByTestId('total-clicks');
    await user.click(within(card(link.shortUrl)).getByRole('button', { name: 'Excluir link' }));
    return screen.findByRole('alertdialog', { name: 'Excluir este link?' });
  }

  it('asks for confirmation, saying it is permanent; cancel keeps the link and returns focus', async () => {
    serve(newer, 1);
    store([newer]);
    const user = userEvent.setup();
    renderWithApp(<MyLinksDashboard />);
    const dialog = await openDelete(user, newer);
    expect(dialog).toHaveTextContent('Esta ação é permanente e não pode ser desfeita.');
    expect(dialog).toHaveTextContent('localhost:3000/promo');
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    expect(storedAliases()).toEqual(['promo']);
    await waitFor(() => expect(within(card(newer.shortUrl)).getByRole('button', { name: 'Excluir link' })).toHaveFocus());
  });

  it('deletes: busy state, DELETE with the token, then the link disappears with a toast', async () => {
    serve(newer, 1);
    serve(older, 0);
    store([newer, older]);
    let answer: () => void = () => {};
    overrides.set('DELETE /api/links/promo', () => new Promise<Response>((resolve) => (answer = () => resolve(new Response(null, { status: 204 })))));
    const user = userEvent.setup();
    renderWithApp(<MyLinksDashboard />);
    const dialog = await openDelete(user, newer);
    await user.click(within(dialog).getByRole('button', { name: 'Excluir link' }));

    const busy = await within(dialog).findByRole('button', { name: 'Excluindo...' });
    expect(busy).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(String(call?.[0])).toBe('/api/links/promo');
    expect(new Headers(call?.[1]?.headers).get('authorization')).toBe('Bearer token-promo');
    // Escape does not close the dialog mid-call.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();

    await act(async () => answer());
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('article', { name: /promo/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(storedAliases()).toEqual(['antigo']);
    expect(within(toastRegion()).getByText('Link excluído')).toBeInTheDocument();
    expect(within(toastRegion()).getByText('localhost:3000/promo foi excluído para sempre.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: /Seus links/ })).toHaveFocus());
  });

  it('keeps the dialog open and says so when the deletion fails without a verdict', async () => {
    serve(newer, 1);
    store([newer]);
    overrides.set('DELETE /api/links/promo', () => apiError(429, 'rate_limited', 'Muitas tentativas em pouco tempo. Aguarde um pouco e tente novamente.'));
    const user = userEvent.setup();
    renderWithApp(<MyLinksDashboard />);
    const dialog = await openDelete(user, newer);
    await user.click(within(dialog).getByRole('button', { name: 'Excluir link' }));
    expect(await within(toastRegion()).findByText('Não foi possível excluir')).toBeInTheDocument();
    expect(within(toastRegion()).getByText('Muitas tentativas em pouco tempo. Aguarde um pouco e tente novamente.')).toBeInTheDocument();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Excluir link' })).toBeEnabled();
    expect(storedAliases()).toEqual(['promo']);
  });

  it('takes a link already deleted elsewhere (404) off the list', async () => {
    serve(newer, 1);
    store([newer]);
    const user = userEvent.setup();
    renderWithApp(<MyLinksDashboard />);
    const dialog = await openDelete(user, newer);
    api.delete('promo');
    await user.click(within(dialog).getByRole('button', { name: 'Excluir link' }));
    expect(await within(toastRegion()).findByText('Link já excluído')).toBeInTheDocument();
    expect(storedAliases()).toEqual([]);
    expect(await screen.findByRole('heading', { name: 'Nenhum link por aqui ainda' })).toBeInTheDocument();
  });

  it("keeps the link and its token when the deletion meets a bare 404 page (a proxy's), not the API's", async () => {
    serve(newer, 1);
    store([newer]);
    overrides.set('DELETE /api/links/promo', () => new Response('<h1>404 Not Found</h1>', { status: 404, headers: { 'content-type': 'text/html' } }));
    const user = userEvent.setup();
    renderWithApp(<MyLinksDashboard />);
    const dialog = await openDelete(user, newer);
    await user.click(within(dialog).getByRole('button', { name: 'Excluir link' }));
    expect(await within(toastRegion()).findByText('Não foi possível excluir')).toBeInTheDocument();
    expect(storedAliases()).toEqual(['promo']);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('marks the link "Sem acesso" when the API refuses the token (403)', async () => {
    serve(newer, 1);
    store([newer]);
    const user = userEvent.setup();
    renderWithApp(<MyLinksDashboard />);
    const dialog = await openDelete(user, newer);
    api.set('promo', { token: 'outro-dono', view: viewOf(newer, 1) });
    await user.click(within(dialog).getByRole('button', { name: 'Excluir link' }));
    expect(await within(toastRegion()).findByText('Sem acesso a este link')).toBeInTheDocument();
    expect(await within(card(newer.shortUrl)).findByText('Sem acesso')).toBeInTheDocument();
    expect(storedAliases()).toEqual(['promo']);
  });
});

describe('MyLinksDashboard: export and import', () => {
  function importInput(): HTMLInputElement {
    return screen.getByLabelText('Arquivo de links exportado (.json)');
  }

  function jsonFile(content: string, name = 'meus-links.json'): File {
    return new File([content], name, { type: 'application/json' });
  }

  it('exports the list as meus-links-AAAA-MM-DD.json, tokens included, and warns to keep it safe', async () => {
    serve(newer, 1);
    serve(older, 0);
    store([newer, older]);
    // jsdom has no object URLs: catch the blob instead.
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
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toMatch(/^meus-links-\d{4}-\d{2}-\d{2}\.json$/);
    });
    const user = userEvent.setup();
    renderWithApp(<MyLinksDashboard />);
    expect(screen.getByText(/guarde-o em lugar seguro/)).toBeInTheDocument();
    await within(card(older.shortUrl)).findByTestId('total-clicks');
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(saved).toHaveLength(1);
    const file = JSON.parse((await saved[0]?.text()) ?? '') as { format: string; version: number; links: StoredLink[] };
    expect(file.format).toBe(LINKS_FILE_FORMAT);
    expect(file.version).toBe(1);
    expect(file.links).toEqual([newer, older]);
    expect(within(toastRegion()).getByText('Arquivo exportado')).toBeInTheDocument();
  });

  it('refuses a file that is not JSON, or not a list of links, with a clear toast', async () => {
    const user = userEvent.setup();
    renderWithApp(<MyLinksDashboard />);
    await user.upload(importInput(), jsonFile('isto não é json'));
    expect(await within(toastRegion()).findByText('O arquivo não é um JSON válido.')).toBeInTheDocument();
    expect(within(toastRegion()).getByText('Não foi possível importar')).toBeInTheDocument();

    await user.upload(importInput(), jsonFile(JSON.stringify({ nome: 'outra coisa', itens: [1, 2] })));
    expect(await within(toastRegion()).findByText('Este arquivo não é uma lista de links exportada em Meus links.')).toBeInTheDocument();

    await user.upload(importInput(), jsonFile(JSON.stringify([{ alias: 'x' }, 'texto', 42])));
    expect(await within(toastRegion()).findByText('Este arquivo não é uma lista de links exportada em Meus links.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(storedAliases()).toEqual([]);
  });

  it('checks each token, keeps the valid ones merged newest first, and reports the counts', async () => {
    const here = stored('daqui', '2025-11-10T12:00:00.000Z');
    const imported = stored('importado', '2025-11-15T12:00:00.000Z');
    const removed = stored('apagado', '2025-11-01T12:00:00.000Z');
    const stolen = stored('alheio', '2025-11-02T12:00:00.000Z');
    serve(here, 0);
    serve(imported, 5);
    api.set(stolen.alias, { token: 'dono-atual', view: viewOf(stolen, 0) });
    store([here]);
    const user = userEvent.setup();
    renderWithApp(<MyLinksDashboard />);
    await within(card(here.shortUrl)).findByTestId('total-clicks');

    const file = {
      format: LINKS_FILE_FORMAT,
      version: 1,
      exportedAt: '2025-11-20T00:00:00.000Z',
      links: [imported, removed, stolen, here, { alias: 'sem-token', url: 'https://a.b' }],
    };
    await user.upload(importInput(), jsonFile(JSON.stringify(file)));

    const toast = toastRegion();
    expect(await within(toast).findByText('Links importados')).toBeInTheDocument();
    expect(within(toast).getByText('2 válidos, 3 inválidos/removidos.')).toBeInTheDocument();
    expect(storedAliases()).toEqual(['importado', 'daqui']);
    // The verified view is shown at once, without asking again.
    expect(within(card(imported.shortUrl)).getByTestId('total-clicks')).toHaveTextContent('5');
    expect(fetchMock.mock.calls.filter(([input]) => String(input) === '/api/links/importado')).toHaveLength(1);
  });

  it('leaves out, and says so, the links the API could not check (no verdict)', async () => {
    const fine = stored('certo', '2025-11-15T12:00:00.000Z');
    const unknown = stored('incerto', '2025-11-14T12:00:00.000Z');
    serve(fine, 0);
    serve(unknown, 0);
    overrides.set('GET /api/links/incerto', () => apiError(503, 'unavailable', 'Indisponível.'));
    const user = userEvent.setup();
    renderWithApp(<MyLinksDashboard />);
    await user.upload(importInput(), jsonFile(JSON.stringify([fine, unknown])));
    expect(
      await within(toastRegion()).findByText('1 válido, 0 inválidos/removidos, 1 não verificado (tente importar de novo mais tarde).'),
    ).toBeInTheDocument();
    expect(storedAliases()).toEqual(['certo']);
  });

  it('says when nothing could be imported', async () => {
    const user = userEvent.setup();
    renderWithApp(<MyLinksDashboard />);
    await user.upload(importInput(), jsonFile(JSON.stringify([stored('sumiu', '2025-11-01T12:00:00.000Z')])));
    expect(await within(toastRegion()).findByText('Nenhum link importado')).toBeInTheDocument();
    expect(within(toastRegion()).getByText('0 válidos, 1 inválido/removido.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Nenhum link por aqui ainda' })).toBeInTheDocument();
  });
});
