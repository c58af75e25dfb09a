import { readFileSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDirect } from '../../../src/client/direct.js';

/**
 * A self-signed certificate for 127.0.0.1, valid for a century, made with
 * `openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 36500
 * -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1`. For tests only.
 */
const TLS_DIR = new URL('../../fixtures/tls/', import.meta.url);

const servers: Server[] = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function listen(server: Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

const answer: RequestListener = (request, response) => {
  response.sendDate = false;
  response.writeHead(200, [
    ['Content-Type', 'text/plain'],
    ['Set-Cookie', 'a=1'],
    ['X-Method', request.method ?? ''],
    ['Set-Cookie', 'b=2'],
    ['Content-Length', '2'],
  ]);
  response.end('ok');
};

function get(url: string) {
  return getDirect(url, AbortSignal.timeout(2_000)).then(({ status, headers, body }) => ({
    status,
    headers,
    body: Buffer.from(body).toString('utf8'),
  }));
}

const OK = {
  status: 200,
  headers: {
    'content-type': 'text/plain',
    'set-cookie': 'a=1, b=2',
    'x-method': 'GET',
    'content-length': '2',
    connection: 'close',
  },
  body: 'ok',
};

describe('getDirect', () => {
  it('answers the status, every header by its lower-case name (repeats joined), the body', async () => {
    const port = await listen(createServer(answer));
    expect(await get(`http://127.0.0.1:${port}/x`)).toEqual(OK);
  });

  it('over TLS, sends the request once the handshake is done', async () => {
    const server = createTlsServer(
      {
        key: readFileSync(new URL('127.0.0.1-key.pem', TLS_DIR)),
        cert: readFileSync(new URL('127.0.0.1-cert.pem', TLS_DIR)),
      },
      answer,
    );
    const port = await listen(server);
    // The test's own certificate is not one the system trusts; Node warns of the switch once.
    vi.stubEnv('NODE_TLS_REJECT_UNAUTHORIZED', '0');
    vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    expect(await get(`https://127.0.0.1:${port}/x`)).toEqual(OK);
  });

  it('rejects with a reset when the connection ends in the middle of the body', async () => {
    const port = await listen(
      createServer((_request, response) => {
        response.writeHead(200, { 'content-length': '100' });
        response.write('{"cod":', () => response.destroy());
      }),
    );
    const error = await get(`http://127.0.0.1:${port}/x`).catch((e: unknown) => e);
    expect([
      error instanceof Error && error.message,
      (error as NodeJS.ErrnoException).code,
    ]).toEqual(['aborted', 'ECONNRESET']);
  });

  it("names an answer that is not HTTP in undici's words, keeping Node's error as its cause", async () => {
    const server = createServer();
    server.on('connection', (socket) => socket.end('HELLO\r\n\r\n'));
    const port = await listen(server);
    const error = await get(`http://127.0.0.1:${port}/x`).catch((e: unknown) => e);
    const cause = (error as Error).cause as NodeJS.ErrnoException;
    expect([
      (error as Error).message,
      (error as NodeJS.ErrnoException).code,
      cause.message,
      cause.code,
    ]).toEqual([
      'Response does not match the HTTP/1.1 protocol (Expected HTTP/, RTSP/ or ICE/)',
      'HPE_INVALID_CONSTANT',
      'Parse Error: Expected HTTP/, RTSP/ or ICE/',
      'HPE_INVALID_CONSTANT',
    ]);
  });
});
