// Home statistics against the real server: creating a link and following it move the numbers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2eEnv } from './support/app.js';
import { newContext } from './support/browser.js';
import { pollUntil, presetCookieConsent, statFigures, waitForHydration } from './support/pages.js';

let env: E2eEnv;

beforeAll(async () => {
  env = await startE2e();
});
afterAll(async () => {
  await env?.close();
});

describe('statistics', () => {
  it('count a new link and, a moment later, a click on it', async () => {
    const context = await newContext(env.browser);
    await presetCookieConsent(context);
    const page = await context.newPage();
    await page.goto(`${env.server.url}/`);
    await waitForHydration(page);
    const before = await statFigures(page, 'Hoje');
    const before30 = await statFigures(page, 'Últimos 30 dias');

    await page.getByLabel('URL original').fill(`${env.fixture.url}/contado`);
    await page.getByLabel('Final personalizado').fill('contado');
    await page.getByRole('button', { name: 'Personalize' }).click();
    await page.getByText('Seu link personalizado:').waitFor();

    // The click reaches the database within a second and stats are cached ~2 s: poll.
    await page.goto(`${env.server.url}/contado`);
    expect(page.url()).toBe(`${env.fixture.url}/contado`);

    const after = await pollUntil(
      async () => {
        await page.goto(`${env.server.url}/`);
        return statFigures(page, 'Hoje');
      },
      (figures) => figures.clicks > before.clicks,
    );
    expect(after).toEqual({ links: before.links + 1, clicks: before.clicks + 1 });
    expect(await statFigures(page, 'Últimos 7 dias')).toEqual(after);
    expect(await statFigures(page, 'Últimos 30 dias')).toEqual({ links: before30.links + 1, clicks: before30.clicks + 1 });
    await context.close();
  });

  it('show the error toast and zeros when the API fails', async () => {
    const context = await newContext(env.browser);
    await presetCookieConsent(context);
    await context.route('**/api/stats', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }));
    const page = await context.newPage();
    await page.goto(`${env.server.url}/`);
    await page.getByRole('region', { name: 'Notificações (F8)' }).getByText('Erro ao buscar estatísticas').waitFor();
    expect(await statFigures(page, 'Hoje')).toEqual({ links: 0, clicks: 0 });
    await context.close();
  });
});
