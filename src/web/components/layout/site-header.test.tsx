import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../testing/render';
import { SiteHeader } from './site-header';

describe('SiteHeader', () => {
  it('links the logo home and lists the four links', () => {
    renderWithApp(<SiteHeader />, { site: { siteName: 'Marca Teste' } });
    expect(screen.getByRole('link', { name: 'Marca Teste' })).toHaveAttribute('href', '/');
    // The wide screen's bar and the phone's menu (a popover, which jsdom does not hide).
    const navs = screen.getAllByRole('navigation', { name: 'Menu principal' });
    expect(navs).toHaveLength(2);
    for (const nav of navs) {
      expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Início', 'FAQ', 'Contato', 'Privacidade']);
    }
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
    expect(menu).toHaveAttribute('data-open');
    await user.click(within(menu as HTMLElement).getByRole('link', { name: 'FAQ' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(menu).not.toHaveAttribute('data-open');
  });

  // jsdom has no popovers: the tests above take the app's own way (as Safari before 17 would);
  // the browser's way is tested in Chromium (test/e2e/layout.test.ts), also without JavaScript.
  it('makes the phone menu a popover of its toggle, and follows its toggle events', () => {
    renderWithApp(<SiteHeader />);
    const toggle = screen.getByRole('button', { name: 'Abrir menu' });
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(menu?.tagName).toBe('NAV');
    expect(menu).toHaveAttribute('popover', 'auto');
    expect(toggle).toHaveAttribute('popovertarget', menu?.id);

    // What the browser fires when it opens and closes the popover.
    const toggled = (newState: 'open' | 'closed') => Object.assign(new Event('toggle'), { oldState: newState === 'open' ? 'closed' : 'open', newState });
    act(() => {
      menu?.dispatchEvent(toggled('open'));
    });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Fechar menu');
    act(() => {
      menu?.dispatchEvent(toggled('closed'));
    });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAccessibleName('Abrir menu');
  });

  it('closes when keyboard focus leaves both the menu and its toggle, not while it moves between them', async () => {
    const user = userEvent.setup();
    renderWithApp(
      <>
        <SiteHeader />
        <main>
          <button type="button">Depois do menu</button>
        </main>
      </>,
    );
    const toggle = screen.getByRole('button', { name: 'Abrir menu' });
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    // From the toggle into the menu, along it, back to the toggle: open all the way.
    within(menu).getByRole('link', { name: 'Início' }).focus();
    await user.tab();
    expect(within(menu).getByRole('link', { name: 'FAQ' })).toHaveFocus();
    toggle.focus();
    within(menu).getByRole('link', { name: 'Privacidade' }).focus();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // Focus going nowhere (another window) leaves it to the browser.
    act(() => within(menu).getByRole('link', { name: 'Privacidade' }).blur());
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    // Tab past the last link, into the page: closed.
    within(menu).getByRole('link', { name: 'Privacidade' }).focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Depois do menu' })).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(menu).not.toHaveAttribute('data-open');

    // Open again, then Shift+Tab from the toggle out of the header's phone row: closed too.
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.tab({ shift: true });
    expect(toggle).not.toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
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
