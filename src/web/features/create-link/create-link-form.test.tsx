import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreateLinkResponse } from '../../../shared/api';
import { MY_LINKS_KEY } from '../../lib/my-links';
import { jsonResponse, renderWithApp, toastRegion } from '../../testing/render';
import { CreateLinkForm } from './create-link-form';
import { stubFetch } from '../../testing/fetch-stub';

const created: CreateLinkResponse = {
  alias: 'promo',
  shortUrl: 'http://localhost:3000/promo',
  url: 'https://example.com/uma/pagina/longa',
  createdAt: '2025-01-01T12:00:00.000Z',
  manageToken: 'secret-token',
  expiresAt: null,
  maxClicks: null,
  clicksLeft: null,
  protected: false,
  iosUrl: null,
  androidUrl: null,
};

const fetchMock = stubFetch();

function fields() {
  return {
    url: screen.getByLabelText('URL original'),
    alias: screen.getByLabelText('Final personalizado'),
    button: screen.getByRole('button', { name: 'Personalize' }),
  };
}

describe('CreateLinkForm', () => {
  it('renders the spec fields: url type, required, placeholders and the button', () => {
    renderWithApp(<CreateLinkForm />);
    const { url, alias, button } = fields();
    expect(url).toHaveAttribute('type', 'url');
    expect(url).toBeRequired();
    expect(url).toHaveAttribute('placeholder', 'Cole sua URL aqui...');
    expect(alias).not.toBeRequired();
    expect(alias).toHaveAttribute('placeholder', '...com.br/personalize (opcional)');
    expect(button).toHaveAttribute('type', 'submit');
  });

  it('describes the alias rule as the FAQ and the server do: _ allowed, capitals lowercased', () => {
    renderWithApp(<CreateLinkForm />);
    expect(fields().alias).toHaveAccessibleDescription(
      'De 3 a 64 caracteres: letras (a–z), números, hífen (-) ou sublinhado (_); maiúsculas viram minúsculas. Em branco, criamos um código aleatório.',
    );
  });

  it('shows the "Erro" toast when the browser rejects an empty URL, and sends nothing', async () => {
    const user = userEvent.setup();
    renderWithApp(<CreateLinkForm />);
    await user.click(fields().button);
    const toast = toastRegion();
    expect(within(toast).getByText('Erro')).toBeInTheDocument();
    expect(within(toast).getByText('Por favor, insira uma URL válida')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('names the broken rule when the URL has no scheme', async () => {
    const user = userEvent.setup();
    renderWithApp(<CreateLinkForm />);
    await user.type(fields().url, 'exemplo.com.br/pagina');
    await user.click(fields().button);
    expect(within(toastRegion()).getByText('A URL precisa começar com http:// ou https://.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is busy while creating, then shows the short link, keeps the fields and stores the link', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderWithApp(<CreateLinkForm />);
    await user.type(fields().url, created.url);
    await user.type(fields().alias, 'promo');
    await user.click(fields().button);

    // Busy, yet still focusable: a disabled button would drop the keyboard's focus to <body>.
    const busy = screen.getByRole('button', { name: 'Personalizando...' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    busy.focus();
    expect(busy).toHaveFocus();
    await user.click(busy);
    await user.keyboard('{Enter}');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/links');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({ url: created.url, alias: 'promo' });

    await act(async () => answer(jsonResponse(created, 201)));

    expect(await screen.findByText('Seu link personalizado:')).toBeInTheDocument();
    const result = screen.getByLabelText('Seu link personalizado:');
    expect(result).toHaveValue(created.shortUrl);
    expect(result).toHaveAttribute('readonly');
    expect(within(toastRegion()).getByText('Sucesso!')).toBeInTheDocument();
    expect(within(toastRegion()).getByText('Link personalizado com sucesso!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Personalize' })).toBeEnabled();
    expect(fields().url).toHaveValue(created.url);
    expect(fields().alias).toHaveValue('promo');
    // Only what names the link and opens it later: its options come from the owner view.
    const { alias, shortUrl, url, createdAt, manageToken } = created;
    expect(JSON.parse(window.localStorage.getItem(MY_LINKS_KEY) ?? '[]')).toEqual([{ alias, shortUrl, url, createdAt, manageToken }]);
  });

  it('sends an empty alias as absent and keeps newer links first in my_links', async () => {
    window.localStorage.setItem(MY_LINKS_KEY, JSON.stringify([{ ...created, alias: 'antigo' }]));
    fetchMock.mockResolvedValue(jsonResponse({ ...created, alias: 'k3x9ab', shortUrl: 'http://localhost:3000/k3x9ab' }, 201));
    const user = userEvent.setup();
    renderWithApp(<CreateLinkForm />);
    await user.type(fields().url, created.url);
    await user.type(fields().alias, '   ');
    await user.click(fields().button);
    await screen.findByText('Seu link personalizado:');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ url: created.url });
    const stored = JSON.parse(window.localStorage.getItem(MY_LINKS_KEY) ?? '[]') as { alias: string }[];
    expect(stored.map((link) => link.alias)).toEqual(['k3x9ab', 'antigo']);
  });

  it("shows the server's message for a taken alias", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ error: { code: 'alias_taken', message: 'Este alias personalizado já está em uso.' } }, 409),
    );
    const user = userEvent.setup();
    renderWithApp(<CreateLinkForm />);
    await user.type(fields().url, created.url);
    await user.type(fields().alias, 'promo');
    await user.click(fields().button);
    const toast = toastRegion();
    expect(await within(toast).findByText('Erro ao personalizar')).toBeInTheDocument();
    expect(within(toast).getByText('Este alias personalizado já está em uso.')).toBeInTheDocument();
    expect(screen.queryByText('Seu link personalizado:')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Personalize' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Personalize' })).not.toHaveAttribute('aria-disabled');
    // Also written under the alias, which is marked and focused (the toast goes after 5 s).
    expect(fields().alias).toHaveFocus();
    expect(fields().alias).toHaveAttribute('aria-invalid', 'true');
    expect(fields().alias).toHaveAccessibleDescription(expect.stringContaining('Este alias personalizado já está em uso.'));
    expect(fields().url).not.toHaveAttribute('aria-invalid');
    // Editing the alias takes the mark away.
    await user.type(fields().alias, '2');
    expect(fields().alias).not.toHaveAttribute('aria-invalid');
    expect(fields().alias).not.toHaveAccessibleDescription(expect.stringContaining('já está em uso'));
  });

  it('writes a refused URL under the URL field and focuses it; the browser\'s own refusal too', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ error: { code: 'blocked_url', message: 'Este endereço não pode ser encurtado: o domínio foi bloqueado por abuso.' } }, 400));
    const user = userEvent.setup();
    renderWithApp(<CreateLinkForm />);
    await user.type(fields().url, created.url);
    await user.click(fields().button);
    await within(toastRegion()).findByText('Este endereço não pode ser encurtado: o domínio foi bloqueado por abuso.');
    expect(fields().url).toHaveFocus();
    expect(fields().url).toHaveAttribute('aria-invalid', 'true');
    expect(fields().url).toHaveAccessibleDescription('Este endereço não pode ser encurtado: o domínio foi bloqueado por abuso.');
    expect(fields().alias).not.toHaveAttribute('aria-invalid');

    await user.clear(fields().url);
    expect(fields().url).not.toHaveAttribute('aria-invalid');
    await user.type(fields().url, 'exemplo.com.br/pagina');
    await user.click(fields().button);
    expect(fields().url).toHaveAttribute('aria-invalid', 'true');
    expect(fields().url).toHaveAccessibleDescription('A URL precisa começar com http:// ou https://.');
  });

  /** Creates `promo` through the form and waits for its result box. */
  async function createdWithResult() {
    const user = userEvent.setup();
    renderWithApp(<CreateLinkForm />);
    await user.type(fields().url, created.url);
    await user.type(fields().alias, 'promo');
    await user.click(fields().button);
    expect(await screen.findByLabelText('Seu link personalizado:')).toHaveValue(created.shortUrl);
    return user;
  }

  it('removes the previous result as soon as the URL is edited', async () => {
    fetchMock.mockResolvedValue(jsonResponse(created, 201));
    const user = await createdWithResult();

    await user.type(fields().url, '/outra');
    expect(screen.queryByText('Seu link personalizado:')).not.toBeInTheDocument();
    expect(screen.queryByTestId('short-link-result')).not.toBeInTheDocument();
    // Editing the alias alone keeps nothing stale either way: only the URL names another link.
    expect(fields().alias).toHaveValue('promo');
  });

  it('removes the previous result when a new attempt fails', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(created, 201));
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ error: { code: 'reserved_alias', message: 'Este alias é reservado pelo site. Escolha outro.' } }, 400),
    );
    const user = await createdWithResult();

    // Same URL, another alias: only the failure can remove the box.
    await user.clear(fields().alias);
    await user.type(fields().alias, 'admin');
    expect(screen.getByTestId('short-link-result')).toBeInTheDocument();
    await user.click(fields().button);
    expect(await within(toastRegion()).findByText('Este alias é reservado pelo site. Escolha outro.')).toBeInTheDocument();
    expect(screen.queryByTestId('short-link-result')).not.toBeInTheDocument();
    expect(screen.queryByText(created.shortUrl)).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('falls back to a generic message when there is no answer', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    renderWithApp(<CreateLinkForm />);
    await user.type(fields().url, created.url);
    await user.click(fields().button);
    expect(await within(toastRegion()).findByText('Não foi possível criar o link.')).toBeInTheDocument();
  });

  it('copies the short link and confirms with a toast', async () => {
    fetchMock.mockResolvedValue(jsonResponse(created, 201));
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderWithApp(<CreateLinkForm />);
    await user.type(fields().url, created.url);
    await user.click(fields().button);
    await user.click(await screen.findByRole('button', { name: 'Copiar link' }));
    expect(writeText).toHaveBeenCalledWith(created.shortUrl);
    await waitFor(() => expect(within(toastRegion()).getByText('Copiado!')).toBeInTheDocument());
    expect(within(toastRegion()).getByText('Link copiado para a área de transferência')).toBeInTheDocument();
  });

  it('when copying fails, selects the short link and says to copy it by hand', async () => {
    fetchMock.mockResolvedValue(jsonResponse(created, 201));
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    renderWithApp(<CreateLinkForm />);
    await user.type(fields().url, created.url);
    await user.click(fields().button);
    await user.click(await screen.findByRole('button', { name: 'Copiar link' }));
    expect(await within(toastRegion()).findByText('Não foi possível copiar. Selecione o link e copie manualmente.')).toBeInTheDocument();
    const field = screen.getByLabelText<HTMLTextAreaElement>('Seu link personalizado:');
    expect(field).toHaveFocus();
    expect(field.value.slice(field.selectionStart, field.selectionEnd)).toBe(created.shortUrl);
  });

  it('offers the QR code (loaded on demand) and a link to Meus links', async () => {
    fetchMock.mockResolvedValue(jsonResponse(created, 201));
    const user = userEvent.setup();
    renderWithApp(<CreateLinkForm />);
    await user.type(fields().url, created.url);
    await user.click(fields().button);
    expect(await screen.findByRole('link', { name: 'Meus links' })).toHaveAttribute('href', '/dashboard');

    const qrButton = screen.getByRole('button', { name: 'Ver QR code' });
    await user.click(qrButton);
    const dialog = await screen.findByRole('dialog', { name: 'QR code do link' });
    const code = within(dialog).getByRole('img', { name: 'QR code do link localhost:3000/promo' });
    expect(code.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h\d+v1h-\d+z/);
    expect(within(dialog).getByRole('button', { name: 'Baixar PNG' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Baixar SVG' })).toBeInTheDocument();

    // The dialog arrives with a lazy chunk, so it commits outside act() and its effects (the
    // Escape listener, the focus trap) run in a later task; on a loaded CI machine a timer can
    // come first. Focus inside the dialog shows those effects ran, as a user would see it.
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement | null));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(qrButton).toHaveFocus();
  });
});

