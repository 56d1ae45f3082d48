/// <reference lib="dom" />
// DOM types above: page.evaluate callbacks run in the browser.
// The API's documentation (GET /api/docs) in real Chromium: hydrated without a CSP violation or
// an accessibility problem, readable on a 375 px phone without the page scrolling sideways (the
// code blocks scroll on their own), and reached from the FAQ's support answer. Screenshots go to
// /tmp/shots (outside the repository), for people to look at.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCS_TITLE } from '../../src/shared/api-docs-content.js';
import { API_DOCS_PATH } from '../../src/shared/routes.js';
import { startE2e, type E2eEnv } from './support/app.js';
import { axeViolations } from './support/axe.js';
import { DESKTOP, PHONE } from './support/browser.js';
import { openWatchedPage, waitForHydration } from './support/pages.js';

const SHOTS = path.join(os.tmpdir(), 'shots');

let env: E2eEnv;

beforeAll(async () => {
  env = await startE2e();
});
afterAll(async () => {
  await env?.close();
});

const open = (pathname: string, options: BrowserContextOptions) => openWatchedPage(env.browser, `${env.server.url}${pathname}`, options);

/** The whole page, and the page in parts of a few screens each (a long page is hard to look at whole). */
async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true, animations: 'disabled' });
  const { width, height } = await page.evaluate(() => ({ width: document.documentElement.clientWidth, height: document.documentElement.scrollHeight }));
  const part = width < 600 ? 1600 : 1400;
  for (let y = 0, index = 1; y < height; y += part, index++) {
    const clip = { x: 0, y, width, height: Math.min(part, height - y) };
    await page.screenshot({ path: path.join(SHOTS, `${name}-part${index}.png`), fullPage: true, clip, animations: 'disabled' });
  }
}

describe('API docs page', () => {
  it.each([
    ['phone', PHONE, 'api-docs-375'],
    ['desktop', DESKTOP, 'api-docs-1280'],
  ] as const)('on a %s: hydrates with the reference, no CSP violation, no axe violation, no sideways scroll', async (_name, options, shot) => {
    const { context, page, cspViolations, errors } = await open(API_DOCS_PATH, options);
    await page.getByRole('heading', { level: 1, name: API_DOCS_TITLE }).waitFor();
    expect(await page.title()).toBe(`${API_DOCS_TITLE} | ${env.server.config.site.siteName}`);
    // Hydration kept the server's content (a mismatch would have re-rendered it, or shown the fallback).
    expect(await page.getByRole('article').count()).toBeGreaterThanOrEqual(15);
    expect(await page.getByRole('link', { name: 'Abra a documentação' }).count()).toBe(0);
    expect(await page.locator('pre').first().innerText()).toContain('Authorization: Bearer ebr_SUA_CHAVE');

    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
    if (options === PHONE) {
      // The long commands scroll inside their block, which stays within the page.
      const blocks = await page.locator('pre').evaluateAll((pres) =>
        pres.map((pre) => ({ scrolls: pre.scrollWidth > pre.clientWidth, right: pre.getBoundingClientRect().right, overflowX: getComputedStyle(pre).overflowX })),
      );
      expect(blocks.some((block) => block.scrolls)).toBe(true);
      for (const block of blocks) {
        expect(block.overflowX).toBe('auto');
        expect(block.right).toBeLessThanOrEqual(widths.inner);
      }
    }

    // An in-page link of the table of contents leads to its operation.
    await page.getByRole('navigation', { name: 'Nesta página' }).getByRole('link', { name: 'Criar vários links de uma vez' }).click();
    await page.waitForURL(/#post-api-links-bulk$/);

    expect(await axeViolations(page)).toEqual([]);
    expect(await cspViolations()).toEqual([]);
    expect(errors).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, shot);
    await context.close();
  });

  it("is linked from the FAQ's support answer, whose text is unchanged", async () => {
    const { context, page, cspViolations } = await open('/faq', DESKTOP);
    const support = page.locator('details', { hasText: 'Como falo com o suporte?' });
    await support.locator('summary').click();
    const { contactEmail } = env.server.config.site;
    expect(await support.locator('p').first().innerText()).toBe(`Envie uma mensagem pela página de Contato ou escreva para ${contactEmail}. Respondemos em dias úteis.`);
    expect(await support.locator('p').nth(1).innerText()).toBe('Para integrar seu sistema, veja a documentação da API.');
    const link = support.getByRole('link', { name: 'documentação da API' });
    expect(await link.getAttribute('href')).toBe(API_DOCS_PATH);
    await link.click();
    await page.waitForURL(`${env.server.url}${API_DOCS_PATH}`);
    await page.getByRole('heading', { level: 1, name: API_DOCS_TITLE }).waitFor();
    await waitForHydration(page);
    expect(await page.getByRole('heading', { level: 3, name: 'Criar um link curto' }).isVisible()).toBe(true);
    expect(await cspViolations()).toEqual([]);
    await context.close();
  });
});
