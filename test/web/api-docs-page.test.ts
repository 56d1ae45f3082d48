// GET /api/docs: the API's documentation for people, as the server sends it (no script runs).
// The page is the app's layout rendered on the server under the same Content-Security-Policy as
// the other pages; its reference comes from the OpenAPI document (every path, every operation);
// its curl examples (src/shared/api-docs-content.ts) are on it and really work against the API;
// it names no stored link, and is not itself part of the document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCS_EXAMPLE_ALIAS, API_DOCS_PLACEHOLDERS, API_DOCS_TITLE, type ApiExampleRequest, apiDocsExamples, curlCommand } from '../../src/shared/api-docs-content.js';
import { ADMIN_API_PREFIX } from '../../src/shared/admin-api.js';
import { API_DOCS_PATH } from '../../src/shared/routes.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { appRoot, fetchPage, type FetchedPage, findAll, findOnly, type HtmlElement, jsonBlock, tag, textOf, titleOf } from './html.js';

interface OpenApiOperation {
  summary: string;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

let server: TestServer;
let page: FetchedPage;
let openapi: OpenApiDocument;

beforeAll(async () => {
  server = await startTestServer({ withWeb: true });
  page = await fetchPage(`${server.url}${API_DOCS_PATH}`, { headers: { 'accept-encoding': 'gzip' } });
  openapi = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as OpenApiDocument;
});
afterAll(async () => {
  await server?.close();
});

const mainOf = (fetched: FetchedPage): HtmlElement => findOnly(appRoot(fetched), tag('main'), '<main>');
const withoutNonce = (policy: string | null) => (policy ?? '').replace(/'nonce-[^']+'/, "'nonce-…'");
const codeBlocks = (fetched: FetchedPage) => findAll(mainOf(fetched), tag('pre')).map((pre) => textOf(pre));
// The operator's console API is in the document (under its own security scheme) but not on the
// public page: strangers have no use for it.
const isConsolePath = (path: string) => path.startsWith(ADMIN_API_PREFIX);
const operationsOf = (document: OpenApiDocument) =>
  Object.entries(document.paths)
    .filter(([path]) => !isConsolePath(path))
    .flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })));

