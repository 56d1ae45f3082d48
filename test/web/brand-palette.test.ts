// The theme's brand shades are worked out on the server (src/server/web/brand-palette.ts), not
// by color-mix() in the stylesheet, which older phones' browsers lack. Here: the stylesheet's
// defaults are the default brand's palette, the built stylesheet mixes none of them, and the
// shades keep what they are for (an ink that reads at 4.5:1 on the tint and on white, tints
// near white, a hover no harder to read than the button). That the first mixes match the
// browser's own color-mix() is checked in Chromium (test/e2e/layout.test.ts).
import fs from 'node:fs';
import path from 'node:path';
import { wcagContrast as contrast } from 'culori';
import { describe, expect, it } from 'vitest';
import { brandContrastWarning, brandPalette, brandRule, foregroundFor } from '../../src/server/web/brand-palette.js';
import { SITE_DEFAULTS } from '../../src/shared/site.js';

const BRANDS = ['#0f766e', '#aa3300', '#1d4ed8', '#7c3aed', '#fde047', '#a3e635', '#22c55e', '#06b6d4', '#ec4899', '#f97316', '#000000', '#ffffff'];

describe('brand palette', () => {
  it('puts white text on dark brands and dark text on light ones', () => {
    expect(foregroundFor('#0f766e')).toBe('#ffffff');
    expect(foregroundFor('#fde047')).toBe('#0f172a');
  });

  it('warns the operator of a brand whose buttons read below 4.5:1 with either text colour', () => {
    expect(brandContrastWarning(SITE_DEFAULTS.brandColor)).toBeUndefined();
    expect(brandContrastWarning('#fde047')).toBeUndefined();
    expect(brandContrastWarning('#8b5cf6')).toBe(
      "BRAND_COLOR #8b5cf6: the buttons' text (#ffffff) reads at 4.2:1 on it, below WCAG AA's 4.5:1; a darker (or, under dark text, lighter) brand colour reads better",
    );
    for (const brand of BRANDS) {
      const readable = Math.max(contrast(brand, '#ffffff'), contrast(brand, '#0f172a')) >= 4.5;
      expect(brandContrastWarning(brand) === undefined, brand).toBe(readable);
    }
  });

  it("is the stylesheet's default, variable for variable", () => {
    const css = fs.readFileSync(path.resolve('src/web/styles.css'), 'utf8');
    const root = /:root\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    const defaults = Object.fromEntries([...root.matchAll(/(--brand[\w-]*):\s*([^;]+);/g)].map(([, name, value]) => [name, value?.trim()]));
    expect(defaults).toEqual(brandPalette(SITE_DEFAULTS.brandColor));
  });

  it('gives every brand an ink darker than it and a tint near white; the default brand known values', () => {
    expect(brandPalette('#0f766e')).toEqual({
      '--brand': '#0f766e',
      '--brand-foreground': '#ffffff',
      '--brand-hover': '#0a5e57',
      '--brand-ink': '#064a44',
      '--brand-soft': '#edf4f3',
    });
    for (const brand of BRANDS) {
      const palette = brandPalette(brand);
      for (const value of Object.values(palette)) expect(value).toMatch(/^#[0-9a-f]{6}$/);
      expect(contrast(palette['--brand-ink'], '#ffffff'), brand).toBeGreaterThanOrEqual(contrast(brand, '#ffffff') - 0.001);
      expect(contrast(palette['--brand-ink'], palette['--brand-soft']), brand).toBeGreaterThanOrEqual(4.5);
      expect(contrast(palette['--brand-hover'], palette['--brand-foreground']), brand).toBeGreaterThanOrEqual(contrast(brand, palette['--brand-foreground']) - 0.001);
      // 8% of the brand on white: even black gives a light grey (1.27:1 against white).
      expect(contrast(palette['--brand-soft'], '#ffffff')).toBeLessThan(1.3);
    }
    // A yellow brand: the first mix (28% black, #a3902a) read at 3.2:1 on white; its ink is now
    // darker, and its hover, under dark text, lighter.
    const yellow = brandPalette('#fde047');
    expect(yellow['--brand-foreground']).toBe('#0f172a');
    expect(contrast(yellow['--brand-ink'], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(yellow['--brand-hover'], '#ffffff')).toBeLessThan(contrast('#fde047', '#ffffff'));
    expect(brandRule('#aa3300')).toMatch(/^:root\{--brand:#aa3300;--brand-foreground:#ffffff;--brand-hover:#[0-9a-f]{6};--brand-ink:#[0-9a-f]{6};--brand-soft:#[0-9a-f]{6}\}$/);
  });

  it('the built stylesheet reads the shades from the variables, without color-mix()', () => {
    const dir = path.resolve('dist/web/assets');
    const file = fs.readdirSync(dir).find((name) => /^style-.*\.css$/.test(name));
    expect(file).toBeDefined();
    const css = fs.readFileSync(path.join(dir, file ?? ''), 'utf8');
    for (const [selector, declaration] of [
      ['.bg-primary-soft', 'background-color:var(--brand-soft)'],
      ['.text-primary-ink', 'color:var(--brand-ink)'],
      ['.hover\\:bg-primary-hover:hover', 'background-color:var(--brand-hover)'],
    ] as const) {
      const rules = [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].filter(([, selectors]) => (selectors ?? '').split(',').includes(selector));
      expect(rules.length, selector).toBeGreaterThan(0);
      for (const [, , body] of rules) {
        expect(body, selector).not.toContain('color-mix');
        expect(body, selector).toContain(declaration);
      }
    }
  });
});
