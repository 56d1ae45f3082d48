import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LinkOptionsView } from '../../shared/api';
import { LinkOptionBadges, linkOptionBadges } from './link-option-badges';

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
});
