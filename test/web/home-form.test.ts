// POST /: the home form sent by a browser without JavaScript (src/server/web/home-form-route.ts).
// It creates the link as POST /api/links does, under the same per-client counters, and answers
// with the home page rendered on the server, holding the new short link or the refusal.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, LinkOwnerView } from '../../src/shared/api.js';
import { errorMessages, postedFormMessages } from '../../src/shared/messages.js';
import { BROWSER } from '../helpers/fixtures.js';
import { type TestServer, webServersForFile } from '../helpers/test-server.js';
import { appRoot, cspNonce, type FetchedPage, fetchPage, findAll, findOnly, type HtmlElement, jsonBlock, postForm, tag, textOf, titleOf } from './html.js';

const RESULT_LABEL = 'Seu link personalizado:';
const ERROR_PREFIX = 'Erro ao personalizar:';

const start = webServersForFile();

// The form posts to the home page, the fragment naming the outcome the answer opens at.
const formOf = (page: FetchedPage): HtmlElement => findOnly(appRoot(page), (element) => element.name === 'form' && element.attribs.action === '/#resultado', 'home form');
/** The element the answering page opens at (the address's #resultado). */
const outcomeTarget = (page: FetchedPage): HtmlElement => findOnly(appRoot(page), (element) => element.attribs.id === 'resultado', '#resultado');
const fieldValue = (page: FetchedPage, name: string): string | undefined => findOnly(formOf(page), tag('input', { name }), `${name} input`).attribs.value;
/** The short link's box, when the page holds one. */
const resultBoxes = (page: FetchedPage): HtmlElement[] => findAll(appRoot(page), tag('div', { 'data-testid': 'short-link-result' }));
/** The refusal written under the form (role="alert"), when the page holds one. */
const refusals = (page: FetchedPage): string[] => findAll(formOf(page), (element) => element.attribs.role === 'alert').map((alert) => textOf(alert));

/** The 'Mais opções' disclosure of the form. */
const optionsDisclosure = (page: FetchedPage): HtmlElement => findOnly(formOf(page), tag('details'), "'Mais opções' <details>");
/** The texts a field's aria-describedby names (its hint, its refusal). */
function descriptionOf(page: FetchedPage, name: string): string[] {
  const input = findOnly(formOf(page), tag('input', { name }), `${name} input`);
  const ids = (input.attribs['aria-describedby'] ?? '').split(' ').filter(Boolean);
  return ids.map((id) => textOf(findOnly(formOf(page), (element) => element.attribs.id === id, `#${id}`)));
}

/** `ms` from now as a datetime-local value in Brasília time (UTC−3 all year). */
function brasiliaLocal(ms: number): string {
  return new Date(Date.now() + ms - 3 * 3600 * 1000).toISOString().slice(0, 16);
}

/** A person following the short link (a crawler would get the preview page instead of the 302). */
const visit = (shortUrl: string) => fetch(shortUrl, { redirect: 'manual', headers: { 'user-agent': BROWSER } });

async function linkCount(server: TestServer): Promise<number> {
  return (await server.store.db.selectFrom('links').select('id').execute()).length;
}

