import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fireEvent } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../testing/render';
import { LinkGate } from './link-gate';

function passwordForm(): HTMLFormElement {
  const field = screen.getByLabelText('Senha');
  const form = field.closest('form');
  if (form === null) throw new Error('the password field is not in a form');
  return form;
}

describe('LinkGate', () => {
  it('expired: says so, with a way home and nothing else to do', async () => {
    const user = userEvent.setup();
    renderWithApp(<LinkGate view="expired" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Este link expirou.' })).toBeInTheDocument();
    expect(document.title).toBe('Este link expirou | Encurta.br');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(document.querySelector('form')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Voltar para a Home' }));
    expect(screen.getByText('Página inicial')).toBeInTheDocument();
  });

  it('password: a plain form posting one password field to the address it was loaded at', () => {
    renderWithApp(<LinkGate view="password" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Este link é protegido por senha.' })).toBeInTheDocument();
    expect(document.title).toBe('Link protegido por senha | Encurta.br');
    const form = passwordForm();
    expect(form.getAttribute('method')).toBe('post');
    expect(form.hasAttribute('action')).toBe(false);
    const field = screen.getByLabelText('Senha');
    expect(field).toHaveAttribute('type', 'password');
    expect(field).toHaveAttribute('name', 'password');
    expect(field).toHaveAttribute('autocomplete', 'current-password');
    expect(field).toBeRequired();
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(field).not.toHaveAttribute('aria-describedby');
    // The password, and the hidden origin the script fills on submit.
    expect([...form.querySelectorAll('input')].map((input) => `${input.type}:${input.name}`)).toEqual(['hidden:referrer', 'password:password']);
    const open = screen.getByRole('button', { name: 'Abrir link' });
    expect(open).toHaveAttribute('type', 'submit');
    expect(open).toBeEnabled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  describe('the origin the visitor came from, sent with the password for the click\'s source', () => {
    const setReferrer = (value: string) => Object.defineProperty(document, 'referrer', { value, configurable: true });
    afterEach(() => {
      setReferrer('');
      window.sessionStorage.clear();
    });
    const submitted = (): string => {
      renderWithApp(<LinkGate view="password" />);
      const form = passwordForm();
      form.addEventListener('submit', (event) => event.preventDefault());
      fireEvent.submit(form);
      return (form.elements.namedItem('referrer') as HTMLInputElement).value;
    };

    it('is the referring page\'s origin only (no path), and an app\'s package', () => {
      setReferrer('https://www.google.com.br/search?q=promo%C3%A7%C3%A3o');
      expect(submitted()).toBe('https://www.google.com.br');
    });

    it('after a wrong password (the referrer is this page), is the one seen first in this tab', () => {
      setReferrer('android-app://com.google.android.googlequicksearchbox/https/www.google.com');
      expect(submitted()).toBe('android-app://com.google.android.googlequicksearchbox');
      document.body.innerHTML = '';
      setReferrer(`${window.location.origin}${window.location.pathname}`);
      expect(submitted()).toBe('android-app://com.google.android.googlequicksearchbox');
    });

    it('is empty without a referrer', () => {
      expect(submitted()).toBe('');
    });
  });

  it('password-wrong: "Senha incorreta." tied to the field, which stays usable', async () => {
    const user = userEvent.setup();
    renderWithApp(<LinkGate view="password-wrong" />);
    const field = screen.getByLabelText('Senha');
    expect(screen.getByRole('alert')).toHaveTextContent(/^Senha incorreta\.$/);
    expect(field).toHaveAccessibleDescription('Senha incorreta.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toBeEnabled();
    await user.click(field);
    expect(field).toHaveFocus();
    await user.keyboard('outra-senha');
    expect(field).toHaveValue('outra-senha');
    expect(passwordForm().getAttribute('method')).toBe('post');
  });

  it('password-limited: the form still there, with the wait explained under the field', () => {
    renderWithApp(<LinkGate view="password-limited" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Este link é protegido por senha.' })).toBeInTheDocument();
    const text = 'Muitas tentativas em pouco tempo. Aguarde um minuto e tente novamente.';
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    const field = screen.getByLabelText('Senha');
    expect(field).toHaveAccessibleDescription(text);
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('button', { name: 'Abrir link' })).toBeEnabled();
  });
});
