/// <reference lib="dom" />
// DOM types above: page.evaluate callbacks run in the browser.
// "Meus links" in real Chromium against the real server: links made on the home page appear
// with their clicks, the QR code reads back as the short link, deletion is confirmed and
// permanent, and export + import carries the list to a fresh browser profile.
import fs from 'node:fs';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CreateLinkResponse } from '../../src/shared/api.js';
import { BROWSER_USER_AGENTS } from '../helpers/fixtures.js';
import { createLink } from '../helpers/api.js';
import { startE2e, type E2eEnv } from './support/app.js';
import { DESKTOP, newContext, PHONE } from './support/browser.js';
import { pollUntil, presetCookieConsent, toastArea, waitForHydration } from './support/pages.js';
import { watchCspViolations } from './support/csp.js';
import { decodeQrPng } from './support/qr.js';
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
  // Dialogs, downloads and the QR code all run under the server's policy.
  const violations = await unexpectedViolations();
  await Promise.all(contexts.splice(0).map((context) => context.close()));
  expect(violations).toEqual([]);
});

/** Content-Security-Policy violations per page; every test ends by checking them. */
const cspWatchers: { read: () => Promise<string[]>; page: Page }[] = [];

/** Every CSP violation is unexpected: dialogs' scroll-lock <style> carries the server's nonce. */
async function unexpectedViolations(): Promise<string[]> {
  const found: string[] = [];
  for (const { read, page } of cspWatchers.splice(0)) {
    if (page.isClosed()) continue;
    found.push(...(await read()));
  }
  return found;
}

