// The "outside" site short links point to in tests: a plain page on 127.0.0.1.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FixtureServer {
  url: string;
  /** Paths requested so far, in order. */
  requests: string[];
  close(): Promise<void>;
}

export const FIXTURE_TITLE = 'Página de destino de teste';

export async function startFixtureServer(): Promise<FixtureServer> {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    if (request.url === '/favicon.ico') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(
      `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${FIXTURE_TITLE}</title></head>` +
        `<body><h1>${FIXTURE_TITLE}</h1><p id="path">${request.url ?? ''}</p></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
