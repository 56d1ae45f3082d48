/// <reference lib="dom" />
// DOM types above: page.evaluate callbacks run in the browser.
// FAQ, Contact, Privacy and Dashboard in real Chromium.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2eEnv } from './support/app.js';
import { DESKTOP, newContext, PHONE } from './support/browser.js';
import { presetCookieConsent, toastArea, waitForHydration } from './support/pages.js';
import { saveScreenshot } from './support/screenshots.js';

let env: E2eEnv;

beforeAll(async () => {
  env = await startE2e();
});
afterAll(async () => {
  await env?.close();
});

async function open(path: string, options = DESKTOP) {
  const context = await newContext(env.browser, options);
  await presetCookieConsent(context);
  const page = await context.newPage();
  await page.goto(`${env.server.url}${path}`);
  await waitForHydration(page);
  return { context, page };
}

describe('contact page', () => {
  it('validates in the browser, simulates sending for 1.5 s, confirms and clears, without calling any server', async () => {
    const { context, page } = await open('/contact');
    // The page as it opens (sent, it comes back to the same empty form once the toast is gone).
    await saveScreenshot(page, 'contact-desktop');
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' || request.url().includes('/api/')) apiCalls.push(`${request.method()} ${request.url()}`);
    });
    const send = page.getByRole('button', { name: 'Enviar mensagem' });

    await send.click();
    expect(await page.getByLabel('Nome').evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    expect(await page.getByRole('button', { name: 'Enviando...' }).count()).toBe(0);

    await page.getByLabel('Nome').fill('Ana Souza');
    await page.getByLabel('Email').fill('ana-sem-arroba');
    await page.getByLabel('Assunto').selectOption('parceria');
    await page.getByLabel('Mensagem').fill('Gostaria de propor uma parceria.');
    await send.click();
    expect(await page.getByLabel('Email').evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true);

    await page.getByLabel('Email').fill('ana@exemplo.com.br');
    const started = Date.now();
    await send.click();
    expect(await page.getByRole('button', { name: 'Enviando...' }).isDisabled()).toBe(true);
    await toastArea(page).getByText('Mensagem enviada!').waitFor();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    expect(await toastArea(page).getByText('Entraremos em contato em breve.').isVisible()).toBe(true);
    for (const field of ['Nome', 'Email', 'Assunto', 'Mensagem']) {
      expect(await page.getByLabel(field).inputValue()).toBe('');
    }
    expect(apiCalls).toEqual([]);

    const options = await page.getByLabel('Assunto').locator('option:not([value=""])').evaluateAll((els) =>
      els.map((el) => [(el as HTMLOptionElement).value, el.textContent]),
    );
    expect(options).toEqual([
      ['suporte', 'Suporte Técnico'],
      ['duvida', 'Dúvida Geral'],
      ['sugestao', 'Sugestão'],
      ['parceria', 'Parceria'],
      ['outro', 'Outro'],
    ]);
    expect(await page.getByRole('link', { name: env.server.config.site.contactEmail }).first().getAttribute('href')).toBe(
      `mailto:${env.server.config.site.contactEmail}`,
    );
    expect(await page.getByText(env.server.config.site.companyLine).first().isVisible()).toBe(true);
    await context.close();

    const phone = await open('/contact', PHONE);
    await phone.page.getByLabel('Nome').waitFor();
    await saveScreenshot(phone.page, 'contact-phone');
    await phone.context.close();
  });
});

describe('FAQ page', () => {
  it('has eight questions, the first open, toggling independently, and the contact card', async () => {
    const { context, page } = await open('/faq');
    const main = page.getByRole('main');
    // Native <details>: the answers are in the served HTML and open without a script.
    const questions = main.locator('details > summary');
    const openStates = () => main.locator('details').evaluateAll((els) => els.map((el) => (el as HTMLDetailsElement).open));
    await questions.first().waitFor();
    expect(await questions.count()).toBe(8);
    expect(await openStates()).toEqual([true, false, false, false, false, false, false, false]);
    await questions.nth(2).click();
    expect((await openStates()).slice(0, 3)).toEqual([true, false, true]);
    // Keyboard: arrow to the next question and toggle it with Enter.
    await questions.nth(2).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect((await openStates())[3]).toBe(true);
    await questions.nth(2).click();
    await questions.nth(3).click();
    expect(await main.getByRole('link', { name: 'Fale conosco' }).getAttribute('href')).toBe('/contact');
    expect(await main.getByRole('link', { name: env.server.config.site.contactEmail }).getAttribute('href')).toBe(
      `mailto:${env.server.config.site.contactEmail}`,
    );
    // Let the accordions finish closing and move the pointer off them before the picture.
    await page.mouse.move(0, 0);
    await page.waitForTimeout(400);
    await saveScreenshot(page, 'faq-desktop');
    await context.close();
  });
});

describe('privacy page', () => {
  it("has nine sections and today's date in pt-BR", async () => {
    const { context, page } = await open('/privacy');
    const headings = page.getByRole('main').getByRole('heading', { level: 2 });
    await headings.first().waitFor();
    expect(await headings.count()).toBe(9);
    const today = new Date().toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
    expect(await page.getByText(`Última atualização: ${today}`).isVisible()).toBe(true);
    const text = await page.getByRole('main').innerText();
    expect(text).toContain('não guardamos o endereço IP');
    expect(text).toContain('só são carregados depois que você clica em Aceitar');
    await saveScreenshot(page, 'privacy-desktop');
    await context.close();
  });
});

describe('dashboard route', () => {
  it('is a real route with the heading "Meus links"', async () => {
    const { context, page } = await open('/dashboard');
    await page.getByRole('heading', { name: 'Meus links', level: 1 }).waitFor();
    await context.close();
  });
});
