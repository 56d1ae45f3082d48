// Applies the configured brand colour to the CSS variables the Tailwind theme reads. The
// colour is #rrggbb: readSiteConfig keeps only colours that pass the shared rule (isBrandColor).

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

export function applyBrandTheme(brandColor: string, root: HTMLElement = document.documentElement): void {
  root.style.setProperty('--brand', brandColor);
  root.style.setProperty('--brand-foreground', foregroundFor(brandColor));
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', brandColor);
}