describe('GET /api/docs', () => {
  it('is a page of the site: 200 HTML, revalidated, the same Content-Security-Policy and headers as the FAQ', async () => {
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('vary')).toBe('accept-encoding');
    const faq = await fetchPage(`${server.url}/faq`);
    const policy = page.headers.get('content-security-policy');
    expect(policy).toContain("script-src 'self'");
    expect(withoutNonce(policy)).toBe(withoutNonce(faq.headers.get('content-security-policy')));
    for (const header of ['x-frame-options', 'x-content-type-options', 'referrer-policy']) expect(page.headers.get(header)).toBe(faq.headers.get(header));
  });

  it("is where the API's root sends a browser (/api, /api/), not the 404 of a reserved alias", async () => {
    for (const path of ['/api', '/api/']) {
      const res = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location'), path).toBe(API_DOCS_PATH);
    }
    // Other unknown paths under /api stay the API's JSON 404.
    const unknown = await fetch(`${server.url}/api/v1`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('application/json');
  });

  it("has the site's layout around one h1 and the page's title, rendered on the server", () => {
    expect(titleOf(page)).toBe(`${API_DOCS_TITLE} | Encurta.br`);
    const root = appRoot(page);
    expect(findAll(root, tag('header')).length).toBeGreaterThan(0);
    expect(findAll(root, tag('footer'))).toHaveLength(1);
    expect(findAll(root, tag('h1')).map((h1) => textOf(h1))).toEqual([API_DOCS_TITLE]);
    expect(page.html).toContain('<html lang="pt-BR"');
  });

  it('loads nothing but the site\'s own files (no other origin, no inline script)', () => {
    const sources = [
      ...findAll(page.doc, tag('script')).map((script) => script.attribs.src),
      ...findAll(page.doc, tag('link')).map((link) => link.attribs.href),
      ...findAll(page.doc, tag('img')).map((img) => img.attribs.src),
    ].filter((source): source is string => source !== undefined);
    for (const source of sources) expect(source, source).toMatch(/^\/(?!\/)/);
    const inline = findAll(page.doc, tag('script')).filter((script) => script.attribs.src === undefined && script.attribs.type !== 'application/json');
    expect(inline).toEqual([]);
  });

  it('shows every path and every operation of the OpenAPI document, except the operator console', () => {
    const operations = operationsOf(openapi);
    expect(operations.length).toBeGreaterThanOrEqual(8);
    const main = mainOf(page);
    const articles = findAll(main, tag('article'));
    for (const { path, method, operation } of operations) {
      const card = articles.find((article) => {
        const text = spacedText(article);
        return text.includes(operation.summary) && text.includes(`${method} ${path}`);
      });
      expect(card, `${method} ${path}`).toBeDefined();
    }
    const text = textOf(main);
    const paths = Object.keys(openapi.paths);
    expect(paths.some(isConsolePath)).toBe(true);
    for (const path of paths.filter((path) => !isConsolePath(path))) expect(text).toContain(path);
    expect(text).not.toContain(ADMIN_API_PREFIX);
  });

  it('says how each operation authenticates, and lists parameters, body fields and responses', () => {
    const text = (id: string) => spacedText(findOnly(mainOf(page), tag('article', { id }), `article#${id}`));
    expect(text('post-api-links')).toContain('Autenticação: Sem autenticação (anônimo) ou chave de API.');
    expect(text('post-api-links-bulk')).toContain('Autenticação: Chave de API.');
    expect(text('get-api-links-alias')).toContain('Autenticação: Código de gerenciamento do link ou chave de API.');
    expect(text('get-api-stats')).toContain('Autenticação: Sem autenticação (anônimo).');
    // A $ref body (NovoLink) resolved into its fields; the bulk body's items too.
    expect(text('post-api-links')).toMatch(/url string obrigatório O destino, com http:\/\/ ou https:\/\/\./);
    expect(text('post-api-links')).toMatch(/maxClicks integer \| null opcional/);
    expect(text('post-api-links-bulk')).toMatch(/links array<NovoLink> obrigatório De 1 a 1\.000 itens\./);
    expect(text('post-api-links-bulk')).toContain('links[].url string obrigatório');
    // Path and query parameters with their descriptions and defaults.
    expect(text('get-api-links-alias-insights')).toMatch(/alias string obrigatório no caminho O alias do link\./);
    expect(text('get-api-links-alias-insights')).toMatch(/days string opcional na query string O período: 1 \(hoje\), 7, 30 ou 90 dias\. Padrão: 30/);
    expect(text('get-api-links')).toContain('cursor string opcional na query string');
    // Responses: status and description.
    expect(text('post-api-links')).toContain('201 Link criado (ou, com a mesma Idempotency-Key, o link que o primeiro pedido criou');
    expect(text('post-api-links')).toContain('idempotency-key string opcional no cabeçalho');
    expect(text('post-api-links')).toContain('409 O alias pedido já está em uso.');
    expect(text('delete-api-links-alias')).toContain('204 Excluído.');
  });

  it('introduces the API: what it is for, how to get a key, the header, the limits, the errors, the raw document', () => {
    const text = textOf(mainOf(page));
    expect(text).toContain('npm run admin -- keys create "nome do sistema"');
    expect(codeBlocks(page)).toContain(`Authorization: Bearer ${API_DOCS_PLACEHOLDERS.apiKey}`);
    expect(text).toContain('até 10 links por minuto e 100 por dia');
    expect(text).toContain('de 600 se a equipe não combinar outro com você');
    expect(codeBlocks(page).some((code) => code.includes('"error": {') && code.includes('"code": "alias_taken"'))).toBe(true);
    // Browsers on other sites: no CORS but for the document (test/api/cross-origin.test.ts).
    expect(text).toContain('Páginas de outros sites não conseguem chamá-la pelo navegador, com ou sem chave');
    expect(text).toContain('Só o documento OpenAPI pode ser lido de qualquer página');
    const raw = findAll(mainOf(page), tag('a', { href: '/api/openapi.json' }));
    expect(raw.length).toBeGreaterThan(0);
  });

  it("has the curl examples, against the site's public URL, and says what to put in place of each placeholder", () => {
    const section = findOnly(mainOf(page), tag('section', { 'aria-labelledby': 'exemplos' }), 'the examples');
    const intro = textOf(findAll(section, tag('p'))[0] ?? []);
    // The listing's example carries a cursor placeholder too: sent as written, it is a 400.
    for (const placeholder of Object.values(API_DOCS_PLACEHOLDERS)) expect(intro).toContain(placeholder);
    const blocks = codeBlocks(page);
    const today = (jsonBlock(page, 'page-context') as { today: string }).today;
    const examples = apiDocsExamples(today);
    expect(examples.map((example) => example.request.path.split('?')[0])).toEqual(
      expect.arrayContaining(['/api/links', '/api/links/bulk', `/api/links/${API_DOCS_EXAMPLE_ALIAS}`, `/api/links/${API_DOCS_EXAMPLE_ALIAS}/insights`]),
    );
    for (const example of examples) {
      const command = textOf(findOnly(mainOf(page), tag('article', { id: example.id }), example.id));
      expect(command).toContain(example.title);
      expect(blocks).toContain(collapsed(curlCommand(example.request, server.config.publicUrl)));
    }
    expect(blocks.filter((block) => block.startsWith(`curl -X POST '${server.url}/api/links'`))).toHaveLength(2);
  });

  it("sends, in each example's -d, exactly the body the example declares (valid JSON, quoted for the shell)", () => {
    for (const { request } of apiDocsExamples('2026-01-01').filter((example) => example.request.body !== undefined)) {
      const command = curlCommand(request, server.config.publicUrl);
      const data = /-d '([^']*)'$/.exec(command)?.[1];
      expect(data, command).toBeDefined();
      expect(JSON.parse(data ?? '')).toEqual(request.body);
    }
  });

  it('runs: every example does what it says against the real API', async () => {
    const key = (await server.app.services.apiKeys.create('exemplos da documentação', null)).key;
    const values = { apiKey: key, manageToken: '', cursor: '' };
    const statuses: number[] = [];
    for (const example of apiDocsExamples(new Date().toISOString().slice(0, 10))) {
      const response = await send(example.request, values);
      statuses.push(response.status);
      const body = response.status === 204 ? undefined : ((await response.json()) as Record<string, unknown>);
      if (example.id === 'exemplo-criar-com-chave') values.manageToken = String(body?.manageToken);
      if (example.id === 'exemplo-lote') {
        // A second page exists: the key now has four links and the example asks for 20 a page,
        // so the cursor of a one-link first page stands in for the placeholder.
        const first = (await (await send({ method: 'GET', path: '/api/links?limit=1', auth: 'apiKey' }, values)).json()) as { nextCursor: string };
        values.cursor = first.nextCursor;
      }
    }
    expect(statuses).toEqual([201, 201, 200, 200, 200, 200, 204]);
  });

  it('names no stored link: the same page whatever was created', async () => {
    const target = 'https://segredo-do-cliente.example/campanha-privada';
    const created = await fetch(`${server.url}/api/links`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: target, alias: 'alias-privado' }),
    });
    expect(created.status).toBe(201);
    const again = await fetchPage(`${server.url}${API_DOCS_PATH}`);
    expect(again.html).not.toContain('segredo-do-cliente');
    expect(again.html).not.toContain('alias-privado');
    expect(textOf(mainOf(again))).toBe(textOf(mainOf(page)));
  });

  it('is not part of the OpenAPI document', () => {
    expect(Object.keys(openapi.paths)).not.toContain(API_DOCS_PATH);
    expect(JSON.stringify(openapi)).not.toContain('/api/docs');
  });
});

/** The example's request, with real values where the page shows placeholders. */
function send(request: ApiExampleRequest, values: Record<keyof typeof API_DOCS_PLACEHOLDERS, string>): Promise<Response> {
  const path = request.path.replace(API_DOCS_PLACEHOLDERS.cursor, encodeURIComponent(values.cursor));
  const headers: Record<string, string> = {};
  if (request.auth !== undefined) headers.authorization = `Bearer ${values[request.auth]}`;
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${server.url}${path}`, { method: request.method, headers, ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }) });
}

/** Text as textOf gives it: whitespace runs collapsed. */
const collapsed = (text: string) => text.replace(/\s+/g, ' ').trim();

/** An element's text with a space between its elements' texts ("url string obrigatório …"). */
function spacedText(element: HtmlElement): string {
  const parts: string[] = [];
  const visit = (node: { type: string; data?: string; children?: unknown[] }) => {
    if (node.type === 'text' && node.data !== undefined) parts.push(node.data);
    for (const child of node.children ?? []) visit(child as typeof node);
  };
  visit(element as unknown as { type: string; children: unknown[] });
  return collapsed(parts.join(' '));
}
