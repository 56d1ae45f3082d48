/// <reference lib="dom" />
// DOM types above: page.evaluate callbacks run in the browser.
// Shared layout in real Chromium: cookie banner persistence, the phone menu, footer, titles,
// the brand's shades (also in a browser without color-mix()), Tailwind's greys in one without oklch().
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { converter, parse } from 'culori';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandPalette } from '../../src/server/web/brand-palette.js';
import { startE2e, type E2eEnv } from './support/app.js';
import { DESKTOP, newContext, PHONE } from './support/browser.js';
import { pollUntil, presetCookieConsent, waitForHydration } from './support/pages.js';
import { saveScreenshot } from './support/screenshots.js';

let env: E2eEnv;

beforeAll(async () => {
  env = await startE2e();
});
afterAll(async () => {
  await env?.close();
});

describe('cookie banner', () => {
  it.each([
    ['Aceitar', 'accepted'],
    ['Rejeitar', 'rejected'],
  ])('%s stores "%s" and the banner stays away after reloads', async (button, stored) => {
    const context = await newContext(env.browser);
    const page = await context.newPage();
    await page.goto(`${env.server.url}/`);
    await waitForHydration(page);
    const banner = page.getByRole('region', { name: 'Aviso de cookies' });
    await banner.waitFor();
    expect(await banner.evaluate((el) => getComputedStyle(el).animationDuration)).toBe('0.5s');
    expect(await banner.getByRole('link', { name: 'Conheça nossa Política de Privacidade' }).getAttribute('href')).toBe('/privacy');

    await banner.getByRole('button', { name: button }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => window.localStorage.getItem('cookie_consent'))).toBe(stored);

    // The banner is never in the served HTML: its absence only means something once hydrated.
    await page.reload();
    await waitForHydration(page);
    expect(await banner.count()).toBe(0);
    await page.goto(`${env.server.url}/faq`);
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Perguntas frequentes', level: 1 }).waitFor();
    expect(await banner.count()).toBe(0);
    await context.close();
  });

  it('on a phone leaves the end of the page reachable above it', async () => {
    const context = await newContext(env.browser, PHONE);
    const page = await context.newPage();
    await page.goto(`${env.server.url}/`);
    await waitForHydration(page);
    const banner = page.getByRole('region', { name: 'Aviso de cookies' });
    await banner.waitFor();
    await page.waitForTimeout(600); // slide-in done
    await saveScreenshot(page, 'cookie-banner-phone', { fullPage: false });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const company = page.getByText(env.server.config.site.companyLine, { exact: true });
    const companyBox = await company.boundingBox();
    const bannerBox = await banner.boundingBox();
    if (!companyBox || !bannerBox) throw new Error('not laid out');
    expect(companyBox.y + companyBox.height).toBeLessThanOrEqual(bannerBox.y);
    await context.close();
  });

  it('works from the keyboard', async () => {
    const context = await newContext(env.browser);
    const page = await context.newPage();
    await page.goto(`${env.server.url}/`);
    await waitForHydration(page);
    const reject = page.getByRole('button', { name: 'Rejeitar' });
    await reject.waitFor();
    // The banner comes first in the tab order, right after the skip link.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Pular para o conteúdo');
    for (let i = 0; i < 5 && !(await reject.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Aviso de cookies' }).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => window.localStorage.getItem('cookie_consent'))).toBe('rejected');
    await context.close();
  });
});

describe('header', () => {
  it('at 375 px a toggle opens a dropdown with the four links that closes on choosing one', async () => {
    const context = await newContext(env.browser, PHONE);
    await presetCookieConsent(context);
    const page = await context.newPage();
    await page.goto(`${env.server.url}/`);
    await waitForHydration(page);
    const toggle = page.getByRole('button', { name: 'Abrir menu' });
    expect(await toggle.isVisible()).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    await toggle.click();
    const closeToggle = page.getByRole('button', { name: 'Fechar menu' });
    expect(await closeToggle.getAttribute('aria-expanded')).toBe('true');
    const menu = page.locator(`#${await closeToggle.getAttribute('aria-controls')}`);
    expect(await menu.getByRole('link').allInnerTexts()).toEqual(['Início', 'FAQ', 'Contato', 'Privacidade']);
    await saveScreenshot(page, 'menu-phone', { fullPage: false });

    await menu.getByRole('link', { name: 'Contato' }).click();
    await page.waitForURL(`${env.server.url}/contact`);
    await page.getByRole('heading', { name: 'Fale conosco' }).waitFor();
    expect(await menu.isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Abrir menu' }).getAttribute('aria-expanded')).toBe('false');

    // Escape closes it too, and focus returns to the toggle.
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    expect(await menu.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await menu.isVisible()).toBe(false);
    await expect.poll(() => page.getByRole('button', { name: 'Abrir menu' }).evaluate((el) => el === document.activeElement)).toBe(true);

    // And a tap elsewhere on the page.
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    expect(await menu.isVisible()).toBe(true);
    const menuBox = await menu.boundingBox();
    if (!menuBox) throw new Error('menu not laid out');
    await page.mouse.click(187, menuBox.y + menuBox.height + 80);
    expect(await menu.isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Abrir menu' }).getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  it('at 375 px the menu opens without JavaScript (as on a page whose app has not loaded yet), right under the header', async () => {
    const context = await newContext(env.browser, { ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${env.server.url}/privacy`);
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);
    const toggle = page.getByRole('button', { name: 'Abrir menu' });
    const menu = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    expect(await menu.isVisible()).toBe(false);

    await toggle.click();
    expect(await menu.isVisible()).toBe(true);
    expect(await menu.getByRole('link').allInnerTexts()).toEqual(['Início', 'FAQ', 'Contato', 'Privacidade']);
    // The toggle says what it does now, with the closing icon, from the stylesheet alone.
    const closeToggle = page.getByRole('button', { name: 'Fechar menu' });
    expect(await closeToggle.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Abrir menu' }).count()).toBe(0);
    expect(await closeToggle.locator('svg:visible').getAttribute('class')).toContain('lucide-x');
    // Placed as the app places it: the full width, its top at the header's bottom edge, once its
    // opening slide (4 px over 150 ms, a CSS animation that runs without the app too) is over.
    const header = await page.getByRole('banner').boundingBox();
    const atHeader = (menuBox: Awaited<ReturnType<typeof menu.boundingBox>>) => header !== null && menuBox !== null && Math.abs(menuBox.y - (header.y + header.height)) <= 1;
    const box = await pollUntil(() => menu.boundingBox(), atHeader, 2_000);
    if (!header || !box) throw new Error('menu not laid out');
    expect(box.x).toBe(0);
    expect(box.width).toBe(375);
    expect(Math.abs(box.y - (header.y + header.height))).toBeLessThanOrEqual(1);
    await saveScreenshot(page, 'menu-phone-no-js', { fullPage: false });

    await page.keyboard.press('Escape');
    expect(await menu.isVisible()).toBe(false);
    expect(await toggle.isVisible()).toBe(true);
    expect(await toggle.locator('svg:visible').getAttribute('class')).toContain('lucide-menu');
    await toggle.click();
    await menu.getByRole('link', { name: 'FAQ' }).click();
    await page.waitForURL(`${env.server.url}/faq`);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Perguntas frequentes');
    await context.close();
  });

  it('on a wide screen shows the logo above a centred bar of the same links', async () => {
    const context = await newContext(env.browser, DESKTOP);
    await presetCookieConsent(context);
    const page = await context.newPage();
    await page.goto(`${env.server.url}/faq`);
    expect(await page.getByRole('button', { name: 'Abrir menu' }).isVisible()).toBe(false);
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Início', 'FAQ', 'Contato', 'Privacidade']);
    const logo = await page.getByRole('banner').getByRole('link', { name: 'Encurta.br' }).boundingBox();
    const bar = await nav.boundingBox();
    if (!logo || !bar) throw new Error('header not laid out');
    expect(logo.y + logo.height).toBeLessThanOrEqual(bar.y);
    expect(Math.abs(bar.x + bar.width / 2 - 640)).toBeLessThan(20);
    expect(Math.abs(logo.x + logo.width / 2 - 640)).toBeLessThan(20);
    expect(await nav.getByRole('link', { name: 'FAQ' }).getAttribute('aria-current')).toBe('page');
    await context.close();
  });
});

/**
 * Serves the site's pages to `page` through `rewrite`, as an older browser would read them. The
 * page's inline stylesheet changes with it, so its Content-Security-Policy hash is left out.
 */
async function servePagesRewritten(page: Page, rewrite: (html: string) => string): Promise<void> {
  await page.route(`${env.server.url}/**`, async (route) => {
    const response = await route.fetch();
    if (!(response.headers()['content-type'] ?? '').startsWith('text/html')) return route.fulfill({ response });
    const headers = { ...response.headers() };
    delete headers['content-security-policy'];
    delete headers['content-encoding'];
    delete headers['content-length'];
    return route.fulfill({ status: response.status(), headers, body: rewrite(await response.text()) });
  });
}

describe("the brand's shades", () => {
  /** "#0a5e57" → [10, 94, 87]. */
  const rgb = (hex: string) => [1, 3, 5].map((offset) => Number.parseInt(hex.slice(offset, offset + 2), 16));

  it("are what the browser's own color-mix(in oklab …) paints, to one step per channel", async () => {
    const context = await newContext(env.browser, DESKTOP);
    const page = await context.newPage();
    await page.goto(`${env.server.url}/faq`);
    // Brands under white text whose ink reads at the first mix (a light brand's ink and hover are
    // moved on purpose: test/web/brand-palette.test.ts).
    for (const brand of ['#0f766e', '#aa3300', '#1d4ed8', '#e11d48']) {
      const palette = brandPalette(brand);
      const mixes = { '--brand-hover': `${brand} 85%, black`, '--brand-ink': `${brand} 72%, black`, '--brand-soft': `${brand} 8%, white` } as const;
      for (const [name, mix] of Object.entries(mixes) as [keyof typeof mixes, string][]) {
        const painted = await page.evaluate((expression) => {
          const canvas = document.createElement('canvas');
          canvas.width = canvas.height = 1;
          const context2d = canvas.getContext('2d');
          if (context2d === null) return [];
          context2d.fillStyle = expression;
          context2d.fillRect(0, 0, 1, 1);
          return [...context2d.getImageData(0, 0, 1, 1).data.slice(0, 3)];
        }, `color-mix(in oklab, ${mix})`);
        const expected = rgb(palette[name]);
        expect(painted, `${brand} ${name}`).toHaveLength(3);
        painted.forEach((channel, index) => expect(Math.abs(channel - (expected[index] ?? -9)), `${brand} ${name}`).toBeLessThanOrEqual(1));
      }
    }
    await context.close();
  });

  it('keep the current page in the menu and the icon badges legible in a browser without color-mix() (iOS 15, Chrome < 111)', async () => {
    const context = await newContext(env.browser, DESKTOP);
    await presetCookieConsent(context);
    const page = await context.newPage();
    // Such a browser drops every declaration that uses color-mix() and takes no @supports branch
    // that asks for it: the same happens here once the function's name is unknown.
    await servePagesRewritten(page, (html) => html.replaceAll('color-mix(', 'unknown-mix('));
    const colours = (selector: string) =>
      page.locator(selector).first().evaluate((element) => {
        const style = getComputedStyle(element);
        return { color: style.color, background: style.backgroundColor };
      });
    await page.goto(`${env.server.url}/faq`);
    expect(await page.evaluate(() => Array.from(document.querySelectorAll('style')).some((style) => style.textContent?.includes('unknown-mix(')))).toBe(true);
    const current = await colours('nav[aria-label="Menu principal"] a[aria-current="page"]');
    expect(current).toEqual({ color: `rgb(${rgb(brandPalette('#0f766e')['--brand-ink']).join(', ')})`, background: `rgb(${rgb(brandPalette('#0f766e')['--brand-soft']).join(', ')})` });
    await page.goto(`${env.server.url}/dashboard`);
    const badge = await colours('main span.bg-primary-soft');
    expect(badge.color).not.toBe(badge.background);
    expect(badge.background).toBe(current.background);
    await context.close();
  });
});

describe("Tailwind's palette in a browser without oklch() (Chrome < 111, Samsung Internet < 21)", () => {
  /** Tailwind's own value of a colour, in sRGB: what an older browser should paint. */
  const tailwindColour = (name: string) => {
    const value = new RegExp(`--color-${name}: (oklch\\([^)]*\\))`).exec(tailwindTheme)?.[1];
    const colour = value === undefined ? undefined : converter('rgb')(parse(value));
    if (colour === undefined) throw new Error(`no ${name} in Tailwind's theme`);
    return [colour.r, colour.g, colour.b].map((channel) => Math.round(Math.min(1, Math.max(0, channel)) * 255));
  };
  const tailwindTheme = readFileSync(createRequire(import.meta.url).resolve('tailwindcss/theme.css'), 'utf8');

  it('paints its greys as Tailwind defines them, not the black and white of a dropped declaration', async () => {
    const context = await newContext(env.browser, DESKTOP);
    await presetCookieConsent(context);
    const page = await context.newPage();
    // Such a browser knows neither oklch() nor lab() nor color-mix(): a declaration that uses them
    // is dropped, a custom property holding one makes its users fall back to inherited or initial
    // values, and an @supports branch that asks for them is skipped. Renaming the functions does
    // the same here.
    await servePagesRewritten(page, (html) => html.replaceAll('oklch(', 'unknown-lch(').replaceAll('lab(', 'unknown-lab(').replaceAll('color-mix(', 'unknown-mix('));
    await page.goto(`${env.server.url}/faq`);
    expect(await page.evaluate(() => Array.from(document.querySelectorAll('style')).some((style) => /unknown-(lab|lch)\(/.test(style.textContent ?? '')))).toBe(true);
    for (const [selector, property, name] of [
      ['main .text-slate-600', 'color', 'slate-600'],
      ['main .text-slate-900', 'color', 'slate-900'],
      ['.border-slate-200', 'borderTopColor', 'slate-200'],
    ] as const) {
      const painted = await page.locator(selector).first().evaluate((element, key) => getComputedStyle(element)[key], property);
      const channels = /^rgb\((\d+), (\d+), (\d+)\)$/.exec(painted)?.slice(1).map(Number);
      expect(channels, `${selector}: ${painted}`).toHaveLength(3);
      const expected = tailwindColour(name);
      channels?.forEach((channel, index) => expect(Math.abs(channel - (expected[index] ?? -9)), `${selector} ${name}: ${painted}`).toBeLessThanOrEqual(1));
    }
    await saveScreenshot(page, 'faq-without-oklch');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.close();
  });
});

describe('footer and titles', () => {
  it('has the four columns, contacts from configuration and the current year', async () => {
    const context = await newContext(env.browser);
    await presetCookieConsent(context);
    const page = await context.newPage();
    await page.goto(`${env.server.url}/`);
    const footer = page.getByRole('contentinfo');
    for (const heading of ['Navegação', 'Legal', 'Nossos Contatos']) {
      expect(await footer.getByRole('heading', { name: heading }).isVisible()).toBe(true);
    }
    const site = env.server.config.site;
    expect(await footer.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(await footer.getByRole('link', { name: 'Política de Privacidade' }).getAttribute('href')).toBe('/privacy');
    expect(await footer.getByRole('link', { name: site.contactEmail }).getAttribute('href')).toBe(`mailto:${site.contactEmail}`);
    expect(await footer.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toBe(`https://wa.me/${site.whatsappNumber}`);
    const text = await footer.innerText();
    expect(text).toContain(site.address);
    expect(text).toContain(site.developerCredit);
    expect(text).toContain(site.companyLine);
    expect(text).toContain(`© ${new Date().getFullYear()}`);
    await context.close();
  });

  it('gives every route its own title', async () => {
    const context = await newContext(env.browser);
    await presetCookieConsent(context);
    const page = await context.newPage();
    const titles: Record<string, string> = {
      '/': 'Encurta.br | Personalize seus links grátis',
      '/faq': 'Perguntas frequentes | Encurta.br',
      '/contact': 'Contato | Encurta.br',
      '/privacy': 'Política de Privacidade | Encurta.br',
      '/denunciar': 'Denunciar link | Encurta.br',
      '/dashboard': 'Meus links | Encurta.br',
    };
    for (const [route, title] of Object.entries(titles)) {
      await page.goto(`${env.server.url}${route}`);
      await expect.poll(() => page.title()).toBe(title);
    }
    await page.getByRole('heading', { name: 'Meus links' }).waitFor();
    await context.close();
  });
});

describe('on the narrowest phones (320 px) and with larger text', () => {
  const NARROW = { ...PHONE, viewport: { width: 320, height: 640 } };

  /** Elements matched by `selector` whose right edge passes `container`'s (its padding included), with their text. */
  async function sticking(page: Page, container: string, selector: string): Promise<string[]> {
    return page.evaluate(
      ([outer, inner]) => {
        const box = document.querySelector(outer)?.getBoundingClientRect();
        if (box === undefined) return [`${outer} missing`];
        return Array.from(document.querySelectorAll(inner))
          .filter((el) => el.getBoundingClientRect().right > box.right + 0.5)
          .map((el) => `${el.tagName} ${el.getAttribute('name') ?? el.textContent ?? ''}: ${Math.round(el.getBoundingClientRect().right)} > ${Math.round(box.right)}`);
      },
      [container, selector] as const,
    );
  }

  it("'Mais opções' keeps its fields inside the form (a date field's own width once pushed them out)", async () => {
    const context = await newContext(env.browser, NARROW);
    await presetCookieConsent(context);
    const page = await context.newPage();
    await page.goto(`${env.server.url}/`);
    await waitForHydration(page);
    await page.getByText('Mais opções', { exact: true }).click();
    await page.getByLabel('Expira em').waitFor();
    expect(await sticking(page, 'form', 'form details input')).toEqual([]);
    await context.close();
  });

  it('the contact and report forms reflow with text at 150%, the dashboard toolbar wraps instead of spilling', async () => {
    const context = await newContext(env.browser, NARROW);
    await presetCookieConsent(context);
    const page = await context.newPage();
    for (const path of ['/contact', '/denunciar']) {
      await page.goto(`${env.server.url}${path}`);
      await waitForHydration(page);
      await page.evaluate(() => {
        document.documentElement.style.fontSize = '150%';
      });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
    }
    const created = await fetch(`${env.server.url}/api/links`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: 'https://example.com/estreito' }) });
    const link = (await created.json()) as Record<string, string>;
    await page.evaluate((stored) => window.localStorage.setItem('my_links', JSON.stringify([stored])), link);
    await page.goto(`${env.server.url}/dashboard`);
    await waitForHydration(page);
    const buttons = page.getByRole('button', { name: /^(Atualizar|Exportar|Importar)$/ });
    await buttons.first().waitFor();
    const spilled = await buttons.evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent));
    expect(spilled).toEqual([]);
    await context.close();
  });

  /**
   * Texts of `main` that pass a box they are laid out in (any ancestor up to `main` that is not
   * inline), e.g. a figure wider than its table column, or a row of figures wider than its card.
   * Boxes that clip on purpose are left alone: visually hidden text (sr-only), an ellipsis.
   */
  async function textsOutsideTheirBoxes(page: Page): Promise<string[]> {
    return page.evaluate(() => {
      const main = document.querySelector('main');
      if (main === null) return ['main missing'];
      const out: string[] = [];
      const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        const parent = node.parentElement;
        // Not laid out (a closed <details>), or not text on screen (an SVG's <title>, sr-only).
        if (text === '' || parent === null || parent.closest('svg, .sr-only') !== null || parent.getClientRects().length === 0) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const textBox = range.getBoundingClientRect();
        if (textBox.width === 0) continue;
        for (let box: HTMLElement | null = parent; box !== null && box !== main.parentElement; box = box.parentElement) {
          const style = getComputedStyle(box);
          if (style.textOverflow === 'ellipsis') break;
          if (style.display === 'inline' || style.display === 'contents') continue;
          const outer = box.getBoundingClientRect();
          if (textBox.right > outer.right + 0.5 || textBox.left < outer.left - 0.5) {
            out.push(`${text}: ${Math.round(textBox.left)}–${Math.round(textBox.right)} outside ${box.tagName}.${box.className} ${Math.round(outer.left)}–${Math.round(outer.right)}`);
            break;
          }
        }
      }
      return out;
    });
  }

  it('click counts in the hundreds of millions stay inside their boxes: the statistics page (tables exact) and the dashboard card', async () => {
    const context = await newContext(env.browser, NARROW);
    await presetCookieConsent(context);
    const created = await fetch(`${env.server.url}/api/links`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: 'https://example.com/viral' }) });
    const link = (await created.json()) as Record<string, string>;
    await context.addInitScript((stored) => window.localStorage.setItem('my_links', JSON.stringify([stored])), link);
    // No test can click a link a hundred million times: the owner's two calls are answered as
    // they would be for such a link.
    const huge = 123_456_789;
    const daily = (count: number) =>
      Array.from({ length: count }, (_, index) => ({ day: new Date(Date.UTC(2026, 0, 1 + index)).toISOString().slice(0, 10), clicks: huge + index }));
    const entries = (...keys: string[]) => keys.map((key, index) => ({ key, clicks: huge * (keys.length - index) + 1 }));
    await context.route(`**/api/links/${link.alias}/insights?days=*`, async (route) => {
      const days = daily(30);
      await route.fulfill({
        json: {
          alias: link.alias,
          days: 30,
          from: days[0]?.day,
          to: days.at(-1)?.day,
          totalClicks: days.reduce((sum, entry) => sum + entry.clicks, 0),
          daily: days,
          hours: Array.from({ length: 24 }, (_, hour) => huge + hour),
          sources: entries('direct', 'instagram', 'whatsapp', 'google'),
          devices: entries('mobile', 'desktop', 'tablet'),
          systems: entries('android', 'ios', 'windows'),
          browsers: entries('chrome', 'safari', 'firefox'),
          countries: entries('BR', 'PT', 'US'),
          regions: entries('BR-SP', 'BR-RJ', 'BR-MG'),
          breakdowns: true,
          regionLookup: true,
        },
      });
    });
    await context.route(`**/api/links/${link.alias}`, async (route) => {
      const response = await route.fetch();
      const view = (await response.json()) as Record<string, unknown>;
      // 876.543.210 clicks in 30 days, of the largest limit a link can have (its badge too).
      const used = 876_543_210;
      const days = daily(30).map((entry) => ({ ...entry, clicks: used / 30 }));
      await route.fulfill({ response, json: { ...view, daily: days, totalClicks: used, maxClicks: 1_000_000_000, clicksLeft: 1_000_000_000 - used } });
    });
    const page = await context.newPage();

    await page.goto(`${env.server.url}/dashboard/${link.alias}`);
    await waitForHydration(page);
    await page.getByTestId('insights-total').waitFor();
    await page.getByRole('img', { name: /^Mapa do Brasil/ }).waitFor();
    for (const table of await page.getByText('Ver tabela').all()) await table.click();
    // The tables keep every figure exact.
    expect(await page.getByTestId('sources').getByRole('row').nth(1).innerText()).toContain('493.827.157');
    expect(await page.getByTestId('daily-table').getByRole('row').nth(1).innerText()).toContain('123.456.789');
    await saveScreenshot(page, 'link-stats-320-huge-counts');
    expect.soft(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    expect.soft(await textsOutsideTheirBoxes(page)).toEqual([]);

    await page.goto(`${env.server.url}/dashboard`);
    await waitForHydration(page);
    await page.getByTestId('total-clicks').waitFor();
    await saveScreenshot(page, 'dashboard-320-huge-counts');
    expect.soft(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    expect.soft(await textsOutsideTheirBoxes(page)).toEqual([]);
    await context.close();
  });
});
