import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { HomePage } from '../pages/home-page';
import { RootLayout } from './root-layout';

// Only the home page is in the first bundle; the others load when visited.
const FaqPage = lazy(() => import('../pages/faq-page').then((m) => ({ default: m.FaqPage })));
const ContactPage = lazy(() => import('../pages/contact-page').then((m) => ({ default: m.ContactPage })));
const PrivacyPage = lazy(() => import('../pages/privacy-page').then((m) => ({ default: m.PrivacyPage })));
const DashboardPage = lazy(() => import('../pages/dashboard-page').then((m) => ({ default: m.DashboardPage })));
const ReportPage = lazy(() => import('../pages/report-page').then((m) => ({ default: m.ReportPage })));
const RedirectPage = lazy(() => import('../pages/redirect-page').then((m) => ({ default: m.RedirectPage })));
const NotFoundPage = lazy(() => import('../pages/not-found-page').then((m) => ({ default: m.NotFoundPage })));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomePage />} />
        <Route path="faq" element={<FaqPage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="denunciar" element={<ReportPage />} />
        <Route path=":alias" element={<RedirectPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
