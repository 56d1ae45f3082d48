// One server + browser per test file: the real app on a fresh SQLite file, the fixture
// target site, and Chromium.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { startTestServer, type TestServer, type TestServerOptions } from '../../helpers/test-server.js';
import { launchBrowser } from './browser.js';
import { type FixtureServer, startFixtureServer } from './fixture-server.js';

export interface E2eEnv {
  server: TestServer;
  fixture: FixtureServer;
  browser: Browser;
  close(): Promise<void>;
}

/** `clock`: the server's time, for tests that move it (a link's expiry). */
export async function startE2e(env: Record<string, string> = {}, { clock }: Pick<TestServerOptions, 'clock'> = {}): Promise<E2eEnv> {
  if (!fs.existsSync(path.resolve('dist/web/index.html'))) {
    throw new Error('dist/web is missing: run `npm run build:web` before the e2e tests');
  }
  const options: TestServerOptions = {
    withWeb: true,
    // The metadata fetcher would reach out to target sites: tests stay on loopback.
    env: { METADATA_FETCH: 'false', ...env },
    ...(clock === undefined ? {} : { clock }),
  };
  const server = await startTestServer(options);
  const fixture = await startFixtureServer();
  const browser = await launchBrowser();
  return {
    server,
    fixture,
    browser,
    async close() {
      await browser.close();
      await fixture.close();
      await server.close();
    },
  };
}
