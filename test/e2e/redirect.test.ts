/// <reference lib="dom" />
// DOM types above: page.evaluate callbacks run in the browser.
// The redirect view: server 404 for unknown aliases, and client-side navigation to /:alias.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLink } from '../helpers/api.js';
import { startE2e, type E2eEnv } from './support/app.js';
import { newContext, PHONE } from './support/browser.js';
import { FIXTURE_TITLE } from './support/fixture-server.js';
import { presetCookieConsent, waitForHydration } from './support/pages.js';
import { saveScreenshot } from './support/screenshots.js';

let env: E2eEnv;

beforeAll(async () => {
  env = await startE2e();
  await createLink(env.server, { url: `${env.fixture.url}/via-cliente`, alias: 'via-cliente' });
});
afterAll(async () => {
  await env?.close();
});

async function expectErrorView(page: Page) {
  await page.getByRole('heading', { name: 'Oops!' }).waitFor();
  expect(await page.getByText('Não foi possível encontrar este link.').isVisible()).toBe(true);
  expect(await page.getByText('Link não encontrado ou expirado.').isVisible()).toBe(true);
}

/** Client-side navigation, as a link inside the app would do it. */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({ key: 'e2e', usr: null, idx: 1 }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
}

describe('redirect view', () => {
  it('an unknown alias answers 404 with the error view, and the button goes home', async () => {
    const context = await newContext(env.browser);
    await presetCookieConsent(context);
    const page = await context.newPage();
    const response = await page.goto(`${env.server.url}/nao-existe-mesmo`);
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expectErrorView(page);
    expect(await page.title()).toBe('Link não encontrado | Encurta.br');
    await saveScreenshot(page, 'error-view-desktop');

    await page.getByRole('link', { name: 'Voltar para a Home' }).click();
    await page.waitForURL(`${env.server.url}/`);
    await page.getByRole('heading', { name: /Personalize seus links/ }).waitFor();
    await context.close();
  });

  it('looks right on a phone', async () => {
    const context = await newContext(env.browser, PHONE);
    await presetCookieConsent(context);
    const page = await context.newPage();
    expect((await page.goto(`${env.server.url}/sumiu`))?.status()).toBe(404);
    await expectErrorView(page);
    await saveScreenshot(page, 'error-view-phone', { fullPage: false });
    await context.close();
  });

  it('any other unknown address answers 404 with the same view', async () => {
    const context = await newContext(env.browser);
    await presetCookieConsent(context);
    const page = await context.newPage();
    expect((await page.goto(`${env.server.url}/um/dois`))?.status()).toBe(404);
    await expectErrorView(page);
    await context.close();
  });

  it('client-side navigation to an existing alias shows the spinner and then lands on the target', async () => {
    const context = await newContext(env.browser);
    await presetCookieConsent(context);
    // Hold the HEAD answer a little so the spinner can be seen.
    await context.route('**/via-cliente', async (route) => {
      if (route.request().method() === 'HEAD') await new Promise((resolve) => setTimeout(resolve, 400));
      await route.fallback();
    });
    const page = await context.newPage();
    await page.goto(`${env.server.url}/`);
    await waitForHydration(page);
    await navigateInApp(page, '/via-cliente');
    await page.getByText('Redirecionando para o seu link...').waitFor();
    await page.waitForURL(`${env.fixture.url}/via-cliente`);
    expect(await page.title()).toBe(FIXTURE_TITLE);
    await context.close();
  });

  it('client-side navigation to an unknown alias asks the server and shows the error view', async () => {
    const context = await newContext(env.browser);
    await presetCookieConsent(context);
    const page = await context.newPage();
    await page.goto(`${env.server.url}/faq`);
    await waitForHydration(page);
    const heads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'HEAD') heads.push(new URL(request.url()).pathname);
    });
    await navigateInApp(page, '/outro-que-nao-existe');
    await expectErrorView(page);
    expect(heads).toEqual(['/outro-que-nao-existe']);
    await context.close();
  });
});
