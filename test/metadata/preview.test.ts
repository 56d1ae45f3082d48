// From a target page to the preview a crawler gets: the target's metadata, read by our
// parser, rendered by the existing preview page with everything escaped, in one request
// and without JavaScript.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetadataRepository } from '../../src/server/metadata/metadata-repository.js';
import { createMetadataService } from '../../src/server/metadata/metadata-service.js';
import { parseMetadata } from '../../src/server/metadata/parse-metadata.js';
import { safeFetch } from '../../src/server/metadata/safe-fetch.js';
import { renderPreviewPage } from '../../src/server/redirect/preview-page.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { type FixtureServer, html, OG_PAGE, startFixtureServer } from './fixture-server.js';

const HOSTILE_PAGE = `<!doctype html><html><head>
<title>Oi <script>alert("x")</script> "aspas" & 'simples'</title>
<meta property="og:description" content="Veja &quot;isto&quot; <b>agora</b> &amp; já">
<meta property="og:image" content="/img/capa.png?a=1&b=2">
</head><body><script>document.title = 'nunca executado'</script></body></html>`;

const CRAWLER_UA = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)';

let site: FixtureServer;
let server: TestServer;

beforeAll(async () => {
  site = await startFixtureServer({
    '/hostile': html(HOSTILE_PAGE),
    '/og': html(OG_PAGE),
    '/empty': html('<p>nada</p>'),
    '/down': (_request, response) => {
      response.writeHead(500, { 'content-type': 'text/html' }).end();
    },
  });
  server = await startTestServer({
    env: { UNSAFE_ALLOW_PRIVATE_FETCH: 'true', METADATA_ALLOWED_PORTS: String(site.port) },
  });
});

afterAll(async () => {
  await server.close();
  await site.close();
});

function fetchOptions() {
  return {
    allowedPorts: [site.port],
    allowPrivateAddresses: true,
    timeoutMs: 2000,
    maxBytes: 512 * 1024,
    maxRedirects: 3,
    userAgent: 'Encurta.br-preview/1.0',
  };
}

describe('renderPreviewPage with metadata parsed from the target', () => {
  it('shows the target’s title, description and image, escaped', async () => {
    const page = await safeFetch(`${site.origin}/hostile`, fetchOptions());
    const metadata = parseMetadata({ body: page.body, url: page.url, contentType: page.contentType });
    const preview = renderPreviewPage({
      siteName: 'Encurta.br',
      shortUrl: 'http://127.0.0.1/abc123',
      targetUrl: `${site.origin}/hostile`,
      ...metadata,
      defaultImage: 'http://127.0.0.1/og-image.png',
    });

    expect(preview).not.toMatch(/<script/i);
    expect(preview).toContain('<title>Oi &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &quot;aspas&quot; &amp; &#39;simples&#39;</title>');
    expect(preview).toContain(
      '<meta property="og:title" content="Oi &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &quot;aspas&quot; &amp; &#39;simples&#39;">',
    );
    expect(preview).toContain('<meta property="og:description" content="Veja &quot;isto&quot; &lt;b&gt;agora&lt;/b&gt; &amp; já">');
    expect(preview).toContain(`<meta property="og:image" content="${site.origin}/img/capa.png?a=1&amp;b=2">`);

    // A crawler reading our preview gets back exactly the target's values.
    const seenByCrawler = parseMetadata({ body: Buffer.from(preview), url: 'http://127.0.0.1/abc123' });
    expect(seenByCrawler).toEqual(metadata);
    expect(seenByCrawler.title).toBe(`Oi <script>alert("x")</script> "aspas" & 'simples'`);
    // The target's image: its size is not known, so none is announced.
    expect(preview).not.toContain('og:image:width');
  });

  it('keeps whole emoji when a title or description is clipped, and stored metadata as it is', () => {
    const input = { siteName: 'Encurta.br', shortUrl: 'http://127.0.0.1/e', targetUrl: 'https://example.com/', image: null, defaultImage: 'http://127.0.0.1/og-image.png' };
    // What the parser stores: at most 200 and 500 characters, emoji counted as one.
    const stored = parseMetadata({ body: Buffer.from(`<title>${'🎉'.repeat(300)}</title><meta name="description" content="${'ção 🎉 '.repeat(100)}">`), url: 'https://example.com/' });
    const preview = renderPreviewPage({ ...input, title: stored.title, description: stored.description });
    expect(preview).not.toContain('\ufffd');
    expect(preview).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
    expect(parseMetadata({ body: Buffer.from(preview), url: input.shortUrl })).toMatchObject({ title: stored.title, description: stored.description });
    // Longer than the page's own bound: cut at a whole character.
    const long = renderPreviewPage({ ...input, title: '😀'.repeat(250), description: null });
    expect(parseMetadata({ body: Buffer.from(long), url: input.shortUrl }).title).toBe(`${'😀'.repeat(199)}…`);
    // The site's own image comes with its size.
    expect(long).toContain('<meta property="og:image" content="http://127.0.0.1/og-image.png">\n<meta property="og:image:width" content="1200">\n<meta property="og:image:height" content="630">');
  });

  it('names the target as a person reads it when it has no description, and links to it as stored', () => {
    const input = { siteName: 'Encurta.br', shortUrl: 'http://127.0.0.1/acai', title: null, description: null, image: null, defaultImage: 'http://127.0.0.1/og-image.png' };
    // What a creation stores for https://açaí.com.br/promoção?cor=azul&tamanho=médio&x="<b>"
    const targetUrl = 'https://xn--aa-4iaz.com.br/promo%C3%A7%C3%A3o?cor=azul&tamanho=m%C3%A9dio&x=%22%3Cb%3E%22';
    const preview = renderPreviewPage({ ...input, targetUrl });
    expect(parseMetadata({ body: Buffer.from(preview), url: input.shortUrl }).description).toBe(
      'Acesse o link: https://açaí.com.br/promoção?cor=azul&tamanho=médio&x="<b>"',
    );
    expect(preview).toContain('<meta property="og:description" content="Acesse o link: https://açaí.com.br/promoção?cor=azul&amp;tamanho=médio&amp;x=&quot;&lt;b&gt;&quot;">');
    expect(preview).toContain(`<a href="${targetUrl.replace(/&/g, '&amp;')}" rel="nofollow noopener">`);
    // A look-alike host (Cyrillic letters reading "apple") stays in punycode.
    const lookAlike = renderPreviewPage({ ...input, targetUrl: 'https://xn--80ak6aa92e.com/' });
    expect(parseMetadata({ body: Buffer.from(lookAlike), url: input.shortUrl }).description).toBe('Acesse o link: https://xn--80ak6aa92e.com/');
    // A target of 4,096 characters: the default description is bounded like a stored one.
    const long = renderPreviewPage({ ...input, targetUrl: `https://example.com/${'a'.repeat(4000)}` });
    const description = parseMetadata({ body: Buffer.from(long), url: input.shortUrl }).description ?? '';
    expect(description).toMatch(/^Acesse o link: https:\/\/example\.com\/a+…$/);
    expect(Array.from(description)).toHaveLength(500);
  });
});

