import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../testing/render';
import { SiteHeader } from './site-header';

describe('SiteHeader', () => {
  it('links the logo home and lists the four links', () => {
    renderWithApp(<SiteHeader />, { site: { siteName: 'Marca Teste' } });
    expect(screen.getByRole('link', { name: 'Marca Teste' })).toHaveAttribute('href', '/');
    const nav = screen.getByRole('navigation', { name: 'Menu principal' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Início', 'FAQ', 'Contato', 'Privacidade']);
  });

  it('opens the mobile menu with the toggle and closes it when a link is chosen', async () => {
    const user = userEvent.setup();
    renderWithApp(<SiteHeader />);
    const toggle = screen.getByRole('button', { name: 'Abrir menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Fechar menu');
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(menu).not.toBeNull();
    await user.click(within(menu as HTMLElement).getByRole('link', { name: 'FAQ' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).toBeNull();
  });

  it('closes with Escape and gives focus back to the toggle', async () => {
    const user = userEvent.setup();
    renderWithApp(<SiteHeader />);
    const toggle = screen.getByRole('button', { name: 'Abrir menu' });
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});
