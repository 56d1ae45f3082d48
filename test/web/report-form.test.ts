// POST /denunciar: the 'Denunciar link' form sent by a browser without JavaScript, or before the
// page's script has run (src/server/web/report-form-route.ts). The report is checked, limited and
// stored as POST /api/reports does it, and the answer is the report page rendered on the
// server, holding the thanks or the refusal.
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_OPEN_REPORTS_PER_LINK } from '../../src/server/abuse/report-repository.js';
import type { ApiErrorBody } from '../../src/shared/api.js';
import { errorMessages, hourlyReportLimitMessage, reportTexts } from '../../src/shared/messages.js';
import { type TestServer, webServersForFile } from '../helpers/test-server.js';
import { appRoot, type FetchedPage, fetchPage, findAll, findOnly, type HtmlElement, jsonBlock, postForm, tag, textOf, titleOf } from './html.js';

const SENT_PREFIX = 'Denúncia enviada:';
const ERROR_PREFIX = 'Erro ao enviar denúncia:';

const start = webServersForFile();

const formOf = (page: FetchedPage): HtmlElement =>
  findOnly(appRoot(page), (element) => element.name === 'form' && element.attribs.action === '/denunciar#resultado', 'report form');
/** The ids of the elements the answering page may open at (the address's #resultado): [role] of each. */
const outcomeTargets = (page: FetchedPage): string[] => findAll(appRoot(page), (element) => element.attribs.id === 'resultado').map((element) => element.attribs.role ?? '');
const aliasValue = (page: FetchedPage): string | undefined => findOnly(formOf(page), tag('input', { name: 'alias' }), 'alias input').attribs.value;
const reasonValue = (page: FetchedPage): string => textOf(findOnly(formOf(page), tag('textarea', { name: 'reason' }), 'reason textarea'));
/** The notices written above the button: [role, text]. */
const notices = (page: FetchedPage): [string, string][] =>
  findAll(formOf(page), (element) => element.attribs.role === 'status' || element.attribs.role === 'alert').map((notice) => [notice.attribs.role ?? '', textOf(notice)]);

async function storedReports(server: TestServer): Promise<{ alias: string; reason: string }[]> {
  return (await server.app.services.reports.listReports(100)).map(({ alias, reason }) => ({ alias, reason })).reverse();
}

async function createLink(server: TestServer, alias: string): Promise<void> {
  const response = await fetch(`${server.url}/api/links`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: `https://example.com/${alias}`, alias }),
  });
  expect(response.status).toBe(201);
}