describe("CreateLinkForm: 'Mais opções'", () => {
  // Only Date is faked (userEvent's timers stay real): 'Expira em' is checked against now.
  const NOW = new Date('2026-11-23T12:00:00.000Z');
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const disclosure = () => screen.getByText('Mais opções').closest('details') as HTMLDetailsElement;
  const option = (label: string) => screen.getByLabelText(label);
  const sentBody = () => JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;

  async function openOptions() {
    const user = userEvent.setup();
    renderWithApp(<CreateLinkForm />);
    await user.click(screen.getByText('Mais opções'));
    expect(disclosure().open).toBe(true);
    return user;
  }

  it('is closed at first: a summary under the alias, its five fields hidden until it is opened', async () => {
    const user = userEvent.setup();
    renderWithApp(<CreateLinkForm />);
    const details = disclosure();
    expect(details.open).toBe(false);
    expect(details.querySelector('summary')).toHaveTextContent('Mais opções');
    // Between the alias and the button, inside the form (it posts without JavaScript too).
    expect(details.closest('form')).toContainElement(fields().button);
    expect(fields().alias.compareDocumentPosition(details) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    for (const label of ['Expira em', 'Limite de cliques', 'Senha', 'Link para iPhone e iPad', 'Link para Android']) {
      expect(option(label)).not.toBeVisible();
    }
    await user.click(screen.getByText('Mais opções'));
    expect(details.open).toBe(true);
    expect(option('Expira em')).toBeVisible();
    expect(option('Expira em')).toHaveAttribute('type', 'datetime-local');
    expect(option('Expira em')).toHaveAccessibleDescription('Horário de Brasília.');
    expect(option('Expira em')).toHaveAttribute('name', 'expiresAt');
    expect(option('Limite de cliques')).toHaveAttribute('type', 'number');
    expect(option('Limite de cliques')).toHaveAttribute('name', 'maxClicks');
    expect(option('Senha')).toHaveAttribute('type', 'password');
    expect(option('Senha')).toHaveAttribute('autocomplete', 'new-password');
    expect(option('Senha')).toHaveAttribute('name', 'password');
    // Its length rule is told before a mistake, not only in the refusal.
    expect(option('Senha')).toHaveAccessibleDescription('De 4 a 128 caracteres. Quem abrir o link vai precisar dela.');
    const appsHint = 'Quem abrir o link nesses aparelhos vai para este endereço; os demais, para a URL principal.';
    expect(option('Link para iPhone e iPad')).toHaveAttribute('type', 'url');
    expect(option('Link para iPhone e iPad')).toHaveAttribute('name', 'iosUrl');
    expect(option('Link para iPhone e iPad')).toHaveAccessibleDescription(appsHint);
    expect(option('Link para Android')).toHaveAttribute('name', 'androidUrl');
    expect(option('Link para Android')).toHaveAccessibleDescription(appsHint);
    await user.click(screen.getByText('Mais opções'));
    expect(details.open).toBe(false);
  });

  it('sends the filled options ("Expira em" read as Brasília time) and shows them as badges on the result', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          ...created,
          expiresAt: '2027-03-10T21:30:00.000Z',
          maxClicks: 50,
          clicksLeft: 50,
          protected: true,
          iosUrl: 'https://apps.apple.com/br/app/id123',
          androidUrl: 'https://play.google.com/store/apps/details?id=br.exemplo',
        },
        201,
      ),
    );
    const user = await openOptions();
    await user.type(fields().url, created.url);
    fireEvent.change(option('Expira em'), { target: { value: '2027-03-10T18:30' } });
    await user.type(option('Limite de cliques'), '50');
    await user.type(option('Senha'), ' segredo ');
    await user.type(option('Link para iPhone e iPad'), 'https://apps.apple.com/br/app/id123');
    await user.type(option('Link para Android'), ' https://play.google.com/store/apps/details?id=br.exemplo ');
    await user.click(fields().button);

    const result = await screen.findByTestId('short-link-result');
    expect(sentBody()).toEqual({
      url: created.url,
      expiresAt: '2027-03-10T21:30:00.000Z',
      maxClicks: 50,
      password: ' segredo ',
      iosUrl: 'https://apps.apple.com/br/app/id123',
      androidUrl: 'https://play.google.com/store/apps/details?id=br.exemplo',
    });
    const badges = within(result).getAllByRole('listitem').map((item) => item.textContent);
    expect(badges).toEqual(['expira em 10/03/2027 18:30 (Brasília)', '0 de 50 cliques', 'protegido', 'links para apps']);
  });

  it('sends nothing of the options when they are left empty, and a plain result has no badges', async () => {
    fetchMock.mockResolvedValue(jsonResponse(created, 201));
    const user = await openOptions();
    await user.type(fields().url, created.url);
    await user.type(option('Limite de cliques'), '   ');
    await user.click(fields().button);
    const result = await screen.findByTestId('short-link-result');
    expect(sentBody()).toEqual({ url: created.url });
    expect(within(result).queryByTestId('link-option-badges')).not.toBeInTheDocument();
  });

  it("writes the server's refusal of an option under its field, opens the options and moves the focus there", async () => {
    const message = 'A senha deve ter de 4 a 128 caracteres.';
    fetchMock.mockResolvedValue(jsonResponse({ error: { code: 'invalid_password', message } }, 400));
    const user = await openOptions();
    await user.type(fields().url, created.url);
    await user.type(option('Senha'), 'segredo');
    // Closed again before sending: the refusal opens it.
    await user.click(screen.getByText('Mais opções'));
    expect(disclosure().open).toBe(false);
    await user.click(fields().button);

    await waitFor(() => expect(option('Senha')).toHaveFocus());
    expect(disclosure().open).toBe(true);
    expect(option('Senha')).toHaveAttribute('aria-invalid', 'true');
    expect(option('Senha')).toHaveAccessibleDescription(`De 4 a 128 caracteres. Quem abrir o link vai precisar dela. ${message}`);
    expect(fields().url).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByTestId('short-link-result')).not.toBeInTheDocument();
    expect(within(toastRegion()).queryByText('Erro ao personalizar')).not.toBeInTheDocument();

    // Typing again clears it.
    await user.type(option('Senha'), '!');
    expect(option('Senha')).not.toHaveAttribute('aria-invalid');
    expect(option('Senha')).not.toHaveAccessibleDescription(message);
  });

  it('checks the options before sending: an expiry already past or a short password is pointed out, nothing sent', async () => {
    const user = await openOptions();
    await user.type(fields().url, created.url);
    // 08:00 in Brasília is 11:00 UTC, an hour before now.
    fireEvent.change(option('Expira em'), { target: { value: '2026-11-23T08:00' } });
    await user.click(fields().button);
    expect(option('Expira em')).toHaveFocus();
    expect(option('Expira em')).toHaveAccessibleDescription('Horário de Brasília. A data de expiração deve ficar entre 1 minuto e 5 anos a partir de agora.');

    fireEvent.change(option('Expira em'), { target: { value: '2026-11-24T08:00' } });
    expect(option('Expira em')).toHaveAccessibleDescription('Horário de Brasília.');
    await user.type(option('Senha'), 'abc');
    await user.click(fields().button);
    expect(option('Senha')).toHaveFocus();
    expect(option('Senha')).toHaveAccessibleDescription('De 4 a 128 caracteres. Quem abrir o link vai precisar dela. A senha deve ter de 4 a 128 caracteres.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a value the browser refuses (a malformed app link) is written under its field, nothing sent', async () => {
    const user = await openOptions();
    await user.type(fields().url, created.url);
    await user.type(option('Link para Android'), 'play store');
    await user.click(fields().button);
    expect(option('Link para Android')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('O link para Android precisa ser uma URL válida com http:// ou https://, de outro site.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('without JavaScript: the posted options come back open in their fields, the refusal under its field', () => {
    renderWithApp(<CreateLinkForm />, {
      context: {
        homeForm: {
          url: created.url,
          alias: '',
          options: { expiresAt: '2026-12-25T18:00', maxClicks: '0', iosUrl: '', androidUrl: '' },
          error: 'O limite de cliques deve ser um número inteiro de 1 a 1.000.000.000.',
          errorCode: 'invalid_max_clicks',
        },
      },
    });
    expect(disclosure().open).toBe(true);
    expect(option('Expira em')).toHaveValue('2026-12-25T18:00');
    expect(option('Limite de cliques')).toHaveValue(0);
    expect(option('Limite de cliques')).toHaveAccessibleDescription('O limite de cliques deve ser um número inteiro de 1 a 1.000.000.000.');
    expect(option('Senha')).toHaveValue('');
    // Not also written under the form as a general refusal.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fields().url).not.toHaveAttribute('aria-invalid');
  });

  it("forgets the server's answer once the visitor has moved to another page of the app and back", () => {
    renderWithApp(<CreateLinkForm />, { context: { homeForm: { url: created.url, alias: 'ja-usado', error: 'Este alias personalizado já está em uso.', errorCode: 'alias_taken' } }, visitedBefore: ['/faq'] });
    expect(fields().url).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
