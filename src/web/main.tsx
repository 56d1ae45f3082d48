import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/app-routes';
import { applyBrandTheme } from './lib/brand-theme';
import { readSiteConfig, SiteConfigProvider } from './lib/site-config';
import './styles.css';

const site = readSiteConfig();
applyBrandTheme(site.brandColor);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <SiteConfigProvider config={site}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </SiteConfigProvider>
    </StrictMode>,
  );
}
