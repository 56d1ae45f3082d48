// Real Chromium for end-to-end tests, fenced to loopback: any request to another host is
// aborted, so nothing leaves the machine whatever the page tries to load.
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium } from 'playwright-core';
import { BROWSER_USER_AGENTS } from '../../helpers/fixtures.js';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Chromium runs a sandboxed frame (the ad slot's) in a process of its own, whose requests
      // Playwright's routes never see: the loopback fence below would not cover them.
      '--disable-features=IsolateSandboxedIframes',
      // A second fence, under the routes: no host name but loopback's is ever resolved.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1, EXCLUDE [::1]',
    ],
  });
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function isLoopbackUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'data:' || parsed.protocol === 'blob:' || parsed.protocol === 'about:') return true;
    return LOOPBACK.has(parsed.hostname);
  } catch {
    return false;
  }
}

// A visitor's user agent: headless Chromium says "HeadlessChrome", which the server rightly
// treats as a bot (preview page instead of a redirect).
export const PHONE: BrowserContextOptions = {
  viewport: { width: 375, height: 812 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent: BROWSER_USER_AGENTS.chromeAndroid,
};
export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 }, userAgent: BROWSER_USER_AGENTS.chromeWindows };

/** A fresh context (empty storage) with every non-loopback request blocked. */
export async function newContext(browser: Browser, options: BrowserContextOptions = DESKTOP): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', ...options });
  await context.route('**/*', (route) => (isLoopbackUrl(route.request().url()) ? route.fallback() : route.abort('blockedbyclient')));
  return context;
}
