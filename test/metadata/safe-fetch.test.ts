// The fetcher against fixture sites on 127.0.0.1. NETWORK RULE: nothing here resolves or
// connects to anything but loopback; public addresses never appear in this file.
import type { LookupAddress } from 'node:dns';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMetadata } from '../../src/server/metadata/parse-metadata.js';
import { safeFetch, SafeFetchError, type SafeFetchOptions } from '../../src/server/metadata/safe-fetch.js';
import {
  BROKEN_PAGE,
  type FixtureServer,
  html,
  OG_PAGE,
  PLAIN_PAGE,
  RELATIVE_IMAGE_PAGE,
  SCRIPT_TITLE_PAGE,
  startFixtureServer,
  TWITTER_PAGE,
} from './fixture-server.js';

const USER_AGENT = 'Encurta.br-preview/1.0 (+http://127.0.0.1)';
const FIVE_MB = 5 * 1024 * 1024;
const MAX_BYTES = 512 * 1024;
// A socket read hands over at most 64 KB at a time.
const ONE_CHUNK = 64 * 1024;

let site: FixtureServer;

function options(overrides: Partial<SafeFetchOptions> = {}): SafeFetchOptions {
  return {
    allowedPorts: [site.port],
    allowPrivateAddresses: true,
    timeoutMs: 2000,
    maxBytes: MAX_BYTES,
    maxRedirects: 3,
    userAgent: USER_AGENT,
    ...overrides,
  };
}

async function refusal(promise: Promise<unknown>): Promise<SafeFetchError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SafeFetchError) return error;
    throw error;
  }
  throw new Error('expected the fetch to be refused');
}

beforeAll(async () => {
  const gzip = promisify(zlib.gzip);
  const zeros = await gzip(Buffer.alloc(FIVE_MB, 0x20));
  site = await startFixtureServer({
    '/og': html(OG_PAGE),
    '/twitter': html(TWITTER_PAGE),
    '/plain': html(PLAIN_PAGE),
    '/deep/page/index.html': html(RELATIVE_IMAGE_PAGE),
    '/broken': html(BROKEN_PAGE),
    '/script-title': html(SCRIPT_TITLE_PAGE),
    '/latin1': (_request, response) => {
      response
        .writeHead(200, { 'content-type': 'text/html; charset=ISO-8859-1' })
        .end(Buffer.from('<title>Ação rápida</title>', 'latin1'));
    },
    '/meta-charset': (_request, response) => {
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(Buffer.from('<meta charset="windows-1252"><title>Coração</title>', 'latin1'));
    },
    '/json': (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"title":"no"}');
    },
    '/png': (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(100));
    },
    '/no-type': (_request, response) => {
      response.writeHead(200).end('<title>x</title>');
    },
    '/error': (_request, response) => {
      response.writeHead(500, { 'content-type': 'text/html' }).end('<title>Erro</title>');
    },
    '/huge': (_request, response) => {
      // 5 MB of HTML, written with back-pressure: head first, then filler forever-ish.
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      let sent = 0;
      const chunk = Buffer.alloc(ONE_CHUNK, 'a');
      response.write('<html><head><title>Enorme</title></head><body>');
      const pump = () => {
        while (sent < FIVE_MB) {
          sent += chunk.length;
          if (!response.write(chunk)) {
            response.once('drain', pump);
            return;
          }
        }
        response.end('</body></html>');
      };
      response.on('close', () => response.removeAllListeners('drain'));
      pump();
    },
    '/gzip-bomb': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(zeros);
    },
    '/slow-headers': () => {
      // Never answers: only our timeout ends this.
    },
    '/slow-body': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<html><head><title>Lento');
    },
    '/silent-body': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.flushHeaders();
    },
    '/deflate-zlib': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'deflate' }).end(zlib.deflateSync(Buffer.from('<title>Embrulhado</title>')));
    },
    '/deflate-raw': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'deflate' }).end(zlib.deflateRawSync(Buffer.from('<title>Cru, como o IIS manda</title>')));
    },
    '/deflate-damaged': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'deflate' }).end(Buffer.from('<title>não é deflate</title>'));
    },
    '/dropped': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<html><head><title>Cortada</title></head><body>', () => {
        setTimeout(() => response.socket?.destroy(), 20);
      });
    },
    '/r1': redirect('/r2'),
    '/r2': redirect('/r3'),
    '/r3': redirect('/r4'),
    '/r4': redirect('/og'),
    '/to-relative-image': redirect('/deep/page/index.html'),
    '/redirect-without-location': (_request, response) => {
      response.writeHead(302).end();
    },
    '/to-metadata-service': (_request, response) => {
      response.writeHead(302, { location: `http://169.254.169.254:${site.port}/latest/meta-data/` }).end();
    },
    '/to-private': (_request, response) => {
      response.writeHead(302, { location: `http://10.0.0.1:${site.port}/` }).end();
    },
    '/to-mapped-loopback': (_request, response) => {
      response.writeHead(302, { location: `http://[::ffff:127.0.0.1]:${site.port}/og` }).end();
    },
    '/to-file': redirect('file:///etc/passwd'),
    '/to-other-port': redirect('http://127.0.0.1:1/og'),
    '/to-credentials': (_request, response) => {
      response.writeHead(302, { location: `http://user:secret@127.0.0.1:${site.port}/og` }).end();
    },
  });
});

