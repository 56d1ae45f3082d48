// Renders a component as the app would: site configuration, router and the toast area.
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { SiteConfig } from '../../shared/api';
import type { PageContext } from '../../shared/app-shell';
import { Toaster } from '../components/ui/toaster';
import { browserPageContext, PageContextProvider } from '../lib/page-context';
import { defaultSiteConfig, SiteConfigProvider } from '../lib/site-config';

export interface RenderOptions {
  site?: Partial<SiteConfig>;
  /** Initial address; default '/teste' (the '/' route is a stand-in home page). */
  path?: string;
  /** Route pattern the element is mounted at; default '*'. */
  route?: string;
  /** What the server rendered the page with; default: the browser's own (status 200). */
  context?: Partial<PageContext>;
  /** Addresses visited in the app before `path` (the page is then not the one first loaded). */
  visitedBefore?: string[];
}

export function renderWithApp(ui: ReactElement, options: RenderOptions = {}): RenderResult {
  return render(
    <SiteConfigProvider config={{ ...defaultSiteConfig, ...options.site }}>
      <PageContextProvider value={{ ...browserPageContext(), ...options.context }}>
        <MemoryRouter initialEntries={[...(options.visitedBefore ?? []), options.path ?? '/teste']} initialIndex={options.visitedBefore?.length ?? 0}>
          <Routes>
            <Route path={options.route ?? '*'} element={ui} />
            <Route path="/" element={<p>Página inicial</p>} />
          </Routes>
          <Toaster />
        </MemoryRouter>
      </PageContextProvider>
    </SiteConfigProvider>,
  );
}

/** The visible toast (Radix also renders an off-screen copy for screen readers). */
export function toastRegion(): HTMLElement {
  const region = document.querySelector<HTMLElement>('[role="region"] ol');
  if (!region) throw new Error('toast viewport not rendered');
  return region;
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
