// The pages of short links with options (src/shared/link-gate.ts), as Pages.renderLinkGate gives
// them to the redirect routes: the app's layout rendered on the server (dist/ssr), the texts of
// messages.ts, a password form that works as plain HTML (the HTML is parsed here, no script
// runs), the page the same for every link, and the bare page when the app or its server bundle
// is missing. Through the real routes and in Chromium: test/e2e/link-gate.test.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import { parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCalendar } from '../../src/server/calendar.js';
import { loadConfig } from '../../src/server/config.js';
import { createPages, type LinkGateView, type PageResponse, type Pages } from '../../src/server/web/pages.js';
import { LINK_GATE_VIEWS } from '../../src/shared/link-gate.js';
import { appRoot, copyrightLine, cspNonce, type FetchedPage, findAll, findOnly, type HtmlElement, jsonBlock, tag, textOf, titleOf } from './html.js';

const SITE = 'Encurta.br';
const PUBLIC_URL = 'http://127.0.0.1:3999';
const TEXTS = {
  expired: 'Este link expirou.',
  protectedTitle: 'Este link é protegido por senha.',
  wrongPassword: 'Senha incorreta.',
  tooManyAttempts: 'Muitas tentativas em pouco tempo. Aguarde um minuto e tente novamente.',
  passwordLabel: 'Senha',
  open: 'Abrir link',
  backHome: 'Voltar para a Home',
};
/** Heading, title and the message under the field of each view. */
const VIEWS: Record<LinkGateView, { h1: string; title: string; problem?: string }> = {
  expired: { h1: TEXTS.expired, title: 'Este link expirou' },
  password: { h1: TEXTS.protectedTitle, title: 'Link protegido por senha' },
  'password-wrong': { h1: TEXTS.protectedTitle, title: 'Link protegido por senha', problem: TEXTS.wrongPassword },
  'password-limited': { h1: TEXTS.protectedTitle, title: 'Link protegido por senha', problem: TEXTS.tooManyAttempts },
};
const PASSWORD_VIEWS = LINK_GATE_VIEWS.filter((view) => view !== 'expired');

const logged: unknown[][] = [];
const record =
  (level: string) =>
  (...args: unknown[]) =>
    logged.push([level, ...args]);
const log = { warn: record('warn'), error: record('error'), info: () => {}, debug: () => {}, trace: () => {}, fatal: record('fatal') } as unknown as FastifyBaseLogger;

function pagesFor(webDistDir: string, clock: () => number = Date.now): Pages {
  const config = loadConfig({ WEB_DIST_DIR: webDistDir, PUBLIC_URL, LOG_LEVEL: 'silent' });
  return createPages(config, createCalendar(config.statsTimeZone, clock), log);
}

/** A response as a browser without JavaScript reads it. */
function read(response: PageResponse): FetchedPage {
  const html = response.gzip ? zlib.gunzipSync(response.body).toString('utf8') : response.body.toString();
  return { status: 200, headers: new Headers(response.headers), html, doc: parseDocument(html) };
}
const gate = (pages: Pages, view: LinkGateView, acceptEncoding?: string) => read(pages.renderLinkGate(view, acceptEncoding));

const mainOf = (page: FetchedPage): HtmlElement => findOnly(page.doc, tag('main'), '<main>');
const h1Texts = (page: FetchedPage): string[] => findAll(page.doc, tag('h1')).map((h1) => textOf(h1));
const directivesOf = (page: FetchedPage) =>
  new Map(
    (page.headers.get('content-security-policy') ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name = '', ...values]): [string, string[]] => [name, values]),
  );

/** The password form: method post, no action, one labelled password field, the submit button; the message tied to the field. */
function expectPasswordForm(page: FetchedPage, problem: string | undefined): void {
  const main = mainOf(page);
  const form = findOnly(main, tag('form'), '<form>');
  expect(form.attribs.method).toBe('post');
  // No action: it posts to the address the page was served at, /:alias, whatever the link.
  expect(form.attribs).not.toHaveProperty('action');
  expect(form.attribs).not.toHaveProperty('enctype');
  const inputs = findAll(form, tag('input'));
  // The password, and the hidden origin the page's script fills on submit (empty as served).
  expect(inputs.map((input) => `${input.attribs.type}:${input.attribs.name}`)).toEqual(['hidden:referrer', 'password:password']);
  expect(inputs[0]?.attribs.value ?? '').toBe('');
  const field = inputs[1] as HtmlElement;
  expect(field.attribs).toMatchObject({ type: 'password', name: 'password', autocomplete: 'current-password' });
  expect(field.attribs).toHaveProperty('required');
  expect(field.attribs).not.toHaveProperty('disabled');
  expect(field.attribs).not.toHaveProperty('value');
  const label = findOnly(form, tag('label'), '<label>');
  expect(textOf(label)).toBe(TEXTS.passwordLabel);
  expect(label.attribs.for).toBe(field.attribs.id);
  const button = findOnly(form, tag('button'), '<button>');
  expect(button.attribs.type).toBe('submit');
  expect(button.attribs).not.toHaveProperty('disabled');
  expect(textOf(button)).toBe(TEXTS.open);

  // Shown ones: every page also carries the hidden bar for an app that cannot load (index.html).
  const alerts = findAll(page.doc, (element) => element.attribs.role === 'alert' && !('hidden' in element.attribs));
  if (problem === undefined) {
    expect(alerts).toEqual([]);
    expect(field.attribs).not.toHaveProperty('aria-describedby');
    expect(field.attribs).not.toHaveProperty('aria-invalid');
    return;
  }
  expect(alerts.map((alert) => textOf(alert))).toEqual([problem]);
  const described = findOnly(page.doc, (element) => element.attribs.id === field.attribs['aria-describedby'], 'the element aria-describedby names');
  expect(described).toBe(alerts[0]);
  if (problem === TEXTS.wrongPassword) expect(field.attribs['aria-invalid']).toBe('true');
  else expect(field.attribs).not.toHaveProperty('aria-invalid');
}

