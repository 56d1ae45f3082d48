/// <reference lib="dom" />
// The app's chunks are named by their content, so a deploy replaces them; a tab opened before it,
// or one whose connection dropped, asks for a chunk it cannot get. The page then loads again
// once (a deploy: the server sends the new build); when that fails too, the layout stays and
// the bar every page is served with says so; when the app itself cannot start, the same bar
// shows over the served page. The missing chunks are answered 404 here, as a server with the
// next build would.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2eEnv } from './support/app.js';
import { newContext, PHONE } from './support/browser.js';
import { presetCookieConsent, waitForHydration } from './support/pages.js';
import { saveScreenshot } from './support/screenshots.js';

let env: E2eEnv;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  env = await startE2e();
});
afterAll(async () => {
  await env?.close();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

interface Opened {
  page: Page;
  /** Page loads (the first and every reload). */
  loads: () => number;
  /** How many requests for chunks named like `pattern` were answered 404. */
  refused: () => number;
}

/** Opens `path`; chunks matching `pattern` are answered 404 `times` times (Infinity: always). */
async function openWithMissingChunks(path: string, pattern: RegExp, times: number, { before = false } = {}): Promise<Opened & { refuseFromNowOn(): void }> {
  const context = await newContext(env.browser, PHONE);
  contexts.push(context);
  await presetCookieConsent(context);
  const page = await context.newPage();
  let loads = 0;
  let refused = 0;
  let active = before;
  page.on('load', () => loads++);
  await page.route(pattern, (route) => {
    if (active && refused < times) {
      refused++;
      return route.fulfill({ status: 404, contentType: 'text/html', body: '<h1>404 Not Found</h1>' });
    }
    return route.continue();
  });
  await page.goto(`${env.server.url}${path}`);
  if (before) await page.waitForLoadState('load');
  else await waitForHydration(page);
  return { page, loads: () => loads, refused: () => refused, refuseFromNowOn: () => (active = true) };
}

describe('chunks that cannot be fetched', () => {
  it("after a deploy, a page reached in the app whose chunk is gone loads again, once, and shows", async () => {
    const opened = await openWithMissingChunks('/', /\/assets\/report-page-[^/]+\.js$/, 1);
    opened.refuseFromNowOn();
    await opened.page.getByRole('contentinfo').getByRole('link', { name: 'Denunciar link' }).click();
    await opened.page.getByRole('heading', { level: 1, name: 'Denunciar link' }).waitFor();
    await waitForHydration(opened.page);
    expect(opened.refused()).toBe(1);
    expect(opened.loads()).toBe(2);
    expect(opened.page.url()).toBe(`${env.server.url}/denunciar`);
    expect(await opened.page.getByRole('button', { name: 'Enviar denúncia' }).isEnabled()).toBe(true);
  });

  it('when the chunk stays out of reach, the layout stays, the bar says so, and the page reloads no more', async () => {
    const opened = await openWithMissingChunks('/', /\/assets\/faq-page-[^/]+\.js$/, Infinity);
    opened.refuseFromNowOn();
    await opened.page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
    const bar = opened.page.getByRole('alert').filter({ hasText: 'Não foi possível carregar o site por completo.' });
    await bar.waitFor();
    expect(opened.loads()).toBe(2);
    expect(await bar.getByRole('link', { name: 'recarregue a página' }).getAttribute('href')).toBe('');
    // The layout stayed: the header and the footer, with their links.
    expect(await opened.page.getByRole('banner').isVisible()).toBe(true);
    expect(await opened.page.getByRole('contentinfo').isVisible()).toBe(true);
    await saveScreenshot(opened.page, 'stale-chunk-page-error', { fullPage: false });
    // No loop: a while later, still two loads.
    await opened.page.waitForTimeout(1500);
    expect(opened.loads()).toBe(2);
    // Home (in the first bundle) still works from here, and the bar goes.
    await opened.page.getByRole('contentinfo').getByRole('link', { name: 'Início' }).click();
    await opened.page.getByRole('heading', { level: 1, name: 'Personalize seus links gratuitamente' }).waitFor();
    await bar.waitFor({ state: 'hidden' });
  });

  it('when the app itself cannot start, a bar says so over the served page', async () => {
    const opened = await openWithMissingChunks('/dashboard', /\/assets\/boot-stage-react-[^/]+\.js$/, Infinity, { before: true });
    const bar = opened.page.getByRole('alert').filter({ hasText: 'Não foi possível carregar o site por completo.' });
    await bar.waitFor();
    expect(opened.loads()).toBe(1);
    expect(await bar.getByRole('link', { name: 'recarregue a página' }).getAttribute('href')).toBe('');
    // The served page is still there under it.
    expect(await opened.page.getByRole('heading', { level: 1, name: 'Meus links' }).isVisible()).toBe(true);
    await saveScreenshot(opened.page, 'stale-chunk-boot-failed', { fullPage: false });
  });
});