describe('POST / (the home form without JavaScript)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await start();
  });
  const post = (fields: Record<string, string>) => postForm(`${server.url}/`, fields);

  it('creates the link: 201, the home page with the result box and the short URL, never cached; the short link redirects', async () => {
    const page = await post({ url: 'https://example.com/sem-js?origem=form', alias: 'Sem-JS_Promo' });
    expect(page.status).toBe(201);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(titleOf(page)).toBe('Encurta.br | Personalize seus links grátis');
    // The alias is lowercased as the API does.
    const shortUrl = `${server.url}/sem-js_promo`;
    const [box, ...more] = resultBoxes(page);
    expect(more).toEqual([]);
    expect(box).toBeDefined();
    const result = box as HtmlElement;
    expect(textOf(findOnly(result, tag('label'), 'result label'))).toBe(RESULT_LABEL);
    expect(textOf(findOnly(result, tag('textarea'), 'short URL field'))).toBe(shortUrl);
    expect(findOnly(result, (element) => element.name === 'a' && element.attribs.target === '_blank', '"Abrir" link').attribs.href).toBe(shortUrl);
    expect(refusals(page)).toEqual([]);
    // The page opens at the new link's box.
    expect(findAll(outcomeTarget(page), tag('div', { 'data-testid': 'short-link-result' }))).toEqual([result]);
    // The fields keep what was typed.
    expect(fieldValue(page, 'url')).toBe('https://example.com/sem-js?origem=form');
    expect(fieldValue(page, 'alias')).toBe('Sem-JS_Promo');
    // The browser's list gets the link (and its manage token) from the page context once scripts run.
    expect(jsonBlock(page, 'page-context')).toMatchObject({
      status: 200,
      homeForm: { url: 'https://example.com/sem-js?origem=form', alias: 'Sem-JS_Promo', created: { alias: 'sem-js_promo', shortUrl, manageToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) } },
    });

    const followed = await visit(shortUrl);
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe('https://example.com/sem-js?origem=form');
  });

  it('an empty alias gets a random one of 6 characters', async () => {
    const page = await post({ url: 'https://example.com/aleatorio', alias: '' });
    expect(page.status).toBe(201);
    const shortUrl = textOf(findOnly(resultBoxes(page), tag('textarea'), 'short URL field'));
    expect(shortUrl).toMatch(new RegExp(`^${server.url.replaceAll('.', '\\.')}/[0-9a-z]{6}$`));
    const followed = await visit(shortUrl);
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe('https://example.com/aleatorio');
  });

  it.each([
    // A missing or malformed URL is titled 'Erro', as the spec's toast for it (and the page's with JavaScript).
    { case: 'no URL', url: '', alias: '', status: 400, title: 'Erro:', message: 'Por favor, insira uma URL válida' },
    { case: 'not a URL', url: 'nao e uma url', alias: '', status: 400, title: 'Erro:', message: 'Por favor, insira uma URL válida' },
    { case: 'another scheme', url: 'ftp://example.com/arquivo', alias: '', status: 400, message: 'A URL precisa começar com http:// ou https://.' },
    { case: 'a reserved alias', url: 'https://example.com/faq', alias: 'faq', status: 400, message: 'Este alias é reservado pelo site. Escolha outro.', field: 'alias' },
    {
      case: 'a malformed alias',
      url: 'https://example.com/x',
      alias: 'a b',
      status: 400,
      message: 'O alias deve ter de 3 a 64 caracteres e usar apenas letras (a–z), números, hífen (-) ou sublinhado (_).',
      field: 'alias',
    },
  ])('$case: $status, the message under the form, its field marked, what was typed kept, nothing stored', async ({ url, alias, status, title = ERROR_PREFIX, message, field = 'url' }) => {
    const before = await linkCount(server);
    const page = await post({ url, alias });
    expect(page.status).toBe(status);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(refusals(page)).toEqual([`${title} ${message}`]);
    const urlField = findOnly(formOf(page), tag('input', { name: 'url' }), 'url input');
    expect(urlField.attribs.value).toBe(url);
    // The field the refusal is about is marked invalid and described by it; the other is not.
    const [refused, other] = field === 'url' ? ['url', 'alias'] : ['alias', 'url'];
    const refusedField = findOnly(formOf(page), tag('input', { name: refused }), `${refused} input`);
    expect(refusedField.attribs['aria-invalid']).toBe('true');
    expect(refusedField.attribs['aria-describedby']).toContain(findOnly(formOf(page), (element) => element.attribs.role === 'alert', 'refusal').attribs.id);
    expect(findOnly(formOf(page), tag('input', { name: other }), `${other} input`).attribs['aria-invalid']).toBeUndefined();
    expect(fieldValue(page, 'alias')).toBe(alias);
    expect(resultBoxes(page)).toEqual([]);
    expect(await linkCount(server)).toBe(before);
  });

  it("'Mais opções' without JavaScript: the options reach the link (expiry read as Brasília time), the page shows them back, never the password", async () => {
    const typed = brasiliaLocal(10 * 24 * 3600 * 1000);
    const page = await post({
      url: 'https://example.com/com-opcoes',
      alias: 'form-opcoes',
      expiresAt: typed,
      maxClicks: ' 50 ',
      password: ' senha secreta ',
      iosUrl: 'https://apps.apple.com/br/app/id123',
      androidUrl: '',
    });
    expect(page.status).toBe(201);
    const expiresAt = new Date(`${typed}:00.000-03:00`).toISOString();
    const context = jsonBlock(page, 'page-context') as { homeForm: Record<string, unknown> };
    expect(context.homeForm).toMatchObject({
      options: { expiresAt: typed, maxClicks: '50', iosUrl: 'https://apps.apple.com/br/app/id123', androidUrl: '' },
      created: { alias: 'form-opcoes', expiresAt, maxClicks: 50, clicksLeft: 50, protected: true, iosUrl: 'https://apps.apple.com/br/app/id123', androidUrl: null },
    });
    expect(page.html).not.toContain('senha secreta');
    expect(optionsDisclosure(page).attribs).toHaveProperty('open');
    expect(fieldValue(page, 'expiresAt')).toBe(typed);
    expect(fieldValue(page, 'maxClicks')).toBe('50');
    expect(fieldValue(page, 'password')).toBe('');
    const [box] = resultBoxes(page);
    expect(findAll(box as HtmlElement, tag('li')).map((badge) => textOf(badge))).toEqual([
      `expira em ${typed.slice(8, 10)}/${typed.slice(5, 7)}/${typed.slice(0, 4)} ${typed.slice(11)} (Brasília)`,
      '0 de 50 cliques',
      'protegido',
      'links para apps',
    ]);

    // The owner's view says the same: the options are the link's.
    const token = (context.homeForm.created as { manageToken: string }).manageToken;
    const view = (await (await fetch(`${server.url}/api/links/form-opcoes`, { headers: { authorization: `Bearer ${token}` } })).json()) as LinkOwnerView;
    expect(view).toMatchObject({ expiresAt, maxClicks: 50, clicksLeft: 50, protected: true, iosUrl: 'https://apps.apple.com/br/app/id123', androidUrl: null });
  });

  it("a plain post keeps 'Mais opções' closed and the link plain", async () => {
    const page = await post({ url: 'https://example.com/simples', alias: '', expiresAt: '', maxClicks: '', password: '', iosUrl: '', androidUrl: '' });
    expect(page.status).toBe(201);
    expect(optionsDisclosure(page).attribs).not.toHaveProperty('open');
    expect(jsonBlock(page, 'page-context')).toMatchObject({ homeForm: { created: { expiresAt: null, maxClicks: null, protected: false } } });
    expect((jsonBlock(page, 'page-context') as { homeForm: object }).homeForm).not.toHaveProperty('options');
    expect(findAll(resultBoxes(page), tag('li'))).toEqual([]);
  });

  it.each([
    { field: 'expiresAt', value: '2020-01-01T10:00', message: 'A data de expiração deve ficar entre 1 minuto e 5 anos a partir de agora.' },
    { field: 'expiresAt', value: 'amanhã', message: 'A data de expiração deve ficar entre 1 minuto e 5 anos a partir de agora.' },
    { field: 'maxClicks', value: '0', message: 'O limite de cliques deve ser um número inteiro de 1 a 1.000.000.000.' },
    { field: 'maxClicks', value: '2,5', message: 'O limite de cliques deve ser um número inteiro de 1 a 1.000.000.000.' },
    { field: 'password', value: 'abc', message: 'A senha deve ter de 4 a 128 caracteres.' },
    { field: 'iosUrl', value: 'ftp://example.com/app', message: 'O link para iPhone e iPad precisa ser uma URL válida com http:// ou https://, de outro site.' },
    { field: 'androidUrl', value: 'loja de apps', message: 'O link para Android precisa ser uma URL válida com http:// ou https://, de outro site.' },
  ])('a refused $field ($value): 400, the message beside its field (not under the form), nothing stored', async ({ field, value, message }) => {
    const before = await linkCount(server);
    const page = await post({ url: 'https://example.com/opcao-recusada', alias: '', [field]: value });
    expect(page.status).toBe(400);
    expect(refusals(page)).toEqual([]);
    expect(optionsDisclosure(page).attribs).toHaveProperty('open');
    expect(descriptionOf(page, field)).toContain(message);
    expect(findOnly(formOf(page), tag('input', { name: field }), `${field} input`).attribs['aria-invalid']).toBe('true');
    expect(findOnly(formOf(page), tag('input', { name: 'url' }), 'url input').attribs['aria-invalid']).toBeUndefined();
    // What was typed comes back, but never a password.
    expect(fieldValue(page, field)).toBe(field === 'password' ? '' : value);
    expect(resultBoxes(page)).toEqual([]);
    expect(await linkCount(server)).toBe(before);
  });

  it('a taken alias: 409 with its message', async () => {
    expect((await post({ url: 'https://example.com/primeiro', alias: 'ja-usado' })).status).toBe(201);
    const page = await post({ url: 'https://example.com/segundo', alias: 'ja-usado' });
    expect(page.status).toBe(409);
    expect(refusals(page)).toEqual([`${ERROR_PREFIX} Este alias personalizado já está em uso.`]);
    // The page opens at the form, its refusal in it.
    expect(outcomeTarget(page)).toBe(formOf(page));
    expect(fieldValue(page, 'url')).toBe('https://example.com/segundo');
    expect(resultBoxes(page)).toEqual([]);
    // The alias still leads to the first link.
    expect((await visit(`${server.url}/ja-usado`)).headers.get('location')).toBe('https://example.com/primeiro');
  });

  it('what was typed reaches the page as text only: no script, no markup of its own', async () => {
    const typed = '</script><script>alert(1)</script><b style="x">';
    const page = await post({ url: typed, alias: '' });
    expect(page.status).toBe(400);
    expect(fieldValue(page, 'url')).toBe(typed);
    expect(jsonBlock(page, 'page-context')).toMatchObject({ homeForm: { url: typed } });
    const inline = findAll(page.doc, (element) => element.name === 'script' && element.attribs.src === undefined);
    expect(inline.map((script) => script.attribs.id)).toEqual(['site-config', 'page-context']);
    expect(findAll(page.doc, (element) => 'style' in element.attribs)).toEqual([]);
    expect(findAll(appRoot(page), tag('b'))).toEqual([]);
    // The form's answer carries the pages' CSP, with its own nonce.
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self';/);
    expect(findOnly(page.doc, tag('meta', { name: 'csp-nonce' }), 'csp-nonce meta').attribs.content).toBe(cspNonce(page));
  });

  it('a long URL is refused with its message (the body is within the form limit)', async () => {
    const url = `https://example.com/${'a'.repeat(5000)}`;
    const page = await post({ url, alias: '' });
    expect(page.status).toBe(400);
    expect(refusals(page)).toEqual([`${ERROR_PREFIX} A URL é longa demais: o máximo é de 4.096 caracteres.`]);
  });

  it('a body over 16 KB: 413, the home page with the refusal in pt-BR (not the API\'s JSON), nothing stored', async () => {
    const before = await linkCount(server);
    const page = await post({ url: `https://example.com/${'b'.repeat(17 * 1024)}`, alias: '' });
    expect(page.status).toBe(413);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(refusals(page)).toEqual([`${ERROR_PREFIX} ${postedFormMessages.homeTooLarge}`]);
    expect(postedFormMessages.homeTooLarge).toBe('O formulário enviado é grande demais: cada URL pode ter até 4.096 caracteres.');
    expect(fieldValue(page, 'url')).toBe('');
    expect(await linkCount(server)).toBe(before);
  });

  it('a body that is not form-encoded (multipart, text): its 415 is the home page saying so in pt-BR, nothing stored', async () => {
    const before = await linkCount(server);
    const multipart = new FormData();
    multipart.set('url', 'https://example.com/multipart');
    for (const body of [multipart, 'url=https://example.com/texto']) {
      const page = await fetchPage(`${server.url}/`, { method: 'POST', body, headers: typeof body === 'string' ? { 'content-type': 'text/plain' } : {} });
      expect(page.status).toBe(415);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(refusals(page)).toEqual([`${ERROR_PREFIX} Não foi possível ler o formulário enviado. Recarregue a página e tente de novo.`]);
      expect(page.html).not.toContain('JSON (Content-Type');
    }
    expect(await linkCount(server)).toBe(before);
  });

  it("a form posted from another site's page: 403 foreign_form, nothing stored; from the site's own page it goes through", async () => {
    const before = await linkCount(server);
    const fields = { url: 'https://example.com/de-outro-site', alias: 'de-outro-site' };
    const foreign = await postForm(`${server.url}/`, fields, { origin: 'https://outro-site.example' });
    expect(foreign.status).toBe(403);
    expect(refusals(foreign)).toEqual([`${ERROR_PREFIX} ${errorMessages.foreign_form}`]);
    expect(fieldValue(foreign, 'url')).toBe(fields.url);
    expect(resultBoxes(foreign)).toEqual([]);
    expect(await linkCount(server)).toBe(before);
    // A sandboxed frame or a data: page posts with "Origin: null": not this site either.
    expect((await postForm(`${server.url}/`, fields, { origin: 'null' })).status).toBe(403);
    const own = await postForm(`${server.url}/`, fields, { origin: server.url });
    expect(own.status).toBe(201);
    expect(await linkCount(server)).toBe(before + 1);
  });

  it('POST /api/links still refuses a form-encoded body (415): the JSON API takes JSON only', async () => {
    const before = await linkCount(server);
    const response = await fetch(`${server.url}/api/links`, { method: 'POST', body: new URLSearchParams({ url: 'https://example.com/form-na-api' }) });
    expect(response.status).toBe(415);
    expect(((await response.json()) as ApiErrorBody).error).toEqual({
      code: 'unsupported_media_type',
      message: 'Envie os dados em JSON (Content-Type: application/json).',
    });
    expect(await linkCount(server)).toBe(before);
  });
});

