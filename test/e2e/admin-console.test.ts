/// <reference lib="dom" />
// DOM types above: page.evaluate callbacks run in the browser.
// The operator's console in real Chromium: the sign-in page as the server renders it (before any
// script), a refused and an accepted sign-in, then every kind of action through the console's
// own buttons, each checked where visitors feel it (the short link's answer, the API), the audit
// log that records them, and sign-out. On a phone (no sideways scrolling) and a desktop, without
// a CSP violation or an axe violation. Screenshots go to /tmp/shots (outside the repository).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../src/server/admin-cli.js';
import { BROWSER } from '../helpers/fixtures.js';
import { FAST_SCRYPT } from '../helpers/test-server.js';
import { startE2e, type E2eEnv } from './support/app.js';
import { axeViolations } from './support/axe.js';
import { DESKTOP, newContext, PHONE } from './support/browser.js';
import { openWatchedPage, toastArea, waitForHydration } from './support/pages.js';
import { saveScreenshot } from './support/screenshots.js';

const SHOTS = path.join(os.tmpdir(), 'shots');
const EMAIL = 'operadora@example.com';
/**
 * A second operator: the console allows 10 sign-ins a minute per e-mail, and this file signs in
 * more often than that within a minute. Tests that check nothing of who acted use this one.
 */
const OTHER_EMAIL = 'plantonista@example.com';
const PASSWORD = 'uma senha longa de operadora';

let env: E2eEnv;

beforeAll(async () => {
  // TRUST_PROXY: each browser context below is another client (its own x-forwarded-for).
  env = await startE2e({ TRUST_PROXY: 'true' });
  for (const email of [EMAIL, OTHER_EMAIL]) {
    // The test servers' fast hash (test-server.ts): this file signs in some twenty times.
    const added = await runAdmin(['operators', 'add', email, '--password-stdin'], env.server.store, {
      timeZone: 'America/Sao_Paulo',
      readPassword: async () => PASSWORD,
      operatorPasswordCost: FAST_SCRYPT,
    });
    expect(added.code).toBe(0);
  }
}, 60_000);
afterAll(async () => {
  await env?.close();
});

let contexts = 0;
// A refused sign-in is a 401 the browser logs as a failed resource: expected here. Each context
// signs in from an address of its own: the file's sign-ins together pass the console's limit
// for one address (10 a minute), which is tested on its own in console-server.test.ts.
const open = (options: BrowserContextOptions, pathname = '/admin', expected = /status of 401/) =>
  openWatchedPage(
    env.browser,
    `${env.server.url}${pathname}`,
    { ...options, extraHTTPHeaders: { ...options.extraHTTPHeaders, 'x-forwarded-for': `198.51.100.${++contexts}` } },
    expected,
  );

async function signIn(page: Page, password = PASSWORD, email = EMAIL): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/** What a visitor gets at the short link (the redirect is not followed). */
async function visit(alias: string): Promise<number> {
  const response = await fetch(`${env.server.url}/${alias}`, { redirect: 'manual', headers: { 'user-agent': BROWSER } });
  return response.status;
}

async function tryCreate(alias: string, url: string): Promise<number> {
  const response = await fetch(`${env.server.url}/api/links`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ alias, url }) });
  return response.status;
}

async function createLink(alias: string, url: string): Promise<void> {
  expect(await tryCreate(alias, url)).toBe(201);
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
}

async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor();
}

/** The focused element's tag and accessible text, e.g. "BUTTON Reativar" ("BODY" when focus was lost). */
const focused = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element === null || element === document.body ? 'BODY' : `${element.tagName} ${(element.textContent ?? '').trim()}`;
  });

/**
 * The table cells on screen that are cut: reaching past the box their table sits in (so a
 * column is scrolled or clipped out of sight), or holding more than they show without an
 * ellipsis. Cells of a visually hidden header and of closed <details> are not on screen.
 */
function cutCells(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cut: string[] = [];
    for (const cell of Array.from(document.querySelectorAll<HTMLElement>('main td, main th'))) {
      if (cell.closest('.sr-only, details:not([open])') !== null || cell.getClientRects().length === 0) continue;
      const box = cell.getBoundingClientRect();
      const frame = (cell.closest('table')?.parentElement ?? document.documentElement).getBoundingClientRect();
      const clipped = getComputedStyle(cell).textOverflow !== 'ellipsis' && cell.scrollWidth > cell.clientWidth + 1;
      if (box.left < frame.left - 1 || box.right > frame.right + 1 || clipped) {
        cut.push(`"${(cell.textContent ?? '').trim().slice(0, 40)}" ${Math.round(box.left)}–${Math.round(box.right)} in ${Math.round(frame.left)}–${Math.round(frame.right)}`);
      }
    }
    return cut;
  });
}

/**
 * The confirmation of the 'Bloqueios' form: waits for `domain`'s count to read `impact`, then
 * confirms with the dialog's own 'Bloquear'.
 */
