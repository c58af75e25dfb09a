import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningServer, ServeOptions } from '../../../src/server/http.js';
import { ACTIVE, ANSWER_HEADERS, startTestServer } from '../../helpers/fixed-world.js';
import { exchange, open, parseAnswer, received, type RawAnswer } from '../../helpers/raw-http.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const HTML_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";
/** Short bounds, so the slow-client cases take a fraction of a second. */
const FAST = { headersMs: 200, requestMs: 400, checkMs: 50, graceMs: 300 };

let running: RunningServer | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await running?.close();
  running = undefined;
});

async function start(options: Partial<ServeOptions> = {}) {
  const started = await startTestServer(options);
  running = started.running;
  return started;
}

async function connection(port: number): Promise<Socket> {
  const socket = await open(port);
  sockets.push(socket);
  return socket;
}

/** A request with `Connection: close`, so the server ends the connection after its answer. */
function request(target: string, headers: Record<string, string> = {}, method = 'GET'): string {
  const lines = Object.entries({ host: 'x', connection: 'close', ...headers }).map(
    ([name, value]) => `${name}: ${value}\r\n`,
  );
  return `${method} ${target} HTTP/1.1\r\n${lines.join('')}\r\n`;
}

/** A JSON error answer on a connection the server closes after it. */
function jsonError(status: number, body: string): RawAnswer {
  return {
    status,
    headers: {
      ...ANSWER_HEADERS,
      'content-type': JSON_TYPE,
      'content-length': String(body.length),
      connection: 'close',
    },
    body,
  };
}

/** The access-log line, with the one part that varies (the time taken) replaced. */
function accessLine(line: string | undefined): string | undefined {
  return line?.replace(/ \d+\.\dms$/, ' <ms>');
}

describe('the access log never shows a key', () => {
  const W = '/data/2.5/weather';
  const escapedKey = Buffer.from(ACTIVE, 'latin1').toString('hex').replace(/../g, '%$&');
  it.each([
    ['plain', `${W}?lat=1&lon=2&appid=${ACTIVE}`, {}, `${W}?lat=1&lon=2&appid=***`, 200],
    [
      'name percent-encoded',
      `${W}?lat=1&lon=2&%61ppid=${ACTIVE}`,
      {},
      `${W}?lat=1&lon=2&%61ppid=***`,
      200,
    ],
    [
      'another letter encoded',
      `${W}?app%69d=${ACTIVE}&lat=1&lon=2`,
      {},
      `${W}?app%69d=***&lat=1&lon=2`,
      200,
    ],
    [
      'name in upper case',
      `${W}?lat=1&lon=2&APPID=${ACTIVE}`,
      {},
      `${W}?lat=1&lon=2&APPID=***`,
      401,
    ],
    [
      'value percent-encoded',
      `${W}?lat=1&lon=2&appid=${escapedKey}`,
      {},
      `${W}?lat=1&lon=2&appid=***`,
      200,
    ],
    [
      'parameter repeated',
      `${W}?appid=${ACTIVE}&lat=1&appid=${ACTIVE}&lon=2`,
      {},
      `${W}?appid=***&lat=1&appid=***&lon=2`,
      200,
    ],
    ['key in the path', `${W}/${ACTIVE}?lat=1&lon=2`, {}, `${W}/***?lat=1&lon=2`, 404],
    ['key escaped in the path', `${W}/${escapedKey}`, {}, `${W}/***`, 404],
    [
      'key in an x-api-key header',
      `${W}?lat=1&lon=2`,
      { 'x-api-key': ACTIVE },
      `${W}?lat=1&lon=2`,
      200,
    ],
    [
      'absolute-form target',
      `http://h${W}?lat=1&lon=2&appid=${ACTIVE}`,
      {},
      `http://h${W}?lat=1&lon=2&appid=***`,
      200,
    ],
  ])('%s', async (_what, target, headers, logged, status) => {
    const { log, port } = await start();
    const answer = parseAnswer(await exchange(port, request(target, headers)));
    expect([answer.status, log.map(accessLine)]).toEqual([
      status,
      [`127.0.0.1 "GET ${logged}" ${status} ${Buffer.byteLength(answer.body)} <ms>`],
    ]);
  });
});

