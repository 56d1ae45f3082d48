/// <reference lib="dom" />
// DOM types above: page.evaluate callbacks and init scripts run in the browser.
// Pages arrive rendered by the server (dist/ssr) and are hydrated in the browser: hydration is
// clean (no mismatch, the served markup is kept), the pages read without JavaScript, the home
// form works without it, the cookie banner never flashes, nothing shifts, and the day-dependent
// texts (footer year, privacy date) are right once hydrated.
import type { BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CreateLinkResponse } from '../../src/shared/api.js';
import { errorMessages, reportTexts } from '../../src/shared/messages.js';
import { BROWSER_USER_AGENTS } from '../helpers/fixtures.js';
import { startE2e, type E2eEnv } from './support/app.js';
import { DESKTOP, newContext, PHONE } from './support/browser.js';
import { type LayoutShifts, layoutShifts, watchLayoutShifts } from './support/layout-shifts.js';
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

async function context(options: BrowserContextOptions): Promise<BrowserContext> {
  const created = await newContext(env.browser, options);
  contexts.push(created);
  return created;
}

const VIEWPORTS = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;

const NOT_FOUND_PATH = '/nao-existe-xyz';

/** Every page, its status and its h1. */
const PAGES = [
  { path: '/', status: 200, h1: 'Personalize seus links gratuitamente' },
  { path: '/faq', status: 200, h1: 'Perguntas frequentes' },
  { path: '/contact', status: 200, h1: 'Fale conosco' },
  { path: '/privacy', status: 200, h1: 'Política de Privacidade' },
  { path: '/dashboard', status: 200, h1: 'Meus links' },
  { path: '/denunciar', status: 200, h1: 'Denunciar link' },
  { path: '/denunciar?alias=abc', status: 200, h1: 'Denunciar link' },
  { path: NOT_FOUND_PATH, status: 404, h1: 'Oops!' },
] as const;

// ---------------------------------------------------------------------------------------------
// What the browser reports.

interface Report {
  source: 'console' | 'pageerror';
  type: string;
  text: string;
  /** Where the console message comes from (a resource's URL for "Failed to load resource"). */
  url: string;
}

/** Starts collecting a page's console errors and warnings and its uncaught errors; call before navigating. */
function collectReports(page: Page): () => Report[] {
  const seen: Report[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      seen.push({ source: 'console', type: message.type(), text: message.text(), url: message.location().url });
    }
  });
  page.on('pageerror', (error) => seen.push({ source: 'pageerror', type: 'error', text: `${error.name}: ${error.message}`, url: page.url() }));
  return () => [...seen];
}

/**
 * A hydration or React error. The production build reports a mismatch as "Minified React error
 * #418" (text), #419, #423 or #425, with a react.dev/errors link; the development build says "hydrat…".
 */
function isReactProblem(report: Report): boolean {
  return /hydrat|Minified React error #\d+|react\.dev\/errors\//i.test(report.text);
}

/** The 404 document's own status line: the one console error a "not found" page may show. */
function isOwn404(report: Report, documentUrl: string): boolean {
  return report.source === 'console' && report.type === 'error' && report.url === documentUrl && /^Failed to load resource: .*\b404\b/.test(report.text);
}

/** Everything reported except, on the 404 page, its own status line. */
function unexpectedReports(reports: Report[], notFoundUrl?: string): Report[] {
  return reports.filter((report) => notFoundUrl === undefined || !isOwn404(report, notFoundUrl));
}

/**
 * Counts the elements holding an h1 that leave the document: React throwing the served markup
 * away (to show the Suspense fallback and render the page again) removes the page's h1.
 */
async function watchServerMarkup(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const state = { removedH1: 0 };
    (window as unknown as { __markup: typeof state }).__markup = state;
    new MutationObserver((records) => {
      for (const record of records) {
        record.removedNodes.forEach((node) => {
          if (node instanceof Element && (node.matches('h1') || node.querySelector('h1') !== null)) state.removedH1 += 1;
        });
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __markup: { removedH1: number } }).__markup.removedH1);
}

/** A desktop page of a visitor who already chose about cookies, its reports collected and its served markup watched. */
async function watchedPage(): Promise<{ page: Page; reports: () => Report[]; removedH1: () => Promise<number> }> {
  const browser = await context(DESKTOP);
  await presetCookieConsent(browser);
  const page = await browser.newPage();
  return { page, reports: collectReports(page), removedH1: await watchServerMarkup(page) };
}

