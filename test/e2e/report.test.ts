/// <reference lib="dom" />
// DOM types above: page.evaluate callbacks run in the browser.
// 'Denunciar link' in real Chromium against the real server: report a link (stored), an
// unknown link, the footer link, screenshots; and the home form's 429 toast with rate limits on.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages, reportTexts } from '../../src/shared/messages.js';
import { startE2e, type E2eEnv } from './support/app.js';
import { DESKTOP, newContext, PHONE } from './support/browser.js';
import { presetCookieConsent, toastArea, waitForHydration } from './support/pages.js';
import { saveScreenshot } from './support/screenshots.js';

let context: BrowserContext | undefined;

afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function open(env: E2eEnv, path: string, options = DESKTOP): Promise<Page> {
  context = await newContext(env.browser, options);
  await presetCookieConsent(context);
  const page = await context.newPage();
  await page.goto(`${env.server.url}${path}`);
  await waitForHydration(page);
  return page;
}

describe('the report page (/denunciar)', () => {
  let env: E2eEnv;

  beforeAll(async () => {
    env = await startE2e();
    const response = await fetch(`${env.server.url}/api/links`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${env.fixture.url}/pagina-suspeita`, alias: 'golpe-teste' }),
    });
    expect(response.status).toBe(201);
  });
  afterAll(async () => {
    await env?.close();
  });

  const reports = () => env.server.store.db.selectFrom('link_reports').selectAll().orderBy('id').execute();

  it('reports an existing link by its whole short URL: toast, fields cleared, report stored', async () => {
    const page = await open(env, '/denunciar');
    await page.getByRole('heading', { level: 1, name: 'Denunciar link' }).waitFor();
    await expect.poll(() => page.title()).toBe(`Denunciar link | ${env.server.config.site.siteName}`);
    expect(await page.getByText(/phishing, golpes, malware ou conteúdo ilegal/).isVisible()).toBe(true);

    const reason = 'Esta página imita o site de um banco e pede a senha.';
    await page.getByLabel('Link encurtado').fill(`${env.server.url}/golpe-teste`);
    await page.getByLabel('Motivo').fill(reason);
    expect(await page.getByTestId('reason-counter').innerText()).toBe(`${reason.length}/1.000`);
    await page.getByRole('button', { name: 'Enviar denúncia' }).click();

    await toastArea(page).getByText('Denúncia enviada', { exact: true }).waitFor();
    expect(await toastArea(page).getByText(reportTexts.received).isVisible()).toBe(true);
    expect(await page.getByLabel('Link encurtado').inputValue()).toBe('');
    expect(await page.getByLabel('Motivo').inputValue()).toBe('');
    expect(await page.getByRole('button', { name: 'Enviar denúncia' }).isEnabled()).toBe(true);

    const stored = await reports();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ alias: 'golpe-teste', reason });
  });

  it('prefills the link from ?alias= and sends just the alias', async () => {
    const page = await open(env, '/denunciar?alias=golpe-teste');
    expect(await page.getByLabel('Link encurtado').inputValue()).toBe('golpe-teste');
    await page.getByLabel('Motivo').fill('Baixa um arquivo executável suspeito.');
    await page.getByRole('button', { name: 'Enviar denúncia' }).click();
    await toastArea(page).getByText('Denúncia enviada', { exact: true }).waitFor();
    const stored = await reports();
    expect(stored).toHaveLength(2);
    expect(stored[1]).toMatchObject({ alias: 'golpe-teste', reason: 'Baixa um arquivo executável suspeito.' });
  });

  it('checks the reason in the browser before sending', async () => {
    const page = await open(env, '/denunciar?alias=golpe-teste');
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    await page.getByLabel('Motivo').fill('curto');
    await page.getByRole('button', { name: 'Enviar denúncia' }).click();
    await page.getByText(errorMessages.invalid_report).waitFor();
    expect(await page.getByLabel('Motivo').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.getByLabel('Motivo').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(posts).toEqual([]);
    await saveScreenshot(page, 'report-desktop-invalid', { fullPage: false });
  });

  it('an unknown link gives the destructive toast with the server message and keeps the fields', async () => {
    const before = (await reports()).length;
    const page = await open(env, '/denunciar');
    await page.getByLabel('Link encurtado').fill('nao-existe-mesmo');
    await page.getByLabel('Motivo').fill('Link suspeito recebido por SMS.');
    await page.getByRole('button', { name: 'Enviar denúncia' }).click();
    await toastArea(page).getByText('Erro ao enviar denúncia', { exact: true }).waitFor();
    expect(await toastArea(page).getByText(errorMessages.link_not_found).isVisible()).toBe(true);
    expect(await page.getByLabel('Link encurtado').inputValue()).toBe('nao-existe-mesmo');
    expect(await page.getByLabel('Motivo').inputValue()).toBe('Link suspeito recebido por SMS.');
    expect(await reports()).toHaveLength(before);
  });

  it('is linked from the footer\'s Legal column, after Contato', async () => {
    const page = await open(env, '/');
    const legal = page.getByRole('contentinfo').getByRole('heading', { name: 'Legal' }).locator('xpath=..');
    expect(await legal.getByRole('link').allInnerTexts()).toEqual(['Política de Privacidade', 'Contato', 'Denunciar link']);
    await legal.getByRole('link', { name: 'Denunciar link' }).click();
    await page.getByRole('heading', { level: 1, name: 'Denunciar link' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/denunciar');
    await expect.poll(() => page.title()).toBe(`Denunciar link | ${env.server.config.site.siteName}`);
  });

  it('looks right on a 1280 px desktop and a 375 px phone', async () => {
    let page = await open(env, '/denunciar', DESKTOP);
    await page.getByLabel('Motivo').waitFor();
    await saveScreenshot(page, 'report-desktop');
    await context?.close();

    page = await open(env, '/denunciar?alias=golpe-teste', PHONE);
    await page.getByLabel('Motivo').fill('Página de phishing pedindo dados do cartão.');
    await saveScreenshot(page, 'report-phone');
    // Nothing sticks out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

describe('the home form under the rate limit', () => {
  let env: E2eEnv;

  beforeAll(async () => {
    env = await startE2e({ RATE_LIMIT_DISABLED: 'false', CREATE_RATE_LIMIT_PER_MINUTE: '2' });
  });
  afterAll(async () => {
    await env?.close();
  });

  it('shows the server message of a 429 in the "Erro ao personalizar" toast', async () => {
    const page = await open(env, '/');
    const result = page.getByLabel('Seu link personalizado:');
    for (const alias of ['limite-um', 'limite-dois']) {
      await page.getByLabel('URL original').fill(`${env.fixture.url}/${alias}`);
      await page.getByLabel('Final personalizado').fill(alias);
      await page.getByRole('button', { name: 'Personalize' }).click();
      await expect.poll(() => result.inputValue()).toBe(`${env.server.url}/${alias}`);
    }
    const refused = page.waitForResponse((response) => response.url().endsWith('/api/links') && response.request().method() === 'POST');
    await page.getByLabel('URL original').fill(`${env.fixture.url}/limite-tres`);
    await page.getByLabel('Final personalizado').fill('limite-tres');
    await page.getByRole('button', { name: 'Personalize' }).click();
    const response = await refused;
    expect(response.status()).toBe(429);
    expect(Number(response.headers()['retry-after'])).toBeGreaterThan(0);

    await toastArea(page).getByText('Erro ao personalizar', { exact: true }).waitFor();
    expect(await toastArea(page).getByText('Muitas tentativas em pouco tempo. Aguarde um pouco e tente novamente.').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Personalize' }).isEnabled()).toBe(true);
    await saveScreenshot(page, 'home-desktop-rate-limited', { fullPage: false });
  });
});
