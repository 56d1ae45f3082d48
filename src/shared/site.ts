// The site's brand and contact defaults and the brand-colour rule, shared by the server's
// configuration (env defaults, validation) and the app (what it shows without an injected
// configuration, what it accepts from one).
import type { SiteConfig } from './api.js';

/** Defaults of SITE_NAME, BRAND_COLOR, CONTACT_* … AD_SCRIPT_SRC, INSIGHTS (.env.example lists the same). */
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
});

/** A brand colour is #rrggbb: the app derives its text colour from the three channels. */
export const BRAND_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

export function isBrandColor(value: string): boolean {
  return BRAND_COLOR_PATTERN.test(value);
}

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** White or near-black, whichever reads better on the brand colour (a light brand gets dark text). */
export function foregroundFor(hex: string): string {
  const l = luminance(hex);
  const contrastWithWhite = 1.05 / (l + 0.05);
  const contrastWithInk = (l + 0.05) / (luminance('#0f172a') + 0.05);
  return contrastWithWhite >= contrastWithInk ? '#ffffff' : '#0f172a';
}

