import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminPageContext } from '../../shared/admin-api';
import { stubFetch } from '../testing/fetch-stub';
import { jsonResponse, renderWithApp } from '../testing/render';
import { AdminPage } from './admin-page';

const fetchMock = stubFetch();

const SESSION = { operator: { email: 'ana@example.com' }, csrfToken: 'token-da-sessao' };

/** The session a sign-in in the session-ended dialog gets: a new CSRF token. */
const NEW_SESSION = { operator: { email: 'ana@example.com' }, csrfToken: 'token-nova' };

const ENDED = () => jsonResponse({ error: { code: 'not_signed_in', message: 'Entre com sua conta de operador para continuar.' } }, 401);

const overview = {
  today: '2026-11-23',
  daily: [{ day: '2026-11-23', linksCreated: 2, clicks: 5 }],
  openReports: 0,
  reportedLinks: 0,
  topToday: [],
  topWeek: [],
  totals: { links: 2, disabledLinks: 0, blockedDomains: 0, activeKeys: 0 },
};

const renderAt = (path: string, admin: AdminPageContext) => renderWithApp(<AdminPage />, { path, route: '/admin/*', context: { admin } });

/** The request fetch received for a URL ending with `path`, and its headers. */
function sent(path: string): { init: RequestInit; headers: Record<string, string> } {
  const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith(path));
  if (call === undefined) throw new Error(`no request to ${path}`);
  const init = call[1] ?? {};
  return { init, headers: init.headers as Record<string, string> };
}

beforeEach(() => {
  fetchMock.mockReturnValue(new Promise<Response>(() => {}));
});

