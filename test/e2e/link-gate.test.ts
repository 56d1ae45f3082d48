/// <reference lib="dom" />
// DOM types above: page.evaluate callbacks run in the browser.
// Links with options in real Chromium, with JavaScript off and on: a protected link
// asks for its password on a page of the site's layout (a plain form posted to the short link
// itself), a wrong password is answered 401 with 'Senha incorreta.', the right one lands on the
// target; an expired link is a 410 'Este link expirou.'. With JavaScript the app hydrates these
// pages and keeps them (it neither asks the server again nor shows another view). axe finds
// nothing; phone screenshots (390×844).
import type { BrowserContext, BrowserContextOptions, Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLink } from '../helpers/api.js';
import { startE2e, type E2eEnv } from './support/app.js';
import { axeViolations } from './support/axe.js';
import { newContext, PHONE } from './support/browser.js';
import { FIXTURE_TITLE } from './support/fixture-server.js';
import { presetCookieConsent, waitForHydration } from './support/pages.js';
import { saveScreenshot } from './support/screenshots.js';

const TEXTS = {
  protectedTitle: 'Este link é protegido por senha.',
  wrongPassword: 'Senha incorreta.',
  expired: 'Este link expirou.',
  passwordLabel: 'Senha',
  open: 'Abrir link',
  backHome: 'Voltar para a Home',
};
const PASSWORD = 'segredo-do-link';
const PROTECTED = { alias: 'com-senha', path: '/destino-protegido' };
const EXPIRED = { alias: 'ja-expirou', path: '/destino-expirado' };

const PHONE_390: BrowserContextOptions = { ...PHONE, viewport: { width: 390, height: 844 } };

// The server's clock, moved past the expiry of a link created a few minutes "earlier".
let ahead = 0;
const clock = () => Date.now() + ahead;

let env: E2eEnv;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  env = await startE2e({}, { clock });
  await createLink(env.server, { url: `${env.fixture.url}${PROTECTED.path}`, alias: PROTECTED.alias, password: PASSWORD });
  await createLink(env.server, { url: `${env.fixture.url}${EXPIRED.path}`, alias: EXPIRED.alias, expiresAt: new Date(clock() + 2 * 60_000).toISOString() });
  ahead = 5 * 60_000;
});
afterAll(async () => {
  await env?.close();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

/** What the browser reported that it should not have: CSP refusals, React errors, uncaught errors. */
function watchProblems(page: Page): () => string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|hydrat|Minified React error|react\.dev\/errors/i.test(text)) seen.push(`${message.type()}: ${text}`);
  });
  page.on('pageerror', (error) => seen.push(`pageerror: ${error.name}: ${error.message}`));
  return () => [...seen];
}

/** A phone with JavaScript on or off; the HEAD requests it sends (the app's redirect view asks with HEAD). */
async function phonePage(javaScriptEnabled: boolean): Promise<{ page: Page; heads: string[]; problems: () => string[] }> {
  const context = await newContext(env.browser, { ...PHONE_390, javaScriptEnabled });
  contexts.push(context);
  await presetCookieConsent(context);
  const page = await context.newPage();
  const heads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'HEAD') heads.push(request.url());
  });
  return { page, heads, problems: watchProblems(page) };
}

/** Clicks and waits for the POST to this address (redirects are their own responses). */
async function submit(page: Page, url: string): Promise<Response> {
  const [posted] = await Promise.all([
    page.waitForResponse((response) => response.url() === url && response.request().method() === 'POST', { timeout: 10_000 }),
    page.getByRole('button', { name: TEXTS.open }).click(),
  ]);
  return posted;
}

async function expectPasswordPage(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: TEXTS.protectedTitle }).waitFor();
  const field = page.getByLabel(TEXTS.passwordLabel);
  expect(await field.getAttribute('type')).toBe('password');
  expect(await field.getAttribute('name')).toBe('password');
  expect(await field.isEditable()).toBe(true);
  expect(await page.getByRole('button', { name: TEXTS.open }).isEnabled()).toBe(true);
  // The site's layout around it: the header's brand and the footer.
  expect(await page.getByRole('banner').getByRole('link', { name: 'Encurta.br' }).isVisible()).toBe(true);
  expect(await page.getByRole('contentinfo').isVisible()).toBe(true);
}

