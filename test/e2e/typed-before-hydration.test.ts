/// <reference lib="dom" />
// A page arrives rendered, so its forms can be filled before the app hydrates them (seconds on
// a slow phone; at once by a password manager). What was typed then is what the form sends,
// and it stays on the screen: the home form, the report form and the console's sign-in. The
// app's scripts are held back until the fields are filled, as a slow network would.
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../src/server/admin-cli.js';
import { startE2e, type E2eEnv } from './support/app.js';
import { newContext, PHONE } from './support/browser.js';
import { presetCookieConsent, waitForHydration } from './support/pages.js';
import { saveScreenshot } from './support/screenshots.js';

const EMAIL = 'operadora-lenta@example.com';
const PASSWORD = 'senha-da-operadora-lenta';

let env: E2eEnv;

beforeAll(async () => {
  env = await startE2e();
  const added = await runAdmin(['operators', 'add', EMAIL, '--password-stdin'], env.server.store, { timeZone: 'America/Sao_Paulo', readPassword: async () => PASSWORD });
  expect(added.code).toBe(0);
}, 60_000);
afterAll(async () => {
  await env?.close();
});

/**
 * Opens `path` with every script held until `fill` has run on the served page, then lets them
 * through and waits for the hydration. Checks the fields were not hydrated yet when filled.
 */
async function fillBeforeHydration(path: string, fill: (page: Page) => Promise<void>): Promise<{ page: Page; errors: string[] }> {
  const context = await newContext(env.browser, PHONE);
  await presetCookieConsent(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const held: Route[] = [];
  let holding = true;
  await page.route(/\/assets\/.+\.js$/, (route) => {
    if (holding) held.push(route);
    else void route.continue();
  });
  // Not 'domcontentloaded': that waits for the held module scripts.
  await page.goto(`${env.server.url}${path}`, { waitUntil: 'commit' });
  await page.locator('form').first().waitFor();
  await fill(page);
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(false);
  holding = false;
  await Promise.all(held.splice(0).map((route) => route.continue()));
  await waitForHydration(page);
  return { page, errors };
}

describe('fields filled before the app hydrated them', () => {
  it('the home form sends the URL and alias typed before hydration, and keeps them on screen', async () => {
    const target = `${env.fixture.url}/digitado-cedo?x=1`;
    const { page, errors } = await fillBeforeHydration('/', async (page) => {
      await page.getByLabel('URL original').fill(target);
      await page.getByLabel('Final personalizado').fill('digitado-cedo');
    });
    expect(await page.getByLabel('URL original').inputValue()).toBe(target);
    const [response] = await Promise.all([
      page.waitForResponse((candidate) => candidate.request().method() === 'POST' && candidate.url().endsWith('/api/links')),
      page.getByRole('button', { name: 'Personalize' }).click(),
    ]);
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({ url: target, alias: 'digitado-cedo' });
    expect(await page.getByLabel('Seu link personalizado:').inputValue()).toBe(`${env.server.url}/digitado-cedo`);
    expect(await page.getByLabel('URL original').inputValue()).toBe(target);
    expect(await page.getByLabel('Final personalizado').inputValue()).toBe('digitado-cedo');
    await saveScreenshot(page, 'typed-before-hydration-home', { fullPage: false });
    expect(errors).toEqual([]);
  });

  it('the report form sends the alias and reason typed before hydration', async () => {
    expect((await fetch(`${env.server.url}/api/links`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: `${env.fixture.url}/x`, alias: 'denuncia-cedo' }) })).status).toBe(201);
    const reason = 'Página falsa pedindo dados do cartão.';
    const { page, errors } = await fillBeforeHydration('/denunciar', async (page) => {
      await page.getByLabel('Link encurtado').fill('denuncia-cedo');
      await page.getByLabel('Motivo').fill(reason);
    });
    expect(await page.getByTestId('reason-counter').innerText()).toBe(`${reason.length}/1.000`);
    const [response] = await Promise.all([
      page.waitForResponse((candidate) => candidate.request().method() === 'POST' && candidate.url().endsWith('/api/reports')),
      page.getByRole('button', { name: 'Enviar denúncia' }).click(),
    ]);
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({ alias: 'denuncia-cedo', reason });
    expect(errors).toEqual([]);
  });

  it("the console's sign-in keeps an e-mail and password filled before hydration and signs in", async () => {
    const { page, errors } = await fillBeforeHydration('/admin', async (page) => {
      await page.getByLabel('E-mail').fill(EMAIL);
      await page.getByLabel('Senha').fill(PASSWORD);
    });
    expect(await page.getByLabel('E-mail').inputValue()).toBe(EMAIL);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('heading', { level: 2, name: 'Visão geral' }).waitFor();
    expect(errors).toEqual([]);
  });
});
