import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { PAGE_PATHS, PAGE_ROUTES, type PageName } from '../../shared/routes';
import { defaultSiteConfig, SiteConfigProvider } from '../lib/site-config';
import { stubFetch } from '../testing/fetch-stub';
import { APP_PAGE_ROUTES, AppRoutes } from './app-routes';

const fetchMock = stubFetch();

beforeEach(() => {
  // Pages that load data (home statistics) wait forever: only the route is under test.
  fetchMock.mockReturnValue(new Promise<Response>(() => {}));
});

// Each page's main heading: what shows that the path reached that page and not the alias
// route (":alias") or the 404 view.
const HEADINGS: Record<PageName, RegExp> = {
  home: /^Personalize seus links/,
  faq: /^Perguntas frequentes$/,
  contact: /^Fale conosco$/,
  privacy: /^Política de Privacidade$/,
  dashboard: /^Meus links$/,
  report: /^Denunciar link$/,
};

describe('AppRoutes', () => {
  it('has exactly the shared page routes (the ones the server answers with the app)', () => {
    expect(APP_PAGE_ROUTES.map((route) => route.path)).toEqual([...PAGE_ROUTES]);
  });

  it.each(Object.entries(PAGE_PATHS) as [PageName, string][])('renders the %s page at %s', async (name, path) => {
    render(
      <SiteConfigProvider config={defaultSiteConfig}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
        </MemoryRouter>
      </SiteConfigProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: HEADINGS[name] })).toBeInTheDocument();
  });
});