async function openPage(path: string, options = DESKTOP): Promise<Page> {
  const context = await newContext(env.browser, options);
  contexts.push(context);
  await presetCookieConsent(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
  const page = await context.newPage();
  cspWatchers.push({ read: await watchCspViolations(page), page });
  await page.goto(`${env.server.url}${path}`);
  await waitForHydration(page);
  return page;
}

function linkCard(page: Page, alias: string): Locator {
  return page.locator(`article[data-alias="${alias}"]`);
}

async function totalClicks(page: Page, alias: string): Promise<string> {
  const figure = linkCard(page, alias).getByTestId('total-clicks');
  await figure.waitFor();
  return (await figure.innerText()).trim();
}

async function storedLinks(page: Page): Promise<CreateLinkResponse[]> {
  return page.evaluate(() => JSON.parse(window.localStorage.getItem('my_links') ?? '[]') as CreateLinkResponse[]);
}

/** Closes the visible toast so screenshots show the page itself. */
async function dismissToasts(page: Page): Promise<void> {
  const close = toastArea(page).getByRole('button', { name: 'Fechar' });
  for (const button of await close.all()) await button.click().catch(() => undefined);
  await toastArea(page).locator('li').waitFor({ state: 'detached' });
}

async function createOnHome(page: Page, url: string, alias: string): Promise<string> {
  await page.getByLabel('URL original').fill(url);
  await page.getByLabel('Final personalizado').fill(alias);
  await page.getByRole('button', { name: 'Personalize' }).click();
  const shortUrl = `${env.server.url}/${alias}`;
  await expect.poll(() => page.getByLabel('Seu link personalizado:').inputValue()).toBe(shortUrl);
  return shortUrl;
}

/** The server's answer to a visitor (human user agent) of this short link; a 302 counts a click. */
async function redirectStatus(shortUrl: string): Promise<number> {
  const response = await fetch(shortUrl, { redirect: 'manual', headers: { 'user-agent': BROWSER_USER_AGENTS.chromeWindows } });
  return response.status;
}

describe('dashboard (Meus links)', () => {
  /** The exported file (the download itself goes when its browser context closes). */
  let exportedFile: { name: string; mimeType: string; buffer: Buffer } | undefined;
  let firstShortUrl = '';
  let firstToken = '';

  it('lists the links made here with their clicks, shows a readable QR code, exports, and deletes for good', async () => {
    const page = await openPage('/');
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });

    firstShortUrl = await createOnHome(page, `${env.fixture.url}/destino-um?campanha=painel`, 'painel-um');
    const secondShortUrl = await createOnHome(page, `${env.fixture.url}/destino-dois`, 'painel-dois');
    // The QR code and the dashboard are not part of the home page's download.
    expect(scripts.filter((url) => /qr-code-dialog|dashboard-page/.test(url))).toEqual([]);

    // The home success box offers the QR code (fetched on demand) and a way to the dashboard.
    await page.getByRole('button', { name: 'Ver QR code' }).click();
    const homeDialog = page.getByRole('dialog', { name: 'QR code do link' });
    await homeDialog.waitFor();
    expect(scripts.some((url) => url.includes('qr-code-dialog'))).toBe(true);
    expect(decodeQrPng(await homeDialog.getByTestId('qr-code').screenshot())).toBe(secondShortUrl);
    await page.keyboard.press('Escape');
    await homeDialog.waitFor({ state: 'detached' });
    expect(await page.getByRole('link', { name: 'Meus links', exact: true }).getAttribute('href')).toBe('/dashboard');

    // Three visits to the first link, as a person following it would.
    const visitor = await page.context().newPage();
    for (let visit = 0; visit < 3; visit += 1) {
      const response = await visitor.goto(firstShortUrl);
      expect(response?.url()).toBe(`${env.fixture.url}/destino-um?campanha=painel`);
    }
    await visitor.close();

    await page.getByRole('link', { name: 'Meus links', exact: true }).click();
    await page.waitForURL(`${env.server.url}/dashboard`);
    await page.getByRole('heading', { name: 'Meus links', level: 1 }).waitFor();
    expect(await page.title()).toBe('Meus links | Encurta.br');

    // Newest first; clicks reach the database within about a second, so reload until they show.
    expect(await page.locator('article').evaluateAll((els) => els.map((el) => el.getAttribute('data-alias')))).toEqual(['painel-dois', 'painel-um']);
    const clicks = await pollUntil(
      async () => {
        await page.reload();
        return totalClicks(page, 'painel-um');
      },
      (value) => value === '3',
    );
    expect(clicks).toBe('3');
    expect(await totalClicks(page, 'painel-dois')).toBe('0');

    const first = linkCard(page, 'painel-um');
    expect(await first.getByRole('img', { name: 'Cliques nos últimos 30 dias: 3' }).isVisible()).toBe(true);
    expect(await first.getByRole('link', { name: /painel-um/ }).getAttribute('href')).toBe(firstShortUrl);
    expect(await first.getByText(`${env.fixture.url}/destino-um?campanha=painel`).getAttribute('title')).toBe(
      `${env.fixture.url}/destino-um?campanha=painel`,
    );
    const today = new Date().toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
    expect(await first.getByText(/^Criado em /).innerText()).toContain(today);
    await saveScreenshot(page, 'dashboard-desktop');

    // Copy.
    await first.getByRole('button', { name: 'Copiar link' }).click();
    await toastArea(page).getByText('Copiado!', { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstShortUrl);

    // QR code: what is on screen and both downloads read back as the short URL.
    await first.getByRole('button', { name: 'Ver QR code' }).click();
    const qrDialog = page.getByRole('dialog', { name: 'QR code do link' });
    await qrDialog.waitFor();
    const shown = qrDialog.getByTestId('qr-code');
    expect(decodeQrPng(await shown.screenshot())).toBe(firstShortUrl);
    await saveScreenshot(page, 'dashboard-qr-desktop', { fullPage: false });

    const [png] = await Promise.all([page.waitForEvent('download'), qrDialog.getByRole('button', { name: 'Baixar PNG' }).click()]);
    expect(png.suggestedFilename()).toBe('qr-code-painel-um.png');
    expect(decodeQrPng(fs.readFileSync(await png.path()))).toBe(firstShortUrl);

    const [svg] = await Promise.all([page.waitForEvent('download'), qrDialog.getByRole('button', { name: 'Baixar SVG' }).click()]);
    expect(svg.suggestedFilename()).toBe('qr-code-painel-um.svg');
    const svgText = fs.readFileSync(await svg.path(), 'utf8');
    expect(svgText).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    // Draw the SVG file in a page and read it like a camera would.
    const viewer = await page.context().newPage();
    await viewer.setViewportSize({ width: 420, height: 420 });
    await viewer.setContent(`<body style="margin:0;background:#fff">${svgText.replace('<svg', '<svg width="400" height="400"')}</body>`);
    expect(decodeQrPng(await viewer.locator('svg').screenshot())).toBe(firstShortUrl);
    await viewer.close();

    await page.keyboard.press('Escape');
    await qrDialog.waitFor({ state: 'detached' });
    // Radix moves focus back to the trigger as the dialog unmounts: give it a moment under load.
    await expect.poll(() => first.getByRole('button', { name: 'Ver QR code' }).evaluate((el) => el === document.activeElement)).toBe(true);

    // Export: a dated JSON file with both links and their tokens.
    const [exported] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar' }).click()]);
    expect(exported.suggestedFilename()).toMatch(/^meus-links-\d{4}-\d{2}-\d{2}\.json$/);
    const exportedBytes = fs.readFileSync(await exported.path());
    exportedFile = { name: exported.suggestedFilename(), mimeType: 'application/json', buffer: exportedBytes };
    const file = JSON.parse(exportedBytes.toString('utf8')) as { format: string; links: CreateLinkResponse[] };
    expect(file.format).toBe('encurta-br/meus-links');
    expect(file.links.map((link) => link.alias)).toEqual(['painel-dois', 'painel-um']);
    const stored = await storedLinks(page);
    expect(file.links).toEqual(stored);
    firstToken = stored.find((link) => link.alias === 'painel-um')?.manageToken ?? '';
    await toastArea(page).getByText('Arquivo exportado').waitFor();

    // Delete the second link: confirmation that says it is permanent, then gone everywhere.
    await dismissToasts(page);
    await linkCard(page, 'painel-dois').getByRole('button', { name: 'Excluir link' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Excluir este link?' });
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain('Esta ação é permanente e não pode ser desfeita.');
    await expect.poll(() => confirm.getByRole('button', { name: 'Cancelar' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await saveScreenshot(page, 'dashboard-delete-desktop', { fullPage: false });
    await confirm.getByRole('button', { name: 'Excluir link' }).click();
    await toastArea(page).getByText('Link excluído').waitFor();
    await confirm.waitFor({ state: 'detached' });
    await linkCard(page, 'painel-dois').waitFor({ state: 'detached' });
    expect((await storedLinks(page)).map((link) => link.alias)).toEqual(['painel-um']);
    expect(await redirectStatus(secondShortUrl)).toBe(404);

    await page.reload();
    expect(await totalClicks(page, 'painel-um')).toBe('3');
    expect(await page.locator('article').count()).toBe(1);
  });

  it('import into a fresh browser profile restores the list, checking each token', async () => {
    if (exportedFile === undefined) throw new Error('the export test did not run');
    const page = await openPage('/dashboard');
    await page.getByRole('heading', { name: 'Nenhum link por aqui ainda' }).waitFor();
    expect(await page.getByRole('link', { name: 'Criar meu primeiro link' }).getAttribute('href')).toBe('/');
    await saveScreenshot(page, 'dashboard-desktop-empty');

    // The file input behind 'Importar' is no second control for screen readers or the keyboard.
    expect(await page.getByRole('button', { name: 'Arquivo de links exportado (.json)' }).count()).toBe(0);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Importar lista' }).click()]);
    await chooser.setFiles(exportedFile);
    // painel-dois was deleted after the export: the API says 404 and it stays out.
    await toastArea(page).getByText('1 válido, 1 inválido/removido.').waitFor();
    expect(await toastArea(page).getByText('Links importados').isVisible()).toBe(true);
    expect(await totalClicks(page, 'painel-um')).toBe('3');
    expect(await page.locator('article').count()).toBe(1);
    const stored = await storedLinks(page);
    expect(stored).toEqual([expect.objectContaining({ alias: 'painel-um', shortUrl: firstShortUrl, manageToken: firstToken })]);

    // It survives a reload, and garbage is refused with a clear message.
    await page.reload();
    expect(await totalClicks(page, 'painel-um')).toBe('3');
    const [again] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Importar', exact: true }).click()]);
    await again.setFiles({ name: 'foto.json', mimeType: 'application/json', buffer: Buffer.from('não é json') });
    await toastArea(page).getByText('O arquivo não é um JSON válido.').waitFor();
    expect(await page.locator('article').count()).toBe(1);
  });

  it('shows a link deleted elsewhere as "Removido" and lets it be cleared', async () => {
    const gone = await createLink(env.server, { url: `${env.fixture.url}/apagado-fora`, alias: 'apagado-fora' });
    const kept = await createLink(env.server, { url: `${env.fixture.url}/mantido`, alias: 'mantido' });
    const page = await openPage('/dashboard');
    await page.evaluate((links) => window.localStorage.setItem('my_links', JSON.stringify(links)), [gone, kept]);
    const deleted = await fetch(`${env.server.url}/api/links/apagado-fora`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${gone.manageToken}` },
    });
    expect(deleted.status).toBe(204);

    await page.reload();
    const card = linkCard(page, 'apagado-fora');
    await card.getByText('Removido', { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: 'Excluir link' }).count()).toBe(0);
    expect(await totalClicks(page, 'mantido')).toBe('0');
    await saveScreenshot(page, 'dashboard-removed-desktop');

    await card.getByRole('button', { name: 'Tirar da lista' }).click();
    await card.waitFor({ state: 'detached' });
    expect((await storedLinks(page)).map((link) => link.alias)).toEqual(['mantido']);
  });

  it('a link its statistics page found deleted is "Removido" at once back on Meus links, without asking again', async () => {
    const link = await createLink(env.server, { url: `${env.fixture.url}/visto-antes`, alias: 'visto-antes' });
    const page = await openPage('/dashboard');
    await page.evaluate((links) => window.localStorage.setItem('my_links', JSON.stringify(links)), [link]);
    await page.reload();
    await waitForHydration(page);
    expect(await totalClicks(page, 'visto-antes')).toBe('0');
    const deleted = await fetch(`${env.server.url}/api/links/visto-antes`, { method: 'DELETE', headers: { authorization: `Bearer ${link.manageToken}` } });
    expect(deleted.status).toBe(204);

    await linkCard(page, 'visto-antes').getByRole('link', { name: 'Ver estatísticas' }).click();
    await page.getByRole('heading', { name: 'Este link foi excluído' }).waitFor();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/links/visto-antes') asked.push(request.method());
    });
    await page.getByRole('link', { name: 'Meus links' }).first().click();
    await page.waitForURL(`${env.server.url}/dashboard`);
    const card = linkCard(page, 'visto-antes');
    await card.waitFor();
    // Drawn from what the statistics page found (this tab's memory of the link, shared by the two pages' chunks).
    expect(await card.getByText('Removido', { exact: true }).count()).toBe(1);
    expect(await card.getByTestId('total-clicks').count()).toBe(0);
    expect(asked).toEqual([]);
  });

  it('looks right on a 375 px phone, with data and empty', async () => {
    const empty = await openPage('/dashboard', PHONE);
    await empty.getByRole('heading', { name: 'Nenhum link por aqui ainda' }).waitFor();
    await saveScreenshot(empty, 'dashboard-phone-empty');
    expect(await empty.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const longTarget = `${env.fixture.url}/uma/pagina/com/um/endereco/muito/comprido/que/nao/cabe/na/tela?utm_source=whatsapp&utm_campaign=black-friday`;
    const long = await createLink(env.server, { url: longTarget, alias: 'um-alias-bem-comprido-para-ver-a-quebra' });
    const short = await createLink(env.server, { url: `${env.fixture.url}/curto`, alias: 'curto' });
    for (let visit = 0; visit < 2; visit += 1) expect(await redirectStatus(short.shortUrl)).toBe(302);
    const page = await openPage('/dashboard', PHONE);
    await page.evaluate((links) => window.localStorage.setItem('my_links', JSON.stringify(links)), [short, long]);
    await pollUntil(
      async () => {
        await page.reload();
        return totalClicks(page, 'curto');
      },
      (value) => value === '2',
    );
    expect(await totalClicks(page, 'um-alias-bem-comprido-para-ver-a-quebra')).toBe('0');
    await saveScreenshot(page, 'dashboard-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await linkCard(page, 'curto').getByRole('button', { name: 'Ver QR code' }).click();
    const qrDialog = page.getByRole('dialog', { name: 'QR code do link' });
    await qrDialog.waitFor();
    expect(decodeQrPng(await qrDialog.getByTestId('qr-code').screenshot())).toBe(short.shortUrl);
    await saveScreenshot(page, 'dashboard-qr-phone', { fullPage: false });
    await page.keyboard.press('Escape');

    await linkCard(page, 'curto').getByRole('button', { name: 'Excluir link' }).click();
    await page.getByRole('alertdialog').waitFor();
    await saveScreenshot(page, 'dashboard-delete-phone', { fullPage: false });
  });

  it("with the server's style nonce, dialogs break no CSP rule and lock the page scroll", async () => {
    // The server sends a per-response nonce in style-src and in <meta name="csp-nonce">;
    // Radix Dialog's scroll-lock <style> carries it.
    const link = await createLink(env.server, { url: `${env.fixture.url}/com-nonce`, alias: 'com-nonce' });
    const context = await newContext(env.browser, DESKTOP);
    contexts.push(context);
    await presetCookieConsent(context);
    const page = await context.newPage();
    cspWatchers.push({ read: await watchCspViolations(page), page });
    await page.goto(`${env.server.url}/dashboard`);
    await page.evaluate((stored) => window.localStorage.setItem('my_links', JSON.stringify(stored)), [link]);
    await page.reload();
    expect(await page.locator('meta[name="csp-nonce"]').count()).toBe(1);
    await totalClicks(page, 'com-nonce');

    await linkCard(page, 'com-nonce').getByRole('button', { name: 'Ver QR code' }).click();
    await page.getByRole('dialog', { name: 'QR code do link' }).waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await page.keyboard.press('Escape');
    await linkCard(page, 'com-nonce').getByRole('button', { name: 'Excluir link' }).click();
    await page.getByRole('alertdialog').waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await page.keyboard.press('Escape');
    // afterEach: no violation at all is allowed on this page.
  });
});