describe('requests Node or the handler cannot take', () => {
  it('answers an absolute-form target with an invalid host with 400 and an error object', async () => {
    const { log, port } = await start();
    const raw = await exchange(port, request('http://[bad/data/2.5/weather?lat=1&lon=2'));
    const body = '{"cod":"400","message":"Bad request: the request target is not a valid URL"}';
    expect([parseAnswer(raw), log.map(accessLine)]).toEqual([
      jsonError(400, body),
      [`127.0.0.1 "GET http://[bad/data/2.5/weather?lat=1&lon=2" 400 ${body.length} <ms>`],
    ]);
  });

  it.each([
    [
      'a malformed request line',
      'NOT HTTP AT ALL\r\n\r\n',
      400,
      'Bad Request',
      '{"cod":"400","message":"Bad request: not a valid HTTP request"}',
      'HPE_INVALID_METHOD',
    ],
    [
      'a header with no colon',
      'GET / HTTP/1.1\r\nhost x\r\n\r\n',
      400,
      'Bad Request',
      '{"cod":"400","message":"Bad request: not a valid HTTP request"}',
      'HPE_INVALID_HEADER_TOKEN',
    ],
    [
      'headers larger than 16 KiB',
      request(`/data/2.5/weather?appid=${ACTIVE}`, { 'x-big': 'a'.repeat(20_000) }),
      431,
      'Request Header Fields Too Large',
      '{"cod":"431","message":"Request header fields too large"}',
      'HPE_HEADER_OVERFLOW',
    ],
  ])(
    'answers %s with its status and the spec error body',
    async (_what, sent, status, reason, body, code) => {
      const { log, port } = await start();
      const raw = await exchange(port, sent);
      expect([raw.split('\r\n')[0], parseAnswer(raw), log]).toEqual([
        `HTTP/1.1 ${status} ${reason}`,
        jsonError(status, body),
        [`127.0.0.1 "-" ${status} ${body.length} (${code})`],
      ]);
    },
  );

  it('neither answers nor logs a client that resets its connection halfway through its headers', async () => {
    const { log, port } = await start();
    // The server's side of the connection: what it has read, and when it is closed.
    const serverSide = new Promise<{ read: Promise<void>; closed: Promise<void> }>((resolve) => {
      running?.server.once('connection', (socket: Socket) => {
        resolve({
          read: new Promise((done) => socket.once('data', () => done())),
          closed: new Promise((done) => socket.once('close', () => done())),
        });
      });
    });
    const socket = await connection(port);
    const done = received(socket);
    socket.write('GET /data/2.5/weather?lat=1 HTTP/1.1\r\nHost');
    const { read, closed } = await serverSide;
    await read;
    socket.resetAndDestroy();
    expect(await done).toEqual({ text: '', error: undefined });
    await closed;
    expect(log).toEqual([]);
  });

  it('answers a client that stops halfway through its headers with 408, within the bound', async () => {
    const { log, port } = await start({ timing: FAST });
    const socket = await connection(port);
    const done = received(socket);
    const started = performance.now();
    socket.write('GET /data/2.5/weather?lat=1 HTTP/1.1\r\nHost: x\r\n');
    const { text } = await done;
    const took = performance.now() - started;
    const body = '{"cod":"408","message":"Request timeout: the request did not arrive in time"}';
    expect([parseAnswer(text), log]).toEqual([
      jsonError(408, body),
      [`127.0.0.1 "-" 408 ${body.length} (ERR_HTTP_REQUEST_TIMEOUT)`],
    ]);
    // headersMs plus at most one check interval, and some slack for a busy machine.
    expect(took).toBeGreaterThanOrEqual(FAST.headersMs);
    expect(took).toBeLessThan(FAST.headersMs + FAST.checkMs + 500);
  });

  it('answers a request whose body never ends, then closes the connection (no 408 after it)', async () => {
    const { port } = await start({ timing: FAST });
    const socket = await connection(port);
    const done = received(socket);
    socket.write(
      `GET /data/2.5/weather?lat=1&lon=2&appid=${ACTIVE} HTTP/1.1\r\nHost: x\r\ncontent-length: 1000\r\n\r\nabc`,
    );
    const { text } = await done;
    const answer = parseAnswer(text);
    expect([answer.status, answer.headers.connection, answer.body.startsWith('{"coord"')]).toEqual([
      200,
      'close',
      true,
    ]);
    expect(text.indexOf('HTTP/1.1', 1)).toBe(-1);
  });
});

