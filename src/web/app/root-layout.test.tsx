// The cookie banner asks visitors of the public pages only: the operator's console sets no ad or
// consent cookie, and on a phone the banner covered a third of it.
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { COOKIE_CONSENT_KEY } from '../lib/cookie-consent';
import { defaultSiteConfig, SiteConfigProvider } from '../lib/site-config';
import { stubFetch } from '../testing/fetch-stub';
import { AppRoutes } from './app-routes';

const fetchMock = stubFetch();

beforeEach(() => {
  fetchMock.mockReturnValue(new Promise<Response>(() => {}));
  // A visitor who has not chosen yet.
  localStorage.removeItem(COOKIE_CONSENT_KEY);
});

function renderAt(path: string) {
  render(
    <SiteConfigProvider config={defaultSiteConfig}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </SiteConfigProvider>,
  );
}

describe('the cookie banner in the layout', () => {
  it.each(['/', '/faq', '/administracao'])('shows on %s for a visitor who has not chosen', async (path) => {
    renderAt(path);
    expect(await screen.findByTestId('cookie-banner')).toBeInTheDocument();
  });

  it.each(['/admin', '/admin/registro', '/admin/links/'])("is absent from the console's %s", async (path) => {
    renderAt(path);
    await screen.findByRole('heading', { level: 1, name: 'Console do operador' });
    expect(screen.queryByTestId('cookie-banner')).not.toBeInTheDocument();
  });
});
