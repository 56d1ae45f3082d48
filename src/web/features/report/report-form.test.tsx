import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorMessages, reportTexts } from '../../../shared/messages';
import { jsonResponse, renderWithApp, toastRegion } from '../../testing/render';
import { aliasForReport, reasonLength, ReportForm } from './report-form';
import { stubFetch } from '../../testing/fetch-stub';

const fetchMock = stubFetch();
const REASON = 'Página falsa de banco pedindo senha.';

function fields() {
  return {
    alias: screen.getByLabelText('Link encurtado'),
    reason: screen.getByLabelText('Motivo'),
    button: screen.getByRole('button', { name: /Enviar denúncia|Enviando/ }),
  };
}

function sentBody(call = 0): unknown {
  const [, init] = fetchMock.mock.calls[call] ?? [];
  return JSON.parse(String(init?.body));
}

async function fillAndSend(alias: string, reason = REASON) {
  const user = userEvent.setup();
  if (alias !== '') await user.type(fields().alias, alias);
  if (reason !== '') await user.type(fields().reason, reason);
  await user.click(fields().button);
  return user;
}

describe('ReportForm', () => {
  it('has the labelled fields, the 1000-character limit, the counter and the button', async () => {
    renderWithApp(<ReportForm />);
    const { alias, reason, button } = fields();
    expect(alias).toBeRequired();
    expect(alias).toHaveAccessibleDescription('Cole o link completo ou apenas o final dele (o alias).');
    expect(reason).toBeRequired();
    expect(reason).toHaveAttribute('maxLength', '1000');
    expect(button).toHaveTextContent('Enviar denúncia');
    expect(button).toHaveAttribute('type', 'submit');
    expect(screen.getByTestId('reason-counter')).toHaveTextContent('0/1.000');
    await userEvent.setup().type(reason, 'Golpe do Pix');
    expect(screen.getByTestId('reason-counter')).toHaveTextContent('12/1.000');
    expect(reason).toHaveAccessibleDescription(/Entre 10 e 1\.000 caracteres\.\s+12 de 1\.000 caracteres usados\./);
  });

  it('prefills the link when given one', () => {
    renderWithApp(<ReportForm initialAlias="xyz" />);
    expect(fields().alias).toHaveValue('xyz');
  });

  it('asks for the link when it is empty, and sends nothing', async () => {
    renderWithApp(<ReportForm />);
    await fillAndSend('   ');
    const { alias } = fields();
    expect(alias).toHaveAttribute('aria-invalid', 'true');
    expect(alias).toHaveFocus();
    expect(alias).toHaveAccessibleDescription(/Informe o link encurtado que você quer denunciar\./);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a reason under 10 characters (spaces do not count) until it is fixed', async () => {
    renderWithApp(<ReportForm />);
    const user = await fillAndSend('promo', 'golpe     !');
    const { reason } = fields();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveFocus();
    expect(screen.getByText(errorMessages.invalid_report)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(reason, ' do Pix');
    expect(reason).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(errorMessages.invalid_report)).not.toBeInTheDocument();
  });

  it("shows what the server answered the form sent without JavaScript: the thanks, or the refusal with the fields as typed; a new send takes its place", async () => {
    const sent = renderWithApp(<ReportForm />, { context: { reportForm: { alias: '', reason: '', sent: reportTexts.received } } });
    expect(screen.getByRole('status')).toHaveTextContent(`Denúncia enviada: ${reportTexts.received}`);
    expect(fields().alias).toHaveValue('');
    sent.unmount();

    renderWithApp(<ReportForm initialAlias="outro" />, { context: { reportForm: { alias: 'nao-existe', reason: REASON, error: errorMessages.link_not_found } } });
    expect(screen.getByRole('alert')).toHaveTextContent(`Erro ao enviar denúncia: ${errorMessages.link_not_found}`);
    // The posted fields win over the address's ?alias=.
    expect(fields().alias).toHaveValue('nao-existe');
    expect(fields().reason).toHaveValue(REASON);
    fetchMock.mockResolvedValue(jsonResponse({ message: reportTexts.received }, 201));
    await userEvent.setup().click(fields().button);
    expect(screen.queryByRole('alert')).toBeNull();
    await within(await waitFor(() => toastRegion())).findByText('Denúncia enviada');
    expect(sentBody()).toEqual({ alias: 'nao-existe', reason: REASON });
  });

  it("forgets the server's answer once the visitor has moved to another page of the app and back", () => {
    renderWithApp(<ReportForm />, { context: { reportForm: { alias: 'nao-existe', reason: REASON, error: errorMessages.link_not_found } }, visitedBefore: ['/faq'] });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fields().alias).toHaveValue('');
    expect(fields().reason).toHaveValue('');
  });

  it('is busy while sending, then toasts the server thanks and clears the fields', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    renderWithApp(<ReportForm />);
    await fillAndSend('http://localhost:3000/promo?utm=x');

    // Busy, yet still focusable: a disabled button would drop the keyboard's focus to <body>.
    const busy = screen.getByRole('button', { name: 'Enviando...' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/reports');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(sentBody()).toEqual({ alias: 'http://localhost:3000/promo', reason: REASON });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    answer(jsonResponse({ message: reportTexts.received }, 201));
    const toast = await waitFor(() => toastRegion());
    await within(toast).findByText('Denúncia enviada');
    expect(within(toast).getByText(reportTexts.received)).toBeInTheDocument();
    expect(fields().alias).toHaveValue('');
    expect(fields().reason).toHaveValue('');
    expect(screen.getByTestId('reason-counter')).toHaveTextContent('0/1.000');
    expect(screen.getByRole('button', { name: 'Enviar denúncia' })).toBeEnabled();
  });

  it('shows the server message in a destructive toast and keeps the fields', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ error: { code: 'link_not_found', message: errorMessages.link_not_found } }, 404));
    renderWithApp(<ReportForm />);
    await fillAndSend('nao-existe');
    const toast = toastRegion();
    await within(toast).findByText('Erro ao enviar denúncia');
    expect(within(toast).getByText('Link não encontrado ou expirado.')).toBeInTheDocument();
    expect(toast.querySelector('li')).toHaveClass('bg-red-600');
    expect(fields().alias).toHaveValue('nao-existe');
    expect(fields().reason).toHaveValue(REASON);
    expect(screen.getByRole('button', { name: 'Enviar denúncia' })).toBeEnabled();
  });

  it('shows the rate-limit message of a 429', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ error: { code: 'rate_limited', message: errorMessages.rate_limited } }), {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '3600' },
      }),
    );
    renderWithApp(<ReportForm />);
    await fillAndSend('promo');
    await within(toastRegion()).findByText(errorMessages.rate_limited);
    expect(within(toastRegion()).getByText('Erro ao enviar denúncia')).toBeInTheDocument();
  });

  it('falls back to its own message when there is no usable answer', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderWithApp(<ReportForm />);
    await fillAndSend('promo');
    await within(toastRegion()).findByText('Não foi possível enviar a denúncia.');
    expect(within(toastRegion()).getByText('Erro ao enviar denúncia')).toBeInTheDocument();
  });
});

describe('report helpers', () => {
  it('measures the reason as the server does', () => {
    expect(reasonLength('  a   b \n c  ')).toBe(5);
  });
  it('drops query and fragment from the link', () => {
    expect(aliasForReport(' https://encurta.br/promo#x ')).toBe('https://encurta.br/promo');
    expect(aliasForReport('promo')).toBe('promo');
  });
});