afterAll(async () => {
  await site.close();
});

function redirect(location: string) {
  return (_request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(302, { location }).end();
  };
}

async function fetchAndParse(path: string, overrides: Partial<SafeFetchOptions> = {}) {
  const page = await safeFetch(`${site.origin}${path}`, options(overrides));
  return { page, metadata: parseMetadata({ body: page.body, url: page.url, contentType: page.contentType }) };
}

describe('safeFetch + parseMetadata against fixture sites (test switch on)', () => {
  it('reads Open Graph tags first, sending a plain user agent and accept: text/html', async () => {
    const before = site.requests.length;
    const seen: Record<string, string | undefined> = {};
    const probe = await startFixtureServer({
      '/': (request, response) => {
        seen.userAgent = request.headers['user-agent'];
        seen.accept = request.headers.accept;
        response.writeHead(200, { 'content-type': 'text/html' }).end(OG_PAGE);
      },
    });
    try {
      await safeFetch(`${probe.origin}/`, options({ allowedPorts: [probe.port] }));
    } finally {
      await probe.close();
    }
    expect(seen).toEqual({ userAgent: USER_AGENT, accept: 'text/html' });

    const { page, metadata } = await fetchAndParse('/og');
    expect(site.requests.length).toBe(before + 1);
    expect(page.status).toBe(200);
    expect(page.truncated).toBe(false);
    expect(metadata).toEqual({
      title: 'Praia do Rosa & arredores',
      description: 'Guia completo de Santa Catarina',
      image: 'https://cdn.example.com/rosa.jpg',
    });
  });

  it('falls back to Twitter tags', async () => {
    const { metadata } = await fetchAndParse('/twitter');
    expect(metadata).toEqual({
      title: 'Só no Twitter',
      description: 'Descrição do Twitter',
      image: 'https://cdn.example.com/tw.png',
    });
  });

  it('falls back to <title> and meta description', async () => {
    const { metadata } = await fetchAndParse('/plain');
    expect(metadata).toEqual({ title: 'Página simples', description: 'Uma descrição comum.', image: null });
  });

  it('makes a relative image absolute against the page URL, also after a redirect', async () => {
    const direct = await fetchAndParse('/deep/page/index.html');
    expect(direct.metadata.image).toBe(`${site.origin}/deep/img/capa.png?x=1`);
    const redirected = await fetchAndParse('/to-relative-image');
    expect(redirected.page.url).toBe(`${site.origin}/deep/page/index.html`);
    expect(redirected.page.redirects).toBe(1);
    expect(redirected.metadata.image).toBe(`${site.origin}/deep/img/capa.png?x=1`);
  });

  it('honours a latin-1 charset from the header or a <meta charset>', async () => {
    expect((await fetchAndParse('/latin1')).metadata.title).toBe('Ação rápida');
    expect((await fetchAndParse('/meta-charset')).metadata.title).toBe('Coração');
  });

  it('refuses a non-HTML target', async () => {
    for (const path of ['/json', '/png', '/no-type']) {
      const error = await refusal(safeFetch(`${site.origin}${path}`, options()));
      expect(error.reason, path).toBe('not_html');
    }
  });

  it('refuses an error status', async () => {
    expect((await refusal(safeFetch(`${site.origin}/error`, options()))).reason).toBe('http_status');
  });

  it('stops reading a 5 MB page at the byte limit, quickly', async () => {
    const started = performance.now();
    const { page, metadata } = await fetchAndParse('/huge');
    const elapsed = performance.now() - started;
    expect(page.truncated).toBe(true);
    expect(page.body.length).toBe(MAX_BYTES);
    expect(page.bytesReceived).toBeLessThanOrEqual(MAX_BYTES + ONE_CHUNK);
    expect(metadata.title).toBe('Enorme');
    expect(elapsed).toBeLessThan(1000);
  });

  it('caps the decoded size of a compressed page (gzip bomb)', async () => {
    const { page } = await fetchAndParse('/gzip-bomb');
    expect(page.truncated).toBe(true);
    expect(page.body.length).toBe(MAX_BYTES);
  });

  it('keeps what arrived when the connection drops mid-body', async () => {
    const { page, metadata } = await fetchAndParse('/dropped');
    expect(page.truncated).toBe(true);
    expect(metadata.title).toBe('Cortada');
  });

  it('times out a page that never answers, at the configured timeout', async () => {
    const started = performance.now();
    const error = await refusal(safeFetch(`${site.origin}/slow-headers`, options({ timeoutMs: 300 })));
    const elapsed = performance.now() - started;
    expect(error.reason).toBe('timeout');
    expect(elapsed).toBeGreaterThanOrEqual(280);
    expect(elapsed).toBeLessThan(1500);
  });

  it('stops a body that trickles at the deadline, keeping what arrived (the timeout covers the whole fetch)', async () => {
    const started = performance.now();
    const page = await safeFetch(`${site.origin}/slow-body`, options({ timeoutMs: 300 }));
    expect(performance.now() - started).toBeLessThan(1500);
    expect(page.truncated).toBe(true);
    expect(parseMetadata({ body: page.body, url: page.url, contentType: page.contentType }).title).toBe('Lento');
    // Nothing arrived by the deadline: a timeout.
    const silent = performance.now();
    expect((await refusal(safeFetch(`${site.origin}/silent-body`, options({ timeoutMs: 300 })))).reason).toBe('timeout');
    expect(performance.now() - silent).toBeLessThan(1500);
  });

  it("reads 'deflate' zlib-wrapped or raw, as browsers do", async () => {
    expect((await fetchAndParse('/deflate-zlib')).metadata.title).toBe('Embrulhado');
    expect((await fetchAndParse('/deflate-raw')).metadata.title).toBe('Cru, como o IIS manda');
  });

  it("calls a body that cannot be decoded the page's failure, not the host's", async () => {
    expect((await refusal(safeFetch(`${site.origin}/deflate-damaged`, options()))).reason).toBe('bad_body');
  });

  it('follows 3 redirects but refuses the 4th', async () => {
    const ok = await fetchAndParse('/r2');
    expect(ok.page.redirects).toBe(3);
    expect(ok.metadata.title).toBe('Praia do Rosa & arredores');

    const before = site.requests.length;
    const error = await refusal(safeFetch(`${site.origin}/r1`, options()));
    expect(error.reason).toBe('too_many_redirects');
    // r1, r2, r3 and r4 were asked; the target of the 4th redirect never was.
    expect(site.requests.slice(before)).toEqual(['/r1', '/r2', '/r3', '/r4']);
  });

  it('refuses a redirect without a location', async () => {
    expect((await refusal(safeFetch(`${site.origin}/redirect-without-location`, options()))).reason).toBe('bad_redirect');
  });

  it('re-checks every redirect hop with the production policy', async () => {
    const cases: [string, string][] = [
      ['/to-metadata-service', 'forbidden_address'],
      ['/to-private', 'forbidden_address'],
      ['/to-mapped-loopback', 'forbidden_address'],
      ['/to-file', 'forbidden_protocol'],
      ['/to-other-port', 'forbidden_port'],
      ['/to-credentials', 'credentials_in_url'],
    ];
    for (const [path, reason] of cases) {
      const before = site.requests.length;
      const error = await refusal(safeFetch(`${site.origin}${path}`, options()));
      expect(error.reason, path).toBe(reason);
      // Only the first hop reached the fixture; the forbidden target was never tried.
      expect(site.requests.slice(before), path).toEqual([path]);
    }
  });

  it('parses broken HTML without failing', async () => {
    const { metadata } = await fetchAndParse('/broken');
    expect(metadata).toEqual({
      title: 'Página quebrada',
      description: 'Tags sem fechar',
      image: `${site.origin}/img/quebrada.png`,
    });
  });

  it('keeps a title containing <script> and quotes as text (escaping is the preview page’s job)', async () => {
    const { metadata } = await fetchAndParse('/script-title');
    expect(metadata.title).toBe(`Oi <script>alert("x")</script> "aspas" & 'simples'`);
    expect(metadata.description).toBe('<img src=x onerror=alert(1)> "citação"');
    // javascript: is not an image URL.
    expect(metadata.image).toBeNull();
  });
});

