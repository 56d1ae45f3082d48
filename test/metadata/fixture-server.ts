// Fixture web sites on 127.0.0.1 (port 0) for the metadata tests. They count connections,
// so a test can prove that a refused fetch never opened a socket.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type FixtureHandler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

export interface FixtureServer {
  /** http://127.0.0.1:PORT */
  origin: string;
  port: number;
  connections: number;
  requests: string[];
  close(): Promise<void>;
}

export async function startFixtureServer(routes: Record<string, FixtureHandler>): Promise<FixtureServer> {
  const server = http.createServer((request, response) => {
    fixture.requests.push(request.url ?? '');
    // A client that stops reading on purpose (byte cap, timeout) makes writes fail: fine.
    response.on('error', () => undefined);
    const handler = routes[new URL(request.url ?? '/', 'http://fixture').pathname];
    if (handler === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    handler(request, response);
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    fixture.connections += 1;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fixture: FixtureServer = {
    origin: `http://127.0.0.1:${port}`,
    port,
    connections: 0,
    requests: [],
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fixture;
}

/** A handler answering with an HTML document. */
export function html(body: string, contentType = 'text/html; charset=utf-8'): FixtureHandler {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': contentType }).end(body);
  };
}

export const OG_PAGE = `<!doctype html>
<html><head>
<meta charset="utf-8">
<title>Plain title loses</title>
<meta property="og:title" content="Praia do Rosa &amp; arredores">
<meta property="og:description" content="Guia   completo
  de Santa Catarina">
<meta property="og:image" content="https://cdn.example.com/rosa.jpg">
<meta name="twitter:title" content="Twitter title loses">
<meta name="description" content="Meta description loses">
</head><body><h1>Hello</h1></body></html>`;

export const TWITTER_PAGE = `<!doctype html><html><head>
<title>Plain title loses</title>
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:title" content="Só no Twitter">
<meta name="twitter:description" content="Descrição do Twitter">
<meta name="twitter:image" content="https://cdn.example.com/tw.png">
</head><body></body></html>`;

export const PLAIN_PAGE = `<!doctype html><html><head>
<title>
   Página   simples
</title>
<meta name="description" content="Uma descrição comum.">
</head><body><p>Sem Open Graph.</p></body></html>`;

export const RELATIVE_IMAGE_PAGE = `<!doctype html><html><head>
<meta property="og:title" content="Relativa">
<meta property="og:image" content="../img/capa.png?x=1">
</head></html>`;

// Unquoted and upper-case attributes, stray closing tags, metadata outside <head>, an
// unclosed <title>: what real sites serve.
export const BROKEN_PAGE = `<HTML><HEAD><META PROPERTY=og:title CONTENT="Página quebrada">
<meta property="og:description" content="Tags sem fechar">
</div></span><p>Texto solto
<meta name=twitter:image content=/img/quebrada.png>
<title>Título <b>sem</i> fim
`;

export const SCRIPT_TITLE_PAGE = `<!doctype html><html><head>
<title>Oi <script>alert("x")</script> "aspas" & 'simples'</title>
<meta property="og:description" content="&lt;img src=x onerror=alert(1)&gt; &quot;citação&quot;">
<meta property="og:image" content="javascript:alert(1)">
</head></html>`;
