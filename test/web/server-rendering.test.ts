// Every page arrives rendered (src/server/web/rendered-pages.ts, dist/ssr/entry-server.js):
// the HTML alone, with no script run, holds each page's title, heading and texts, follows the
// server's day and the injected site configuration, and keeps to the pages' CSP.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DomUtils } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandRule } from '../../src/server/web/brand-palette.js';
import { errorMessages } from '../../src/shared/messages.js';
import { ALIAS_PAGE_ROUTES, type AliasPagePath, PAGE_ROUTES, type PagePath } from '../../src/shared/routes.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { appRoot, copyrightLine, cspNonce, fetchPage, type FetchedPage, findAll, findOnly, type HtmlElement, jsonBlock, postForm, tag, textOf, titleOf } from './html.js';

const SITE = 'Encurta.br';
const NOT_FOUND_PATHS = ['/nao-existe', '/a/b'] as const;

/** Title and main heading of each page (typed by the shared page list: a new page needs a row). */
const PAGES: Record<PagePath, { title: string; h1: string }> = {
  '/': { title: `${SITE} | Personalize seus links grátis`, h1: 'Personalize seus links gratuitamente' },
  '/faq': { title: `Perguntas frequentes | ${SITE}`, h1: 'Perguntas frequentes' },
  '/contact': { title: `Contato | ${SITE}`, h1: 'Fale conosco' },
  '/privacy': { title: `Política de Privacidade | ${SITE}`, h1: 'Política de Privacidade' },
  '/dashboard': { title: `Meus links | ${SITE}`, h1: 'Meus links' },
  '/denunciar': { title: `Denunciar link | ${SITE}`, h1: 'Denunciar link' },
};

/**
 * The pages about one link (their path carries an alias): an address for each, its title and
 * its heading (the short link, which names the test server's own address).
 */
const ALIAS_PAGES: Record<AliasPagePath, { path: string; title: string; h1: (origin: string) => string }> = {
  '/dashboard/:alias': { path: '/dashboard/promo-verao', title: `Estatísticas de promo-verao | ${SITE}`, h1: (origin) => `${origin}/promo-verao` },
};

/** Addresses under an alias page that cannot name a link: the 404 view, like an unknown alias. */
const NOT_AN_ALIAS_PATHS = ['/dashboard/ab', `/dashboard/${'a'.repeat(65)}`, '/dashboard/com%20espa%C3%A7o', '/dashboard/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E'] as const;

/** The eight FAQ entries: question and the first paragraph of the answer (default site config). */
const FAQ: readonly [question: string, firstParagraph: string][] = [
  [
    `O que é o ${SITE}?`,
    `O ${SITE} é um encurtador e personalizador de links gratuito. Você cola um endereço longo, escolhe, se quiser, um final com a sua cara e recebe um link curto, fácil de lembrar e de compartilhar no WhatsApp, nas redes sociais, em e-mails ou em materiais impressos.`,
  ],
  [
    'Como crio um link personalizado?',
    'Na página inicial, cole a URL completa (começando com http:// ou https://) no primeiro campo. No segundo, digite o final que você quer para o link, por exemplo promocao-verao, e clique em Personalize.',
  ],
  [
    'Os links expiram?',
    'Não. Os links não expiram automaticamente e continuam funcionando enquanto não forem excluídos, a menos que você escolha uma data de expiração ou um limite de cliques em Mais opções, ao criar o link.',
  ],
  [
    'Posso editar um link depois de criado?',
    'Não. Depois de criado, o destino e o final de um link não podem ser alterados, para que ninguém que já recebeu o link seja levado a outro lugar sem saber.',
  ],
  [
    'Como excluo um link?',
    'No Dashboard (link no rodapé) aparecem os links criados neste navegador. Clique no ícone de lixeira ao lado do link que deseja excluir.',
  ],
  [
    'Existe limite de links?',
    'Não. Você pode criar quantos links quiser, sem pagar nada. Cada final personalizado, porém, só pode ser usado uma vez: se já estiver em uso, escolha outro.',
  ],
  [
    'Meus dados estão seguros?',
    'Sim. Guardamos apenas o necessário para o link funcionar e para as suas estatísticas: o endereço de destino, o final escolhido, a data de criação, as opções do link e totais de cliques por dia, hora, origem, aparelho e região.',
  ],
  ['Como falo com o suporte?', 'Envie uma mensagem pela página de Contato ou escreva para contato@encurta.br. Respondemos em dias úteis.'],
];

const PRIVACY_HEADINGS = [
  '1. Informações que coletamos',
  '2. Como usamos as informações',
  '3. Compartilhamento de informações',
  '4. Cookies e publicidade',
  '5. Segurança',
  '6. Seus direitos',
  '7. Retenção de dados',
  '8. Alterações nesta política',
  '9. Contato',
];

/** YYYY-MM-DD in the server's calendar (STATS_TIMEZONE's default). */
const saoPauloDay = (epochMs: number): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(epochMs);
const ptBrDate = (day: string): string => day.split('-').reverse().join('/');

