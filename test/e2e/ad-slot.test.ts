/// <reference lib="dom" />
// DOM types above: page.evaluate callbacks run in the browser.
// The advertising slot with AD_SCRIPT_SRC configured: the script loads only after "Aceitar", in
// a sandboxed frame that cannot read the page, its storage or its cookies. The ad URL is
// intercepted and answered locally; nothing goes to the network.
import type { BrowserContext, Frame, Page } from 'playwright-core';
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
    return route.fulfill({ contentType: 'text/javascript', body: FAKE_AD });
  });
  return { context, adRequests };
}

/** What a hostile ad tag would try: the page, the links kept in this browser, the cookies. */
const FAKE_AD = `
const tryIt = (read) => { try { return String(read()); } catch { return 'blocked'; } };
window.__adProbe = {
  loaded: true,
  parentPage: tryIt(() => window.parent.document.title),
  storage: tryIt(() => window.localStorage.getItem('my_links')),
  cookies: tryIt(() => document.cookie),
  origin: window.origin,
};`;

interface AdProbe {
  loaded: boolean;
  parentPage: string;
  storage: string;
  cookies: string;
  origin: string;
}

const adFrame = (page: Page): Frame | undefined => page.frames().find((frame) => frame !== page.mainFrame() && frame.url() === 'about:srcdoc');
const probeOf = (frame: Frame | undefined) => frame?.evaluate(() => (window as unknown as { __adProbe?: AdProbe }).__adProbe);

describe('ad slot', () => {
  it('loads nothing before consent, and the script once the visitor accepts', async () => {
    const { context, adRequests } = await contextWithFakeAd();
    const page = await context.newPage();
    await page.goto(`${env.server.url}/`);
    await waitForHydration(page);
    await page.getByRole('region', { name: 'Aviso de cookies' }).waitFor();
    expect(await page.locator(`script[src="${AD_SCRIPT_SRC}"]`).count()).toBe(0);
    expect(adRequests).toEqual([]);

    // A link of this visitor's, kept in this browser, which the ad must not see.
    await page.evaluate(() => window.localStorage.setItem('my_links', '[{"alias":"segredo","manageToken":"token-secreto"}]'));
    await page.getByRole('button', { name: 'Aceitar' }).click();
    const slot = page.getByRole('complementary', { name: 'Publicidade' });
    await slot.waitFor();
    await slot.scrollIntoViewIfNeeded();
    // The script ran (the page's CSP allows it in the frame), in the frame, walled off.
    await expect.poll(async () => (await probeOf(adFrame(page)))?.loaded, { timeout: 10_000 }).toBe(true);
    expect(await probeOf(adFrame(page))).toEqual({ loaded: true, parentPage: 'blocked', storage: 'blocked', cookies: 'blocked', origin: 'null' });
    expect(await page.locator(`script[src="${AD_SCRIPT_SRC}"]`).count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __adProbe?: unknown }).__adProbe)).toBeUndefined();
    expect(adRequests).toEqual([AD_SCRIPT_SRC]);

    await page.reload();
    await slot.waitFor();
    await slot.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await probeOf(adFrame(page)))?.loaded, { timeout: 10_000 }).toBe(true);
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
    expect(adFrame(page)).toBeUndefined();
    expect(await page.getByRole('complementary', { name: 'Publicidade' }).count()).toBe(0);
    expect(adRequests).toEqual([]);
    await context.close();
  });
});
