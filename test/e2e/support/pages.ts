// Page helpers shared by the browser tests: they find things the way a person would.
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { newContext } from './browser.js';
import { watchCspViolations } from './csp.js';

/** The visible toast list (Radix also renders an off-screen copy for screen readers). */
export function toastArea(page: Page): Locator {
  return page.getByRole('region', { name: 'Notificações (F8)' });
}

/**
 * Waits until React has hydrated the server-rendered page (root-layout.tsx sets
 * <html data-hydrated="true"> once the page's Suspense boundary is live and what waits for
 * hydration, lib/hydration.tsx, has rendered). Pages arrive
 * rendered, so a control is visible before its handlers are attached: wait for this before
 * clicking, typing or pressing keys (a click on the home form before hydration would post it
 * natively). Bounded: a page that never hydrates fails here instead of hanging.
 */
export async function waitForHydration(page: Page, timeoutMs = 15_000): Promise<void> {
  await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached', timeout: timeoutMs });
}

/** Skip the cookie banner in contexts that are not about it (screenshots, other flows). */
export async function presetCookieConsent(context: BrowserContext, value: 'accepted' | 'rejected' = 'accepted'): Promise<void> {
  await context.addInitScript((choice) => window.localStorage.setItem('cookie_consent', choice), value);
}

/** "1.234" → 1234 (pt-BR grouping). */
export function parsePtBrInteger(text: string): number {
  return Number(text.replace(/\./g, '').trim());
}

/** The two figures of one statistics card, once loaded. */
export async function statFigures(page: Page, period: 'Hoje' | 'Últimos 7 dias' | 'Últimos 30 dias'): Promise<{ links: number; clicks: number }> {
  const card = page.getByRole('group', { name: period });
  await page.getByTestId('stat-placeholder').first().waitFor({ state: 'detached' });
  const values = card.getByRole('definition');
  return {
    links: parsePtBrInteger(await values.nth(0).innerText()),
    clicks: parsePtBrInteger(await values.nth(1).innerText()),
  };
}

/** Polls `read` until `done` holds or the time is up; returns the last value. */
export async function pollUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    value = await read();
  }
  return value;
}

/** A page opened in its own context, with what it reported that it should not have. */
export interface WatchedPage {
  context: BrowserContext;
  page: Page;
  /** The CSP violations reported so far. */
  cspViolations: () => Promise<string[]>;
  /** Console errors (but those matching the ignore pattern) and uncaught errors, as they come. */
  errors: string[];
}

/**
 * Opens `url` in a new context (cookie banner already answered), watching for CSP violations,
 * console errors and uncaught errors from the start, and waits for hydration. `ignoreConsole`
 * leaves out console errors a test expects (a refused sign-in's 401, logged as a failed resource).
 */
export async function openWatchedPage(browser: Browser, url: string, options: BrowserContextOptions, ignoreConsole?: RegExp): Promise<WatchedPage> {
  const context = await newContext(browser, options);
  await presetCookieConsent(context);
  const page = await context.newPage();
  const cspViolations = await watchCspViolations(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !(ignoreConsole?.test(message.text()) ?? false)) errors.push(message.text());
  });
  await page.goto(url);
  await waitForHydration(page);
  return { context, page, cspViolations, errors };
}