function expectExpired(page: FetchedPage): void {
  const main = mainOf(page);
  expect(findAll(main, tag('form'))).toEqual([]);
  expect(findAll(main, tag('input'))).toEqual([]);
  const home = findOnly(main, (element) => element.name === 'a' && textOf(element) === TEXTS.backHome, `"${TEXTS.backHome}" link`);
  expect(home.attribs.href).toBe('/');
}

const urlsIn = (page: FetchedPage): Set<string> => new Set([...page.html.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((match) => match[0]));

/** No address but those the site's not-found page carries too (the site's own, its contacts): nothing of a link. */
function expectNothingOfALink(page: FetchedPage, pages: Pages): void {
  const siteUrls = urlsIn(read(pages.renderNotFound(undefined)));
  expect([...urlsIn(page)].filter((url) => !siteUrls.has(url))).toEqual([]);
}

afterAll(() => {
  expect(logged).toEqual([]);
});

describe('with the app: the pages rendered on the server, in the site layout', () => {
  let pages: Pages;
  beforeAll(async () => {
    for (const built of ['dist/web/index.html', 'dist/ssr/entry-server.js']) {
      if (!fs.existsSync(path.resolve(built))) throw new Error(`${built} is missing: the app must be built (npm run build:web)`);
    }
    pages = pagesFor('dist/web');
    await pages.start();
  });

  it.each(LINK_GATE_VIEWS)('%s: its heading and title inside the app, with header and footer, and the page context that keeps it on hydration', (view) => {
    const page = gate(pages, view);
    expect(titleOf(page)).toBe(`${VIEWS[view].title} | ${SITE}`);
    expect(h1Texts(page)).toEqual([VIEWS[view].h1]);
    const root = appRoot(page);
    findOnly(root, tag('header'), '<header>');
    findOnly(root, tag('footer'), '<footer>');
    expect(copyrightLine(page)).toMatch(new RegExp(`^© \\d{4} ${SITE}\\. Todos os direitos reservados\\.$`));
    // The redirect route's view, not its spinner or the not-found view.
    expect(textOf(mainOf(page))).not.toContain('Redirecionando');
    expect(textOf(mainOf(page))).not.toContain('Oops!');
    expect(jsonBlock(page, 'page-context')).toEqual({ today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), status: 200, linkGate: view });
    expectNothingOfALink(page, pages);
  });

  it.each(PASSWORD_VIEWS)('%s: the password form works as plain HTML', (view) => {
    expectPasswordForm(gate(pages, view), VIEWS[view].problem);
  });

  it('expired: the way home, no form', () => {
    expectExpired(gate(pages, 'expired'));
  });

  it.each(LINK_GATE_VIEWS)("%s: the app's security headers with this response's nonce; its form may lead to the link's target", (view) => {
    const first = gate(pages, view);
    const second = gate(pages, view);
    const directives = directivesOf(first);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    // The form posts here, and the right password is answered with a redirect to the target:
    // Chromium holds a form's redirects to form-action.
    expect(directives.get('form-action')).toEqual(["'self'", 'https:', 'http:']);
    expect(first.headers.get('x-frame-options')).toBe('DENY');
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const meta = (page: FetchedPage) => findOnly(page.doc, tag('meta', { name: 'csp-nonce' }), 'csp-nonce meta').attribs.content;
    expect(cspNonce(first)).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(meta(first)).toBe(cspNonce(first));
    expect(cspNonce(second)).not.toBe(cspNonce(first));
    // The same page for every response but its nonce.
    expect(second.html.replaceAll(cspNonce(second) ?? '', 'NONCE')).toBe(first.html.replaceAll(cspNonce(first) ?? '', 'NONCE'));
    // Only the two JSON data blocks inline; no style attribute, no inline handler.
    const inline = findAll(first.doc, tag('script')).filter((script) => script.attribs.src === undefined);
    expect(inline.map((script) => script.attribs.id)).toEqual(['site-config', 'page-context']);
    expect(findAll(first.doc, (element) => 'style' in element.attribs)).toEqual([]);
    expect(findAll(first.doc, (element) => Object.keys(element.attribs).some((name) => name.startsWith('on')))).toEqual([]);
  });

  it('gzip for browsers, the same page without it', () => {
    const zipped = pages.renderLinkGate('password-wrong', 'gzip, deflate, br');
    const plain = pages.renderLinkGate('password-wrong', undefined);
    expect(zipped.gzip).toBe(true);
    expect(plain.gzip).toBe(false);
    const strip = (page: FetchedPage) =>
      page.html.replace(/<style>[\s\S]*?<\/style>|<link rel="stylesheet"[^>]*>/g, '').replaceAll(cspNonce(page) ?? '', 'NONCE');
    expect(strip(read(zipped))).toBe(strip(read(plain)));
    expect(read(zipped).html).not.toContain('rel="stylesheet"');
  });

  it('rendered again when the day changes, like the other pages (the footer year)', async () => {
    let now = Date.parse('2031-12-31T23:58:00-03:00');
    const dated = pagesFor('dist/web', () => now);
    await dated.start();
    expect(copyrightLine(gate(dated, 'password'))).toBe(`© 2031 ${SITE}. Todos os direitos reservados.`);
    now = Date.parse('2032-01-01T00:00:30-03:00');
    // The request that notices the new day is answered at once, with the page already rendered.
    expect(copyrightLine(gate(dated, 'password'))).toBe(`© 2031 ${SITE}. Todos os direitos reservados.`);
    await expect.poll(() => copyrightLine(gate(dated, 'password')), { timeout: 5000, interval: 50 }).toBe(`© 2032 ${SITE}. Todos os direitos reservados.`);
    for (const view of LINK_GATE_VIEWS) {
      const page = gate(dated, view);
      expect(copyrightLine(page)).toBe(`© 2032 ${SITE}. Todos os direitos reservados.`);
      expect(jsonBlock(page, 'page-context')).toEqual({ today: '2032-01-01', status: 200, linkGate: view });
    }
  });
});

