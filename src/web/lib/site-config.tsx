// The site configuration the server injects into index.html (see src/server/web/app-shell.ts).
// Read once at start; components get it through context so tests can supply their own.
import { createContext, type ReactNode, useContext } from 'react';
import type { SiteConfig } from '../../shared/api';
import { SITE_CONFIG_SCRIPT_ID } from '../../shared/app-shell';
import { isBrandColor, SITE_DEFAULTS } from '../../shared/site';

/** Used when the page has no injected configuration (vite dev, component tests): the server's defaults. */
export const defaultSiteConfig: SiteConfig = {
  ...SITE_DEFAULTS,
  publicUrl: typeof window === 'undefined' ? 'http://localhost:3000' : window.location.origin,
};

type TextKey = { [K in keyof SiteConfig]: SiteConfig[K] extends string ? K : never }[keyof SiteConfig];
const TEXT_KEYS = (Object.keys(defaultSiteConfig) as (keyof SiteConfig)[]).filter((key): key is TextKey => typeof defaultSiteConfig[key] === 'string');

/** Reads `<script id="site-config" type="application/json">`, keeping defaults for anything missing or malformed. */
export function readSiteConfig(doc: Document = document): SiteConfig {
  const raw = doc.getElementById(SITE_CONFIG_SCRIPT_ID)?.textContent;
  if (raw == null || raw.trim() === '') return defaultSiteConfig;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return defaultSiteConfig;
  }
  if (typeof parsed !== 'object' || parsed === null) return defaultSiteConfig;
  const source = parsed as Record<string, unknown>;
  const config: SiteConfig = { ...defaultSiteConfig };
  for (const key of TEXT_KEYS) {
    const value = source[key];
    if (typeof value === 'string' && (value !== '' || key === 'adScriptSrc')) config[key] = value;
  }
  if (typeof source.clickInsights === 'boolean') config.clickInsights = source.clickInsights;
  if (!isBrandColor(config.brandColor)) config.brandColor = defaultSiteConfig.brandColor;
  return config;
}

const SiteConfigContext = createContext<SiteConfig>(defaultSiteConfig);

export function SiteConfigProvider({ config, children }: { config: SiteConfig; children: ReactNode }) {
  return <SiteConfigContext.Provider value={config}>{children}</SiteConfigContext.Provider>;
}

export function useSiteConfig(): SiteConfig {
  return useContext(SiteConfigContext);
}
