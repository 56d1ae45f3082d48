/// <reference lib="dom" />
// The Content-Security-Policy the server sends is one the app actually satisfies: every page,
// the home form flow, the dashboard, a link's statistics (charts and map), the error view and
// the crawler preview load in real Chromium without a single violation report.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLink } from '../helpers/api.js';
import { BROWSER_USER_AGENTS, CRAWLER_USER_AGENTS } from '../helpers/fixtures.js';
import { DESKTOP, newContext } from './support/browser.js';
import { type E2eEnv, startE2e } from './support/app.js';
import { watchCspViolations as watchViolations } from './support/csp.js';
import { pollUntil, waitForHydration } from './support/pages.js';

let env: E2eEnv;
beforeAll(async () => {
  env = await startE2e();
});
afterAll(async () => {
  await env.close();
});

describe('Content-Security-Policy in real Chromium', () => {
  it('no violation on any page of the app', async () => {
    const context = await newContext(env.browser, DESKTOP);
    const page = await context.newPage();
    const violations = await watchViolations(page);
    const base = env.server.url;
    const seen: string[] = [];
    for (const path of ['/', '/faq', '/contact', '/privacy', '/dashboard', '/dashboard/exemplo', '/dashboard/exemplo?dias=7', '/nao-existe-este-link']) {
      const response = await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
      expect(response?.headers()['content-security-policy'], path).toContain("script-src 'self'");
      await expect.poll(() => page.locator('main, #root').first().isVisible()).toBe(true);
      seen.push(...(await violations()));
    }
    // The create flow (toasts, result box) under the policy.
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.getByPlaceholder('Cole sua URL aqui...').fill(`${env.fixture.url}/destino`);
    await page.getByRole('button', { name: 'Personalize' }).click();
    await page.getByText('Seu link personalizado:').waitFor();
    // A Radix dialog (the QR code) adds a <style> for its scroll lock, allowed by the nonce.
    await page.getByRole('button', { name: 'Ver QR code' }).click();
    await page.getByRole('dialog').waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    seen.push(...(await violations()));
    expect(seen).toEqual([]);
    await context.close();
  });

  it("no violation on a link's statistics with their charts, tables and map drawn", async () => {
    const link = await createLink(env.server, { url: `${env.fixture.url}/com-graficos`, alias: 'csp-graficos' });
    const click = await fetch(link.shortUrl, { redirect: 'manual', headers: { 'user-agent': BROWSER_USER_AGENTS.chromeAndroid } });
    expect(click.status).toBe(302);
    // The click is written within a flush interval; until then the page shows its empty state,
    // without charts or map.
    await pollUntil(
      async () => {
        const response = await fetch(`${env.server.url}/api/links/${link.alias}/insights?days=30`, { headers: { authorization: `Bearer ${link.manageToken}` } });
        return (await response.json()) as { totalClicks: number };
      },
      (insights) => insights.totalClicks === 1,
      15_000,
    );
    const context = await newContext(env.browser, DESKTOP);
    await context.addInitScript((stored) => window.localStorage.setItem('my_links', JSON.stringify(stored)), [link]);
    // The map is drawn for states; the test server has no city database, so the answer gets one.
    await context.route('**/api/links/*/insights*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { regions: { key: string; clicks: number }[] };
      await route.fulfill({ response, json: { ...body, regions: [{ key: 'BR-SC', clicks: 1 }] } });
    });
    const page = await context.newPage();
    const violations = await watchViolations(page);
    await page.goto(`${env.server.url}/dashboard/${link.alias}`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.getByRole('img', { name: /^Mapa do Brasil/ }).waitFor();
    await page.getByTestId('daily-table').getByText('Ver tabela').click();
    const sevenDays = page.waitForResponse((response) => /\/insights\?days=7$/.test(response.url()));
    await page.getByRole('tab', { name: '7 dias' }).click();
    await page.waitForURL(/dias=7$/);
    await sevenDays;
    await page.getByRole('img', { name: /^Mapa do Brasil/ }).waitFor();
    expect(await violations()).toEqual([]);
    // A route handler still running when the context closes rejects with "Response has been
    // disposed" outside the test; wait for handlers to finish before closing.
    await context.unrouteAll({ behavior: 'wait' });
    await context.close();
  });

  it('the watcher does catch a violation (an injected inline script is blocked and reported)', async () => {
    const context = await newContext(env.browser, DESKTOP);
    const page = await context.newPage();
    const violations = await watchViolations(page);
    await page.goto(`${env.server.url}/faq`, { waitUntil: 'networkidle' });
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__ran = true';
      document.body.append(script);
    });
    await expect.poll(async () => (await violations()).length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { __ran?: boolean }).__ran)).toBeUndefined();
    await context.close();
  });

  it('no violation on the crawler preview page', async () => {
    const created = await env.server.app.server.inject({ method: 'POST', url: '/api/links', payload: { url: 'https://example.com/previa', alias: 'previa-navegador' } });
    expect(created.statusCode).toBe(201);
    const context = await newContext(env.browser, { ...DESKTOP, userAgent: CRAWLER_USER_AGENTS.twitter });
    const page = await context.newPage();
    const violations = await watchViolations(page);
    const response = await page.goto(`${env.server.url}/previa-navegador`, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    await page.getByText('Você será redirecionado em breve...').waitFor();
    // The inline <style> applied (allowed by its hash): the body is centred with a max width.
    expect(await page.evaluate(() => getComputedStyle(document.body).maxWidth)).toBe('640px');
    expect(await violations()).toEqual([]);
    await context.close();
  });
});
