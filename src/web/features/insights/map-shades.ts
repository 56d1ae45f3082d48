// The map's shades (Tailwind classes, so no style attribute), apart from the map itself: the
// page's legend uses them without loading the drawing.

/** Fill per share of the busiest state, lightest first; states without clicks stay grey. */
export const MAP_SHADES = ['fill-primary/15', 'fill-primary/35', 'fill-primary/55', 'fill-primary/75', 'fill-primary'] as const;

export const NO_CLICKS_SHADE = 'fill-slate-200';

export function shadeFor(clicks: number, max: number): string {
  if (clicks <= 0 || max <= 0) return NO_CLICKS_SHADE;
  const index = Math.min(MAP_SHADES.length - 1, Math.ceil((clicks / max) * MAP_SHADES.length) - 1);
  return MAP_SHADES[Math.max(0, index)] ?? 'fill-primary';
}