const MODES = [
  ['without JavaScript', false],
  ['with JavaScript', true],
] as const;

describe.each(MODES)('links with options, %s', (_mode, javaScriptEnabled) => {
  const shot = (name: string) => `link-gate-${name}-${javaScriptEnabled ? 'js' : 'no-js'}-phone`;

  it('a protected link: its password page, a wrong password (401, "Senha incorreta."), then the right one lands on the target', async () => {
    const { page, heads, problems } = await phonePage(javaScriptEnabled);
    const url = `${env.server.url}/${PROTECTED.alias}`;
    const asked = await page.goto(url);
    expect(asked?.status()).toBe(200);
    // The same page for every link: nothing of the target in it.
    expect(await asked?.text()).not.toContain(env.fixture.url);
    if (javaScriptEnabled) await waitForHydration(page);
    await expectPasswordPage(page);
    expect(await page.title()).toBe('Link protegido por senha | Encurta.br');
    expect(await page.getByRole('alert').count()).toBe(0);

    await page.getByLabel(TEXTS.passwordLabel).fill('senha-errada');
    const wrong = await submit(page, url);
    expect(wrong.status()).toBe(401);
    expect(await wrong.text()).not.toContain(env.fixture.url);
    await page.getByRole('alert').filter({ hasText: TEXTS.wrongPassword }).waitFor();
    if (javaScriptEnabled) await waitForHydration(page);
    expect(page.url()).toBe(url);
    await expectPasswordPage(page);
    expect(await page.getByRole('alert').innerText()).toBe(TEXTS.wrongPassword);
    // The message is the field's description, and the field takes a new try from the keyboard.
    const field = page.getByLabel(TEXTS.passwordLabel);
    const describedBy = await field.getAttribute('aria-describedby');
    expect(describedBy).not.toBeNull();
    expect(await page.locator(`[id="${describedBy ?? ''}"]`).innerText()).toBe(TEXTS.wrongPassword);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.inputValue()).toBe('');
    await saveScreenshot(page, shot('password-wrong'), { fullPage: false });
    await field.focus();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('password');
    await page.keyboard.type('outra');
    expect(await field.inputValue()).toBe('outra');
    // axe runs as a script of the page (its checks wait on timers): only where scripts run; the
    // markup is the server's either way.
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);

    await field.fill(PASSWORD);
    const right = await submit(page, url);
    expect(right.status()).toBe(302);
    expect(right.headers().location).toBe(`${env.fixture.url}${PROTECTED.path}`);
    await page.waitForURL(`${env.fixture.url}${PROTECTED.path}`);
    expect(await page.title()).toBe(FIXTURE_TITLE);
    expect(env.fixture.requests).toContain(PROTECTED.path);
    // The app kept the server's page: it never asked about the alias itself.
    expect(heads).toEqual([]);
    expect(problems()).toEqual([]);
  });

  it('an expired link: 410, "Este link expirou." and the way home, nothing of the target', async () => {
    const { page, heads, problems } = await phonePage(javaScriptEnabled);
    const requestsBefore = env.fixture.requests.length;
    const answer = await page.goto(`${env.server.url}/${EXPIRED.alias}`);
    expect(answer?.status()).toBe(410);
    expect(await answer?.text()).not.toContain(env.fixture.url);
    if (javaScriptEnabled) await waitForHydration(page);
    await page.getByRole('heading', { level: 1, name: TEXTS.expired }).waitFor();
    expect(await page.title()).toBe('Este link expirou | Encurta.br');
    expect(await page.getByRole('textbox').count()).toBe(0);
    expect(await page.locator('form').count()).toBe(0);
    expect(await page.getByRole('contentinfo').isVisible()).toBe(true);
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, shot('expired'), { fullPage: false });

    const home = page.getByRole('main').getByRole('link', { name: TEXTS.backHome });
    expect(await home.getAttribute('href')).toBe('/');
    await home.click();
    await page.waitForURL(`${env.server.url}/`);
    await page.getByRole('heading', { level: 1, name: 'Personalize seus links gratuitamente' }).waitFor();
    expect(env.fixture.requests.slice(requestsBefore)).toEqual([]);
    expect(heads).toEqual([]);
    expect(problems()).toEqual([]);
  });
});