describe('POST /denunciar (the report form without JavaScript)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await start();
    await createLink(server, 'golpe-pix');
  });
  const post = (fields: Record<string, string>) => postForm(`${server.url}/denunciar`, fields);

  it('the served form posts to the page itself, and its button works before any script', async () => {
    const page = await fetchPage(`${server.url}/denunciar?alias=golpe-pix`);
    expect(outcomeTargets(page)).toEqual([]);
    const form = formOf(page);
    expect(form.attribs.method).toBe('post');
    const button = findOnly(form, tag('button', { type: 'submit' }), 'submit button');
    expect(button.attribs.disabled).toBeUndefined();
    expect(aliasValue(page)).toBe('golpe-pix');
  });

  it('stores the report: 201, the page with the thanks and empty fields, never cached', async () => {
    const before = (await storedReports(server)).length;
    // The whole short link, pasted as people do; the reason's spaces are folded as the API does.
    const page = await post({ alias: `${server.url}/golpe-pix`, reason: '  Pede dados do cartão   num site falso.  ' });
    expect(page.status).toBe(201);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(titleOf(page)).toBe('Denunciar link | Encurta.br');
    expect(notices(page)).toEqual([['status', `${SENT_PREFIX} ${reportTexts.received}`]]);
    // The page opens at the thanks.
    expect(outcomeTargets(page)).toEqual(['status']);
    expect(aliasValue(page)).toBe('');
    expect(reasonValue(page)).toBe('');
    // The browser hydrates with the same outcome.
    expect(jsonBlock(page, 'page-context')).toMatchObject({ status: 200, reportForm: { alias: '', reason: '', sent: reportTexts.received } });
    const stored = await storedReports(server);
    expect(stored).toHaveLength(before + 1);
    expect(stored.at(-1)).toEqual({ alias: 'golpe-pix', reason: 'Pede dados do cartão num site falso.' });
  });

  it('a link that already has the most open reports stored: 201, the page says it is under review, fields cleared, nothing stored', async () => {
    await createLink(server, 'ja-na-fila');
    const createdAt = new Date().toISOString();
    await server.store.db
      .insertInto('link_reports')
      .values(Array.from({ length: MAX_OPEN_REPORTS_PER_LINK }, (_, i) => ({ alias: 'ja-na-fila', reason: `Denúncia anterior número ${i}.`, created_at: createdAt })))
      .execute();
    const before = await storedReports(server);
    const page = await post({ alias: 'ja-na-fila', reason: 'Mais uma denúncia deste link.' });
    expect(page.status).toBe(201);
    expect(notices(page)).toEqual([['status', `${SENT_PREFIX} ${reportTexts.alreadyUnderReview}`]]);
    expect(aliasValue(page)).toBe('');
    expect(reasonValue(page)).toBe('');
    expect(await storedReports(server)).toEqual(before);
  });

  it('an unknown link: 404, its message, the fields as typed, nothing stored', async () => {
    const before = await storedReports(server);
    const page = await post({ alias: 'nao-existe-aqui', reason: 'Um motivo longo o bastante.' });
    expect(page.status).toBe(404);
    expect(notices(page)).toEqual([['alert', `${ERROR_PREFIX} ${errorMessages.link_not_found}`]]);
    expect(outcomeTargets(page)).toEqual(['alert']);
    expect(aliasValue(page)).toBe('nao-existe-aqui');
    expect(reasonValue(page)).toBe('Um motivo longo o bastante.');
    expect(await storedReports(server)).toEqual(before);
  });

  it('a reason too short, or missing fields: 400 or 404 with their messages, nothing stored', async () => {
    const before = await storedReports(server);
    const short = await post({ alias: 'golpe-pix', reason: 'curto' });
    expect(short.status).toBe(400);
    expect(notices(short)).toEqual([['alert', `${ERROR_PREFIX} ${errorMessages.invalid_report}`]]);
    expect(reasonValue(short)).toBe('curto');
    const empty = await post({});
    expect(empty.status).toBe(404);
    expect(notices(empty)).toEqual([['alert', `${ERROR_PREFIX} ${errorMessages.link_not_found}`]]);
    expect(await storedReports(server)).toEqual(before);
  });

  it('what was typed reaches the page as text only: no script, no markup of its own', async () => {
    const typed = '</script><script>alert(1)</script><b style="x">';
    const page = await post({ alias: 'golpe-pix', reason: typed });
    expect(page.status).toBe(201);
    const refused = await post({ alias: typed, reason: typed });
    expect(refused.status).toBe(404);
    expect(aliasValue(refused)).toBe(typed);
    expect(reasonValue(refused)).toBe(typed);
    const inline = findAll(refused.doc, (element) => element.name === 'script' && element.attribs.src === undefined);
    expect(inline.map((script) => script.attribs.id)).toEqual(['site-config', 'page-context']);
    expect(findAll(appRoot(refused), tag('b'))).toEqual([]);
    expect(refused.headers.get('content-security-policy')).toMatch(/script-src 'self';/);
  });

  it('a body over 16 KB: 413, the report page with the reason\'s bound in pt-BR (not the API\'s JSON), nothing stored', async () => {
    const before = await storedReports(server);
    const page = await post({ alias: 'golpe-pix', reason: 'x'.repeat(17 * 1024) });
    expect(page.status).toBe(413);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(notices(page)).toEqual([['alert', `${ERROR_PREFIX} Descreva o motivo da denúncia em 10 a 1.000 caracteres.`]]);
    expect(await storedReports(server)).toEqual(before);
  });

  it('a body that is not form-encoded: 415, the report page saying so in pt-BR, nothing stored', async () => {
    const before = await storedReports(server);
    const page = await fetchPage(`${server.url}/denunciar`, { method: 'POST', body: 'alias=golpe-pix', headers: { 'content-type': 'text/plain' } });
    expect(page.status).toBe(415);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(notices(page)).toEqual([['alert', `${ERROR_PREFIX} Não foi possível ler o formulário enviado. Recarregue a página e tente de novo.`]]);
    expect(await storedReports(server)).toEqual(before);
  });

  it("a form posted from another site's page: 403 foreign_form, nothing stored; from the site's own page it goes through", async () => {
    const before = await storedReports(server);
    const fields = { alias: 'golpe-pix', reason: 'Enviado por uma página de outro site.' };
    const foreign = await postForm(`${server.url}/denunciar`, fields, { origin: 'https://outro-site.example' });
    expect(foreign.status).toBe(403);
    expect(notices(foreign)).toEqual([['alert', `${ERROR_PREFIX} ${errorMessages.foreign_form}`]]);
    expect(reasonValue(foreign)).toBe(fields.reason);
    expect(await storedReports(server)).toEqual(before);
    const own = await postForm(`${server.url}/denunciar`, fields, { origin: server.url });
    expect(own.status).toBe(201);
    expect((await storedReports(server)).length).toBe(before.length + 1);
  });

  it('POST /api/reports still refuses a form-encoded body (415): the JSON API takes JSON only', async () => {
    const before = await storedReports(server);
    const response = await fetch(`${server.url}/api/reports`, { method: 'POST', body: new URLSearchParams({ alias: 'golpe-pix', reason: 'Um motivo longo o bastante.' }) });
    expect(response.status).toBe(415);
    expect(((await response.json()) as ApiErrorBody).error.code).toBe('unsupported_media_type');
    expect(await storedReports(server)).toEqual(before);
  });
});