describe('AdminPage', () => {
  it('without a session: the sign-in form, and a sign-in opens the console', async () => {
    fetchMock.mockImplementation(async (input) => (String(input).endsWith('/api/admin/session') ? jsonResponse(SESSION) : jsonResponse(overview)));
    renderAt('/admin', { page: 'overview', session: null });
    expect(screen.getByRole('heading', { level: 1, name: 'Console do operador' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Senha'), 'uma senha bem longa');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await screen.findByText('ana@example.com');
    expect(JSON.parse(String(sent('/api/admin/session').init.body))).toEqual({ email: 'ana@example.com', password: 'uma senha bem longa' });
    await screen.findByText('Links desativados');
    // Set by an effect after the commit findByText saw (see redirect-view.test.tsx).
    await expect.poll(() => document.title).toBe('Visão geral · Console do operador | Encurta.br');
  });

  it('a sign-in by keyboard puts focus on the section heading (the form that had it is gone), not on <body>', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/api/admin/session') ? jsonResponse(SESSION) : jsonResponse({ mode: 'recent', links: [], retired: null, nextCursor: null, tookMs: 1 }),
    );
    renderAt('/admin/links', { page: 'links', session: null });
    await userEvent.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Senha'), 'uma senha bem longa{Enter}');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Links' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('"Sair" brings back the sign-in form with focus on its heading', async () => {
    fetchMock.mockImplementation(async (_input, init) => (init?.method === 'DELETE' ? new Response(null, { status: 204 }) : jsonResponse(overview)));
    renderAt('/admin', { page: 'overview', session: SESSION });
    await screen.findByText('Links desativados');
    screen.getByRole('button', { name: 'Sair' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Você saiu do console.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Entrar' })).toHaveFocus());
    expect(screen.getByLabelText('E-mail')).toBeInTheDocument();
  });

  it('a browser that keeps no cookie is told so at sign-in, instead of "Sua sessão expirou" on every try', async () => {
    fetchMock.mockImplementation(async (input, init) =>
      String(input).endsWith('/api/admin/session') && init?.method === 'POST'
        ? jsonResponse(SESSION)
        : jsonResponse({ error: { code: 'not_signed_in', message: 'Entre no console para continuar.' } }, 401),
    );
    renderAt('/admin', { page: 'overview', session: null });
    await userEvent.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Senha'), 'uma senha bem longa');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A senha está certa, mas o navegador não guardou o cookie da sessão.');
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled();
    expect(screen.queryByText('Sua sessão expirou. Entre novamente.')).toBeNull();
    expect(fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`)).toEqual(['POST /api/admin/session', 'GET /api/admin/session']);
  });

  it('a refused sign-in shows the server message', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ error: { code: 'invalid_credentials', message: 'E-mail ou senha incorretos.' } }, 401));
    renderAt('/admin', { page: 'overview', session: null });
    await userEvent.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Senha'), 'errada');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('E-mail ou senha incorretos.');
  });

  it('a session that ends during an action: a dialog over the console says the action was not done; signed in again, the typed name is there and the next try carries the new CSRF token', async () => {
    let signedIn = false;
    const keyPosts: string[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/admin/session') return jsonResponse(NEW_SESSION);
      if (url === '/api/admin/keys' && init?.method === 'POST') {
        keyPosts.push((init.headers as Record<string, string>)['x-csrf-token'] ?? '');
        if (!signedIn) return ENDED();
        return jsonResponse({ id: 7, name: 'Loja da Ana', perMinute: null, key: 'ebr_0123456789abcdef_segredo', createdAt: '2026-11-23T12:00:00.000Z' }, 201);
      }
      return jsonResponse({ keys: [], defaultPerMinute: 60 });
    });
    renderAt('/admin/chaves', { page: 'keys', session: SESSION });
    await userEvent.type(await screen.findByLabelText('Nome'), 'Loja da Ana');
    const create = screen.getByRole('button', { name: 'Criar chave' });
    await userEvent.click(create);

    const dialog = await screen.findByRole('dialog', { name: 'Sua sessão terminou' });
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('a ação não foi feita'));
    // Focus in the dialog (the password: the e-mail is theirs already), never on <body>.
    const password = within(dialog).getByLabelText('Senha');
    await waitFor(() => expect(password).toHaveFocus());
    expect(within(dialog).getByLabelText('E-mail')).toHaveValue('ana@example.com');
    // Escape does not close it: nothing behind it works without a session.
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Sua sessão terminou' })).toBeInTheDocument();
    // The console is still there, with what was typed.
    expect(screen.getByLabelText('Nome', { selector: 'input' })).toHaveValue('Loja da Ana');

    signedIn = true;
    await userEvent.type(password, 'uma senha bem longa{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(JSON.parse(String(sent('/api/admin/session').init.body))).toEqual({ email: 'ana@example.com', password: 'uma senha bem longa' });
    // Back on the button whose action was not done, the name still typed; nothing sent again by itself.
    await waitFor(() => expect(create).toHaveFocus());
    expect(screen.getByLabelText('Nome')).toHaveValue('Loja da Ana');
    expect(await screen.findByText('Você entrou de novo. A ação não foi feita: faça de novo, se ainda quiser.')).toBeInTheDocument();
    expect(keyPosts).toEqual(['token-da-sessao']);

    await userEvent.click(create);
    await screen.findByRole('region', { name: 'Chave criada: Loja da Ana' });
    expect(keyPosts).toEqual(['token-da-sessao', 'token-nova']);
  });

  it('a session that ends under an open confirmation: the confirmation stays, and focus goes back to its button after signing in', async () => {
    let signedIn = false;
    const link = { alias: 'promo', shortUrl: 'http://localhost:3000/promo', url: 'https://example.com/p', createdAt: '2026-11-23T12:00:00.000Z', totalClicks: 3, state: 'active', disabledAt: null, hasOptions: false, apiKeyId: null };
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/admin/session') return jsonResponse(NEW_SESSION);
      if (init?.method === 'DELETE') return signedIn ? jsonResponse({ outcome: 'changed', message: 'Excluído: promo' }) : ENDED();
      return jsonResponse({ mode: 'recent', links: [link], retired: null, nextCursor: null, tookMs: 1 });
    });
    renderAt('/admin/links', { page: 'links', session: SESSION });
    await userEvent.click(await screen.findByRole('button', { name: 'Excluir' }));
    const confirmation = await screen.findByRole('dialog', { name: 'Excluir promo?' });
    const confirm = within(confirmation).getByRole('button', { name: 'Excluir' });
    await userEvent.click(confirm);
    const dialog = await screen.findByRole('dialog', { name: 'Sua sessão terminou' });
    signedIn = true;
    await userEvent.type(within(dialog).getByLabelText('Senha'), 'uma senha bem longa{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sua sessão terminou' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Excluir promo?' })).toBe(confirmation);
    await waitFor(() => expect(confirm).toHaveFocus());
  });

  it('an action refused for its CSRF token after a sign-in in another tab: the page takes the cookie\'s session and says the action was not done; the next try carries its token', async () => {
    const link = { alias: 'promo', shortUrl: 'http://localhost:3000/promo', url: 'https://example.com/p', createdAt: '2026-11-23T12:00:00.000Z', totalClicks: 3, state: 'active', disabledAt: null, hasOptions: false, apiKeyId: null };
    const tokens: string[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/admin/session') return jsonResponse(NEW_SESSION);
      if (init?.method === 'POST') {
        const token = (init.headers as Record<string, string>)['x-csrf-token'] ?? '';
        tokens.push(token);
        if (token !== NEW_SESSION.csrfToken) return jsonResponse({ error: { code: 'csrf_refused', message: 'Pedido recusado por segurança: recarregue a página do console e tente de novo.' } }, 403);
        return jsonResponse({ outcome: 'changed', message: 'Desativado: promo' });
      }
      return jsonResponse({ mode: 'recent', links: [link], retired: null, nextCursor: null, tookMs: 1 });
    });
    renderAt('/admin/links?q=promo', { page: 'links', session: SESSION });
    await userEvent.clear(await screen.findByLabelText('Buscar por alias, domínio ou URL'));
    await userEvent.type(screen.getByLabelText('Buscar por alias, domínio ou URL'), 'texto ainda não buscado');
    await userEvent.click(await screen.findByRole('button', { name: 'Desativar' }));
    expect(await screen.findByText('Sua sessão mudou (uma nova entrada em outra aba). A ação não foi feita: faça de novo, se ainda quiser.')).toBeInTheDocument();
    expect(screen.queryByText(/recarregue a página/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Buscar por alias, domínio ou URL')).toHaveValue('texto ainda não buscado');
    expect(tokens).toEqual(['token-da-sessao']);
    await userEvent.click(screen.getByRole('button', { name: 'Desativar' }));
    expect(await screen.findByText('Desativado: promo')).toBeInTheDocument();
    expect(tokens).toEqual(['token-da-sessao', 'token-nova']);
  });

  it('"Criar chave" refused for a replaced session\'s CSRF token: the same, the name kept', async () => {
    const tokens: string[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/admin/session') return jsonResponse(NEW_SESSION);
      if (url === '/api/admin/keys' && init?.method === 'POST') {
        const token = (init.headers as Record<string, string>)['x-csrf-token'] ?? '';
        tokens.push(token);
        if (token !== NEW_SESSION.csrfToken) return jsonResponse({ error: { code: 'csrf_refused', message: 'Pedido recusado por segurança: recarregue a página do console e tente de novo.' } }, 403);
        return jsonResponse({ id: 7, name: 'Loja da Ana', perMinute: null, key: 'ebr_0123456789abcdef_segredo', createdAt: '2026-11-23T12:00:00.000Z' }, 201);
      }
      return jsonResponse({ keys: [], defaultPerMinute: 60 });
    });
    renderAt('/admin/chaves', { page: 'keys', session: SESSION });
    await userEvent.type(await screen.findByLabelText('Nome'), 'Loja da Ana');
    await userEvent.click(screen.getByRole('button', { name: 'Criar chave' }));
    expect(await screen.findByText('Sua sessão mudou (uma nova entrada em outra aba). A ação não foi feita: faça de novo, se ainda quiser.')).toBeInTheDocument();
    expect(screen.queryByText(/recarregue a página/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Nome')).toHaveValue('Loja da Ana');
    await userEvent.click(screen.getByRole('button', { name: 'Criar chave' }));
    await screen.findByRole('region', { name: 'Chave criada: Loja da Ana' });
    expect(tokens).toEqual(['token-da-sessao', 'token-nova']);
  });

  it('"Importar" refused for a replaced session\'s CSRF token: the same, the file and the reason kept', async () => {
    const tokens: string[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/admin/session') return jsonResponse(NEW_SESSION);
      if (url === '/api/admin/blocklist/import' && init?.method === 'POST') {
        const token = (init.headers as Record<string, string>)['x-csrf-token'] ?? '';
        tokens.push(token);
        if (token !== NEW_SESSION.csrfToken) return jsonResponse({ error: { code: 'csrf_refused', message: 'Pedido recusado por segurança: recarregue a página do console e tente de novo.' } }, 403);
        return jsonResponse({ added: 1, alreadyPresent: 0, errors: [], errorCount: 0, message: '1 domínio bloqueado.' });
      }
      return jsonResponse({ domains: [], nextCursor: null, total: 0, matching: 0 });
    });
    renderAt('/admin/bloqueios', { page: 'blocklist', session: SESSION });
    await userEvent.upload(await screen.findByLabelText('Arquivo'), new File(['golpe.example\n'], 'lista.txt', { type: 'text/plain' }));
    const reason = document.getElementById('admin-import-reason') as HTMLInputElement;
    await userEvent.type(reason, 'lista da polícia');
    await userEvent.click(screen.getByRole('button', { name: 'Importar' }));
    expect(await screen.findByText('Sua sessão mudou (uma nova entrada em outra aba). A ação não foi feita: faça de novo, se ainda quiser.')).toBeInTheDocument();
    expect(screen.queryByText(/recarregue a página/)).not.toBeInTheDocument();
    expect(reason).toHaveValue('lista da polícia');
    await userEvent.click(screen.getByRole('button', { name: 'Importar' }));
    expect((await screen.findAllByText('1 domínio bloqueado.')).length).toBeGreaterThan(0);
    expect(tokens).toEqual(['token-da-sessao', 'token-nova']);
  });

  it('a session found ended by a read: the dialog says to sign in again, and the section reads again after', async () => {
    let signedIn = false;
    fetchMock.mockImplementation(async (input) => {
      if (String(input) === '/api/admin/session') return jsonResponse(NEW_SESSION);
      return signedIn ? jsonResponse({ entries: [], nextCursor: null }) : ENDED();
    });
    renderAt('/admin/registro', { page: 'audit', session: SESSION });
    const dialog = await screen.findByRole('dialog', { name: 'Sua sessão terminou' });
    expect(dialog).toHaveAccessibleDescription('Entre de novo para continuar. O que você digitou continua na página.');
    signedIn = true;
    await userEvent.type(within(dialog).getByLabelText('Senha'), 'uma senha bem longa{Enter}');
    expect(await screen.findByText('Nenhuma ação registrada.')).toBeInTheDocument();
    expect(screen.queryByText(/A ação não foi feita/)).not.toBeInTheDocument();
    // Nothing had focus before: the section's heading gets it, not <body>.
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Registro' })).toHaveFocus());
  });

  it('another operator may sign in in the dialog: the console then says who is signed in', async () => {
    fetchMock.mockImplementation(async (input) => {
      if (String(input) === '/api/admin/session') return jsonResponse({ operator: { email: 'bia@example.com' }, csrfToken: 'token-da-bia' });
      return ENDED();
    });
    renderAt('/admin/registro', { page: 'audit', session: SESSION });
    const dialog = await screen.findByRole('dialog', { name: 'Sua sessão terminou' });
    const email = within(dialog).getByLabelText('E-mail');
    await userEvent.clear(email);
    await userEvent.type(email, 'bia@example.com');
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/admin/session' ? jsonResponse({ operator: { email: 'bia@example.com' }, csrfToken: 'token-da-bia' }) : jsonResponse({ entries: [], nextCursor: null }),
    );
    await userEvent.type(within(dialog).getByLabelText('Senha'), 'outra senha bem longa{Enter}');
    expect(await screen.findByText('bia@example.com')).toBeInTheDocument();
    expect(screen.queryByText('ana@example.com')).not.toBeInTheDocument();
  });

  it('"Sair" that does not reach the server keeps the console and says so; the session is not dropped', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'DELETE') throw new TypeError('Failed to fetch');
      if (String(input).endsWith('/api/admin/overview')) return jsonResponse(overview);
      throw new Error(`unexpected ${String(input)}`);
    });
    renderAt('/admin', { page: 'overview', session: SESSION });
    await screen.findByText('Links desativados');
    await userEvent.click(screen.getByRole('button', { name: 'Sair' }));
    expect(await screen.findByText('Não foi possível falar com o servidor. Verifique sua conexão e tente de novo.')).toBeInTheDocument();
    expect(screen.queryByText('Você saiu do console.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Entrar' })).not.toBeInTheDocument();
    expect(screen.getByText('ana@example.com')).toBeInTheDocument();
    // Enabled again, to try once more.
    expect(screen.getByRole('button', { name: 'Sair' })).toBeEnabled();
  });

  it('"Sair" refused by the server (not a 401) keeps the console too, with the console\'s words when the answer has none', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'DELETE') return new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } });
      return jsonResponse(overview);
    });
    renderAt('/admin', { page: 'overview', session: SESSION });
    await screen.findByText('Links desativados');
    await userEvent.click(screen.getByRole('button', { name: 'Sair' }));
    expect(await screen.findByText('Não foi possível sair do console. Tente de novo.')).toBeInTheDocument();
    expect(screen.getByText('ana@example.com')).toBeInTheDocument();
  });

  it('"Sair" when the session had already ended (401) shows the signed-out state', async () => {
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'DELETE' ? jsonResponse({ error: { code: 'not_signed_in', message: 'Entre com sua conta de operador para continuar.' } }, 401) : jsonResponse(overview),
    );
    renderAt('/admin', { page: 'overview', session: SESSION });
    await screen.findByText('Links desativados');
    await userEvent.click(screen.getByRole('button', { name: 'Sair' }));
    expect(await screen.findByText('Você saiu do console.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(screen.queryByText('ana@example.com')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Entrar' })).toHaveFocus());
  });

  it('actions carry the session CSRF token; a search goes into the address', async () => {
    const link = { alias: 'promo', shortUrl: 'http://localhost:3000/promo', url: 'https://example.com/p', createdAt: '2026-11-23T12:00:00.000Z', totalClicks: 3, state: 'active', disabledAt: null, hasOptions: false, apiKeyId: null };
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/disable')) return jsonResponse({ outcome: 'changed', message: 'Desativado: promo' });
      return jsonResponse({ mode: url.includes('q=') ? 'domain' : 'recent', links: [link], retired: null, nextCursor: null, tookMs: 1.5 });
    });
    renderAt('/admin/links', { page: 'links', session: SESSION });
    await screen.findByText('https://example.com/p');
    await userEvent.click(screen.getByRole('button', { name: 'Desativar' }));
    await waitFor(() => expect(sent('/api/admin/links/promo/disable').headers['x-csrf-token']).toBe('token-da-sessao'));
    expect(sent('/api/admin/links/promo/disable').init.method).toBe('POST');
    await userEvent.type(screen.getByLabelText('Buscar por alias, domínio ou URL'), 'example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await screen.findByText(/Links para o domínio e seus subdomínios/);
    expect(fetchMock.mock.calls.some(([input]) => String(input) === '/api/admin/links?q=example.com')).toBe(true);
  });
});
