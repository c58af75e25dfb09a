// The server-side baseline of `npm run bench`: node:http answering every request with the headers
// and a body as long as `weather serve`'s answer, computed once. Prints its URL, then serves until
// SIGTERM. Usage: node bare-server.mjs '<headers as JSON>' <body bytes>
import { createServer } from 'node:http';

const [headersJson = '{}', bytes = '0'] = process.argv.slice(2);
/** @type {Record<string, string>} */
const headers = JSON.parse(headersJson);
const body = Buffer.alloc(Number(bytes), 'x');

const server = createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  process.stdout.write(`http://127.0.0.1:${address.port}\n`);
});
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
});
