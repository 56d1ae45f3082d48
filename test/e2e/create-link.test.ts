/// <reference lib="dom" />
// DOM types above: page.evaluate callbacks run in the browser.
// The home form in real Chromium against the real server: create with and without alias,
// copy, follow the short link to the target, and the error toasts.
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2eEnv } from './support/app.js';
import { DESKTOP, newContext, PHONE } from './support/browser.js';
import { FIXTURE_TITLE } from './support/fixture-server.js';
import { presetCookieConsent, toastArea, waitForHydration } from './support/pages.js';
import { axeViolations } from './support/axe.js';
import { saveScreenshot } from './support/screenshots.js';

let env: E2eEnv;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  env = await startE2e();
});
afterAll(async () => {
  await env?.close();
});
afterEach(async () => {
  await context?.close();
});

async function openHome(options = DESKTOP): Promise<void> {
  context = await newContext(env.browser, options);
  await presetCookieConsent(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
  page = await context.newPage();
  await page.goto(`${env.server.url}/`);
  await waitForHydration(page);
}

async function submit(url: string, alias = ''): Promise<void> {
  await page.getByLabel('URL original').fill(url);
  await page.getByLabel('Final personalizado').fill(alias);
  await page.getByRole('button', { name: 'Personalize' }).click();
}

const resultField = () => page.getByLabel('Seu link personalizado:');

describe('creating a short link', () => {
  it('with an alias: shows the box, copies, stores the link, and the short link lands on the target', async () => {
    await openHome();
    expect(await page.getAttribute('html', 'lang')).toBe('pt-BR');
    const target = `${env.fixture.url}/destino?origem=e2e`;
    await submit(target, 'minha-promo');

    const shortUrl = `${env.server.url}/minha-promo`;
    await expect.poll(() => resultField().inputValue()).toBe(shortUrl);
    expect(await resultField().getAttribute('readonly')).not.toBeNull();
    expect(await page.getByText('Seu link personalizado:').isVisible()).toBe(true);
    await toastArea(page).getByText('Sucesso!', { exact: true }).waitFor();
    expect(await toastArea(page).getByText('Link personalizado com sucesso!').isVisible()).toBe(true);
    // Fields are not cleared after success.
    expect(await page.getByLabel('URL original').inputValue()).toBe(target);
    expect(await page.getByLabel('Final personalizado').inputValue()).toBe('minha-promo');

    await page.getByRole('button', { name: 'Copiar link' }).click();
    await toastArea(page).getByText('Copiado!', { exact: true }).waitFor();
    expect(await toastArea(page).getByText('Link copiado para a área de transferência').isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shortUrl);

    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('my_links') ?? '[]') as Record<string, string>[]);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ alias: 'minha-promo', shortUrl, url: target });
    expect(stored[0]?.manageToken).toMatch(/.{20,}/);

    await saveScreenshot(page, 'home-desktop-created', { fullPage: false });
    // The result box (not there when Lighthouse and the page tests look at the home page), with
    // the pointer off its buttons: hovered, "Copiar link" is a shade darker.
    await page.mouse.move(0, 0);
    expect(await axeViolations(page, '[data-testid="short-link-result"]')).toEqual([]);

    const response = await page.goto(shortUrl);
    expect(response?.url()).toBe(target);
    expect(await page.title()).toBe(FIXTURE_TITLE);
    expect(env.fixture.requests).toContain('/destino?origem=e2e');
  });

  it('without an alias: the server picks 6 lowercase base-36 characters', async () => {
    await openHome();
    await submit(`${env.fixture.url}/sem-alias`);
    await expect.poll(() => resultField().inputValue()).toMatch(new RegExp(`^${env.server.url}/[0-9a-z]{6}$`));
    const shortUrl = await resultField().inputValue();
    await page.goto(shortUrl);
    expect(page.url()).toBe(`${env.fixture.url}/sem-alias`);
  });

  it('a taken alias gives the "Erro ao personalizar" toast with the server message', async () => {
    await openHome();
    await submit(`${env.fixture.url}/primeiro`, 'repetido');
    await expect.poll(() => resultField().inputValue()).toBe(`${env.server.url}/repetido`);
    await submit(`${env.fixture.url}/segundo`, 'repetido');
    await toastArea(page).getByText('Erro ao personalizar').waitFor();
    expect(await toastArea(page).getByText('Este alias personalizado já está em uso.').isVisible()).toBe(true);
    // One toast at a time: the success toast was replaced.
    expect(await toastArea(page).locator('li').count()).toBe(1);
  });

  it('an answer lost on the way back (the link was stored): pressing again shows the link, and its manage token works', async () => {
    await openHome();
    const keys: (string | null)[] = [];
    let lose = true;
    await page.route('**/api/links', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? null);
      if (!lose) return route.continue();
      lose = false;
      // The server gets the creation and stores the link; its answer never reaches the page.
      const answered = await route.fetch();
      expect(answered.status()).toBe(201);
      await route.abort('connectionreset');
    });
    const target = `${env.fixture.url}/resposta-perdida`;
    await submit(target, 'sem-resposta');
    await toastArea(page).getByText('Erro ao personalizar').waitFor();
    expect(await resultField().count()).toBe(0);

    await page.getByRole('button', { name: 'Personalize' }).click();
    await expect.poll(() => resultField().inputValue()).toBe(`${env.server.url}/sem-resposta`);
    await toastArea(page).getByText('Link personalizado com sucesso!').waitFor();
    await saveScreenshot(page, 'home-lost-answer-retried', { fullPage: false });
    // Both tries carried one key: the second was answered the link the first had made.
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^\d{22,}$/);
    expect(keys[1]).toBe(keys[0]);

    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('my_links') ?? '[]') as Record<string, string>[]);
    expect(stored.map((link) => link.alias)).toEqual(['sem-resposta']);
    const owner = await fetch(`${env.server.url}/api/links/sem-resposta`, { headers: { authorization: `Bearer ${stored[0]?.manageToken ?? ''}` } });
    expect(owner.status).toBe(200);

    // The next creation, with other content, is another creation with a key of its own.
    await submit(`${env.fixture.url}/outra`, 'outra-criacao');
    await expect.poll(() => resultField().inputValue()).toBe(`${env.server.url}/outra-criacao`);
    expect(keys).toHaveLength(3);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('an empty URL gives the "Erro" toast and sends nothing', async () => {
    await openHome();
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    await page.getByRole('button', { name: 'Personalize' }).click();
    await toastArea(page).getByText('Por favor, insira uma URL válida').waitFor();
    expect(await toastArea(page).getByText('Erro', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByLabel('URL original').evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
    expect(posts).toEqual([]);
  });

  it('looks right on a 1280 px desktop and a 375 px phone', async () => {
    await openHome(DESKTOP);
    await page.getByRole('group', { name: 'Hoje' }).waitFor();
    await page.getByTestId('stat-placeholder').first().waitFor({ state: 'detached' });
    await saveScreenshot(page, 'home-desktop');
    await context.close();

    await openHome(PHONE);
    await page.getByTestId('stat-placeholder').first().waitFor({ state: 'detached' });
    await saveScreenshot(page, 'home-phone');
    await submit(`${env.fixture.url}/telefone`, 'no-celular');
    await expect.poll(() => resultField().inputValue()).toBe(`${env.server.url}/no-celular`);
    // The box is brought on screen by the page itself (below the form, it was out of sight).
    const onScreen = () =>
      page.getByTestId('short-link-result').evaluate((el) => {
        const { top, bottom } = el.getBoundingClientRect();
        return top >= 0 && bottom <= window.innerHeight;
      });
    await expect.poll(onScreen, { timeout: 3000 }).toBe(true);
    await saveScreenshot(page, 'home-phone-created', { fullPage: false });
    // Nothing overflows sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The longest alias: the short link wraps inside the box instead of being cut off, and the
    // copy button stays on screen.
    const longAlias = 'link-bem-comprido-'.repeat(4).slice(0, 64);
    expect(longAlias).toHaveLength(64);
    await submit(`${env.fixture.url}/telefone-longo`, longAlias);
    const longShortUrl = `${env.server.url}/${longAlias}`;
    await expect.poll(() => resultField().inputValue()).toBe(longShortUrl);
    await page.getByTestId('short-link-result').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const screenshot = path.join(os.tmpdir(), 'encurta-home-phone-long-alias.png');
    await page.screenshot({ path: screenshot, animations: 'disabled' });

    const field = await resultField().evaluate((element: HTMLTextAreaElement) => {
      const box = element.getBoundingClientRect();
      return {
        left: box.left,
        right: box.right,
        lineHeight: parseFloat(getComputedStyle(element).lineHeight),
        clientWidth: element.clientWidth,
        clientHeight: element.clientHeight,
        scrollWidth: element.scrollWidth,
        scrollHeight: element.scrollHeight,
        viewport: window.innerWidth,
      };
    });
    expect(field.viewport).toBe(375);
    expect(field.left).toBeGreaterThanOrEqual(0);
    expect(field.right).toBeLessThanOrEqual(field.viewport);
    // Wrapped: no hidden text sideways, every line shown (more than one line for this link).
    expect(field.scrollWidth).toBeLessThanOrEqual(field.clientWidth);
    expect(field.scrollHeight).toBeLessThanOrEqual(field.clientHeight);
    expect(field.clientHeight).toBeGreaterThan(2 * field.lineHeight);

    const copyButton = page.getByRole('button', { name: 'Copiar link' });
    expect(await copyButton.isVisible()).toBe(true);
    const copyBox = await copyButton.boundingBox();
    expect(copyBox).not.toBeNull();
    if (copyBox) {
      expect(copyBox.x).toBeGreaterThanOrEqual(0);
      expect(copyBox.x + copyBox.width).toBeLessThanOrEqual(375);
      expect(copyBox.y).toBeGreaterThanOrEqual(0);
      expect(copyBox.y + copyBox.height).toBeLessThanOrEqual(812);
    }
    // Its label is not clipped either.
    expect(await copyButton.evaluate((button) => button.scrollWidth <= button.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await copyButton.click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(longShortUrl);
  });
});

// The home form leaves URL checking to the browser and marks no field invalid; the form that
// marks refused fields (aria-invalid) is 'Denunciar link', so the built CSS is checked there.
describe('a refused field', () => {
  it('has the red border in the built CSS, focused or not', async () => {
    context = await newContext(env.browser, DESKTOP);
    await presetCookieConsent(context);
    page = await context.newPage();
    await page.goto(`${env.server.url}/denunciar`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Enviar denúncia' }).click();

    const link = page.getByLabel('Link encurtado');
    const reason = page.getByLabel('Motivo');
    await expect.poll(() => reason.getAttribute('aria-invalid')).toBe('true');
    expect(await link.getAttribute('aria-invalid')).toBe('true');
    // The link field took the focus; the reason field is refused too and has no focus.
    expect(await link.evaluate((element) => element === document.activeElement)).toBe(true);

    // The colours the theme gives these classes, read from probe elements of the same page.
    const colourOf = (className: string) =>
      page.evaluate((classes) => {
        const probe = document.createElement('div');
        probe.className = `border ${classes}`;
        document.body.append(probe);
        const colour = getComputedStyle(probe).borderTopColor;
        probe.remove();
        return colour;
      }, className);
    const red = await colourOf('border-red-500');
    expect(red).not.toBe(await colourOf('border-slate-300'));
    // Polled: the controls ease colour changes (transition-colors).
    const borderOf = (field: typeof link) => field.evaluate((element) => getComputedStyle(element).borderTopColor);
    await expect.poll(() => borderOf(reason)).toBe(red);
    await expect.poll(() => borderOf(link)).toBe(red);

    // Fixed and left, the field gets its usual border back.
    await reason.fill('Página falsa de banco pedindo senha.');
    await reason.evaluate((element) => element.blur());
    expect(await reason.getAttribute('aria-invalid')).toBeNull();
    await expect.poll(async () => borderOf(reason)).toBe(await colourOf('border-slate-300'));
  });
});