describe('POST / shares the per-client creation limit with POST /api/links', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await start({ RATE_LIMIT_DISABLED: 'false', TRUST_PROXY: '1', CREATE_RATE_LIMIT_PER_MINUTE: '3' });
  });
  const client = (address: string) => ({ 'x-forwarded-for': address });
  const viaForm = (address: string, i: number) => postForm(`${server.url}/`, { url: `https://example.com/limite/form/${i}`, alias: '' }, client(address));
  const viaApi = (address: string, i: number) =>
    fetch(`${server.url}/api/links`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...client(address) },
      body: JSON.stringify({ url: `https://example.com/limite/api/${i}` }),
    });

  it('API, form, API from one client: the fourth creation, by form, is refused (429, Retry-After, pt-BR message), and so is the API after it', async () => {
    const address = '203.0.113.71';
    expect((await viaApi(address, 1)).status).toBe(201);
    expect((await viaForm(address, 2)).status).toBe(201);
    expect((await viaApi(address, 3)).status).toBe(201);

    const refused = await viaForm(address, 4);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
    expect(refusals(refused)).toEqual([`${ERROR_PREFIX} Muitas tentativas em pouco tempo. Aguarde um pouco e tente novamente.`]);
    expect(fieldValue(refused, 'url')).toBe('https://example.com/limite/form/4');
    expect(resultBoxes(refused)).toEqual([]);

    const api = await viaApi(address, 5);
    expect(api.status).toBe(429);
    expect(((await api.json()) as ApiErrorBody).error.code).toBe('rate_limited');
  });

  it('form requests use up the budget of the API', async () => {
    const address = '203.0.113.72';
    for (let i = 1; i <= 3; i++) expect((await viaForm(address, i)).status).toBe(201);
    expect((await viaApi(address, 4)).status).toBe(429);
  });

  it('another client is not affected, and refused requests stored nothing', async () => {
    expect((await viaForm('198.51.100.73', 1)).status).toBe(201);
    // 3 + 3 created above, and this one.
    expect(await linkCount(server)).toBe(7);
  });

  it('an API key sent with the form changes nothing: the posts count against the address, and the links are not the key\'s', async () => {
    // Keyed requests skip the per-address limits (they have the key's own); a page's form is anonymous.
    // One keyed request a minute: the listing below is the key's first, so the form used none of it.
    const { key } = await server.app.services.apiKeys.create('formulário', 1);
    const address = '203.0.113.74';
    const keyed = { ...client(address), authorization: `Bearer ${key}` };
    for (let i = 1; i <= 3; i++) expect((await postForm(`${server.url}/`, { url: `https://example.com/limite/chave/${i}`, alias: '' }, keyed)).status).toBe(201);
    expect((await postForm(`${server.url}/`, { url: 'https://example.com/limite/chave/4', alias: '' }, keyed)).status).toBe(429);
    expect((await viaApi(address, 5)).status).toBe(429);
    const listed = await fetch(`${server.url}/api/links`, { headers: { authorization: `Bearer ${key}` } });
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { links: unknown[] }).links).toEqual([]);
  });
});
