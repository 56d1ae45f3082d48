import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, toastRegion } from '../../testing/render';
import { CONTACT_SEND_DELAY_MS, ContactForm } from './contact-form';
import { stubFetch } from '../../testing/fetch-stub';

const fetchMock = stubFetch();

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ContactForm', () => {
  it('has the four required fields and the five subjects', () => {
    renderWithApp(<ContactForm />);
    expect(screen.getByLabelText('Nome')).toBeRequired();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Mensagem')).toHaveAttribute('rows', '6');
    const subject = screen.getByLabelText('Assunto');
    expect(subject).toBeRequired();
    const options = within(subject).getAllByRole('option').filter((option) => option.getAttribute('value') !== '');
    expect(options.map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
      ['suporte', 'Suporte Técnico'],
      ['duvida', 'Dúvida Geral'],
      ['sugestao', 'Sugestão'],
      ['parceria', 'Parceria'],
      ['outro', 'Outro'],
    ]);
  });

  it('does not submit while a field is missing', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithApp(<ContactForm />);
    await user.type(screen.getByLabelText('Nome'), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    expect(screen.queryByRole('button', { name: 'Enviando...' })).not.toBeInTheDocument();
  });

  it('simulates sending for 1.5 s, confirms with a toast, clears the fields and calls no server', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithApp(<ContactForm />);
    await user.type(screen.getByLabelText('Nome'), 'Ana Souza');
    await user.type(screen.getByLabelText('Email'), 'ana@exemplo.com.br');
    await user.selectOptions(screen.getByLabelText('Assunto'), 'duvida');
    await user.type(screen.getByLabelText('Mensagem'), 'Olá, tenho uma dúvida.');
    await user.click(screen.getByRole('button', { name: 'Enviar mensagem' }));

    expect(screen.getByRole('button', { name: 'Enviando...' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(CONTACT_SEND_DELAY_MS - 100));
    expect(screen.queryByText('Mensagem enviada!')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));

    expect(within(toastRegion()).getByText('Mensagem enviada!')).toBeInTheDocument();
    expect(within(toastRegion()).getByText('Entraremos em contato em breve.')).toBeInTheDocument();
    expect(screen.getByLabelText('Nome')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Assunto')).toHaveValue('');
    expect(screen.getByLabelText('Mensagem')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Enviar mensagem' })).toBeEnabled();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