async function confirmBlock(page: Page, domain: string, impact: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Bloquear este domínio?' });
  const choice = dialog.locator('label').filter({ hasText: `${domain} (` });
  await choice.getByTestId('block-impact').filter({ hasText: impact }).waitFor();
  await dialog.getByRole('button', { name: 'Bloquear', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Whether the element is wholly inside the viewport as it is now (nothing scrolled). */
const inViewport = (page: Page, locator: ReturnType<Page['locator']>): Promise<boolean> =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
  });

/** The phone the console's layout was checked on (390 × 844). */
const PHONE_390: BrowserContextOptions = { ...PHONE, viewport: { width: 390, height: 844 } };

describe('the operator console in Chromium', () => {
  it('the sign-in page arrives rendered (noindex, no-store), refuses a wrong password, then opens the console', async () => {
    const raw = await fetch(`${env.server.url}/admin`);
    expect(raw.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(raw.headers.get('cache-control')).toBe('no-store');
    const html = await raw.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toMatch(/<label[^>]*for="admin-email"[^>]*>E-mail<\/label>/);

    const { context, page, cspViolations, errors } = await open(PHONE);
    await shoot(page, 'e2e-admin-signin-phone');
    expect(await axeViolations(page)).toEqual([]);
    await signIn(page, 'senha errada de propósito');
    await page.getByRole('alert').filter({ hasText: 'E-mail ou senha incorretos.' }).waitFor();
    // Sent with the button (disabled while waiting): focus comes back to the e-mail, not <body>.
    await page.waitForFunction(() => document.activeElement?.id === 'admin-email');
    await signIn(page);
    await page.getByRole('heading', { level: 2, name: 'Visão geral' }).waitFor();
    await page.getByText('Números do site').or(page.getByText('Links desativados')).first().waitFor();
    await noSidewaysScroll(page);
    await shoot(page, 'e2e-admin-overview-phone');
    expect(await axeViolations(page)).toEqual([]);
    // The 90 days' table scrolls inside its box: a keyboard can scroll it too (scrollable-region-focusable).
    await page.getByText('Ver tabela').click();
    await page.getByRole('table', { name: 'Links e cliques por dia, últimos 90 dias' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // A reload is rendered by the server as signed in.
    await page.reload();
    await waitForHydration(page);
    expect(await page.getByText(EMAIL).count()).toBeGreaterThan(0);
    expect(await cspViolations()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reports: the queue shows a reported link; "Desativar link" makes it answer the 410 page and empties the queue', async () => {
    await createLink('golpe-e2e', 'https://banco-falso.example/login');
    const reported = await fetch(`${env.server.url}/api/reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ alias: 'golpe-e2e', reason: 'pede a senha do banco, é golpe' }),
    });
    expect(reported.status).toBe(201);
    expect(await visit('golpe-e2e')).toBe(302);

    const { context, page, cspViolations, errors } = await open(PHONE, '/admin/denuncias');
    await signIn(page);
    const card = page.getByTestId('report-golpe-e2e');
    await card.getByText('pede a senha do banco, é golpe').waitFor();
    await card.getByText('https://banco-falso.example/login').waitFor();
    await noSidewaysScroll(page);
    await shoot(page, 'e2e-admin-reports-phone');
    expect(await axeViolations(page)).toEqual([]);
    await card.getByRole('button', { name: 'Desativar link' }).click();
    await expectToast(page, /Desativado: golpe-e2e/);
    await page.getByText('Nenhuma denúncia aberta.').waitFor();
    expect(await visit('golpe-e2e')).toBe(410);
    const gone = await fetch(`${env.server.url}/golpe-e2e`, { headers: { 'user-agent': BROWSER } });
    expect(await gone.text()).toContain('Link bloqueado');
    expect(await cspViolations()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("reports: a reported link its owner deleted stays in the queue as deleted, with its target, and its domain can be blocked from there", async () => {
    const created = await fetch(`${env.server.url}/api/links`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ alias: 'apagado-e2e', url: 'https://pix-falso-e2e.example/cobranca' }),
    });
    expect(created.status).toBe(201);
    const { manageToken } = (await created.json()) as { manageToken: string };
    const reported = await fetch(`${env.server.url}/api/reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.77' },
      body: JSON.stringify({ alias: 'apagado-e2e', reason: 'cobrança de pix falsa, é golpe' }),
    });
    expect(reported.status).toBe(201);
    // The abuser deletes the link before the operator looks.
    const deleted = await fetch(`${env.server.url}/api/links/apagado-e2e`, { method: 'DELETE', headers: { authorization: `Bearer ${manageToken}` } });
    expect(deleted.status).toBe(204);

    const { context, page, cspViolations, errors } = await open(PHONE, '/admin/denuncias');
    await signIn(page, PASSWORD, OTHER_EMAIL);
    const card = page.getByTestId('report-apagado-e2e');
    await card.getByText('Excluído', { exact: true }).waitFor();
    await card.getByText('https://pix-falso-e2e.example/cobranca').waitFor();
    await card.getByText('pix-falso-e2e.example', { exact: true }).waitFor();
    await card.getByText('O link já foi excluído; este era o destino quando foi denunciado.').waitFor();
    await card.getByText('cobrança de pix falsa, é golpe').waitFor();
    expect(await card.getByRole('button', { name: 'Desativar link' }).count()).toBe(0);
    await noSidewaysScroll(page);
    await shoot(page, 'e2e-admin-reports-deleted-phone');
    expect(await axeViolations(page)).toEqual([]);
    await card.getByRole('button', { name: 'Bloquear domínio' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Bloquear domínio' }).click();
    await expectToast(page, 'Bloqueado: pix-falso-e2e.example (e subdomínios); denúncia resolvida.');
    await card.waitFor({ state: 'detached' });
    // A new link on that domain, the abuser's next move, is refused.
    expect(await tryCreate('de-novo-e2e', 'https://pix-falso-e2e.example/outra')).toBe(400);
    expect(await cspViolations()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('links: search by domain, enable, disable and delete (after a confirmation), each felt at the short link', async () => {
    await createLink('loja-e2e-1', 'https://www.loja-e2e.example/a');
    await createLink('loja-e2e-2', 'https://loja-e2e.example/b');
    await createLink('outra-e2e', 'https://outra-loja-e2e.example/c');
    const { context, page, cspViolations, errors } = await open(DESKTOP, '/admin/links');
    await signIn(page);
    await page.getByLabel('Buscar por alias, domínio ou URL').fill('loja-e2e.example');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByTestId('admin-search-mode').filter({ hasText: 'Links para o domínio e seus subdomínios' }).waitFor();
    expect(page.url()).toContain('q=loja-e2e.example');
    expect(await page.getByTestId('link-loja-e2e-1').count()).toBe(1);
    expect(await page.getByTestId('link-loja-e2e-2').count()).toBe(1);
    expect(await page.getByTestId('link-outra-e2e').count()).toBe(0);
    await shoot(page, 'e2e-admin-links-desktop');
    expect(await axeViolations(page)).toEqual([]);

    const first = page.getByTestId('link-loja-e2e-1');
    await first.getByRole('button', { name: 'Desativar' }).click();
    await expectToast(page, 'Desativado: loja-e2e-1');
    await first.getByText('Desativado', { exact: true }).waitFor();
    expect(await visit('loja-e2e-1')).toBe(410);
    await first.getByRole('button', { name: 'Reativar' }).click();
    await expectToast(page, 'Reativado: loja-e2e-1');
    expect(await visit('loja-e2e-1')).toBe(302);

    const second = page.getByTestId('link-loja-e2e-2');
    await second.getByRole('button', { name: 'Excluir' }).click();
    const dialog = page.getByRole('dialog', { name: 'Excluir loja-e2e-2?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Excluir' }).click();
    await expectToast(page, 'Excluído: loja-e2e-2');
    await page.getByTestId('link-loja-e2e-2').waitFor({ state: 'detached' });
    expect(await visit('loja-e2e-2')).toBe(404);

    // Its alias is retired: a search for it says so, and 'Liberar alias' gives it back.
    await page.getByLabel('Buscar por alias, domínio ou URL').fill('loja-e2e-2');
    await page.getByRole('button', { name: 'Buscar' }).click();
    const retired = page.getByTestId('retired-alias');
    await retired.getByRole('heading', { name: 'loja-e2e-2: alias de um link excluído' }).waitFor();
    await retired.getByText(/^O link foi excluído em \d\d\/\d\d\/\d{4} \d\d:\d\d\. Ninguém pode criar/).waitFor();
    await page.getByText('Nenhum link encontrado.').waitFor();
    await shoot(page, 'e2e-admin-retired-alias');
    expect(await axeViolations(page)).toEqual([]);
    expect(await tryCreate('loja-e2e-2', 'https://loja-e2e.example/nova')).toBe(409);
    await retired.getByRole('button', { name: 'Liberar alias' }).click();
    const release = page.getByRole('dialog', { name: 'Liberar loja-e2e-2?' });
    await release.getByText('Quem criar um link com este alias decide para onde vão os endereços já compartilhados.', { exact: false }).waitFor();
    await release.getByRole('button', { name: 'Liberar alias' }).click();
    await expectToast(page, 'Liberado: loja-e2e-2 pode ser usado de novo por quem criar um link.');
    await retired.waitFor({ state: 'detached' });
    expect(await tryCreate('loja-e2e-2', 'https://loja-e2e.example/nova')).toBe(201);
    expect(await cspViolations()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('links: an action on an item loaded with "Carregar mais" keeps every loaded item and the scroll position; a refused search shows only its error', async () => {
    const aliases = Array.from({ length: 60 }, (_, i) => `lista-e2e-${String(i).padStart(2, '0')}`);
    for (let i = 0; i < aliases.length; i += 10) await Promise.all(aliases.slice(i, i + 10).map((alias) => createLink(alias, `https://lista-e2e.example/${alias}`)));
    const { context, page, cspViolations, errors } = await open(DESKTOP, '/admin/links?q=lista-e2e.example');
    await signIn(page, PASSWORD, OTHER_EMAIL);
    const cards = page.locator('[data-testid^="link-lista-e2e-"]');
    await page.getByTestId('admin-search-mode').waitFor();
    expect(await cards.count()).toBe(50);
    await page.getByRole('button', { name: 'Carregar mais' }).click();
    await page.getByRole('button', { name: 'Carregar mais' }).waitFor({ state: 'detached' });
    await expect.poll(() => cards.count()).toBe(60);

    const target = cards.nth(55);
    const alias = ((await target.getAttribute('data-testid')) ?? '').replace(/^link-/, '');
    await target.scrollIntoViewIfNeeded();
    const scrolledBefore = await page.evaluate(() => window.scrollY);
    expect(scrolledBefore).toBeGreaterThan(1000);
    await target.getByRole('button', { name: 'Desativar' }).click();
    await expectToast(page, `Desativado: ${alias}`);
    await page.getByTestId(`link-${alias}`).getByText('Desativado', { exact: true }).waitFor();
    expect(await cards.count()).toBe(60);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolledBefore)).toBeLessThan(50);
    expect(await focused(page)).toBe('BUTTON Reativar');
    // The short link is text to copy, never a link to the (maybe reported) target.
    expect(await page.getByTestId(`link-${alias}`).locator('a').count()).toBe(0);
    await shoot(page, 'e2e-admin-links-after-load-more');

    await page.evaluate(() => window.scrollTo(0, 0));
    const search = page.getByLabel('Buscar por alias, domínio ou URL');
    await search.fill('sorteio falso');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByText('Busque por um alias (ou o começo dele), um domínio ou uma URL completa', { exact: false }).waitFor();
    expect(await page.getByLabel('Buscar por alias, domínio ou URL').getAttribute('aria-invalid')).toBe('true');
    expect(await cards.count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Tentar de novo' }).count()).toBe(0);
    await shoot(page, 'e2e-admin-links-refused-search');
    expect(await axeViolations(page)).toEqual([]);
    // The refused search's 400 is a failed resource the browser logs.
    expect(await cspViolations()).toEqual([]);
    expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
    await context.close();
  });

  it('reports at 320 px: a link whose iPhone target leads elsewhere shows both targets, the long one cut inside its card; the block dialog offers host and whole domain with their counts and blocks the one chosen', async () => {
    const longIos = `https://www.golpe-banco-e2e.com.br/ios/${'caminho-sem-fim/'.repeat(120)}`;
    const make = async (alias: string, targets: Record<string, string>) => {
      const created = await fetch(`${env.server.url}/api/links`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ alias, ...targets }) });
      expect(created.status, alias).toBe(201);
    };
    await make('app-golpe-e2e', { url: 'https://loja-boa-e2e.com.br/promo', iosUrl: longIos });
    await make('login-golpe-e2e', { url: 'https://login.golpe-banco-e2e.com.br/entrar' });
    const reported = await fetch(`${env.server.url}/api/reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.78' },
      body: JSON.stringify({ alias: 'app-golpe-e2e', reason: 'o app de iPhone pede a senha do banco' }),
    });
    expect(reported.status).toBe(201);

    const { context, page, cspViolations, errors } = await open({ ...PHONE, viewport: { width: 320, height: 640 } }, '/admin/denuncias');
    await signIn(page, PASSWORD, OTHER_EMAIL);
    const card = page.getByTestId('report-app-golpe-e2e');
    await card.getByText('Destino no iPhone', { exact: true }).waitFor();
    await card.getByText('https://loja-boa-e2e.com.br/promo', { exact: true }).waitFor();
    await card.getByText('www.golpe-banco-e2e.com.br', { exact: true }).waitFor();
    // The 2,000-character target stays one line inside the card, whole in its title.
    await noSidewaysScroll(page);
    const long = card.getByTitle(longIos);
    const [cardBox, longBox] = await Promise.all([card.boundingBox(), long.boundingBox()]);
    expect(cardBox).not.toBeNull();
    expect(longBox).not.toBeNull();
    expect((cardBox?.x ?? 0) + (cardBox?.width ?? Infinity)).toBeLessThanOrEqual(320);
    expect((longBox?.x ?? 0) + (longBox?.width ?? Infinity)).toBeLessThanOrEqual((cardBox?.x ?? 0) + (cardBox?.width ?? 0));
    expect(longBox?.height ?? Infinity).toBeLessThan(40);
    await shoot(page, 'e2e-admin-report-app-targets-320');
    expect(await axeViolations(page)).toEqual([]);
    // Shown whole on demand, wrapped inside the card; a target that fits the card offers nothing
    // (measured against the whole box: the button itself narrows the line it sits on).
    expect(await card.getByTestId('target-main').getByRole('button', { name: 'Mostrar tudo' }).count()).toBe(0);
    await card.getByTestId('target-ios').getByRole('button', { name: 'Mostrar tudo' }).click();
    await noSidewaysScroll(page);
    await card.getByRole('button', { name: 'Mostrar menos' }).click();

    // On a 320×568 screen the dialog's three choices, the reason and both buttons: the buttons in
    // sight without scrolling (the choices scroll under them).
    await page.setViewportSize({ width: 320, height: 568 });
    await card.getByRole('button', { name: 'Bloquear domínio' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bloquear o domínio de app-golpe-e2e?' });
    await dialog.getByText('2 links ativos passam a responder "Link bloqueado".').waitFor();
    await shoot(page, 'e2e-admin-report-block-dialog-320');
    console.log(await saveScreenshot(page, 'admin-report-block-dialog-320x568', { fullPage: false }));
    expect(await inViewport(page, dialog.getByRole('button', { name: 'Cancelar' }))).toBe(true);
    expect(await inViewport(page, dialog.getByRole('button', { name: 'Bloquear domínio' }))).toBe(true);
    expect(await dialog.getByTestId('block-impact').allTextContents()).toEqual([
      '1 link ativo passa a responder "Link bloqueado".',
      '1 link ativo passa a responder "Link bloqueado".',
      '2 links ativos passam a responder "Link bloqueado".',
    ]);
    const dialogBox = await dialog.boundingBox();
    expect((dialogBox?.x ?? -1) >= 0 && (dialogBox?.x ?? 0) + (dialogBox?.width ?? Infinity) <= 320).toBe(true);
    await noSidewaysScroll(page);
    expect(await axeViolations(page)).toEqual([]);
    // Targets on different domains: nothing is chosen for the operator.
    const confirm = dialog.getByRole('button', { name: 'Bloquear domínio' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('radio', { name: /^golpe-banco-e2e\.com\.br/ }).check();
    await confirm.click();
    await expectToast(page, 'Bloqueado: golpe-banco-e2e.com.br (e subdomínios); denúncia resolvida.');
    await card.waitFor({ state: 'detached' });
    expect(await visit('app-golpe-e2e')).toBe(410);
    expect(await visit('login-golpe-e2e')).toBe(410);
    expect(await cspViolations()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reports: "Resolver" asks first; confirmed, the reports leave the queue and the link keeps working', async () => {
    await createLink('resolver-e2e', 'https://loja-honesta-e2e.example/');
    const reported = await fetch(`${env.server.url}/api/reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.79' },
      body: JSON.stringify({ alias: 'resolver-e2e', reason: 'achei estranho, mas é a loja mesmo' }),
    });
    expect(reported.status).toBe(201);
    const { context, page, errors } = await open(PHONE, '/admin/denuncias');
    await signIn(page, PASSWORD, OTHER_EMAIL);
    const card = page.getByTestId('report-resolver-e2e');
    await card.getByRole('button', { name: 'Resolver' }).click();
    const dialog = page.getByRole('dialog', { name: 'Resolver as denúncias de resolver-e2e?' });
    await dialog.getByText('A denúncia exibida sai da fila sem outra ação', { exact: false }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('BUTTON Resolver');
    await card.getByRole('button', { name: 'Resolver' }).click();
    await dialog.getByRole('button', { name: 'Resolver' }).click();
    await expectToast(page, 'Denúncia resolvida: resolver-e2e');
    await card.waitFor({ state: 'detached' });
    expect(await visit('resolver-e2e')).toBe(302);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('links on a phone: a very long target is cut short inside its card, the dialog fits the screen, focus follows the actions', async () => {
    await createLink('longo-e2e', `https://destino-muito-longo-e2e.example/${'caminho-sem-fim/'.repeat(60)}?${'parametro=valor&'.repeat(40)}`);
    const { context, page, cspViolations, errors } = await open(PHONE_390, '/admin/links?q=longo-e2e');
    await signIn(page);
    const card = page.getByTestId('link-longo-e2e');
    await card.waitFor();
    await noSidewaysScroll(page);
    const box = await card.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(390);
    await shoot(page, 'e2e-admin-links-phone');

    // Chromium takes focus from a button disabled while its action runs: it comes back to the
    // same button, now 'Reativar'.
    await card.getByRole('button', { name: 'Desativar' }).focus();
    await page.keyboard.press('Enter');
    await expectToast(page, 'Desativado: longo-e2e');
    await card.getByRole('button', { name: 'Reativar' }).waitFor();
    await expect.poll(() => focused(page)).toBe('BUTTON Reativar');

    // The confirmation stays within the screen; Escape gives focus back to 'Excluir'.
    await card.getByRole('button', { name: 'Excluir' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Excluir longo-e2e?' });
    await dialog.waitFor();
    await noSidewaysScroll(page);
    const dialogBox = await dialog.boundingBox();
    expect(dialogBox).not.toBeNull();
    if (dialogBox !== null) {
      expect(dialogBox.x).toBeGreaterThanOrEqual(0);
      expect(dialogBox.y).toBeGreaterThanOrEqual(0);
      expect(dialogBox.x + dialogBox.width).toBeLessThanOrEqual(390);
      expect(dialogBox.y + dialogBox.height).toBeLessThanOrEqual(844);
    }
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('BUTTON Excluir');

    // Deleted, the card and its button are gone: focus goes to the section's heading.
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Excluir' }).click();
    await expectToast(page, 'Excluído: longo-e2e');
    await card.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('H2 Links');
    expect(await cspViolations()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('blocklist: blocking a domain makes its links answer 410, unblocking brings them back; a feed file is imported', async () => {
    await createLink('bloq-e2e', 'https://sub.phishing-e2e.example/x');
    const { context, page, cspViolations, errors } = await open(PHONE, '/admin/bloqueios');
    await signIn(page);
    await page.getByLabel('Domínio', { exact: true }).fill('phishing-e2e.example');
    await page.getByLabel('Motivo (opcional)').first().fill('phishing de banco');
    await page.getByRole('button', { name: 'Bloquear', exact: true }).click();
    await confirmBlock(page, 'phishing-e2e.example', '1 link ativo passa a responder "Link bloqueado".');
    await expectToast(page, 'Bloqueado: phishing-e2e.example (e subdomínios)');
    const row = page.getByTestId('blocked-phishing-e2e.example');
    await row.getByText('phishing de banco').waitFor();
    await row.getByText('Links afetados: 1').waitFor();
    expect(await visit('bloq-e2e')).toBe(410);

    const feed = path.join(os.tmpdir(), `feed-e2e-${process.pid}.txt`);
    fs.writeFileSync(feed, '# lista\n0.0.0.0 feed-um-e2e.example\nfeed-dois-e2e.example\n???\n');
    await page.getByLabel('Arquivo').setInputFiles(feed);
    await page.getByRole('button', { name: 'Importar' }).click();
    await page.getByText(/Importado do arquivo feed-e2e-\d+\.txt: 2 domínios adicionados/).first().waitFor();
    await page.getByText('linha 4: domínio inválido: "???"').waitFor();
    fs.rmSync(feed);
    await noSidewaysScroll(page);
    await shoot(page, 'e2e-admin-blocklist-phone');
    expect(await axeViolations(page)).toEqual([]);

    await row.getByRole('button', { name: 'Desbloquear' }).click();
    const dialog = page.getByRole('dialog', { name: 'Desbloquear phishing-e2e.example?' });
    await dialog.getByRole('button', { name: 'Desbloquear' }).click();
    await expectToast(page, 'Desbloqueado: phishing-e2e.example');
    expect(await visit('bloq-e2e')).toBe(302);

    // A domain past the router's 100 characters for a path parameter is unblocked too: the domain goes in the query.
    const long = `${'a'.repeat(63)}.${'b'.repeat(55)}.example`;
    await page.getByLabel('Domínio', { exact: true }).fill(long);
    await page.getByRole('button', { name: 'Bloquear', exact: true }).click();
    await confirmBlock(page, long, 'Nenhum link ativo é afetado.');
    await expectToast(page, `Bloqueado: ${long} (e subdomínios)`);
    await page.getByTestId(`blocked-${long}`).getByRole('button', { name: 'Desbloquear' }).click();
    await page.getByRole('dialog', { name: `Desbloquear ${long}?` }).getByRole('button', { name: 'Desbloquear' }).click();
    await expectToast(page, `Desbloqueado: ${long}`);
    // On the phone the long domain wraps inside its toast instead of running past its edge.
    const toastBox = await toastArea(page).locator('li').filter({ hasText: long }).first().evaluate((item) => ({
      overflow: item.scrollWidth - item.clientWidth,
      right: item.getBoundingClientRect().right,
      viewport: window.innerWidth,
    }));
    expect(toastBox.overflow).toBeLessThanOrEqual(0);
    expect(toastBox.right).toBeLessThanOrEqual(toastBox.viewport);
    await page.getByTestId(`blocked-${long}`).waitFor({ state: 'detached' });

    // The filter reads as the block form does (capitals fold) and says how many of the list it found.
    await page.getByLabel('Filtrar a lista').fill('FEED');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.getByTestId('blocklist-count').filter({ hasText: /^2 de \d+ domínios bloqueados$/ }).waitFor();
    expect(await page.locator('[data-testid^="blocked-"]').count()).toBe(2);
    await shoot(page, 'e2e-admin-blocklist-filtered-phone');
    expect(await cspViolations()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("blocklist: 'Bloquear' asks first, with the domain as stored and its live links (its registrable domain offered too); cancelled nothing is blocked, confirmed its links answer 410; at 320×568 the buttons are in sight", async () => {
    await createLink('confirma-e2e-1', 'https://www.confirma-e2e.com.br/entrar');
    await createLink('confirma-e2e-2', 'https://www.confirma-e2e.com.br/senha');
    await createLink('confirma-e2e-3', 'https://app.confirma-e2e.com.br/');
    // The public suffix's refusal below is a 400 the browser logs: expected here.
    const { context, page, cspViolations, errors } = await open(PHONE_390, '/admin/bloqueios', /status of 40[01]/);
    await signIn(page, PASSWORD, OTHER_EMAIL);
    await page.getByRole('heading', { level: 2, name: 'Bloqueios' }).waitFor();
    const domain = page.getByLabel('Domínio', { exact: true });
    const reason = page.locator('#admin-block-reason');
    const block = page.getByRole('button', { name: 'Bloquear', exact: true });
    // A URL as pasted, capitals and all: the dialog names the host as the blocklist stores it.
    await domain.fill('https://WWW.Confirma-E2E.com.br/entrar?x=1');
    await reason.fill('phishing visto pela plantonista');
    await block.click();
    const dialog = page.getByRole('dialog', { name: 'Bloquear este domínio?' });
    await dialog.getByText('3 links ativos passam a responder "Link bloqueado".').waitFor();
    expect(await dialog.getByTestId('block-impact').allTextContents()).toEqual([
      '2 links ativos passam a responder "Link bloqueado".',
      '3 links ativos passam a responder "Link bloqueado".',
    ]);
    expect(await dialog.getByRole('radio', { name: /^www\.confirma-e2e\.com\.br \(e subdomínios\)/ }).isChecked()).toBe(true);
    await dialog.getByRole('radio', { name: /^confirma-e2e\.com\.br \(o domínio inteiro\)/ }).waitFor();
    // Focus is inside the dialog.
    expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    await noSidewaysScroll(page);
    console.log(await saveScreenshot(page, 'admin-block-confirm-390', { fullPage: false }));
    expect(await axeViolations(page)).toEqual([]);

    // Escape: nothing blocked, the values kept, focus back on 'Bloquear'.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('BUTTON Bloquear');
    expect(await domain.inputValue()).toBe('https://WWW.Confirma-E2E.com.br/entrar?x=1');
    expect(await reason.inputValue()).toBe('phishing visto pela plantonista');
    for (const alias of ['confirma-e2e-1', 'confirma-e2e-2', 'confirma-e2e-3']) expect(await visit(alias)).toBe(302);
    await page.getByTestId('blocked-www.confirma-e2e.com.br').waitFor({ state: 'detached' });

    // On a 320×568 screen the dialog's buttons are in sight without scrolling.
    await page.setViewportSize({ width: 320, height: 568 });
    await page.keyboard.press('Enter');
    await dialog.getByText('3 links ativos passam a responder "Link bloqueado".').waitFor();
    console.log(await saveScreenshot(page, 'admin-block-confirm-320x568', { fullPage: false }));
    expect(await inViewport(page, dialog.getByRole('button', { name: 'Cancelar' }))).toBe(true);
    expect(await inViewport(page, dialog.getByRole('button', { name: 'Bloquear', exact: true }))).toBe(true);
    await noSidewaysScroll(page);

    // The whole domain, confirmed: every one of its links answers 410; the form is emptied for the next one.
    await dialog.getByRole('radio', { name: /^confirma-e2e\.com\.br/ }).check();
    await dialog.getByRole('button', { name: 'Bloquear', exact: true }).click();
    await expectToast(page, 'Bloqueado: confirma-e2e.com.br (e subdomínios)');
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('blocked-confirma-e2e.com.br').getByText('phishing visto pela plantonista').waitFor();
    for (const alias of ['confirma-e2e-1', 'confirma-e2e-2', 'confirma-e2e-3']) expect(await visit(alias)).toBe(410);
    expect(await domain.inputValue()).toBe('');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('admin-block-domain');

    // A public suffix is refused under the field, with no dialog.
    await domain.fill('com.br');
    await block.click();
    await page.locator('#admin-block-domain-error').filter({ hasText: 'com.br é um sufixo público' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.getByTestId('blocked-confirma-e2e.com.br').getByRole('button', { name: 'Desbloquear' }).click();
    await page.getByRole('dialog', { name: 'Desbloquear confirma-e2e.com.br?' }).getByRole('button', { name: 'Desbloquear' }).click();
    await expectToast(page, 'Desbloqueado: confirma-e2e.com.br');
    expect(await cspViolations()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('API keys: a key is shown once and works; revoked, it gets 401', async () => {
    const { context, page, cspViolations, errors } = await open(DESKTOP, '/admin/chaves');
    await signIn(page);
    await page.getByLabel('Nome').fill('Loja da Ana');
    // The server's refusal of the limit shows under the field, in pt-BR.
    const limit = page.getByLabel('Limite por minuto (opcional)');
    await limit.fill('0');
    await page.getByRole('button', { name: 'Criar chave' }).click();
    await page.locator('#admin-key-limit-error').filter({ hasText: 'O limite por minuto deve ser um número inteiro de 1 a 1.000.000.' }).waitFor();
    expect(await limit.getAttribute('aria-invalid')).toBe('true');
    await shoot(page, 'e2e-admin-keys-limit-refused');
    // "1.200", as the console writes limits, is taken (the browser's pattern refused it).
    await limit.fill('1.200');
    await page.getByRole('button', { name: 'Criar chave' }).click();
    const issued = page.getByTestId('issued-key');
    await issued.waitFor();
    const key = await issued.getByRole('textbox').inputValue();
    expect(key).toMatch(/^ebr_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    await shoot(page, 'e2e-admin-keys-desktop');
    expect(await axeViolations(page)).toEqual([]);

    const created = await fetch(`${env.server.url}/api/links`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ url: 'https://example.com/da-chave' }),
    });
    expect(created.status).toBe(201);
    // Shown once: a reload lists the key by its prefix only.
    await page.reload();
    await waitForHydration(page);
    const listed = page.getByText('Loja da Ana', { exact: false }).first();
    await listed.waitFor();
    expect(await page.content()).not.toContain(key);
    await page.getByRole('button', { name: 'Revogar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revogar' }).click();
    await expectToast(page, /Revogada: chave \d+/);
    const refused = await fetch(`${env.server.url}/api/links`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ url: 'https://example.com/depois' }),
    });
    expect(refused.status).toBe(401);
    expect(await cspViolations()).toEqual([]);
    // The refused limit's 400 is a failed resource the browser logs.
    expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
    await context.close();
  });

  it('the audit log shows each of those actions with who did it; sign-out brings back the sign-in form', async () => {
    await runAdmin(['block', 'terminal-e2e.example', 'pelo', 'terminal'], env.server.store, { timeZone: 'America/Sao_Paulo', actor: { name: 'cli:maria', via: 'cli' } });
    const { context, page, cspViolations, errors } = await open(PHONE, '/admin/registro');
    await signIn(page);
    const table = page.getByRole('table', { name: 'Registro de auditoria' });
    await table.waitFor();
    for (const action of ['Entrou no console', 'Desativou link', 'Reativou link', 'Excluiu link', 'Bloqueou domínio', 'Desbloqueou domínio', 'Importou lista de bloqueio', 'Resolveu denúncias', 'Criou chave de API', 'Revogou chave de API', 'Adicionou operador', 'Liberou alias excluído']) {
      expect(await table.getByText(action, { exact: true }).count(), action).toBeGreaterThan(0);
    }
    const cliRow = table.getByRole('row').filter({ hasText: 'terminal-e2e.example' });
    await cliRow.getByText('cli:maria').waitFor();
    await cliRow.getByText('via terminal').waitFor();
    // On a phone the e-mail in "Quem" may wrap before its '@', never inside a word: each of
    // its pieces sits on one line.
    const pieces = await table
      .getByRole('row')
      .filter({ hasText: 'Entrou no console' })
      .first()
      .getByRole('cell')
      .nth(1)
      .evaluate((cell) =>
        Array.from(cell.childNodes)
          .filter((node) => node.nodeType === Node.TEXT_NODE)
          .map((node) => {
            const range = document.createRange();
            range.selectNodeContents(node);
            return { text: node.textContent, lines: new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top))).size };
          }),
      );
    expect(pieces.map((piece) => piece.text).join('')).toBe(EMAIL);
    expect(pieces.every((piece) => piece.lines === 1), JSON.stringify(pieces)).toBe(true);
    // A key is named in both its rows: "chave <id>", and its name in the detail.
    const revoked = table.getByRole('row').filter({ hasText: 'Revogou chave de API' });
    await revoked.getByText(/^chave \d+$/).waitFor();
    await revoked.getByText('"Loja da Ana"').waitFor();
    await table.getByRole('row').filter({ hasText: 'Criou chave de API' }).getByText('"Loja da Ana", 1.200/min').waitFor();
    await shoot(page, 'e2e-admin-audit-phone');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Sair' }).click();
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    // The session is gone on the server too: a fresh load shows the sign-in form.
    await page.reload();
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(await page.getByText(EMAIL).count()).toBe(0);
    expect(await cspViolations()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at 390 and 320 px no cell of the overview or the audit log is cut; times read in the site zone whatever the browser\'s', async () => {
    const alias = 'um-alias-bem-comprido-para-o-celular-e2e';
    await createLink(alias, `https://loja-com-um-nome-bem-comprido.example/${'categoria/'.repeat(10)}produto`);
    for (let i = 0; i < 3; i++) expect(await visit(alias)).toBe(302);
    await env.server.app.clicks.flush();
    // A browser in Manaus (an hour behind Brasília): the console still shows Brasília's time.
    const { context, page, cspViolations, errors } = await open({ ...PHONE_390, timezoneId: 'America/Manaus' }, '/admin');
    await signIn(page, PASSWORD, OTHER_EMAIL);
    const today = page.getByRole('table', { name: 'Mais clicados hoje' });
    await today.getByRole('link', { name: alias }).waitFor();
    // The alias opens the console's search, not the short link (its target may be phishing).
    expect(await today.getByRole('link', { name: alias }).getAttribute('href')).toBe(`/admin/links?q=${alias}`);
    await page.getByText('Datas e horas no horário de Brasília.').waitFor();
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 844 });
      await noSidewaysScroll(page);
      expect(await cutCells(page), `overview at ${width} px`).toEqual([]);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    console.log(await saveScreenshot(page, 'admin-overview-390'));
    // The 90 days' table scrolls down inside its box, but its columns fit across.
    await page.getByText('Ver tabela').click();
    await page.getByRole('table', { name: 'Links e cliques por dia, últimos 90 dias' }).waitFor();
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 844 });
      expect(await cutCells(page), `overview's daily table at ${width} px`).toEqual([]);
    }
    await page.setViewportSize({ width: 390, height: 844 });

    await page.getByRole('link', { name: 'Registro', exact: true }).click();
    const table = page.getByRole('table', { name: 'Registro de auditoria' });
    await table.getByRole('row').filter({ hasText: 'Entrou no console' }).first().waitFor();
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 844 });
      await noSidewaysScroll(page);
      expect(await cutCells(page), `audit at ${width} px`).toEqual([]);
      // Every part of an entry is on screen, none needs sideways scrolling (an empty one, '—', may
      // leave the phone's card).
      for (const row of await table.locator('tbody tr').all()) {
        for (const cell of await row.getByRole('cell').all()) {
          const text = (await cell.textContent()) ?? '';
          if (text !== '—') expect(await cell.isVisible(), text).toBe(true);
        }
      }
    }
    await page.setViewportSize({ width: 390, height: 844 });
    console.log(await saveScreenshot(page, 'admin-audit-390'));
    const newest = await page.evaluate(async () => {
      const answer = (await (await fetch('/api/admin/audit')).json()) as { entries: { at: string }[] };
      return answer.entries[0]?.at ?? '';
    });
    // Hours and minutes only: Node's and Chromium's ICU may join date and time differently.
    const brasilia = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'America/Sao_Paulo' }).format(new Date(newest));
    expect(await table.locator('tbody tr').first().getByRole('cell').first().textContent()).toContain(brasilia);

    // A reload is rendered by the server and hydrated in Manaus without a mismatch.
    await page.reload();
    await waitForHydration(page);
    await table.locator('tbody tr').first().waitFor();
    expect(await cspViolations()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a session that ends mid-action: a sign-in dialog over the console, the typed domain and reason kept, the block done only when pressed again', async () => {
    await createLink('sessao-e2e', 'https://sessao-e2e.example/x');
    const { context, page, cspViolations, errors } = await open(DESKTOP, '/admin/bloqueios');
    await signIn(page, PASSWORD, OTHER_EMAIL);
    await page.getByRole('heading', { level: 2, name: 'Bloqueios' }).waitFor();
    await page.getByLabel('Domínio', { exact: true }).fill('sessao-e2e.example');
    await page.getByLabel('Motivo (opcional)').first().fill('golpe visto pela plantonista');
    // 'Sair' in another tab: the same cookie, through the API.
    const signedOut = await page.evaluate(async () => {
      const session = (await (await fetch('/api/admin/session')).json()) as { csrfToken: string };
      return (await fetch('/api/admin/session', { method: 'DELETE', headers: { 'x-csrf-token': session.csrfToken } })).status;
    });
    expect(signedOut).toBe(204);

    await page.getByRole('button', { name: 'Bloquear', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Sua sessão terminou' });
    await dialog.getByText('Entre de novo para continuar; a ação não foi feita.', { exact: false }).waitFor();
    // Focus in the dialog, on the password (the e-mail is there), never on <body>.
    await page.waitForFunction(() => document.activeElement?.id === 'admin-password');
    expect(await dialog.getByLabel('E-mail').inputValue()).toBe(OTHER_EMAIL);
    // The console under it keeps what was typed; nothing was blocked.
    expect(await page.locator('#admin-block-domain').inputValue()).toBe('sessao-e2e.example');
    expect(await page.locator('#admin-block-reason').inputValue()).toBe('golpe visto pela plantonista');
    expect(await visit('sessao-e2e')).toBe(302);
    expect(await axeViolations(page)).toEqual([]);
    console.log(await saveScreenshot(page, 'admin-session-ended-1280', { fullPage: false }));
    await page.setViewportSize({ width: 390, height: 844 });
    await noSidewaysScroll(page);
    console.log(await saveScreenshot(page, 'admin-session-ended-390', { fullPage: false }));
    await page.setViewportSize({ width: 1280, height: 800 });

    await dialog.getByLabel('Senha').fill(PASSWORD);
    await dialog.getByLabel('Senha').press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expectToast(page, 'Você entrou de novo. A ação não foi feita: faça de novo, se ainda quiser.');
    // Back on the button whose action was not done, with the values as typed; not replayed.
    await expect.poll(() => focused(page)).toBe('BUTTON Bloquear');
    expect(await page.locator('#admin-block-domain').inputValue()).toBe('sessao-e2e.example');
    expect(await page.locator('#admin-block-reason').inputValue()).toBe('golpe visto pela plantonista');
    expect(await visit('sessao-e2e')).toBe(302);

    // Pressed again: the new session's CSRF token goes with it, and the block is done.
    await page.keyboard.press('Enter');
    await confirmBlock(page, 'sessao-e2e.example', '1 link ativo passa a responder "Link bloqueado".');
    await expectToast(page, /sessao-e2e\.example/);
    await page.getByTestId('blocked-sessao-e2e.example').waitFor();
    expect(await visit('sessao-e2e')).toBe(410);
    expect(await cspViolations()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signed out and in again in another tab: the next action here takes the new session and says it was not done; pressed again, it is done', async () => {
    await createLink('outra-aba-e2e', 'https://outra-aba-e2e.example/x');
    // The action sent with the replaced session's token is a 403 the browser logs: expected here.
    const { context, page, cspViolations, errors } = await open(DESKTOP, '/admin/links?q=outra-aba-e2e.example', /status of 40[13]/);
    await signIn(page, PASSWORD, OTHER_EMAIL);
    const card = page.getByTestId('link-outra-aba-e2e');
    await card.waitFor();
    // The search says how many it found.
    expect(await page.getByTestId('admin-link-count').textContent()).toBe(' · 1 link encontrado');
    // Another tab: 'Sair', then 'Entrar' again; the cookie now carries a new session.
    const statuses = await page.evaluate(
      async ({ email, password }) => {
        const session = (await (await fetch('/api/admin/session')).json()) as { csrfToken: string };
        const out = await fetch('/api/admin/session', { method: 'DELETE', headers: { 'x-csrf-token': session.csrfToken } });
        const back = await fetch('/api/admin/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
        return [out.status, back.status];
      },
      { email: OTHER_EMAIL, password: PASSWORD },
    );
    expect(statuses).toEqual([204, 200]);
    await card.getByRole('button', { name: 'Desativar' }).click();
    await expectToast(page, 'Sua sessão mudou (uma nova entrada em outra aba). A ação não foi feita: faça de novo, se ainda quiser.');
    expect(await visit('outra-aba-e2e')).toBe(302);
    await card.getByRole('button', { name: 'Desativar' }).click();
    await expectToast(page, 'Desativado: outra-aba-e2e');
    expect(await visit('outra-aba-e2e')).toBe(410);
    expect(await cspViolations()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the cookie banner asks a new visitor on the public pages, never in the console', async () => {
    const context = await newContext(env.browser, PHONE_390);
    const page = await context.newPage();
    await page.goto(`${env.server.url}/admin`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    // The banner shows once the page is hydrated: give it the time it takes on the home page.
    await page.waitForTimeout(500);
    expect(await page.getByTestId('cookie-banner').count()).toBe(0);
    await page.goto(env.server.url);
    await waitForHydration(page);
    await page.getByTestId('cookie-banner').waitFor();
    await context.close();
  });
});
