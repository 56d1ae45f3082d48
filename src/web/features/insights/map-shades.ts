// The map's shades (Tailwind classes, so no style attribute), apart from the map itself: the
// page's legend uses them without loading the drawing.

/**
 * Fill per share of the busiest state, lightest first; states without clicks stay grey. The
 * brand colour at a lower fill-opacity, not Tailwind's opacity modifiers (fill-primary over 15
 * and so on), which mix with color-mix(): a browser without it (Safari before 16.2, Chrome
 * before 111) painted every state with clicks in the full brand colour, one state's 1 click
 * like another's 1,000. (Written so here: Tailwind would make a rule of the class's name.)
 */
export const MAP_SHADES = ['fill-primary [fill-opacity:0.3]', 'fill-primary [fill-opacity:0.45]', 'fill-primary [fill-opacity:0.6]', 'fill-primary [fill-opacity:0.8]', 'fill-primary'] as const;

/**
 * States without clicks: lighter than the lightest shade, so a state's one click does not look
 * like none (the lightest shade was 0.15 over slate-200, the same lightness: 1.00:1; it is now
 * 1.41:1 over slate-100). Their borders are grey (the caller's stroke), white ones vanish on it.
 */
export const NO_CLICKS_SHADE = 'fill-slate-100';

export function shadeFor(clicks: number, max: number): string {
  if (clicks <= 0 || max <= 0) return NO_CLICKS_SHADE;
  const index = Math.min(MAP_SHADES.length - 1, Math.ceil((clicks / max) * MAP_SHADES.length) - 1);
  return MAP_SHADES[Math.max(0, index)] ?? 'fill-primary';
}
