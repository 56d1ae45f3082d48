// The pages as the server sends them, read the way a browser without JavaScript reads them:
// plain HTTP to the test server on 127.0.0.1, the HTML parsed by htmlparser2 (no script runs).
import { DomUtils, parseDocument } from 'htmlparser2';

type HtmlDocument = ReturnType<typeof parseDocument>;
/** Any node of the parsed document (domhandler's AnyNode). */
type HtmlNode = Exclude<Parameters<typeof DomUtils.textContent>[0], readonly unknown[]>;
export type HtmlElement = ReturnType<typeof DomUtils.findAll>[number];

export interface FetchedPage {
  status: number;
  headers: Headers;
  html: string;
  doc: HtmlDocument;
}

/** One request (redirects never followed), its body parsed. */
export async function fetchPage(url: string, init: RequestInit = {}): Promise<FetchedPage> {
  const response = await fetch(url, { redirect: 'manual', ...init });
  const html = await response.text();
  return { status: response.status, headers: response.headers, html, doc: parseDocument(html) };
}

/** A form posted as a browser without JavaScript posts it (application/x-www-form-urlencoded). */
export function postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<FetchedPage> {
  return fetchPage(url, { method: 'POST', body: new URLSearchParams(fields), headers });
}

/** The text a reader sees: whitespace runs collapsed (React's <!-- --> separators hold no text). */
export function textOf(node: HtmlNode | HtmlNode[]): string {
  return DomUtils.textContent(node).replace(/\s+/g, ' ').trim();
}

/** Every element under `root` (its descendants, in document order) that passes `test`. */
export function findAll(root: HtmlNode | HtmlNode[], test: (element: HtmlElement) => boolean): HtmlElement[] {
  const nodes = Array.isArray(root) ? root : [root];
  return DomUtils.findAll(test, nodes.flatMap((node) => ('children' in node ? node.children : [])));
}

/** The only element under `root` that passes `test`; more or none is an error that names `what`. */
export function findOnly(root: HtmlNode | HtmlNode[], test: (element: HtmlElement) => boolean, what: string): HtmlElement {
  const found = findAll(root, test);
  if (found.length !== 1 || found[0] === undefined) throw new Error(`expected one ${what}, found ${found.length}`);
  return found[0];
}

export const tag =
  (name: string, attributes: Record<string, string> = {}) =>
  (element: HtmlElement): boolean =>
    element.name === name && Object.entries(attributes).every(([key, value]) => element.attribs[key] === value);

export const titleOf = (page: FetchedPage): string => textOf(findOnly(page.doc, tag('title'), '<title>'));

/** <div id="root">: what the app rendered. */
export const appRoot = (page: FetchedPage): HtmlElement => findOnly(page.doc, tag('div', { id: 'root' }), '<div id="root">');

/** The JSON of a <script id=… type="application/json"> data block. */
export function jsonBlock(page: FetchedPage, id: string): unknown {
  return JSON.parse(DomUtils.textContent(findOnly(page.doc, tag('script', { id, type: 'application/json' }), `script#${id}`)));
}

/** The nonce of the page's style-src (the CSP header), or undefined when it has none. */
export function cspNonce(page: FetchedPage): string | undefined {
  return /'nonce-([^']+)'/.exec(page.headers.get('content-security-policy') ?? '')?.[1];
}

/** The footer's "© YYYY …" line. */
export function copyrightLine(page: FetchedPage): string {
  const footer = findOnly(appRoot(page), tag('footer'), '<footer>');
  const lines = findAll(footer, (element) => element.name === 'p' && textOf(element).startsWith('©')).map((p) => textOf(p));
  if (lines.length !== 1 || lines[0] === undefined) throw new Error(`expected one copyright line, found ${lines.length}`);
  return lines[0];
}
