import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COOKIE_CONSENT_KEY, setCookieConsent } from '../../lib/cookie-consent';
import { renderWithApp } from '../../testing/render';
import { AdSlot, adFrameDocument } from './ad-slot';

const AD = 'https://ads.example.com/ad.js?client=ca-pub-1&slot=2';
const adFrames = () => document.querySelectorAll<HTMLIFrameElement>('iframe[title="Publicidade"]');

describe('AdSlot', () => {
  it('renders nothing when no ad script is configured, even with consent', () => {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, 'accepted');
    renderWithApp(<AdSlot />, { site: { adScriptSrc: '' } });
    expect(screen.queryByRole('complementary', { name: 'Publicidade' })).not.toBeInTheDocument();
    expect(adFrames()).toHaveLength(0);
  });

  it('waits for consent, then loads the script in a sandboxed frame of its own (no allow-same-origin)', () => {
    renderWithApp(<AdSlot />, { site: { adScriptSrc: AD } });
    expect(adFrames()).toHaveLength(0);
    act(() => setCookieConsent('accepted'));
    expect(screen.getByRole('complementary', { name: 'Publicidade' })).toBeInTheDocument();
    const [frame] = adFrames();
    expect(frame?.getAttribute('sandbox')?.split(' ').sort()).toEqual(['allow-popups', 'allow-popups-to-escape-sandbox', 'allow-scripts']);
    expect(frame?.getAttribute('srcdoc')).toBe(adFrameDocument(AD));
    // Never in the page itself.
    expect(document.querySelectorAll('script[src^="https://ads.example.com"]')).toHaveLength(0);
  });

  it("the frame's document holds the script, its URL escaped for the attribute", () => {
    expect(adFrameDocument(AD)).toContain('<script src="https://ads.example.com/ad.js?client=ca-pub-1&amp;slot=2" async></script>');
    expect(adFrameDocument('https://ads.example.com/a"b<c')).toContain('src="https://ads.example.com/a&quot;b&lt;c"');
  });

  it('never loads the script after Rejeitar', () => {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, 'rejected');
    renderWithApp(<AdSlot />, { site: { adScriptSrc: AD } });
    expect(adFrames()).toHaveLength(0);
    expect(screen.queryByRole('complementary', { name: 'Publicidade' })).not.toBeInTheDocument();
  });
});
