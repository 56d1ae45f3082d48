// A page that makes Chromium fetch a short link ahead (speculation rules, as sites and the
// address bar do): the fetch ahead is declined and counts nothing; the person who then opens
// the link lands on the target, and that visit is the one click. Before the fetch ahead was
// declined, one person opening the link once counted two clicks (Chromium did not use the
// fetched redirect, and asked again), and a page nobody clicked on counted one.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLink, storedClicksOf } from '../helpers/api.js';
import { startE2e, type E2eEnv } from './support/app.js';
import { DESKTOP, newContext } from './support/browser.js';
import { FIXTURE_TITLE } from './support/fixture-server.js';

let env: E2eEnv;
let referring: http.Server;
let referringUrl: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  env = await startE2e();
  // The referring site, another origin on loopback: its page asks Chromium to prefetch the link at once.
  referring = http.createServer((request, response) => {
    const target = new URL(request.url ?? '/', 'http://x').searchParams.get('link') ?? '';
    const rules = JSON.stringify({ prefetch: [{ source: 'list', urls: [target], eagerness: 'immediate' }] });
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(`<!doctype html><html lang="pt-BR"><title>Blog</title><script type="speculationrules">${rules}</script><a id="link" href="${target}">o link</a></html>`);
  });
  await new Promise<void>((resolve) => referring.listen(0, '127.0.0.1', resolve));
  referringUrl = `http://127.0.0.1:${(referring.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => {
    referring.closeAllConnections();
    referring.close(() => resolve());
  });
  await env?.close();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function declinedSoFar(): Promise<number> {
  const res = await env.server.app.server.inject({ method: 'GET', url: '/metrics' });
  const line = res.body.split('\n').find((l) => l.includes('outcome="speculative_declined"'));
  return line === undefined ? 0 : Number(line.split(' ').pop());
}

async function clicksOf(alias: string): Promise<number> {
  await env.server.app.clicks.flush();
  return storedClicksOf(env.server, alias);
}

/** Opens the referring page and waits until Chromium has fetched the short link ahead. */
async function openReferringPage(shortUrl: string) {
  const before = await declinedSoFar();
  const context = await newContext(env.browser, DESKTOP);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${referringUrl}?link=${encodeURIComponent(shortUrl)}`);
  await expect.poll(declinedSoFar, { timeout: 10_000 }).toBe(before + 1);
  return page;
}

describe('a short link fetched ahead by Chromium', () => {
  it('counts no click until the person opens it, then exactly one, and lands on the target', async () => {
    const link = await createLink(env.server, { url: `${env.fixture.url}/destino-antecipado`, alias: 'antecipado' });
    const page = await openReferringPage(link.shortUrl);
    expect(await clicksOf('antecipado')).toBe(0);
    await Promise.all([page.waitForURL(`${env.fixture.url}/destino-antecipado`), page.click('#link')]);
    expect(await page.title()).toBe(FIXTURE_TITLE);
    expect(await clicksOf('antecipado')).toBe(1);
  });

  it('takes no visit of a link with one visit: the person who opens it still gets there', async () => {
    const link = await createLink(env.server, { url: `${env.fixture.url}/uma-visita`, alias: 'uma-visita', maxClicks: 1 });
    const page = await openReferringPage(link.shortUrl);
    await Promise.all([page.waitForURL(`${env.fixture.url}/uma-visita`), page.click('#link')]);
    expect(await page.title()).toBe(FIXTURE_TITLE);
  });
});