describe('CORS preflight and security headers over HTTP', () => {
  it('answers OPTIONS with 204, no body and no content length', async () => {
    const { port } = await start();
    const raw = await exchange(
      port,
      request(
        '/data/2.5/weather',
        {
          origin: 'https://example.test',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'x-api-key',
        },
        'OPTIONS',
      ),
    );
    expect(parseAnswer(raw)).toEqual({
      status: 204,
      headers: {
        ...ANSWER_HEADERS,
        allow: 'GET, HEAD, OPTIONS',
        'access-control-allow-headers': 'x-api-key',
        'access-control-max-age': '86400',
        vary: 'Access-Control-Request-Headers',
        connection: 'close',
      },
      body: '',
    });
  });

  it('sends nosniff on every answer, and the CSP on HTML only', async () => {
    const { port } = await start({ timing: FAST });
    const q = `/data/2.5/weather?lat=1&lon=2&appid=${ACTIVE}`;
    const sent = [
      request(q),
      request(`${q}&mode=html`),
      request(`${q}&mode=xml`),
      request('/data/2.5/weather?lat=1'),
      request('/elsewhere'),
      request(q, {}, 'DELETE'),
      request(q, {}, 'OPTIONS'),
      request('http://[bad/'),
      'NOT HTTP\r\n\r\n',
      request(q, { 'x-big': 'a'.repeat(20_000) }),
      'GET / HTTP/1.1\r\n',
    ];
    const answers = await Promise.all(sent.map((raw) => exchange(port, raw).then(parseAnswer)));
    expect(
      answers.map((a) => [
        a.status,
        a.headers['x-content-type-options'],
        a.headers['content-security-policy'],
      ]),
    ).toEqual([
      [200, 'nosniff', undefined],
      [200, 'nosniff', HTML_CSP],
      [200, 'nosniff', undefined],
      [401, 'nosniff', undefined],
      [404, 'nosniff', undefined],
      [405, 'nosniff', undefined],
      [204, 'nosniff', undefined],
      [400, 'nosniff', undefined],
      [400, 'nosniff', undefined],
      [431, 'nosniff', undefined],
      [408, 'nosniff', undefined],
    ]);
  });
});

describe('--max-connections', () => {
  it('closes a connection beyond the cap at once, logs it once, and accepts again when one closes', async () => {
    const { log, port } = await start({ maxConnections: 2 });
    const first = await connection(port);
    await connection(port);
    const extra = await received(await connection(port));
    expect(extra).toEqual({ text: '', error: undefined });
    const another = await received(await connection(port));
    expect(another).toEqual({ text: '', error: undefined });
    expect(log).toEqual(['weather: 2 connections open (--max-connections); refusing more']);

    const firstClosed = new Promise((resolve) => first.once('close', resolve));
    first.destroy();
    await firstClosed;
    // The server learns of the close when its side of the socket is read; retry briefly.
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      const raw = await exchange(port, request(`/data/2.5/weather?lat=1&lon=2&appid=${ACTIVE}`));
      status = raw === '' ? 0 : parseAnswer(raw).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(status).toBe(200);
  });
});

describe('close()', () => {
  it('closes idle keep-alive connections at once', async () => {
    const { port } = await start({ timing: { ...FAST, graceMs: 5_000 } });
    const socket = await connection(port);
    const done = received(socket);
    socket.write(`GET /data/2.5/weather?lat=1&lon=2&appid=${ACTIVE} HTTP/1.1\r\nHost: x\r\n\r\n`);
    await new Promise<void>((resolve) => socket.once('data', () => resolve()));
    const started = performance.now();
    await running?.close();
    running = undefined;
    const { text } = await done;
    expect(performance.now() - started).toBeLessThan(1_000);
    // It was kept alive after its answer: only close() ended it.
    expect(parseAnswer(text).headers.connection).toBe('keep-alive');
  });

  it.each([
    ['half its headers', 'GET /data/2.5/weather?lat=1 HTTP/1.1\r\nHost: x\r\n'],
    ['a request line only', 'GET /'],
  ])('cuts a client still sending %s after the grace period, not before', async (_what, sent) => {
    // Timeouts longer than the test, so only the grace period can end the connection.
    const { port } = await start({
      timing: { headersMs: 60_000, requestMs: 60_000, checkMs: 1_000, graceMs: 300 },
    });
    const socket = await connection(port);
    const done = received(socket);
    socket.write(sent);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    await running?.close();
    running = undefined;
    const took = performance.now() - started;
    await done;
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(1_000);
  });

  it('does not wait for a client whose body never ends: it was answered and cut already', async () => {
    const { port } = await start({
      timing: { headersMs: 60_000, requestMs: 60_000, checkMs: 1_000, graceMs: 5_000 },
    });
    const socket = await connection(port);
    const done = received(socket);
    socket.write('POST /data/2.5/weather HTTP/1.1\r\nHost: x\r\ncontent-length: 100000\r\n\r\nabc');
    await new Promise<void>((resolve) => socket.once('data', () => resolve()));
    const started = performance.now();
    await running?.close();
    running = undefined;
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(parseAnswer((await done).text).status).toBe(405);
  });
});