// ---------------------------------------------------------------------------------------------

/** The issue's target for cumulative layout shift. */
const CLS_TARGET = 0.02;
/** The pages whose layout shifts are measured (the cookie banner slides in on each). */
const CLS_PAGES = new Set(['/', '/faq', '/privacy', '/dashboard']);

describe('hydration and layout stability', () => {
  // One pass over the pages per viewport checks both: each page is loaded once, not once for
  // hydration and again for its layout shifts (about 20 s less of the browser tests).
  it.each(VIEWPORTS)(
    'every page hydrates cleanly (%s): no React error, the served markup is kept; nothing shifts (CLS ≤ 0.02)',
    async (name, options) => {
      // A new visitor: the cookie banner comes in as well, one more update while the page
      // hydrates, and one more thing that could shift the page.
      const browser = await context(options);
      await watchLayoutShifts(browser);
      const found: string[] = [];
      const shifts: Record<string, LayoutShifts> = {};
      let own404Seen = false;
      for (const { path, status, h1 } of PAGES) {
        // A new page per address in one context: the first load is cold, the others use the cache.
        const page = await browser.newPage();
        const reports = collectReports(page);
        const removedH1 = await watchServerMarkup(page);
        const url = `${env.server.url}${path}`;
        const response = await page.goto(url);
        expect(response?.status(), path).toBe(status);
        // Served rendered (hydrated, not rendered from scratch): the h1 is in the HTML itself.
        expect(await response?.text(), path).toMatch(new RegExp(`<div id="root">.*<h1[^>]*>[^<]*${h1.split(' ')[0]}`, 's'));
        await waitForHydration(page);
        if (CLS_PAGES.has(path)) {
          if (path === '/') await page.getByTestId('stat-placeholder').first().waitFor({ state: 'detached' });
          // The banner's slide-in and any late shift; late React reports come within it too.
          await page.waitForTimeout(1000);
          shifts[path] = await layoutShifts(page);
        } else {
          await page.waitForTimeout(300); // late reports (recoverable errors are logged after the commit)
        }
        expect(await page.getByRole('heading', { level: 1 }).innerText(), path).toBe(h1);

        const all = reports();
        if (status === 404) own404Seen = all.some((report) => isOwn404(report, url));
        for (const report of unexpectedReports(all, status === 404 ? url : undefined)) {
          found.push(`${path}: ${report.source} ${report.type}${isReactProblem(report) ? ' (React)' : ''}: ${report.text}`);
        }
        const removed = await removedH1();
        if (removed > 0) found.push(`${path}: the served markup was replaced (${removed} element(s) holding the h1 removed)`);
        await page.close();
      }
      expect(found).toEqual([]);
      // The collector was listening: it saw the one expected message.
      expect(own404Seen).toBe(true);

      console.log(`CLS (${name}): ${Object.entries(shifts).map(([path, { cls, shifts: moved }]) => `${path} ${cls.toFixed(4)}${moved.length > 0 ? ` [${moved.join('; ')}]` : ''}`).join(', ')}`);
      expect(Object.keys(shifts).sort()).toEqual([...CLS_PAGES].sort());
      for (const [path, { cls }] of Object.entries(shifts)) expect(cls, path).toBeLessThanOrEqual(CLS_TARGET);
    },
  );

  it("fetches the app's chunks once each, all together, and none before the first paint", async () => {
    const { page, reports } = await watchedPage();
    // Which modulepreload links the page adds, batch by batch: links added in one task reach
    // one observer call. Vite's own loader adds a stage's links only when that stage starts.
    await page.addInitScript(() => {
      const batches: string[][] = [];
      (window as unknown as { __preloads: string[][] }).__preloads = batches;
      new MutationObserver((records) => {
        const added = records.flatMap((record) => Array.from(record.addedNodes));
        const hrefs = added.filter((node): node is HTMLLinkElement => node instanceof HTMLLinkElement && node.rel === 'modulepreload');
        if (hrefs.length > 0) batches.push(hrefs.map((link) => new URL(link.href).pathname));
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${env.server.url}/dashboard`);
    await waitForHydration(page);
    const seen = await page.evaluate(() => {
      const listed = document.querySelector<HTMLMetaElement>('meta[name="app-chunks"]')?.content.split(' ') ?? [];
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
      const fetched = performance.getEntriesByType('resource').map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime }));
      return { listed, paint, fetched, batches: (window as unknown as { __preloads: string[][] }).__preloads };
    });
    expect(seen.listed.length).toBeGreaterThanOrEqual(3);
    for (const chunk of seen.listed) {
      const fetches = seen.fetched.filter((entry) => entry.path === chunk);
      // Once: the import() that evaluates a chunk finds the preloaded module, not a second fetch.
      expect(fetches, chunk).toHaveLength(1);
      expect(fetches[0]?.start, chunk).toBeGreaterThanOrEqual(seen.paint);
    }
    // All requested in one task, before the first of them is evaluated; none added again later.
    expect([...(seen.batches[0] ?? [])].sort()).toEqual([...seen.listed].sort());
    expect(seen.batches.slice(1).flat().filter((href) => seen.listed.includes(href))).toEqual([]);
    expect(unexpectedReports(reports())).toEqual([]);
  });

  it('the checks above do catch a React error, an uncaught error and a replaced page', async () => {
    const { page, reports, removedH1 } = await watchedPage();
    await page.goto(`${env.server.url}/faq`);
    await waitForHydration(page);
    expect(unexpectedReports(reports())).toEqual([]);
    expect(await removedH1()).toBe(0);

    await page.evaluate(() => {
      console.error('Minified React error #418; visit https://react.dev/errors/418?args[]= for the full message');
      setTimeout(() => {
        throw new Error('Hydration failed because the server rendered text did not match the client.');
      });
      document.querySelector('main')?.replaceChildren();
    });
    await expect.poll(() => reports().length).toBe(2);
    const caught = unexpectedReports(reports());
    expect(caught.map((report) => [report.source, isReactProblem(report)])).toEqual([
      ['console', true],
      ['pageerror', true],
    ]);
    expect(await removedH1()).toBe(1);
    // The 404 allowance is for the 404 document only.
    const fake404: Report = { source: 'console', type: 'error', text: 'Failed to load resource: the server responded with a status of 404 (Not Found)', url: `${env.server.url}/assets/x.js` };
    expect(unexpectedReports([fake404], `${env.server.url}${NOT_FOUND_PATH}`)).toEqual([fake404]);
  });
});

// ---------------------------------------------------------------------------------------------

describe('without JavaScript', () => {
  async function openNoJs(path: string): Promise<{ page: Page; status: number | undefined }> {
    const browser = await context({ ...PHONE, javaScriptEnabled: false });
    const page = await browser.newPage();
    const response = await page.goto(`${env.server.url}${path}`);
    // Scripts really did not run: nothing hydrated.
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);
    return { page, status: response?.status() };
  }

  const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).innerText();
  /** Whether the whole of the element is inside the viewport, below the sticky header. */
  const fullyInView = (locator: Locator) =>
    locator.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
      return box.top >= header && box.bottom <= window.innerHeight;
    });
  const visible = (page: Page, text: string | RegExp) => page.getByText(text).first().isVisible();

  it('every page shows its heading and text', async () => {
    const site = env.server.config.site;
    const today = new Date().toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
    const year = today.slice(-4);

    const home = await openNoJs('/');
    expect(home.status).toBe(200);
    expect(await h1(home.page)).toBe('Personalize seus links gratuitamente');
    expect(await visible(home.page, /Transforme endereços longos em links curtos/)).toBe(true);
    expect(await home.page.getByLabel('URL original').isVisible()).toBe(true);
    expect(await home.page.getByRole('button', { name: 'Personalize' }).isVisible()).toBe(true);
    expect(await home.page.getByRole('heading', { name: 'Estatísticas' }).isVisible()).toBe(true);
    expect(await home.page.getByRole('contentinfo').innerText()).toContain(`© ${year} ${site.siteName}`);
    await saveScreenshot(home.page, 'home-phone-no-js');
    expect(await home.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const faq = await openNoJs('/faq');
    expect(await h1(faq.page)).toBe('Perguntas frequentes');
    const questions = faq.page.getByRole('main').locator('details > summary');
    expect(await questions.allInnerTexts()).toEqual([
      `O que é o ${site.siteName}?`,
      'Como crio um link personalizado?',
      'Os links expiram?',
      'Posso editar um link depois de criado?',
      'Como excluo um link?',
      'Existe limite de links?',
      'Meus dados estão seguros?',
      'Como falo com o suporte?',
    ]);
    // The first answer is open; the others are there, closed, and open natively on a tap.
    expect(await visible(faq.page, /é um encurtador e personalizador de links gratuito/)).toBe(true);
    const third = faq.page.getByText('Não. Os links não expiram automaticamente');
    expect(await third.count()).toBe(1);
    expect(await third.isVisible()).toBe(false);
    await questions.nth(2).click();
    expect(await third.isVisible()).toBe(true);

    const contact = await openNoJs('/contact');
    expect(await h1(contact.page)).toBe('Fale conosco');
    expect(await visible(contact.page, /Dúvidas, sugestões ou parcerias\?/)).toBe(true);
    expect(await contact.page.getByRole('main').getByRole('link', { name: site.contactEmail }).first().isVisible()).toBe(true);

    const privacy = await openNoJs('/privacy');
    expect(await h1(privacy.page)).toBe('Política de Privacidade');
    expect(await privacy.page.getByRole('main').getByRole('heading', { level: 2 }).count()).toBe(9);
    expect(await visible(privacy.page, `Última atualização: ${today}`)).toBe(true);
    expect(await visible(privacy.page, /não guardamos o endereço IP/)).toBe(true);

    const notFound = await openNoJs(NOT_FOUND_PATH);
    expect(notFound.status).toBe(404);
    expect(await h1(notFound.page)).toBe('Oops!');
    expect(await visible(notFound.page, 'Não foi possível encontrar este link.')).toBe(true);
    expect(await visible(notFound.page, 'Link não encontrado ou expirado.')).toBe(true);
    expect(await notFound.page.getByRole('link', { name: 'Voltar para a Home' }).getAttribute('href')).toBe('/');

    // The dashboard cannot list this browser's links without scripts, and says so.
    const dashboard = await openNoJs('/dashboard');
    expect(await h1(dashboard.page)).toBe('Meus links');
    // (innerText: Playwright's text selectors skip <noscript>, whose content shows here.)
    expect(await dashboard.page.getByRole('main').innerText()).toContain('Ative o JavaScript no seu navegador para ver os links criados nele.');
  });

  /** Submits the home form the way the browser does without scripts; returns the POST's status. */
  async function submitHomeForm(page: Page, url: string, alias: string): Promise<number> {
    await page.getByLabel('URL original').fill(url);
    await page.getByLabel('Final personalizado').fill(alias);
    const [response] = await Promise.all([
      page.waitForResponse((candidate) => candidate.request().method() === 'POST' && candidate.url() === `${env.server.url}/`),
      page.getByRole('button', { name: 'Personalize' }).click(),
    ]);
    await page.waitForLoadState('load');
    return response.status();
  }

  it('the home form creates a link, and says what went wrong when it cannot', async () => {
    const { page } = await openNoJs('/');
    const target = `${env.fixture.url}/sem-javascript?origem=formulario`;
    expect(await submitHomeForm(page, target, 'sem-javascript')).toBe(201);

    const shortUrl = `${env.server.url}/sem-javascript`;
    expect(await page.getByText('Seu link personalizado:').isVisible()).toBe(true);
    // The answer opens at the new link's box (the form posted to /#resultado), not at the top
    // of the page with the box below the fold.
    expect(page.url()).toBe(`${env.server.url}/#resultado`);
    expect(await fullyInView(page.getByTestId('short-link-result'))).toBe(true);
    expect(await page.getByLabel('Seu link personalizado:').inputValue()).toBe(shortUrl);
    // The fields keep what was typed.
    expect(await page.getByLabel('URL original').inputValue()).toBe(target);
    expect(await page.getByLabel('Final personalizado').inputValue()).toBe('sem-javascript');
    // Copying and the QR code need the app: disabled here, not buttons that do nothing.
    const result = page.getByTestId('short-link-result');
    expect(await result.getByRole('button', { name: 'Copiar link' }).isDisabled()).toBe(true);
    expect(await result.getByRole('button', { name: 'Ver QR code' }).isDisabled()).toBe(true);
    expect(await result.getByRole('link', { name: /Abrir/ }).getAttribute('href')).toBe(shortUrl);
    await saveScreenshot(page, 'home-phone-no-js-created', { fullPage: false });

    // The short link answers a visitor with a redirect to the target (not followed here).
    const before = env.fixture.requests.length;
    const redirect = await fetch(shortUrl, { redirect: 'manual', headers: { 'user-agent': BROWSER_USER_AGENTS.chromeAndroid } });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe(target);
    expect(env.fixture.requests.length).toBe(before);

    // A URL the browser accepts (type="url") and the server refuses: the reason under the form.
    const refusedUrl = 'ftp://example.com/arquivo.zip';
    expect(await submitHomeForm(page, refusedUrl, '')).toBe(400);
    const alert = page.getByRole('alert').filter({ hasText: 'Erro ao personalizar:' });
    expect(await alert.innerText()).toBe(`Erro ao personalizar: ${errorMessages.url_protocol}`);
    expect(await fullyInView(alert)).toBe(true);
    expect(await page.getByLabel('URL original').inputValue()).toBe(refusedUrl);
    expect(await page.getByLabel('URL original').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('Seu link personalizado:').count()).toBe(0);
  });

  it('the report form sends a report, and says what went wrong when it cannot', async () => {
    const created = await fetch(`${env.server.url}/api/links`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${env.fixture.url}/denuncia-sem-js`, alias: 'denuncia-sem-js' }),
    });
    expect(created.status).toBe(201);
    const { page } = await openNoJs('/denunciar?alias=denuncia-sem-js');
    const send = async (): Promise<number> => {
      const [response] = await Promise.all([
        page.waitForResponse((candidate) => candidate.request().method() === 'POST' && candidate.url() === `${env.server.url}/denunciar`),
        page.getByRole('button', { name: 'Enviar denúncia' }).click(),
      ]);
      await page.waitForLoadState('load');
      return response.status();
    };

    // Too short a reason: refused, the fields kept.
    await page.getByLabel('Motivo').fill('curto');
    expect(await send()).toBe(400);
    expect(await page.getByRole('alert').innerText()).toBe(`Erro ao enviar denúncia: ${errorMessages.invalid_report}`);
    expect(await fullyInView(page.getByRole('alert'))).toBe(true);
    expect(await page.getByLabel('Link encurtado').inputValue()).toBe('denuncia-sem-js');
    expect(await page.getByLabel('Motivo').inputValue()).toBe('curto');

    await page.getByLabel('Motivo').fill('Página falsa de banco pedindo a senha.');
    expect(await send()).toBe(201);
    expect(await page.getByRole('status').innerText()).toBe(`Denúncia enviada: ${reportTexts.received}`);
    // The answer opens at the thanks, not at the top of the page with it below the fold.
    expect(page.url()).toBe(`${env.server.url}/denunciar#resultado`);
    expect(await fullyInView(page.getByRole('status'))).toBe(true);
    expect(await page.getByLabel('Link encurtado').inputValue()).toBe('');
    expect(await page.getByLabel('Motivo').inputValue()).toBe('');
    await saveScreenshot(page, 'report-phone-no-js-sent', { fullPage: false });
    const stored = await env.server.app.services.reports.listReports(10);
    expect(stored.map(({ alias, reason }) => ({ alias, reason }))).toEqual([{ alias: 'denuncia-sem-js', reason: 'Página falsa de banco pedindo a senha.' }]);
  });

  it('with JavaScript, a natively posted form saves the new link in this browser', async () => {
    const browser = await context(DESKTOP);
    await presetCookieConsent(browser);
    const page = await browser.newPage();
    const reports = collectReports(page);
    await page.goto(`${env.server.url}/`);
    await waitForHydration(page);
    const target = `${env.fixture.url}/formulario-nativo`;
    await page.getByLabel('URL original').fill(target);
    await page.getByLabel('Final personalizado').fill('form-nativo');

    // form.submit() skips React's handler: the browser posts the form as it would without scripts.
    const navigated = page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame());
    const [response] = await Promise.all([
      page.waitForResponse((candidate) => candidate.request().method() === 'POST' && candidate.url() === `${env.server.url}/`),
      page.evaluate(() => document.querySelector<HTMLFormElement>('form[method="post"]')?.submit()),
    ]);
    expect(response.status()).toBe(201);
    await navigated;
    await waitForHydration(page);

    const shortUrl = `${env.server.url}/form-nativo`;
    expect(await page.getByLabel('Seu link personalizado:').inputValue()).toBe(shortUrl);
    // Served disabled (the app was not there yet), live once it has hydrated.
    const result = page.getByTestId('short-link-result');
    expect(await result.getByRole('button', { name: 'Copiar link' }).isEnabled()).toBe(true);
    expect(await result.getByRole('button', { name: 'Ver QR code' }).isEnabled()).toBe(true);
    const stored = () => page.evaluate(() => JSON.parse(window.localStorage.getItem('my_links') ?? '[]') as CreateLinkResponse[]);
    await expect.poll(async () => (await stored()).length).toBe(1);
    const [saved] = await stored();
    expect(saved).toMatchObject({ alias: 'form-nativo', shortUrl, url: target });
    expect(saved?.manageToken).toMatch(/.{20,}/);
    expect(unexpectedReports(reports())).toEqual([]);

    await page.goto(`${env.server.url}/dashboard`);
    await waitForHydration(page);
    const card = page.locator('article[data-alias="form-nativo"]');
    await card.waitFor();
    expect(await card.getByRole('link', { name: /form-nativo/ }).getAttribute('href')).toBe(shortUrl);
    expect(unexpectedReports(reports())).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------

describe('cookie banner', () => {
  /** Records, from before the document exists, whether the banner element was ever inserted. */
  async function watchBanner(browser: BrowserContext): Promise<void> {
    await browser.addInitScript(() => {
      const state = { inserted: 0 };
      (window as unknown as { __banner: typeof state }).__banner = state;
      const selector = '[data-testid="cookie-banner"]';
      new MutationObserver((records) => {
        for (const record of records) {
          record.addedNodes.forEach((node) => {
            if (node instanceof Element && (node.matches(selector) || node.querySelector(selector) !== null)) state.inserted += 1;
          });
        }
      }).observe(document, { childList: true, subtree: true });
    });
  }
  const insertions = (page: Page) => page.evaluate(() => (window as unknown as { __banner: { inserted: number } }).__banner.inserted);

  it('never appears, not even for a moment, for a visitor who already chose', async () => {
    const browser = await context(PHONE);
    await presetCookieConsent(browser, 'rejected');
    await watchBanner(browser);
    const page = await browser.newPage();
    for (const path of ['/', '/faq']) {
      await page.goto(`${env.server.url}${path}`);
      await waitForHydration(page);
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => window.localStorage.getItem('cookie_consent'))).toBe('rejected');
      expect(await insertions(page), path).toBe(0);
      expect(await page.getByTestId('cookie-banner').count()).toBe(0);
    }
  });

  it('appears after hydration for a new visitor (and is not in the served HTML)', async () => {
    const served = await (await fetch(`${env.server.url}/`, { headers: { 'user-agent': BROWSER_USER_AGENTS.chromeAndroid } })).text();
    expect(served).toContain('Personalize seus links');
    expect(served).not.toContain('cookie-banner');

    const browser = await context(PHONE);
    await watchBanner(browser);
    const page = await browser.newPage();
    await page.goto(`${env.server.url}/`);
    await waitForHydration(page);
    await page.getByRole('region', { name: 'Aviso de cookies' }).waitFor();
    expect(await insertions(page)).toBe(1);
  });
});

// ---------------------------------------------------------------------------------------------

describe('the day on the page', () => {
  const footerText = (page: Page) => page.getByRole('contentinfo').innerText();

  it("the footer year is this year and the privacy date today's, in São Paulo", async () => {
    const today = new Date().toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
    const browser = await context(DESKTOP);
    await presetCookieConsent(browser);
    const page = await browser.newPage();
    await page.goto(`${env.server.url}/privacy`);
    await waitForHydration(page);
    expect(await page.getByText(/^Última atualização: /).innerText()).toBe(`Última atualização: ${today}`);
    expect(await footerText(page)).toContain(`© ${today.slice(-4)} ${env.server.config.site.siteName}`);
  });

  it("once hydrated, the browser's own day replaces the server's, without a mismatch", async () => {
    const { page, reports, removedH1 } = await watchedPage();
    // The visitor's clock says another day (and year) than the server's.
    await page.clock.setFixedTime(new Date('2031-03-15T12:00:00-03:00'));
    const response = await page.goto(`${env.server.url}/privacy`);
    const served = (await response?.text()) ?? '';
    const serverToday = new Date().toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
    expect(served).toContain(serverToday);
    expect(served).not.toContain('15/03/2031');
    await waitForHydration(page);
    await expect.poll(() => page.getByText(/^Última atualização: /).innerText()).toBe('Última atualização: 15/03/2031');
    await expect.poll(() => footerText(page)).toContain(`© 2031 ${env.server.config.site.siteName}`);
    expect(unexpectedReports(reports())).toEqual([]);
    expect(await removedH1()).toBe(0);
  });
});
