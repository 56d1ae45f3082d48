import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COOKIE_CONSENT_KEY, setCookieConsent } from '../../lib/cookie-consent';
import { renderWithApp } from '../../testing/render';
import { AdSlot } from './ad-slot';

const AD = 'https://ads.example.com/ad.js';
const adScripts = () => document.querySelectorAll(`script[src="${AD}"]`);

describe('AdSlot', () => {
  it('renders nothing when no ad script is configured, even with consent', () => {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, 'accepted');
    renderWithApp(<AdSlot />, { site: { adScriptSrc: '' } });
    expect(screen.queryByRole('complementary', { name: 'Publicidade' })).not.toBeInTheDocument();
    expect(document.querySelectorAll('script[data-ad-slot]')).toHaveLength(0);
  });

  it('waits for consent, then loads the script once accepted', () => {
    renderWithApp(<AdSlot />, { site: { adScriptSrc: AD } });
    expect(adScripts()).toHaveLength(0);
    act(() => setCookieConsent('accepted'));
    expect(screen.getByRole('complementary', { name: 'Publicidade' })).toBeInTheDocument();
    expect(adScripts()).toHaveLength(1);
    expect((adScripts()[0] as HTMLScriptElement).async).toBe(true);
  });

  it('never loads the script after Rejeitar', () => {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, 'rejected');
    renderWithApp(<AdSlot />, { site: { adScriptSrc: AD } });
    expect(adScripts()).toHaveLength(0);
    expect(screen.queryByRole('complementary', { name: 'Publicidade' })).not.toBeInTheDocument();
  });
});
