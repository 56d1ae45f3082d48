/// <reference lib="dom" />
// DOM types above: page.evaluate callbacks run in the browser.
// The advertising slot with AD_SCRIPT_SRC configured: the script loads only after "Aceitar".
// The ad URL is intercepted and answered locally; nothing goes to the network.
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2eEnv } from './support/app.js';
import { newContext } from './support/browser.js';
import { waitForHydration } from './support/pages.js';

const AD_SCRIPT_SRC = 'https://ads.example.com/tag.js';

let env: E2eEnv;

beforeAll(async () => {
  env = await startE2e({ AD_SCRIPT_SRC });
});
afterAll(async () => {
  await env?.close();
});

async function contextWithFakeAd(): Promise<{ context: BrowserContext; adRequests: string[] }> {
  const context = await newContext(env.browser);
  const adRequests: string[] = [];
  // Registered after the loopback fence, so it runs first for this one URL.
  await context.route(AD_SCRIPT_SRC, (route) => {
    adRequests.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: 'window.__adLoaded = true;' });
  });
  return { context, adRequests };
}

describe('ad slot', () => {
  it('loads nothing before consent, and the script once the visitor accepts', async () => {
    const { context, adRequests } = await contextWithFakeAd();
    const page = await context.newPage();
    await page.goto(`${env.server.url}/`);
    await waitForHydration(page);
    await page.getByRole('region', { name: 'Aviso de cookies' }).waitFor();
    expect(await page.locator(`script[src="${AD_SCRIPT_SRC}"]`).count()).toBe(0);
    expect(adRequests).toEqual([]);

    await page.getByRole('button', { name: 'Aceitar' }).click();
    await page.getByRole('complementary', { name: 'Publicidade' }).waitFor();
    expect(await page.locator(`script[src="${AD_SCRIPT_SRC}"]`).count()).toBe(1);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __adLoaded?: boolean }).__adLoaded)).toBe(true);

    await page.reload();
    await page.getByRole('complementary', { name: 'Publicidade' }).waitFor();
    expect(await page.locator(`script[src="${AD_SCRIPT_SRC}"]`).count()).toBe(1);
    await context.close();
  });

  it('never loads the script after Rejeitar', async () => {
    const { context, adRequests } = await contextWithFakeAd();
    const page = await context.newPage();
    await page.goto(`${env.server.url}/`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Rejeitar' }).click();
    await page.reload();
    // The slot is the browser's doing: look for it once scripts have run, not in the served HTML.
    await waitForHydration(page);
    await page.waitForTimeout(300);
    expect(await page.locator(`script[src="${AD_SCRIPT_SRC}"]`).count()).toBe(0);
    expect(await page.getByRole('complementary', { name: 'Publicidade' }).count()).toBe(0);
    expect(adRequests).toEqual([]);
    await context.close();
  });
});
