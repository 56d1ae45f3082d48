// The CSS variables every "primary" colour of the theme reads (src/web/styles.css), computed here
// from the configured brand colour and written into each page (app-shell.ts).
//
// Why not color-mix() in the stylesheet: a browser without it (Safari before 16.2, so every
// iPhone 6s, 7 and first SE, which stop at iOS 15; Chrome before 111) dropped the mixed colour
// and Tailwind's fallback was the brand colour itself, so the soft tints turned into the full
// brand colour with the darker brand ink on top: the header's current page and the pages' icon
// badges became blank teal blocks. These are the same mixes, in OKLab as color-mix(in oklab …)
// does them, worked out once per server start.
import { formatHex, interpolate } from 'culori';
import { foregroundFor } from '../../shared/site.js';

export type BrandVariable = '--brand' | '--brand-foreground' | '--brand-hover' | '--brand-ink' | '--brand-soft';

/** `amount` of the way from `brandColor` to `other`, mixed in OKLab, as #rrggbb. */
function towards(brandColor: string, other: 'black' | 'white', amount: number): string {
  const mixed = formatHex(interpolate([brandColor, other], 'oklab')(amount));
  if (mixed === undefined) throw new Error(`not a colour: ${brandColor}`);
  return mixed;
}

/** `brandColor` is #rrggbb (isBrandColor). */
export function brandPalette(brandColor: string): Record<BrandVariable, string> {
  return {
    '--brand': brandColor,
    '--brand-foreground': foregroundFor(brandColor),
    // Buttons under the pointer: 85% brand, 15% black.
    '--brand-hover': towards(brandColor, 'black', 0.15),
    // Text and icons on white: 72% brand, darker than the brand, so any brand colour keeps contrast.
    '--brand-ink': towards(brandColor, 'black', 0.28),
    // Tinted backgrounds (the current page in the menu, icon badges, soft cards): 8% brand on white.
    '--brand-soft': towards(brandColor, 'white', 0.92),
  };
}

/** The `:root` rule a page carries. */
export const brandRule = (brandColor: string): string =>
  `:root{${Object.entries(brandPalette(brandColor)).map(([name, value]) => `${name}:${value}`).join(';')}}`;
