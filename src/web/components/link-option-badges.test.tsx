import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LinkOptionsView } from '../../shared/api';
import { LinkOptionBadges, linkOptionBadges, upcomingExpiry } from './link-option-badges';

const PLAIN: LinkOptionsView = { expiresAt: null, maxClicks: null, clicksLeft: null, protected: false, iosUrl: null, androidUrl: null };
const NOW = Date.parse('2026-11-23T12:00:00.000Z');
const texts = (value: unknown, now = NOW) => linkOptionBadges(value, now).map((badge) => badge.text);

describe('linkOptionBadges', () => {
  it('a plain link has none', () => {
    expect(linkOptionBadges(PLAIN, NOW)).toEqual([]);
  });

  it('the expiry in Brasília time, or "expirado" once it has passed', () => {
    const options = { ...PLAIN, expiresAt: '2026-12-25T21:00:00.000Z' };
    expect(linkOptionBadges(options, NOW)).toEqual([{ kind: 'expires', text: 'expira em 25/12/2026 18:00 (Brasília)' }]);
    expect(linkOptionBadges(options, Date.parse('2026-12-25T21:00:00.000Z'))).toEqual([{ kind: 'expired', text: 'expirado' }]);
    // A minute past midnight in UTC is still the evening before in Brasília.
    expect(texts({ ...PLAIN, expiresAt: '2027-01-01T00:01:00.000Z' })).toEqual(['expira em 31/12/2026 21:01 (Brasília)']);
    // An instant the minute alone would misstate (an API link's): its seconds are shown.
    expect(texts({ ...PLAIN, expiresAt: '2026-12-25T20:32:50.000Z' })).toEqual(['expira em 25/12/2026 17:32:50 (Brasília)']);
  });

  it('the clicks used of the limit, pt-BR numbers; used up stands out', () => {
    expect(linkOptionBadges({ ...PLAIN, maxClicks: 50, clicksLeft: 47 }, NOW)).toEqual([{ kind: 'clicks', text: '3 de 50 cliques' }]);
    expect(linkOptionBadges({ ...PLAIN, maxClicks: 50, clicksLeft: 50 }, NOW)).toEqual([{ kind: 'clicks', text: '0 de 50 cliques' }]);
    expect(linkOptionBadges({ ...PLAIN, maxClicks: 1500, clicksLeft: 0 }, NOW)).toEqual([{ kind: 'clicksUsedUp', text: '1.500 de 1.500 cliques · expirado' }]);
    // One click: singular.
    expect(texts({ ...PLAIN, maxClicks: 1, clicksLeft: 1 })).toEqual(['0 de 1 clique']);
    expect(texts({ ...PLAIN, maxClicks: 1, clicksLeft: 0 })).toEqual(['1 de 1 clique · expirado']);
  });

  it('"protegido" for a password, "links para apps" for either app link', () => {
    expect(texts({ ...PLAIN, protected: true })).toEqual(['protegido']);
    expect(texts({ ...PLAIN, iosUrl: 'https://apps.apple.com/app/id1' })).toEqual(['links para apps']);
    expect(texts({ ...PLAIN, androidUrl: 'https://play.google.com/store/apps/details?id=x' })).toEqual(['links para apps']);
  });

  it('all of them, in a fixed order', () => {
    const all = { expiresAt: '2026-12-25T21:00:00.000Z', maxClicks: 10, clicksLeft: 4, protected: true, iosUrl: 'https://a.example/', androidUrl: 'https://b.example/' };
    expect(texts(all)).toEqual(['expira em 25/12/2026 18:00 (Brasília)', '6 de 10 cliques', 'protegido', 'links para apps']);
  });

  it('reads what it is given defensively: missing or malformed fields are no option', () => {
    expect(texts({})).toEqual([]);
    expect(texts(undefined)).toEqual([]);
    expect(texts({ expiresAt: 'amanhã', maxClicks: '50', protected: 'sim', iosUrl: '' })).toEqual([]);
  });
});

describe('LinkOptionBadges', () => {
  it('renders nothing for a plain link', () => {
    const { container } = render(<LinkOptionBadges options={PLAIN} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('renders a list of badges', () => {
    render(<LinkOptionBadges options={{ ...PLAIN, maxClicks: 50, clicksLeft: 50, protected: true }} />);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['0 de 50 cliques', 'protegido']);
  });

  describe('a page left open past the expiry', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('turns the badge into "expirado" at the instant itself, not before', () => {
      vi.useFakeTimers({ now: NOW });
      const expiresAt = new Date(NOW + 90_000).toISOString();
      render(<LinkOptionBadges options={{ ...PLAIN, expiresAt, maxClicks: 5, clicksLeft: 5 }} now={NOW} />);
      const list = screen.getByTestId('link-option-badges');
      expect(list).toHaveTextContent('expira em 23/11/2026 09:01:30 (Brasília)');
      act(() => {
        vi.advanceTimersByTime(89_999);
      });
      expect(list).toHaveTextContent('expira em');
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['expirado', '0 de 5 cliques']);
      // Nothing is left waiting once it has turned.
      expect(vi.getTimerCount()).toBe(0);
    });

    it('waits for an expiry past setTimeout\'s longest delay in steps', () => {
      vi.useFakeTimers({ now: NOW });
      const in40Days = NOW + 40 * 86_400_000;
      render(<LinkOptionBadges options={{ ...PLAIN, expiresAt: new Date(in40Days).toISOString() }} now={NOW} />);
      act(() => {
        vi.advanceTimersByTime(30 * 86_400_000);
      });
      expect(screen.getByTestId('link-option-badges')).toHaveTextContent('expira em');
      act(() => {
        vi.advanceTimersByTime(10 * 86_400_000);
      });
      expect(screen.getByTestId('link-option-badges')).toHaveTextContent('expirado');
    });

    it('sets no timer for a link without a future expiry, and drops it when unmounted', () => {
      vi.useFakeTimers({ now: NOW });
      const { unmount } = render(<LinkOptionBadges options={{ ...PLAIN, expiresAt: new Date(NOW - 1).toISOString() }} now={NOW} />);
      expect(vi.getTimerCount()).toBe(0);
      unmount();
      render(<LinkOptionBadges options={{ ...PLAIN, expiresAt: new Date(NOW + 60_000).toISOString() }} now={NOW} />).unmount();
      expect(vi.getTimerCount()).toBe(0);
    });
  });
});

describe('upcomingExpiry', () => {
  it('the expiry instant while it is ahead; null once reached, or without one', () => {
    expect(upcomingExpiry({ ...PLAIN, expiresAt: '2026-11-23T12:00:01.000Z' }, NOW)).toBe(NOW + 1000);
    expect(upcomingExpiry({ ...PLAIN, expiresAt: '2026-11-23T12:00:00.000Z' }, NOW)).toBeNull();
    expect(upcomingExpiry(PLAIN, NOW)).toBeNull();
    expect(upcomingExpiry({ expiresAt: 'amanhã' }, NOW)).toBeNull();
  });
});
