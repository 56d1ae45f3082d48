// 'Denunciar link': at most MAX_OPEN_REPORTS_PER_LINK open reports are stored per link, on both
// dialects. Past it a report is answered (201, a message saying the link is already waiting for
// the moderation) but adds no row, whoever sends it and however many arrive at once; the
// console's queue counts what is stored, and a link whose reports were resolved takes new ones.
// On PostgreSQL, two instances sending at once stay within the bound the repository documents.
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_OPEN_REPORTS_PER_LINK } from '../../src/server/abuse/report-repository.js';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openStore } from '../../src/server/db/store.js';
import { reportTexts } from '../../src/shared/messages.js';
import { startTestServer, testDialect, type TestServer } from '../helpers/test-server.js';

const started: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const s of started.splice(0)) await s.close();
});

async function server(env: Record<string, string> = {}): Promise<TestServer> {
  const s = await startTestServer({ env });
  started.push(s);
  return s;
}

async function createLink(s: TestServer, alias: string): Promise<void> {
  const response = await s.app.server.inject({ method: 'POST', url: '/api/links', payload: { alias, url: `https://example.com/${alias}` } });
  expect(response.statusCode).toBe(201);
}

/** Open reports already filed, written straight into the table (as earlier requests left them). */
async function seedOpenReports(s: TestServer, alias: string, count: number): Promise<void> {
  const createdAt = new Date(Date.now() - 60_000).toISOString();
  await s.store.db
    .insertInto('link_reports')
    .values(Array.from({ length: count }, (_, i) => ({ alias, reason: `Denúncia anterior número ${i}.`, created_at: createdAt })))
    .execute();
}

async function openReports(s: TestServer, alias: string): Promise<number> {
  const row = await s.store.db
    .selectFrom('link_reports')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('alias', '=', alias)
    .where('resolved_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function report(app: TestServer['app'], alias: string, i: number, headers: Record<string, string> = {}) {
  return app.server.inject({ method: 'POST', url: '/api/reports', headers, payload: { alias, reason: `Golpe do pix, denúncia número ${i}.` } });
}

describe(`at most ${MAX_OPEN_REPORTS_PER_LINK} open reports stored per link (${testDialect})`, () => {
  it('past the bound a report is answered as already under review and stores nothing; the queue counts what is stored; resolved, the link takes reports again', async () => {
    const s = await server();
    await createLink(s, 'muito-denunciado');
    await createLink(s, 'outro-link');
    await seedOpenReports(s, 'muito-denunciado', MAX_OPEN_REPORTS_PER_LINK - 1);

    const last = await report(s.app, 'muito-denunciado', 1);
    expect(last.statusCode).toBe(201);
    expect(last.json()).toEqual({ message: reportTexts.received });
    expect(await openReports(s, 'muito-denunciado')).toBe(MAX_OPEN_REPORTS_PER_LINK);

    for (let i = 2; i < 5; i++) {
      const past = await report(s.app, 'muito-denunciado', i);
      expect(past.statusCode).toBe(201);
      expect(past.json()).toEqual({ message: reportTexts.alreadyUnderReview });
    }
    expect(await openReports(s, 'muito-denunciado')).toBe(MAX_OPEN_REPORTS_PER_LINK);
    // The newest stored reason is the last one accepted, not one of those past the bound.
    const [newest] = await s.app.services.reports.listReports(1);
    expect(newest).toMatchObject({ alias: 'muito-denunciado', reason: 'Golpe do pix, denúncia número 1.' });

    // Another link is not affected.
    expect((await report(s.app, 'outro-link', 9)).json()).toEqual({ message: reportTexts.received });

    // The console's queue: one group per link, counted as stored.
    const queue = await s.app.services.adminQueries.reportQueue(undefined);
    expect(queue.openReports).toBe(MAX_OPEN_REPORTS_PER_LINK + 1);
    expect(queue.groups.map((group) => [group.alias, group.reports])).toEqual([
      ['muito-denunciado', MAX_OPEN_REPORTS_PER_LINK],
      ['outro-link', 1],
    ]);

    // Resolved by the operator, the link's next report is stored again.
    expect(await s.app.services.reports.resolve('muito-denunciado', new Date().toISOString())).toBe(MAX_OPEN_REPORTS_PER_LINK);
    expect((await report(s.app, 'muito-denunciado', 10)).json()).toEqual({ message: reportTexts.received });
    expect(await openReports(s, 'muito-denunciado')).toBe(1);
  });

  it('reports arriving at once do not push a link past the bound', async () => {
    const s = await server();
    await createLink(s, 'enxurrada');
    await seedOpenReports(s, 'enxurrada', MAX_OPEN_REPORTS_PER_LINK - 10);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => report(s.app, 'enxurrada', i)));
    expect(answers.every((answer) => answer.statusCode === 201)).toBe(true);
    const messages = answers.map((answer) => answer.json<{ message: string }>().message);
    expect(messages.filter((message) => message === reportTexts.received)).toHaveLength(10);
    expect(messages.filter((message) => message === reportTexts.alreadyUnderReview)).toHaveLength(20);
    expect(await openReports(s, 'enxurrada')).toBe(MAX_OPEN_REPORTS_PER_LINK);
  });

  it('a report past the bound still counts against its sender\'s own limit', async () => {
    const s = await server({ RATE_LIMIT_DISABLED: 'false', TRUST_PROXY: '1', REPORT_RATE_LIMIT_PER_HOUR: '2' });
    await createLink(s, 'cheio');
    await seedOpenReports(s, 'cheio', MAX_OPEN_REPORTS_PER_LINK);
    const client = { 'x-forwarded-for': '203.0.113.80' };
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await report(s.app, 'cheio', i, client)).statusCode);
    expect(statuses).toEqual([201, 201, 429]);
    expect(await openReports(s, 'cheio')).toBe(MAX_OPEN_REPORTS_PER_LINK);
  });

  it.runIf(testDialect === 'postgres')('two instances on one PostgreSQL sending at once store at most one report each past the bound', async () => {
    const first = await server();
    if (first.config.database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const config = loadConfig({ DATABASE_URL: first.config.database.url, PUBLIC_URL: first.url, LOG_LEVEL: 'silent', METADATA_FETCH: 'false', WEB_DIST_DIR: '/nonexistent' });
    const store = openStore(config.database);
    const second = await buildApp({ config, store });
    started.push({ close: async () => { await second.server.close(); await store.close(); } });

    await createLink(first, 'duas-instancias');
    await seedOpenReports(first, 'duas-instancias', MAX_OPEN_REPORTS_PER_LINK - 10);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => report(i % 2 === 0 ? first.app : second, 'duas-instancias', i)));
    const stored = await openReports(first, 'duas-instancias');
    expect(stored).toBeGreaterThanOrEqual(MAX_OPEN_REPORTS_PER_LINK);
    expect(stored).toBeLessThanOrEqual(MAX_OPEN_REPORTS_PER_LINK + 1);
    // Each answer says truly whether its report was kept.
    const received = answers.filter((answer) => answer.json<{ message: string }>().message === reportTexts.received);
    expect(received).toHaveLength(stored - (MAX_OPEN_REPORTS_PER_LINK - 10));
  });
});
