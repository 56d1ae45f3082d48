// Applies the configured brand colour to the CSS variables the Tailwind theme reads. The
// colour is #rrggbb: readSiteConfig keeps only colours that pass the shared rule (isBrandColor).
// The server already wrote the same values into the page (brandStyle), so this changes nothing
// on a served page; it matters under `vite dev`.
import { brandStyle } from '../../shared/site';

export function applyBrandTheme(brandColor: string, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(brandStyle(brandColor))) root.style.setProperty(name, value);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', brandColor);
}