describe('GET /:alias for a crawler after the metadata service ran', () => {
  async function createLink(url: string): Promise<{ alias: string; url: string }> {
    const response = await fetch(`${server.url}/api/links`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url }),
    });
    expect(response.status).toBe(201);
    return (await response.json()) as { alias: string; url: string };
  }

  function serviceFor() {
    return createMetadataService({
      options: { ...server.config.metadata, enabled: true },
      repository: createMetadataRepository(server.store.db),
      // The app's own logger fits MetadataLog (silent in tests).
      log: server.app.server.log,
    });
  }

  it('answers with the target’s metadata in one request, no JavaScript', async () => {
    const link = await createLink(`${site.origin}/og`);
    expect(await serviceFor().refresh(link)).toBe('stored');

    const response = await fetch(`${server.url}/${link.alias}`, { headers: { 'user-agent': CRAWLER_UA }, redirect: 'manual' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const body = await response.text();
    expect(body).not.toMatch(/<script/i);
    expect(parseMetadata({ body: Buffer.from(body), url: `${server.url}/${link.alias}` })).toEqual({
      title: 'Praia do Rosa & arredores',
      description: 'Guia completo de Santa Catarina',
      image: 'https://cdn.example.com/rosa.jpg',
    });
    expect(body).toContain('<meta name="twitter:title" content="Praia do Rosa &amp; arredores">');
  });

  it('falls back to the defaults when the target had nothing or could not be fetched', async () => {
    for (const path of ['/empty', '/down']) {
      const link = await createLink(`${site.origin}${path}`);
      await serviceFor().refresh(link);
      const response = await fetch(`${server.url}/${link.alias}`, { headers: { 'user-agent': CRAWLER_UA }, redirect: 'manual' });
      const body = await response.text();
      expect(parseMetadata({ body: Buffer.from(body), url: `${server.url}/${link.alias}` }), path).toEqual({
        title: server.config.site.siteName,
        description: `Acesse o link: ${link.url}`,
        image: `${server.config.publicUrl}/og-image.png`,
      });
    }
  });
});