describe('POST /denunciar shares the report limits with POST /api/reports', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await start({ RATE_LIMIT_DISABLED: 'false', TRUST_PROXY: '1', REPORT_RATE_LIMIT_PER_HOUR: '2' });
    for (const alias of ['limite-denuncia', 'limite-denuncia-2', 'limite-denuncia-3', 'limite-denuncia-4']) await createLink(server, alias);
  });
  const client = (address: string) => ({ 'x-forwarded-for': address });
  const viaForm = (address: string, reason: string, alias = 'limite-denuncia') => postForm(`${server.url}/denunciar`, { alias, reason }, client(address));
  const viaApi = (address: string, reason: string, alias = 'limite-denuncia') =>
    fetch(`${server.url}/api/reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...client(address) },
      body: JSON.stringify({ alias, reason }),
    });

  it('API then form from one client: the third report, by form, is refused (429, Retry-After, pt-BR message, fields kept), and so is the API after it', async () => {
    const address = '203.0.113.81';
    // A refused attempt does not use the quota, by form as by API.
    expect((await viaForm(address, 'curto')).status).toBe(400);
    expect((await viaApi(address, 'Primeira denúncia, pela API.')).status).toBe(201);
    expect((await viaForm(address, 'Segunda denúncia, pelo formulário.', 'limite-denuncia-2')).status).toBe(201);

    const refused = await viaForm(address, 'Terceira denúncia, pelo formulário.', 'limite-denuncia-3');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
    // The hourly limit's own words (waiting "a little" would not end it), with the time left.
    expect(notices(refused)).toEqual([['alert', `${ERROR_PREFIX} ${hourlyReportLimitMessage(2, Number(refused.headers.get('retry-after')))}`]]);
    expect(reasonValue(refused)).toBe('Terceira denúncia, pelo formulário.');

    const api = await viaApi(address, 'Quarta denúncia, pela API.', 'limite-denuncia-4');
    expect(api.status).toBe(429);
    expect(((await api.json()) as ApiErrorBody).error.code).toBe('rate_limited');
    expect((await storedReports(server)).map((report) => report.reason)).toEqual(['Primeira denúncia, pela API.', 'Segunda denúncia, pelo formulário.']);
  });

  it('another client is not affected', async () => {
    expect((await viaForm('198.51.100.82', 'Denúncia de outro cliente.')).status).toBe(201);
  });

  it("a client's second report of a link within a day, by API or form, is answered but not stored, and spends its budget like any report", async () => {
    const address = '198.51.100.90';
    const before = (await storedReports(server)).length;
    expect((await viaApi(address, 'Primeira vez que denuncio este link.', 'limite-denuncia-2')).status).toBe(201);
    const again = await viaApi(address, 'Denuncio o mesmo link de novo.', 'limite-denuncia-2');
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual({ message: reportTexts.alreadyReported });
    const byForm = await viaForm(address, 'E mais uma vez, pelo formulário.', 'limite-denuncia-2');
    expect(byForm.status).toBe(429);
    expect((await storedReports(server)).length).toBe(before + 1);
    // Another client's report of the same link is its own, and stored.
    expect((await viaForm('198.51.100.91', 'Outra pessoa denuncia o link.', 'limite-denuncia-2')).status).toBe(201);
    expect((await storedReports(server)).length).toBe(before + 2);
    const repeatByForm = await viaForm('198.51.100.91', 'A mesma pessoa, de novo.', 'limite-denuncia-2');
    expect(repeatByForm.status).toBe(201);
    expect(notices(repeatByForm).map(([, text]) => text).join(' ')).toContain(reportTexts.alreadyReported);
    expect((await storedReports(server)).length).toBe(before + 2);
  });
});
