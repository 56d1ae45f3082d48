// The CSS variables every "primary" colour of the theme reads (src/web/styles.css), computed here
// from the configured brand colour and written into each page (app-shell.ts).
//
// Why not color-mix() in the stylesheet: a browser without it (Safari before 16.2, so every
// iPhone 6s, 7 and first SE, which stop at iOS 15; Chrome before 111) dropped the mixed colour
// and Tailwind's fallback was the brand colour itself, so the soft tints turned into the full
// brand colour with the darker brand ink on top: the header's current page and the pages' icon
// badges became blank teal blocks. These are the same mixes, in OKLab as color-mix(in oklab …)
// does them, worked out once per server start; worked out here, they can also be held to WCAG's
// contrast, which a fixed mix could not promise for a light brand (a yellow one's ink was
// 3.2:1 on white).
import { formatHex, interpolate, wcagContrast } from 'culori';

export type BrandVariable = '--brand' | '--brand-foreground' | '--brand-hover' | '--brand-ink' | '--brand-soft';

/** `amount` of the way from `brandColor` to `other`, mixed in OKLab, as #rrggbb. */
function towards(brandColor: string, other: 'black' | 'white', amount: number): string {
  const mixed = formatHex(interpolate([brandColor, other], 'oklab')(amount));
  if (mixed === undefined) throw new Error(`not a colour: ${brandColor}`);
  return mixed;
}

/** WCAG AA for body text. */
const TEXT_CONTRAST = 4.5;

/** The dark text colour of light brands (Tailwind's slate-900). */
const DARK_TEXT = '#0f172a';

/** White or near-black, whichever reads better on the brand colour (a light brand gets dark text). */
export function foregroundFor(brandColor: string): string {
  return wcagContrast(brandColor, '#ffffff') >= wcagContrast(brandColor, DARK_TEXT) ? '#ffffff' : DARK_TEXT;
}

/**
 * What the operator should hear at start when the buttons' text (white or dark, whichever reads
 * better) falls below WCAG AA on the brand colour itself: a brand of middle lightness, such as
 * #8b5cf6, reads at 4.2:1 under white. The brand is the operator's, so it is not changed.
 */
export function brandContrastWarning(brandColor: string): string | undefined {
  const foreground = foregroundFor(brandColor);
  const ratio = wcagContrast(brandColor, foreground);
  if (ratio >= TEXT_CONTRAST) return undefined;
  return `BRAND_COLOR ${brandColor}: the buttons' text (${foreground}) reads at ${(Math.floor(ratio * 10) / 10).toFixed(1)}:1 on it, below WCAG AA's 4.5:1; a darker (or, under dark text, lighter) brand colour reads better`;
}

/**
 * Text and icons on white and on the tint: 72% brand, 28% black, or darker in steps of 4% of
 * black until it reads at 4.5:1 on the tint (and so on white). A dark brand keeps the first
 * mix; a light one (yellow, lime) gets an ink dark enough to read.
 */
function inkFor(brandColor: string, soft: string): string {
  for (let amount = 0.28; amount < 1; amount += 0.04) {
    const ink = towards(brandColor, 'black', amount);
    if (wcagContrast(ink, soft) >= TEXT_CONTRAST) return ink;
  }
  return '#000000';
}

/** `brandColor` is #rrggbb (isBrandColor). */
export function brandPalette(brandColor: string): Record<BrandVariable, string> {
  const foreground = foregroundFor(brandColor);
  // Tinted backgrounds (the current page in the menu, icon badges, soft cards): 8% brand on white.
  const soft = towards(brandColor, 'white', 0.92);
  return {
    '--brand': brandColor,
    '--brand-foreground': foreground,
    // Buttons under the pointer: 15% further from their text colour (darker under white text,
    // lighter under dark text), so the hover never reads worse than the button.
    '--brand-hover': towards(brandColor, foreground === '#ffffff' ? 'black' : 'white', 0.15),
    '--brand-ink': inkFor(brandColor, soft),
    '--brand-soft': soft,
  };
}

/** The `:root` rule a page carries. */
export const brandRule = (brandColor: string): string =>
  `:root{${Object.entries(brandPalette(brandColor)).map(([name, value]) => `${name}:${value}`).join(';')}}`;