describe('safeFetch with an injected resolver (host names, no real DNS)', () => {
  it('resolves once and connects to the checked address', async () => {
    const calls: string[] = [];
    const resolveHost = async (hostname: string): Promise<LookupAddress[]> => {
      calls.push(hostname);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const seenHost: string[] = [];
    const probe = await startFixtureServer({
      '/': (request, response) => {
        seenHost.push(request.headers.host ?? '');
        response.writeHead(200, { 'content-type': 'text/html' }).end(OG_PAGE);
      },
    });
    try {
      const page = await safeFetch(`http://site.fixture.test:${probe.port}/`, options({ allowedPorts: [probe.port], resolveHost }));
      expect(page.status).toBe(200);
      expect(calls).toEqual(['site.fixture.test']);
      expect(seenHost).toEqual([`site.fixture.test:${probe.port}`]);
    } finally {
      await probe.close();
    }
  });

  it('refuses when any resolved address is forbidden, before connecting', async () => {
    const probe = await startFixtureServer({ '/': html(OG_PAGE) });
    try {
      for (const bad of ['10.0.0.7', '169.254.169.254', '::ffff:127.0.0.1', 'fd00::1']) {
        const resolveHost = async (): Promise<LookupAddress[]> => [
          { address: '127.0.0.1', family: 4 },
          { address: bad, family: bad.includes(':') ? 6 : 4 },
        ];
        const error = await refusal(
          safeFetch(`http://mixed.fixture.test:${probe.port}/`, options({ allowedPorts: [probe.port], resolveHost })),
        );
        expect(error.reason, bad).toBe('forbidden_address');
      }
      expect(probe.connections).toBe(0);
    } finally {
      await probe.close();
    }
  });
});

describe('safeFetch with the test switch off (production)', () => {
  it('refuses loopback fixtures in every notation without opening a connection', async () => {
    const guarded = await startFixtureServer({ '/': html(OG_PAGE) });
    try {
      const production = options({ allowPrivateAddresses: false, allowedPorts: [guarded.port] });
      const port = guarded.port;
      const urls = [
        `http://127.0.0.1:${port}/`,
        `http://2130706433:${port}/`,
        `http://0x7f.1:${port}/`,
        `http://0177.0.0.1:${port}/`,
        `http://127.1:${port}/`,
        `http://[::ffff:127.0.0.1]:${port}/`,
        `http://[::1]:${port}/`,
      ];
      for (const url of urls) {
        const error = await refusal(safeFetch(url, production));
        expect(error.reason, url).toBe('forbidden_address');
      }
      // localhost goes through DNS (the hosts file): the answer is checked before connecting.
      const error = await refusal(safeFetch(`http://localhost:${port}/`, production));
      expect(error.reason).toBe('forbidden_address');
      expect(guarded.connections).toBe(0);
      expect(guarded.requests).toEqual([]);
    } finally {
      await guarded.close();
    }
  });

  it('refuses ports, protocols and credentials outside the policy before anything else', async () => {
    const production = options({ allowPrivateAddresses: false, allowedPorts: [80, 443] });
    expect((await refusal(safeFetch('ftp://127.0.0.1/', production))).reason).toBe('forbidden_protocol');
    expect((await refusal(safeFetch('http://127.0.0.1:8080/', production))).reason).toBe('forbidden_port');
    expect((await refusal(safeFetch('http://a:b@127.0.0.1/', production))).reason).toBe('credentials_in_url');
    expect((await refusal(safeFetch('not a url', production))).reason).toBe('invalid_url');
  });
});
