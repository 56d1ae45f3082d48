// The site's brand and contact defaults and the brand-colour rule, shared by the server's
// configuration (env defaults, validation) and the app (what it shows without an injected
// configuration, what it accepts from one).
import type { SiteConfig } from './api.js';

/** Defaults of SITE_NAME, BRAND_COLOR, CONTACT_* … AD_SCRIPT_SRC, INSIGHTS, STATS_TIMEZONE (.env.example lists the same). */
export const SITE_DEFAULTS: Readonly<Omit<SiteConfig, 'publicUrl'>> = Object.freeze({
  siteName: 'Encurta.br',
  brandColor: '#0f766e',
  contactEmail: 'contato@encurta.br',
  whatsappNumber: '5548999990000',
  address: 'Rua XV de Novembro, 100, Centro, Blumenau - SC, 89010-000',
  developerCredit: 'Desenvolvido por Escritório Digital Vale',
  ownerCredit: 'Vale Imóveis Ltda.',
  companyLine: 'Encurta.br é um produto da Vale Imóveis Ltda.',
  adScriptSrc: '',
  clickInsights: true,
  statsTimeZone: 'America/Sao_Paulo',
});

/** A brand colour is #rrggbb: the server works out its text colour and shades from it (brand-palette.ts). */
export const BRAND_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

export function isBrandColor(value: string): boolean {
  return BRAND_COLOR_PATTERN.test(value);
}

