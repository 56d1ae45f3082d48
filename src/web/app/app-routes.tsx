import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { ADMIN_PAGE_PATHS, ALIAS_PAGE_PATHS, type AliasPageName, API_DOCS_PATH, PAGE_PATHS, type PageName } from '../../shared/routes';
import { lazyWithReload as lazy } from '../lib/lazy-with-reload';
import { HomePage } from '../pages/home-page';
import { RootLayout } from './root-layout';

// Only the home page is in the first bundle; the others load when visited (a chunk that
// cannot be fetched, after a deploy, reloads the page once: lib/lazy-with-reload.ts).
const FaqPage = lazy(() => import('../pages/faq-page').then((m) => ({ default: m.FaqPage })));
const ContactPage = lazy(() => import('../pages/contact-page').then((m) => ({ default: m.ContactPage })));
const PrivacyPage = lazy(() => import('../pages/privacy-page').then((m) => ({ default: m.PrivacyPage })));
const DashboardPage = lazy(() => import('../pages/dashboard-page').then((m) => ({ default: m.DashboardPage })));
const ReportPage = lazy(() => import('../pages/report-page').then((m) => ({ default: m.ReportPage })));
const LinkStatsPage = lazy(() => import('../pages/link-stats-page').then((m) => ({ default: m.LinkStatsPage })));
const RedirectPage = lazy(() => import('../pages/redirect-page').then((m) => ({ default: m.RedirectPage })));
const ApiDocsPage = lazy(() => import('../pages/api-docs-page').then((m) => ({ default: m.ApiDocsPage })));
const AdminPage = lazy(() => import('../pages/admin-page').then((m) => ({ default: m.AdminPage })));
const NotFoundPage = lazy(() => import('../pages/not-found-page').then((m) => ({ default: m.NotFoundPage })));

// Keyed by the shared page names: a page added to src/shared/routes.ts (which the server
// also answers) does not compile until it has a component here.
const PAGES: Record<PageName, ComponentType> = {
  home: HomePage,
  faq: FaqPage,
  contact: ContactPage,
  privacy: PrivacyPage,
  dashboard: DashboardPage,
  report: ReportPage,
};

/** The app's route table: each shared page path with its component. */
export const APP_PAGE_ROUTES = (Object.keys(PAGE_PATHS) as PageName[]).map((name) => ({ path: PAGE_PATHS[name], Page: PAGES[name] }));

// The pages about one link (their path carries the alias), keyed the same way.
const ALIAS_PAGES: Record<AliasPageName, ComponentType> = {
  linkStats: LinkStatsPage,
};

/** The pages about one link: each shared alias page path with its component. */
export const APP_ALIAS_PAGE_ROUTES = (Object.keys(ALIAS_PAGE_PATHS) as AliasPageName[]).map((name) => ({
  path: ALIAS_PAGE_PATHS[name],
  Page: ALIAS_PAGES[name],
}));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        {[...APP_PAGE_ROUTES, ...APP_ALIAS_PAGE_ROUTES].map(({ path, Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        {/* Rendered by the server from the OpenAPI document (src/server/web/api-docs-route.ts). */}
        <Route path={API_DOCS_PATH} element={<ApiDocsPage />} />
        {/* The operator's console: rendered by the server for each request (src/server/admin). */}
        <Route path={`${ADMIN_PAGE_PATHS.overview}/*`} element={<AdminPage />} />
        <Route path=":alias" element={<RedirectPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
