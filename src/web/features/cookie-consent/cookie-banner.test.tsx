import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { COOKIE_CONSENT_KEY, readCookieConsent } from '../../lib/cookie-consent';
import { renderWithApp } from '../../testing/render';
import { CookieBanner } from './cookie-banner';

describe('CookieBanner', () => {
  it('shows while no choice is stored, with a link to the privacy policy', () => {
    renderWithApp(<CookieBanner />);
    const banner = screen.getByRole('region', { name: 'Aviso de cookies' });
    expect(banner).toHaveTextContent('Usamos cookies para garantir que você tenha a melhor experiência');
    expect(screen.getByRole('link', { name: 'Conheça nossa Política de Privacidade' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('button', { name: 'Aceitar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rejeitar' })).toBeInTheDocument();
  });

  it('Aceitar stores "accepted" and hides the banner', async () => {
    const user = userEvent.setup();
    renderWithApp(<CookieBanner />);
    await user.click(screen.getByRole('button', { name: 'Aceitar' }));
    expect(window.localStorage.getItem(COOKIE_CONSENT_KEY)).toBe('accepted');
    expect(readCookieConsent()).toBe('accepted');
    expect(screen.queryByRole('region', { name: 'Aviso de cookies' })).not.toBeInTheDocument();
  });

  it('Rejeitar stores "rejected" and hides the banner, from the keyboard too', async () => {
    const user = userEvent.setup();
    renderWithApp(<CookieBanner />);
    screen.getByRole('button', { name: 'Rejeitar' }).focus();
    await user.keyboard('{Enter}');
    expect(window.localStorage.getItem(COOKIE_CONSENT_KEY)).toBe('rejected');
    expect(screen.queryByRole('region', { name: 'Aviso de cookies' })).not.toBeInTheDocument();
  });

  it.each(['accepted', 'rejected'])('is never shown once the choice is %s', (choice) => {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, choice);
    renderWithApp(<CookieBanner />);
    expect(screen.queryByRole('region', { name: 'Aviso de cookies' })).not.toBeInTheDocument();
  });

  it('ignores an unknown stored value', () => {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, 'talvez');
    renderWithApp(<CookieBanner />);
    expect(readCookieConsent()).toBeNull();
    expect(screen.getByRole('region', { name: 'Aviso de cookies' })).toBeInTheDocument();
  });
});