const mainOf = (page: FetchedPage): HtmlElement => findOnly(appRoot(page), tag('main'), '<main>');
const h1Texts = (page: FetchedPage): string[] => findAll(appRoot(page), tag('h1')).map((h1) => textOf(h1));
const pageContext = (page: FetchedPage): unknown => jsonBlock(page, 'page-context');
/** The page without its per-response nonce. */
const withoutNonce = (page: FetchedPage): string => page.html.replaceAll(cspNonce(page) ?? '\u0000', 'NONCE');

const servers: TestServer[] = [];
async function start(options: Parameters<typeof startTestServer>[0] = {}): Promise<TestServer> {
  const server = await startTestServer({ ...options, withWeb: true });
  servers.push(server);
  return server;
}

let server: TestServer;
beforeAll(async () => {
  for (const built of ['dist/web/index.html', 'dist/ssr/entry-server.js']) {
    if (!fs.existsSync(path.resolve(built))) throw new Error(`${built} is missing: the app must be built (npm run build:web)`);
  }
  server = await start();
});
afterAll(async () => {
  for (const started of servers.splice(0)) await started.close();
});

const get = (pathAndQuery: string, init?: RequestInit) => fetchPage(`${server.url}${pathAndQuery}`, init);

describe('every page is rendered on the server', () => {
  it.each(PAGE_ROUTES)('%s: 200, its own <title> and <h1> inside <div id="root">, the page context of the day', async (route) => {
    const before = saoPauloDay(Date.now());
    const page = await get(route);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(titleOf(page)).toBe(PAGES[route].title);
    expect(h1Texts(page)).toEqual([PAGES[route].h1]);
    // The page itself, not the loading fallback of its lazily loaded component.
    expect(findAll(mainOf(page), (element) => element.attribs.role === 'status' && textOf(element) === 'Carregando')).toEqual([]);
    expect([before, saoPauloDay(Date.now())]).toContainEqual((pageContext(page) as { today: string }).today);
    expect(pageContext(page)).toEqual({ today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), status: 200 });
  });

  it.each(ALIAS_PAGE_ROUTES)('%s: 200 for a well-formed alias, its own <title> and <h1> (the short link), rendered for the request', async (route) => {
    const { path, title, h1 } = ALIAS_PAGES[route];
    const page = await get(path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(titleOf(page)).toBe(title);
    expect(h1Texts(page)).toEqual([h1(server.url.replace(/^https?:\/\//, ''))]);
    expect(findAll(mainOf(page), (element) => element.attribs.role === 'status' && textOf(element) === 'Carregando')).toEqual([]);
    expect(pageContext(page)).toEqual({ today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), status: 200 });
  });

  it.each([...NOT_FOUND_PATHS, ...NOT_AN_ALIAS_PATHS])('%s: 404 with the not-found view (Oops!) and its title', async (notFoundPath) => {
    const page = await get(notFoundPath);
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(titleOf(page)).toBe(`Link não encontrado | ${SITE}`);
    expect(h1Texts(page)).toEqual(['Oops!']);
    const main = textOf(mainOf(page));
    expect(main).toContain('Não foi possível encontrar este link.');
    expect(main).toContain('Link não encontrado ou expirado.');
    const home = findOnly(mainOf(page), (element) => element.name === 'a' && textOf(element) === 'Voltar para a Home', '"Voltar para a Home" link');
    expect(home.attribs.href).toBe('/');
    expect(pageContext(page)).toEqual({ today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), status: 404 });
  });

  it('home: the form posts url and alias to / without JavaScript, three FAQ questions, statistics still loading', async () => {
    const page = await get('/');
    const main = mainOf(page);
    const form = findOnly(main, tag('form'), 'form');
    expect(form.attribs.method).toBe('post');
    // The fragment names the outcome the answering page holds (none here), so it opens there.
    expect(form.attribs.action).toBe('/#resultado');
    expect(findAll(page.doc, (element) => element.attribs.id === 'resultado')).toEqual([]);
    const url = findOnly(form, tag('input', { name: 'url' }), 'url input');
    expect(url.attribs).toMatchObject({ type: 'url', value: '' });
    expect(url.attribs).toHaveProperty('required');
    expect(findOnly(form, tag('input', { name: 'alias' }), 'alias input').attribs).toMatchObject({ type: 'text', value: '' });
    expect(textOf(findOnly(form, tag('button', { type: 'submit' }), 'submit button'))).toBe('Personalize');
    // No outcome of a posted form on the plain page.
    expect(textOf(main)).not.toContain('Seu link personalizado:');
    expect(textOf(main)).not.toContain('Erro ao personalizar');

    // 'Mais opções' (closed, its fields posted with the form), then three FAQ questions.
    const options = findOnly(form, tag('details'), "'Mais opções' <details>");
    expect(options.attribs).not.toHaveProperty('open');
    expect(textOf(findOnly(options, tag('summary'), 'summary'))).toBe('Mais opções');
    expect(findAll(options, tag('input')).map((input) => [input.attribs.name, input.attribs.type])).toEqual([
      ['expiresAt', 'datetime-local'],
      ['maxClicks', 'number'],
      ['password', 'password'],
      ['iosUrl', 'url'],
      ['androidUrl', 'url'],
    ]);
    expect(findAll(main, tag('summary')).map((summary) => textOf(summary))).toEqual(['Mais opções', ...FAQ.slice(0, 3).map(([question]) => question)]);
    const placeholders = findAll(main, tag('span', { 'data-testid': 'stat-placeholder' }));
    expect(placeholders).toHaveLength(6);
    for (const placeholder of placeholders) expect(textOf(placeholder)).toBe('Carregando');
    // …and a reader without JavaScript is told why they stay.
    expect(page.html).toContain('<noscript><p class="mt-2 text-center text-sm text-slate-500">Ative o JavaScript no seu navegador para ver os números.</p></noscript>');
  });

  it('/faq: the eight questions with their answers in the HTML, only the first one open', async () => {
    const page = await get('/faq');
    const details = findAll(mainOf(page), tag('details'));
    expect(details).toHaveLength(8);
    details.forEach((entry, index) => {
      const [question, firstParagraph] = FAQ[index] ?? ['', ''];
      expect(textOf(findOnly(entry, tag('summary'), 'summary'))).toBe(question);
      expect(findAll(entry, tag('p')).map((p) => textOf(p))[0]).toBe(firstParagraph);
    });
    expect(details.map((entry) => 'open' in entry.attribs)).toEqual([true, false, false, false, false, false, false, false]);
    const main = mainOf(page);
    expect(textOf(main)).toContain('Ainda tem dúvidas?');
    expect(findOnly(main, (element) => element.name === 'a' && textOf(element) === 'Fale conosco', '"Fale conosco" link').attribs.href).toBe('/contact');
  });

  it('/contact: the form with its four fields and five subjects, the support e-mail', async () => {
    const main = mainOf(await get('/contact'));
    expect(findAll(main, tag('label')).map((label) => textOf(label))).toEqual(['Nome', 'Email', 'Assunto', 'Mensagem']);
    expect(findAll(main, tag('option')).map((option) => [option.attribs.value, textOf(option)])).toEqual([
      ['', 'Selecione um assunto'],
      ['suporte', 'Suporte Técnico'],
      ['duvida', 'Dúvida Geral'],
      ['sugestao', 'Sugestão'],
      ['parceria', 'Parceria'],
      ['outro', 'Outro'],
    ]);
    expect(textOf(findOnly(main, tag('button', { type: 'submit' }), 'submit button'))).toBe('Enviar mensagem');
    expect(textOf(findOnly(main, tag('a', { href: 'mailto:contato@encurta.br' }), 'mailto link'))).toBe('contato@encurta.br');
  });

  it("/privacy: nine sections and the server's day as the last update", async () => {
    const before = saoPauloDay(Date.now());
    const page = await get('/privacy');
    const after = saoPauloDay(Date.now());
    const main = mainOf(page);
    expect(findAll(main, tag('h2')).map((h2) => textOf(h2))).toEqual(PRIVACY_HEADINGS);
    const updated = findAll(main, (element) => element.name === 'p' && textOf(element).startsWith('Última atualização:')).map((p) => textOf(p));
    expect(updated).toHaveLength(1);
    expect([`Última atualização: ${ptBrDate(before)}`, `Última atualização: ${ptBrDate(after)}`]).toContain(updated[0]);
    // What a click leaves behind: aggregate counters, never the address.
    expect(textOf(main)).toContain('Cada clique apenas soma 1 a esses totais: não guardamos o endereço IP');
    // The contact address in the last section is a mail link, in the served page already.
    const mail = findAll(main, (element) => element.name === 'a' && element.attribs.href?.startsWith('mailto:') === true);
    expect(mail.map((a) => [a.attribs.href, textOf(a)])).toEqual([['mailto:contato@encurta.br', 'contato@encurta.br']]);
  });

  it('/dashboard: the loading placeholder and the no-JavaScript note, not the empty state (only the browser knows its links)', async () => {
    const main = mainOf(await get('/dashboard'));
    const loading = findOnly(main, (element) => element.attribs.role === 'status', 'status placeholder');
    expect(textOf(findOnly(loading, tag('span'), 'loading text'))).toBe('Carregando seus links');
    expect(textOf(findOnly(loading, tag('noscript'), '<noscript>'))).toBe('Ative o JavaScript no seu navegador para ver os links criados nele.');
    expect(textOf(main)).not.toContain('Nenhum link por aqui ainda');
    expect(textOf(main)).not.toContain('Criar meu primeiro link');
  });

  it("/dashboard/:alias: the frame (way back, range tabs, card titles) and placeholders; the figures wait for this browser's token", async () => {
    const page = await get('/dashboard/promo-verao');
    const main = mainOf(page);
    expect(findOnly(main, (element) => element.name === 'a' && textOf(element) === 'Meus links', '"Meus links" link').attribs.href).toBe('/dashboard');
    const tablist = findOnly(main, (element) => element.attribs.role === 'tablist', 'tablist');
    expect(tablist.attribs['aria-label']).toBe('Período');
    const tabs = findAll(tablist, (element) => element.attribs.role === 'tab');
    expect(tabs.map((tab) => [textOf(tab), tab.attribs['aria-selected']])).toEqual([
      ['Hoje', 'false'],
      ['7 dias', 'false'],
      ['30 dias', 'true'],
      ['90 dias', 'false'],
    ]);
    const panel = findOnly(main, (element) => element.attribs.role === 'tabpanel', 'tabpanel');
    expect(panel.attribs['aria-labelledby']).toBe(tabs[2]?.attribs.id);
    expect(textOf(findOnly(panel, (element) => element.attribs.role === 'status', 'loading status'))).toBe('Carregando as estatísticas');
    expect(textOf(findOnly(panel, tag('noscript'), '<noscript>'))).toBe('Ative o JavaScript no seu navegador para ver as estatísticas deste link.');
    expect(findAll(panel, tag('h2')).map((h2) => textOf(h2))).toEqual(['Total de cliques', 'Cliques por dia', 'Cliques por hora do dia', 'Origens', 'Aparelhos', 'Sistemas', 'Navegadores']);
    // The CSV needs the figures: off until they arrive.
    expect(findOnly(main, (element) => element.name === 'button' && textOf(element) === 'Baixar CSV', 'CSV button').attribs).toHaveProperty('disabled');
    // Only the browser knows whether it keeps this link.
    expect(textOf(main)).not.toContain('Este link não está salvo neste navegador');
  });

  it('/dashboard/:alias?dias=: the tab of the range; other parameters change nothing; an upper-case alias is the same link', async () => {
    const selectedTab = (page: FetchedPage) => textOf(findOnly(mainOf(page), (element) => element.attribs.role === 'tab' && element.attribs['aria-selected'] === 'true', 'selected tab'));
    const week = await get('/dashboard/promo-verao?dias=7');
    expect(week.status).toBe(200);
    expect(selectedTab(week)).toBe('7 dias');
    // One day: no chart of days in the placeholder either.
    const today = await get('/dashboard/promo-verao?dias=1');
    expect(selectedTab(today)).toBe('Hoje');
    expect(findAll(mainOf(today), tag('h2')).map((h2) => textOf(h2))).not.toContain('Cliques por dia');
    expect(withoutNonce(await get('/dashboard/promo-verao?dias=7&utm_source=whatsapp'))).toBe(withoutNonce(week));
    const plain = await get('/dashboard/promo-verao');
    expect(withoutNonce(await get('/dashboard/promo-verao?utm_source=x'))).toBe(withoutNonce(plain));
    expect(selectedTab(await get('/dashboard/promo-verao?dias=5'))).toBe('30 dias');
    const upper = await get('/dashboard/Promo-Verao');
    expect(upper.status).toBe(200);
    expect(h1Texts(upper)).toEqual(h1Texts(plain));
  });

  it('/denunciar: the report form, its alias prefilled from ?alias=, other parameters ignored', async () => {
    const aliasField = (page: FetchedPage) => findOnly(mainOf(page), tag('input', { name: 'alias' }), 'alias input');
    const plain = await get('/denunciar');
    expect(findAll(mainOf(plain), tag('label')).map((label) => textOf(label))).toEqual(['Link encurtado', 'Motivo']);
    expect(aliasField(plain).attribs.value).toBe('');
    expect(textOf(findOnly(mainOf(plain), tag('button', { type: 'submit' }), 'submit button'))).toBe('Enviar denúncia');

    const prefilled = await get('/denunciar?alias=abc');
    expect(prefilled.status).toBe(200);
    expect(aliasField(prefilled).attribs.value).toBe('abc');
    expect(titleOf(prefilled)).toBe(PAGES['/denunciar'].title);

    const tracked = await get('/denunciar?utm_source=x');
    expect(tracked.status).toBe(200);
    expect(withoutNonce(tracked)).toBe(withoutNonce(plain));
  });
});

describe("the pages follow the server's day", () => {
  it('the footer year and the privacy date change when the day changes in São Paulo, the page context with them', async () => {
    let now = Date.parse('2031-12-31T23:58:00-03:00');
    const dated = await start({ clock: () => now });
    const at = (pathAndQuery: string) => fetchPage(`${dated.url}${pathAndQuery}`);
    const privacyDate = (page: FetchedPage) =>
      findAll(mainOf(page), (element) => element.name === 'p' && textOf(element).startsWith('Última atualização:')).map((p) => textOf(p));

    const home = await at('/');
    expect(copyrightLine(home)).toBe(`© 2031 ${SITE}. Todos os direitos reservados.`);
    expect(pageContext(home)).toEqual({ today: '2031-12-31', status: 200 });
    const privacy = await at('/privacy');
    expect(privacyDate(privacy)).toEqual(['Última atualização: 31/12/2031']);
    expect(copyrightLine(privacy)).toBe(`© 2031 ${SITE}. Todos os direitos reservados.`);
    const missing = await at('/nao-existe');
    expect(missing.status).toBe(404);
    expect(pageContext(missing)).toEqual({ today: '2031-12-31', status: 404 });
    expect(copyrightLine(missing)).toBe(`© 2031 ${SITE}. Todos os direitos reservados.`);

    // 00:00:30 in São Paulo (03:00:30 UTC): a new day and a new year.
    now = Date.parse('2032-01-01T00:00:30-03:00');
    // The request that notices the new day is answered at once, with the pages already rendered.
    const noticing = await at('/');
    expect(pageContext(noticing)).toEqual({ today: '2031-12-31', status: 200 });
    // A page rendered for its request (a query parameter it reads) has the new day already.
    const prefilled = await at('/denunciar?alias=abc');
    expect(pageContext(prefilled)).toEqual({ today: '2032-01-01', status: 200 });
    expect(copyrightLine(prefilled)).toBe(`© 2032 ${SITE}. Todos os direitos reservados.`);

    await expect.poll(async () => copyrightLine(await at('/')), { timeout: 5000, interval: 50 }).toBe(`© 2032 ${SITE}. Todos os direitos reservados.`);
    expect(pageContext(await at('/'))).toEqual({ today: '2032-01-01', status: 200 });
    const newPrivacy = await at('/privacy');
    expect(privacyDate(newPrivacy)).toEqual(['Última atualização: 01/01/2032']);
    expect(pageContext(newPrivacy)).toEqual({ today: '2032-01-01', status: 200 });
    for (const notFoundPath of NOT_FOUND_PATHS) {
      const newMissing = await at(notFoundPath);
      expect(newMissing.status).toBe(404);
      expect(pageContext(newMissing)).toEqual({ today: '2032-01-01', status: 404 });
      expect(copyrightLine(newMissing)).toBe(`© 2032 ${SITE}. Todos os direitos reservados.`);
    }
  });
});

describe('the injected site configuration is in the rendered HTML', () => {
  const name = 'Links da Vila & Cia';
  const email = 'fale@linksdavila.com.br';
  const brandColor = '#aa3300';
  let branded: TestServer;
  beforeAll(async () => {
    branded = await start({ env: { SITE_NAME: name, CONTACT_EMAIL: email, BRAND_COLOR: brandColor } });
  });
  const at = (pathAndQuery: string) => fetchPage(`${branded.url}${pathAndQuery}`);

  it('title, header brand, footer e-mail and copyright, FAQ texts and the site-config block', async () => {
    const page = await at('/faq');
    expect(titleOf(page)).toBe(`Perguntas frequentes | ${name}`);
    // Escaped where it is written: "&" arrives as an entity, never raw markup.
    expect(page.html).toContain('<title>Perguntas frequentes | Links da Vila &amp; Cia</title>');
    const header = findOnly(appRoot(page), tag('header'), '<header>');
    // The brand (logo) and the menu's "Início" both lead home: the wide screen's bar and the
    // phone's menu, a popover the browser opens without the app, so it is in the served HTML.
    expect(findAll(header, tag('a', { href: '/' })).map((link) => textOf(link))).toEqual([name, 'Início', 'Início']);
    expect(findAll(header, tag('nav', { popover: 'auto' }))).toHaveLength(1);
    const footer = findOnly(appRoot(page), tag('footer'), '<footer>');
    expect(textOf(findOnly(footer, tag('a', { href: `mailto:${email}` }), 'footer e-mail link'))).toBe(email);
    expect(copyrightLine(page)).toBe(`© ${saoPauloDay(Date.now()).slice(0, 4)} ${name}. Todos os direitos reservados.`);
    const questions = findAll(mainOf(page), tag('summary')).map((summary) => textOf(summary));
    expect(questions[0]).toBe(`O que é o ${name}?`);
    expect(textOf(mainOf(page))).toContain(`Envie uma mensagem pela página de Contato ou escreva para ${email}. Respondemos em dias úteis.`);
    // The defaults are gone (the company line, configured apart, still names the product).
    expect(page.html).not.toContain('contato@encurta.br');
    expect(textOf(header)).not.toContain(SITE);
    expect(jsonBlock(page, 'site-config')).toMatchObject({ siteName: name, contactEmail: email, brandColor, publicUrl: branded.url });
  });

  it('the page paints in the brand colour before any script: its theme colour and the inline stylesheet carry it', async () => {
    for (const path of ['/', '/faq', '/nao-existe']) {
      const page = await at(path);
      expect(findOnly(page.doc, tag('meta', { name: 'theme-color' }), 'theme-color meta').attribs.content).toBe(brandColor);
      const styles = findAll(page.doc, tag('style')).map((style) => textOf(style)).join('\n');
      // A dark red gets white text on it (the palette's foregroundFor), and its
      // shades come mixed from the server (brand-palette.ts), not from color-mix() in the page.
      expect(styles).toContain(`:root{--brand:${brandColor};--brand-foreground:#ffffff;`);
      expect(styles).toContain(brandRule(brandColor));
    }
    // The default server keeps the default colour.
    const plain = await fetchPage(`${server.url}/`);
    expect(findOnly(plain.doc, tag('meta', { name: 'theme-color' }), 'theme-color meta').attribs.content).toBe('#0f766e');
  });

  it('home and 404 titles carry the configured name', async () => {
    expect(titleOf(await at('/'))).toBe(`${name} | Personalize seus links grátis`);
    const missing = await at('/nao-existe');
    expect(missing.status).toBe(404);
    expect(titleOf(missing)).toBe(`Link não encontrado | ${name}`);
  });
});

describe('with click insights off (INSIGHTS=false), the privacy policy and the FAQ say what is kept then', () => {
  let off: TestServer;
  beforeAll(async () => {
    // Another time zone too: the statistics page names the one the hours are read in.
    off = await start({ env: { INSIGHTS: 'false', STATS_TIMEZONE: 'America/Manaus' } });
  });
  const textsOf = async (origin: string) => ({
    privacy: textOf(mainOf(await fetchPage(`${origin}/privacy`))),
    faq: textOf(mainOf(await fetchPage(`${origin}/faq`))),
  });

  it('clicks counted per day, no breakdowns, no address lookup; the default server says the opposite', async () => {
    const page = await fetchPage(`${off.url}/privacy`);
    expect(jsonBlock(page, 'site-config')).toMatchObject({ clickInsights: false, statsTimeZone: 'America/Manaus' });
    const { privacy, faq } = await textsOf(off.url);
    expect(privacy).toContain('A quantidade de cliques de cada link, somada por dia. Cada clique apenas soma 1 a esse total: não guardamos o endereço IP');
    expect(privacy).toContain('os cliques dos seus links (por dia).');
    expect(faq).toContain('as opções do link e totais de cliques por dia.');
    for (const text of [privacy, faq]) {
      expect(text).not.toMatch(/origem|país e o estado|aparelho e região/);
    }
    // The same sections either way.
    expect(findAll(mainOf(page), tag('h2')).map((h2) => textOf(h2))).toEqual(PRIVACY_HEADINGS);

    const on = await textsOf(server.url);
    expect(jsonBlock(await fetchPage(`${server.url}/privacy`), 'site-config')).toMatchObject({ clickInsights: true, statsTimeZone: 'America/Sao_Paulo' });
    expect(on.privacy).toContain('O endereço IP serve só para saber o país e o estado');
    expect(on.privacy).toContain('os totais por hora, origem, aparelho e região são apagados automaticamente');
    expect(on.faq).toContain('totais de cliques por dia, hora, origem, aparelho e região.');
  });
});

describe('renders made for one request are budgeted (PAGE_RENDERS_PER_SECOND), all visitors together', () => {
  let budgeted: TestServer;
  // The budget runs on the app's clock: held still, a loaded machine's slow renders refill
  // nothing, and a second passes when the test says so.
  let now = Date.parse('2025-11-21T15:00:00Z');
  const aSecondLater = () => {
    now += 1_100;
  };
  beforeAll(async () => {
    budgeted = await start({ env: { PAGE_RENDERS_PER_SECOND: '2' }, clock: () => now });
  });
  const rendered = (page: FetchedPage): boolean => h1Texts(page).length > 0;

  it('past the budget a statistics page is the app shell (200, the browser renders it); a page already rendered is still served; then renders come back', async () => {
    const first = await fetchPage(`${budgeted.url}/dashboard/orcamento-a`);
    const second = await fetchPage(`${budgeted.url}/dashboard/orcamento-b`);
    const third = await fetchPage(`${budgeted.url}/dashboard/orcamento-c`);
    expect([first, second].map(rendered)).toEqual([true, true]);
    expect(third.status).toBe(200);
    expect(rendered(third)).toBe(false);
    // The shell: the page context and the app's scripts, nothing rendered inside the root.
    expect(pageContext(third)).toEqual({ today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), status: 200 });
    expect(appRoot(third).children).toEqual([]);
    expect(third.html).toMatch(/<script type="module"[^>]*src="\/assets\//);
    // A kept page costs no render.
    expect(rendered(await fetchPage(`${budgeted.url}/dashboard/orcamento-a`))).toBe(true);
    // A page with a query, past the budget: the day's page, rendered without it.
    const report = await fetchPage(`${budgeted.url}/denunciar?alias=orcamento-d`);
    expect(h1Texts(report)).toEqual([PAGES['/denunciar'].h1]);
    expect(report.html).not.toContain('orcamento-d');
    // The day's pages never count.
    for (let i = 0; i < 5; i++) expect(rendered(await fetchPage(`${budgeted.url}/faq`))).toBe(true);

    // Operators see it: the third statistics page and the report page were deferred.
    const metrics = await budgeted.app.server.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/^shortener_page_renders_deferred_total 2$/m);

    aSecondLater();
    expect(rendered(await fetchPage(`${budgeted.url}/dashboard/orcamento-c`))).toBe(true);
    expect(await fetchPage(`${budgeted.url}/denunciar?alias=orcamento-d`).then((page) => page.html)).toContain('value="orcamento-d"');
  });

  /** The plain page a form's answer is past the budget: its heading, the message, the links on. */
  const plainAnswer = (page: FetchedPage) => ({
    h1: findAll(page.doc, tag('h1')).map((h1) => textOf(h1)),
    paragraphs: findAll(page.doc, tag('p')).map((p) => textOf(p)),
    links: findAll(page.doc, tag('a')).map((a) => a.attribs.href),
    scripts: findAll(page.doc, tag('script')).length,
  });

  it('forms posted without JavaScript: refusals past the budget get a plain page with their message, a new link is always rendered', async () => {
    aSecondLater();
    const refusals: FetchedPage[] = [];
    for (let i = 0; i < 3; i++) refusals.push(await postForm(`${budgeted.url}/`, { url: `sem-protocolo-${i}` }));
    const [firstRefusal, , thirdRefusal] = refusals as [FetchedPage, FetchedPage, FetchedPage];
    expect(refusals.map((page) => page.status)).toEqual([400, 400, 400]);
    // Within the budget: the home page, rendered with the refusal beside the fields as typed.
    expect(refusals.slice(0, 2).map(rendered)).toEqual([true, true]);
    expect(pageContext(firstRefusal)).toMatchObject({ homeForm: { url: 'sem-protocolo-0', error: errorMessages.invalid_url } });
    expect(firstRefusal.html).toContain('value="sem-protocolo-0"');
    // Past it: the message still, on a page that costs no render.
    expect(plainAnswer(thirdRefusal)).toEqual({ h1: ['Erro ao personalizar'], paragraphs: [errorMessages.invalid_url, 'Voltar para a Home'], links: ['/'], scripts: 0 });
    expect(thirdRefusal.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(thirdRefusal.headers.get('cache-control')).toBe('no-store');
    // A new link past the budget: its page (the short link, its manage token) is rendered.
    const created = await postForm(`${budgeted.url}/`, { url: 'https://example.com/orcamento' });
    expect(created.status).toBe(201);
    expect(rendered(created)).toBe(true);
    expect(pageContext(created)).toMatchObject({ homeForm: { created: { url: 'https://example.com/orcamento' } } });

    aSecondLater();
    const reports: FetchedPage[] = [];
    for (let i = 0; i < 3; i++) reports.push(await postForm(`${budgeted.url}/denunciar`, { alias: `nao-existe-${i}`, reason: 'Golpe com cobrança falsa no link.' }));
    const [firstReport, , thirdReport] = reports as [FetchedPage, FetchedPage, FetchedPage];
    expect(reports.map((page) => page.status)).toEqual([404, 404, 404]);
    expect(reports.slice(0, 2).map(rendered)).toEqual([true, true]);
    expect(h1Texts(firstReport)).toEqual([PAGES['/denunciar'].h1]);
    expect(plainAnswer(thirdReport)).toEqual({
      h1: ['Denunciar link'],
      paragraphs: [errorMessages.link_not_found, 'Denunciar link', 'Voltar para a Home'],
      links: ['/denunciar', '/'],
      scripts: 0,
    });

    const metrics = await budgeted.app.server.inject({ method: 'GET', url: '/metrics' });
    // The two deferred before, the home form's third refusal and the report form's.
    expect(metrics.body).toMatch(/^shortener_page_renders_deferred_total 4$/m);
  });

  it("the console's pages without a session (the sign-in form) are rendered once a day and never spend the budget", async () => {
    // The budget is spent (the clock held still since the last test's renders).
    expect(rendered(await fetchPage(`${budgeted.url}/dashboard/orcamento-gasto-1`))).toBe(false);
    const before = await budgeted.app.server.inject({ method: 'GET', url: '/metrics' });
    const deferred = Number(/^shortener_page_renders_deferred_total (\d+)$/m.exec(before.body)?.[1]);
    for (const path of ['/admin', '/admin/denuncias', '/admin', '/admin/links', '/admin']) {
      const page = await fetchPage(`${budgeted.url}${path}`);
      expect(page.status, path).toBe(200);
      // Rendered on the server: the sign-in form is in the HTML.
      expect(findAll(appRoot(page), tag('input')).map((input) => input.attribs.type), path).toEqual(expect.arrayContaining(['email', 'password']));
    }
    const after = await budgeted.app.server.inject({ method: 'GET', url: '/metrics' });
    expect(after.body).toMatch(new RegExp(`^shortener_page_renders_deferred_total ${deferred}$`, 'm'));
  });
});

describe('gzip for browsers, a lean page for clients without it', () => {
  it('a browser (gzip) gets the stylesheet inline; a client without gzip gets it linked, both allowed by the CSP, same content', async () => {
    const zipped = await fetch(`${server.url}/faq`, { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toBe('accept-encoding');
    const inline = await zipped.text(); // fetch gunzips, checking the stream's CRC and length
    const plainResponse = await fetch(`${server.url}/faq`, { headers: { 'accept-encoding': 'identity' } });
    expect(plainResponse.headers.get('content-encoding')).toBeNull();
    const plain = await plainResponse.text();

    expect(inline).not.toContain('rel="stylesheet"');
    expect(inline.length).toBeGreaterThan(plain.length + 20_000);
    const link = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"/.exec(plain);
    expect(link?.[1]).toBeDefined();
    expect((await fetch(`${server.url}${link?.[1] ?? ''}`)).status).toBe(200);
    // Apart from how the stylesheet arrives (and the nonce), the two are the same page.
    const strip = (html: string) => html.replace(/<style>[\s\S]*?<\/style>|<link rel="stylesheet"[^>]*>/g, '').replace(/content="[A-Za-z0-9+/=]{24}"/, '');
    expect(strip(plain)).toBe(strip(inline));
    // The brand colour is inline in both, and allowed by its hash.
    const policy = plainResponse.headers.get('content-security-policy') ?? '';
    const brand = /<style>(:root\{--brand:[^<]*)<\/style>/.exec(plain)?.[1] ?? '';
    expect(brand).toContain('--brand:#0f766e');
    expect(policy).toContain(`'sha256-${createHash('sha256').update(brand).digest('base64')}'`);
  });
});

describe('the pages keep to their Content-Security-Policy', () => {
  /** A hostile ?alias= goes into a page rendered for the request: React escapes it like any text. */
  const hostileAlias = '"><script>alert(1)</script><p style="color:red">';
  const PATHS = [
    ...PAGE_ROUTES,
    ...NOT_FOUND_PATHS,
    `/denunciar?alias=${encodeURIComponent(hostileAlias)}`,
    ...Object.values(ALIAS_PAGES).map((page) => page.path),
    '/dashboard/promo-verao?dias=7',
    `/dashboard/${encodeURIComponent(hostileAlias)}`,
  ];

  it.each(PATHS)("%s: script-src without 'unsafe-inline'; no inline script but the two JSON blocks, no style attribute", async (pathAndQuery) => {
    const page = await get(pathAndQuery);
    const policy = page.headers.get('content-security-policy') ?? '';
    const directives = new Map(policy.split(';').map((part) => part.trim().split(/\s+/)).map(([name = '', ...values]): [string, string[]] => [name, values]));
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('style-src')).not.toContain("'unsafe-inline'");
    expect(directives.get('default-src')).toEqual(["'self'"]);

    const scripts = findAll(page.doc, tag('script'));
    const inline = scripts.filter((script) => script.attribs.src === undefined);
    expect(inline.map((script) => [script.attribs.id, script.attribs.type])).toEqual([
      ['site-config', 'application/json'],
      ['page-context', 'application/json'],
    ]);
    for (const script of scripts.filter((s) => s.attribs.src !== undefined)) expect(script.attribs.src).toMatch(/^\/assets\/[\w-]+\.js$/);
    expect(findAll(page.doc, (element) => 'style' in element.attribs).map((element) => element.name)).toEqual([]);
    // Inline event handlers are inline script too.
    expect(findAll(page.doc, (element) => Object.keys(element.attribs).some((name) => name.startsWith('on')))).toEqual([]);
    // A <style> element applies only when the policy allows it: by this response's nonce or by its hash.
    const styleSources = directives.get('style-src') ?? [];
    for (const style of findAll(page.doc, tag('style'))) {
      const allowed =
        (style.attribs.nonce !== undefined && style.attribs.nonce === cspNonce(page)) ||
        styleSources.includes(`'sha256-${createHash('sha256').update(DomUtils.textContent(style)).digest('base64')}'`);
      expect(allowed, `<style> of ${DomUtils.textContent(style).length} characters is allowed by style-src`).toBe(true);
    }
  });

  it('the hostile ?alias= is only the field value', async () => {
    const page = await get(`/denunciar?alias=${encodeURIComponent(hostileAlias)}`);
    expect(findOnly(mainOf(page), tag('input', { name: 'alias' }), 'alias input').attribs.value).toBe(hostileAlias);
  });

  it('the nonce of the header is the <meta name="csp-nonce"> of the page, and a new one each response', async () => {
    const first = await get('/faq');
    const second = await get('/faq');
    const meta = (page: FetchedPage) => findOnly(page.doc, tag('meta', { name: 'csp-nonce' }), 'csp-nonce meta').attribs.content;
    expect(cspNonce(first)).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(meta(first)).toBe(cspNonce(first));
    expect(meta(second)).toBe(cspNonce(second));
    expect(cspNonce(second)).not.toBe(cspNonce(first));
    // The same rendered page otherwise.
    expect(withoutNonce(second)).toBe(withoutNonce(first));
    const missing = [await get('/nao-existe'), await get('/nao-existe')];
    expect(missing.map((page) => meta(page))).toEqual(missing.map((page) => cspNonce(page)));
    expect(cspNonce(missing[0] as FetchedPage)).not.toBe(cspNonce(missing[1] as FetchedPage));
  });
});
