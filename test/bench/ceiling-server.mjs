// The ceiling: a bare node:http server answering every request with a fixed 302.
// Usage: node ceiling-server.mjs PORT
import http from 'node:http';

const port = Number(process.argv[2]);
http
  .createServer((_req, res) => {
    res.writeHead(302, { location: 'https://example.com/destino', 'cache-control': 'private, no-store' });
    res.end();
  })
  .listen(port, '127.0.0.1', () => process.send?.('ready'));
