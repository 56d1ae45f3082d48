import { describe, expect, it } from 'vitest';
import { MAP_SHADES, NO_CLICKS_SHADE, shadeFor } from './map-shades';

/** The fill-opacity a shade's classes set (1 when none). */
const opacityOf = (shade: string): number => Number(/\[fill-opacity:([\d.]+)\]/.exec(shade)?.[1] ?? 1);

describe('map shades', () => {
  it('are the brand colour at rising opacity, with no color-mix() opacity modifier', () => {
    const opacities = MAP_SHADES.map(opacityOf);
    expect(opacities).toEqual([...opacities].sort((a, b) => a - b));
    expect(new Set(opacities).size).toBe(MAP_SHADES.length);
    for (const shade of MAP_SHADES) expect(shade).toMatch(/^fill-primary(?: \[fill-opacity:[\d.]+\])?$/);
  });

  it('shades a state by its share of the busiest, grey without clicks', () => {
    expect(shadeFor(0, 10)).toBe(NO_CLICKS_SHADE);
    expect(shadeFor(1, 100)).toBe(MAP_SHADES[0]);
    expect(shadeFor(50, 100)).toBe(MAP_SHADES[2]);
    expect(shadeFor(100, 100)).toBe('fill-primary');
  });
});
