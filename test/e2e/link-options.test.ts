/// <reference lib="dom" />
// DOM types above: page.evaluate callbacks run in the browser.
// Link options in real Chromium against the real server: 'Mais opções' on the home form
// (closed at first, opened from the keyboard), a link made with a password, a click limit and
// an expiry typed in Brasília time, and its badges on the result and on the dashboard's card.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2eEnv } from './support/app.js';
import { newContext, PHONE } from './support/browser.js';
import { watchCspViolations } from './support/csp.js';
import { presetCookieConsent, waitForHydration } from './support/pages.js';
import { saveScreenshot } from './support/screenshots.js';

let env: E2eEnv;
let context: BrowserContext;

beforeAll(async () => {
  env = await startE2e();
});
afterAll(async () => {
  await env?.close();
});
afterEach(async () => {
  await context?.close();
});

/** `ms` from now as a datetime-local value in Brasília time (UTC−3 all year). */
function brasiliaLocal(ms: number): string {
  return new Date(Date.now() + ms - 3 * 3600 * 1000).toISOString().slice(0, 16);
}

/** "2026-12-25T18:00" → "25/12/2026 18:00", as the badges write it. */
const asBadgeDate = (local: string) => `${local.slice(8, 10)}/${local.slice(5, 7)}/${local.slice(0, 4)} ${local.slice(11)}`;

const optionFields = ['Expira em', 'Limite de cliques', 'Senha', 'Link para iPhone e iPad', 'Link para Android'];

describe("link options ('Mais opções')", () => {
  it('a link with a password, a click limit and an expiry: made from the home form, shown with its badges on the dashboard', async () => {
    // A phone whose clock is not in Brasília: 'Expira em' is still read as Brasília time.
    context = await newContext(env.browser, { ...PHONE, viewport: { width: 390, height: 844 }, timezoneId: 'Europe/Lisbon' });
    await presetCookieConsent(context);
    const page: Page = await context.newPage();
    const cspViolations = await watchCspViolations(page);
    await page.goto(`${env.server.url}/`);
    await waitForHydration(page);

    // Closed at first: the form shows its two fields and the button, as before.
    const summary = page.locator('summary', { hasText: 'Mais opções' });
    expect(await page.locator('form details').evaluate((details: HTMLDetailsElement) => details.open)).toBe(false);
    for (const label of optionFields) expect(await page.getByLabel(label, { exact: true }).isVisible()).toBe(false);

    await page.getByLabel('URL original').fill(`${env.fixture.url}/com-senha`);
    await page.getByLabel('Final personalizado').fill('com-opcoes');
    // From the keyboard: Tab from the alias reaches the summary, Enter opens it.
    await page.getByLabel('Final personalizado').press('Tab');
    expect(await summary.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    for (const label of optionFields) await page.getByLabel(label, { exact: true }).waitFor();

    const expiry = brasiliaLocal(10 * 24 * 3600 * 1000);
    await page.getByLabel('Expira em').fill(expiry);
    await page.getByLabel('Limite de cliques').fill('50');
    await page.getByLabel('Senha', { exact: true }).fill('segredo-forte');
    await saveScreenshot(page, 'link-options-home-phone-open', { fullPage: false });

    const sent: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/links')) sent.push(request.postDataJSON());
    });
    await page.getByRole('button', { name: 'Personalize' }).click();
    const result = page.getByTestId('short-link-result');
    await result.waitFor();
    expect(sent).toEqual([
      {
        url: `${env.fixture.url}/com-senha`,
        alias: 'com-opcoes',
        expiresAt: new Date(`${expiry}:00.000-03:00`).toISOString(),
        maxClicks: 50,
        password: 'segredo-forte',
      },
    ]);
    const badges = [`expira em ${asBadgeDate(expiry)} (Brasília)`, '0 de 50 cliques', 'protegido'];
    expect(await result.getByRole('listitem').allInnerTexts()).toEqual(badges);

    // The dashboard reads the options from the owner view. Its clock is Playwright's, so that the
    // ten days to the expiry can pass below.
    await page.clock.install();
    await page.goto(`${env.server.url}/dashboard`);
    await waitForHydration(page);
    const card = page.locator('article[data-alias="com-opcoes"]');
    await card.getByTestId('link-option-badges').waitFor();
    await card.getByTestId('total-clicks').waitFor();
    expect(await card.getByTestId('link-option-badges').getByRole('listitem').allInnerTexts()).toEqual(badges);
    // The creation time too is Brasília's on this Lisbon phone, written as the expiry is.
    const created = await card.getByText(/^Criado em /).innerText();
    expect([0, -60_000, -120_000].map((ms) => `Criado em ${asBadgeDate(brasiliaLocal(ms))}`)).toContain(created);
    expect(await card.getByText('protegido', { exact: true }).isVisible()).toBe(true);
    expect(await card.getByText('0 de 50 cliques', { exact: true }).isVisible()).toBe(true);
    await card.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'link-options-dashboard-phone', { fullPage: false });

    // Left open past the expiry, the card says so by itself, without 'Atualizar'.
    await page.clock.fastForward(10 * 24 * 3600 * 1000 + 60_000);
    const badgeList = card.getByTestId('link-option-badges');
    await badgeList.getByText('expirado', { exact: true }).waitFor();
    expect(await badgeList.getByRole('listitem').allInnerTexts()).toEqual(['expirado', '0 de 50 cliques', 'protegido']);
    await saveScreenshot(page, 'link-options-dashboard-phone-expired', { fullPage: false });

    expect(await cspViolations()).toEqual([]);
  });
});