describe('without a server render: the bare page, with the same texts and the same form', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  /** A built app without its server bundle (dist/ssr): the app's own pages are then rendered in the browser. */
  function appWithoutServerBundle(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'link-gate-'));
    dirs.push(dir);
    fs.mkdirSync(path.join(dir, 'web'));
    fs.copyFileSync(path.resolve('dist/web/index.html'), path.join(dir, 'web', 'index.html'));
    return path.join(dir, 'web');
  }

  const cases: [string, () => Promise<Pages>][] = [
    ['no built app (status pages)', async () => {
      const pages = pagesFor(path.join(os.tmpdir(), 'link-gate-no-such-dir'));
      await pages.start();
      return pages;
    }],
    ['a built app without its server bundle', async () => {
      const pages = pagesFor(appWithoutServerBundle());
      await pages.start();
      return pages;
    }],
    ['the app before its pages are rendered', () => Promise.resolve(pagesFor('dist/web'))],
  ];

  describe.each(cases)('%s', (_name, make) => {
    let pages: Pages;
    beforeAll(async () => {
      pages = await make();
      // A built app without dist/ssr says so once, at start.
      logged.splice(0);
    });

    it.each(LINK_GATE_VIEWS)('%s: a page of its own (not an empty app root), its heading and title', (view) => {
      const page = gate(pages, view);
      expect(findAll(page.doc, tag('div', { id: 'root' }))).toEqual([]);
      expect(findAll(page.doc, tag('script'))).toEqual([]);
      expect(titleOf(page)).toBe(`${VIEWS[view].title} | ${SITE}`);
      expect(h1Texts(page)).toEqual([VIEWS[view].h1]);
      expect(findOnly(page.doc, tag('html'), '<html>').attribs.lang).toBe('pt-BR');
      expect(findOnly(page.doc, tag('meta', { name: 'robots' }), 'robots meta').attribs.content).toBe('noindex');
      if (view === 'expired') expectExpired(page);
      else expectPasswordForm(page, VIEWS[view].problem);
      expectNothingOfALink(page, pages);
      const directives = directivesOf(page);
      expect(directives.get('form-action')).toEqual(["'self'", 'https:', 'http:']);
      expect(directives.get('script-src') ?? directives.get('default-src')).not.toContain("'unsafe-inline'");
      expect(page.headers.get('x-frame-options')).toBe('DENY');
    });
  });
});
