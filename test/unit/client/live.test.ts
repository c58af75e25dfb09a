import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_BODY_BYTES } from '../../../src/client/failure.js';
import { createLiveTransport } from '../../../src/client/live.js';
import type { Query } from '../../../src/client/query.js';
import type { Env } from '../../../src/core/env.js';
import { startFaultServer, type Answer, type FaultServer } from '../../helpers/fault-server.js';

const QUERY: Query = {
  lat: 51.5,
  lon: -0.12,
  units: 'metric',
  lang: 'en',
  mode: 'json',
  appid: 'secret-key',
};
const PATH = '/data/2.5/weather?lat=51.5&lon=-0.12&units=metric&lang=en&mode=json&appid=';
const OK: Answer = { status: 200, body: '{"cod":200}' };
const UNAVAILABLE: Answer = { status: 503, body: 'busy' };

const SCENARIOS: Record<string, readonly Answer[]> = {
  ok: [OK],
  'ok-after-two-503': [UNAVAILABLE, UNAVAILABLE, OK],
  'ok-after-one-503': [UNAVAILABLE, OK],
  'always-503': [UNAVAILABLE],
  'always-500': [{ status: 500, body: 'broken' }],
  'ok-after-reset': [{ reset: true }, OK],
  'always-reset': [{ reset: true }],
  hang: [{ hang: true }],
  'too-many': [
    { status: 429, body: '{"cod":429,"message":"x"}', headers: { 'retry-after': '90' } },
  ],
  'not-found': [{ status: 404, body: '{"cod":"404","message":"city not found"}' }],
  'just-max': [{ status: 200, body: Buffer.alloc(MAX_BODY_BYTES, 0x20) }],
  'over-max': [{ status: 200, body: Buffer.alloc(MAX_BODY_BYTES + 1, 0x20) }],
};

let fault: FaultServer;
beforeAll(async () => {
  fault = await startFaultServer(SCENARIOS);
});
afterAll(async () => {
  await fault.close();
});

/** A transport to one scenario, recording the delays it sleeps instead of sleeping them. */
async function transport(baseUrl: string, timeoutMs = 5_000, env: Env = {}) {
  const slept: number[] = [];
  const live = await createLiveTransport({
    baseUrl,
    timeoutMs,
    env,
    sleep: async (ms) => {
      slept.push(ms);
    },
  });
  return { live, slept };
}

/** What a thrown error says, as the CLI reports it. */
/** The error underneath, by class and code: what --verbose prints the stack of. */
function causeOf(error: Error): string | undefined {
  const { cause } = error;
  if (!(cause instanceof Error)) return undefined;
  const { code } = cause as NodeJS.ErrnoException;
  return code === undefined ? cause.name : `${cause.name} ${code}`;
}

async function report(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    const { hint, exitCode } = error as Error & { hint?: string; exitCode?: number };
    return { name: error.name, message: error.message, hint, exitCode, cause: causeOf(error) };
  }
  throw new Error('expected an error, but the request succeeded');
}

describe('live transport: answers and retries', () => {
  it.each([
    ['a 200 at once', 'ok', 200, 1, []],
    ['503 twice, then 200: retried with backoff', 'ok-after-two-503', 200, 3, [250, 750]],
    ['503 every time: the last answer is returned', 'always-503', 503, 3, [250, 750]],
    ['500 every time', 'always-500', 500, 3, [250, 750]],
    ['429: never retried', 'too-many', 429, 1, []],
    ['404: never retried', 'not-found', 404, 1, []],
    ['a reset, then 200: retried', 'ok-after-reset', 200, 2, [250]],
  ])('%s', async (_what, name, status, requests, delays) => {
    const { live, slept } = await transport(fault.base(name));
    try {
      const response = await live.get(QUERY);
      expect(response.status).toBe(status);
      expect(slept).toEqual(delays);
      expect(fault.requests(name).length).toBe(requests);
      expect(fault.requests(name).at(-1)).toBe(`/${name}${PATH}secret-key`);
    } finally {
      await live.close?.();
    }
  });

  it('returns the status, lower-case headers and the whole body', async () => {
    const { live } = await transport(fault.base('not-found'));
    const response = await live.get(QUERY);
    await live.close?.();
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Buffer.from(response.body).toString('utf8')).toBe(
      '{"cod":"404","message":"city not found"}',
    );
  });

  it('does not retry a 5xx when the next delay would pass the deadline', async () => {
    const name = 'always-500';
    const before = fault.requests(name).length;
    const { live, slept } = await transport(fault.base(name), 250);
    const response = await live.get(QUERY);
    await live.close?.();
    expect([response.status, slept, fault.requests(name).length - before]).toEqual([500, [], 1]);
  });

  it('gives up on resets after two retries, with the reset named', async () => {
    const name = 'always-reset';
    const { live, slept } = await transport(fault.base(name));
    const host = new URL(fault.base(name)).host;
    expect(await report(live.get(QUERY))).toEqual({
      name: 'NetworkError',
      message: `cannot reach ${host}: connection reset`,
      hint: 'check the network, or use --offline',
      exitCode: 6,
      cause: 'Error ECONNRESET',
    });
    await live.close?.();
    expect([slept, fault.requests(name).length]).toEqual([[250, 750], 3]);
  });

  it('does not retry a network error when the next delay would pass the deadline', async () => {
    const name = 'always-reset';
    const before = fault.requests(name).length;
    const { live, slept } = await transport(fault.base(name), 250);
    expect((await report(live.get(QUERY))).name).toBe('NetworkError');
    await live.close?.();
    expect([slept, fault.requests(name).length - before]).toEqual([[], 1]);
  });

  it.each([
    ['a 5xx', 'always-500', 500],
    ['a network error', 'always-reset', 'NetworkError'],
  ])(
    'does not retry %s when the next delay would use up exactly the time left',
    async (_what, name, outcome) => {
      // The clock stands still: the time left is the whole timeout, 250 ms, the first delay.
      vi.spyOn(Date, 'now').mockReturnValue(Date.UTC(2026, 0, 1));
      const before = fault.requests(name).length;
      const { live, slept } = await transport(fault.base(name), 250);
      try {
        const result = await live.get(QUERY).then(
          (response) => response.status,
          (error: unknown) => (error instanceof Error ? error.name : error),
        );
        expect([result, slept, fault.requests(name).length - before]).toEqual([outcome, [], 1]);
      } finally {
        vi.restoreAllMocks();
        await live.close?.();
      }
    },
  );

  it('times out a server that never answers, within the whole budget', async () => {
    const name = 'hang';
    const { live, slept } = await transport(fault.base(name), 300);
    const host = new URL(fault.base(name)).host;
    const started = Date.now();
    expect(await report(live.get(QUERY))).toEqual({
      name: 'NetworkError',
      message: `no complete response from ${host} within 0.3s`,
      hint: 'try again later, or raise --timeout',
      exitCode: 6,
      cause: 'AbortError ABORT_ERR',
    });
    await live.close?.();
    expect(Date.now() - started).toBeLessThan(3_000);
    expect([slept, fault.requests(name).length]).toEqual([[], 1]);
  });

  it('names a refused connection', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { live, slept } = await transport(`http://127.0.0.1:${port}/data/2.5`);
    expect(await report(live.get(QUERY))).toEqual({
      name: 'NetworkError',
      message: `cannot reach 127.0.0.1:${port}: connection refused`,
      hint: 'check the network, or use --offline',
      exitCode: 6,
      cause: 'Error ECONNREFUSED',
    });
    await live.close?.();
    expect(slept).toEqual([250, 750]);
  });

  it.each([
    ['accepts a body of exactly the limit', 'just-max', MAX_BODY_BYTES],
    ['accepts nothing bigger', 'over-max', undefined],
  ])('%s', async (_what, name, size) => {
    const { live } = await transport(fault.base(name));
    try {
      if (size !== undefined) {
        expect((await live.get(QUERY)).body.byteLength).toBe(size);
        return;
      }
      expect(await report(live.get(QUERY))).toEqual({
        name: 'UpstreamError',
        message: `the response from ${fault.base(name)}/weather?${PATH.split('?')[1] ?? ''}*** is larger than 1048576 bytes`,
        hint: undefined,
        exitCode: 7,
        cause: undefined,
      });
      expect(fault.requests(name).length).toBe(1);
    } finally {
      await live.close?.();
    }
  });
});

/** A TCP server that answers every request by doing `act` to the connection. */
async function rawServer(act: (socket: Socket) => void): Promise<{ url: string; close(): void }> {
  const server = createTcpServer((socket) => {
    socket.once('data', () => {
      act(socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/data/2.5`, close: () => server.close() };
}

describe('live transport: what went wrong on the connection', () => {
  it.each([
    [
      'reset (RST)',
      (socket: Socket) => socket.resetAndDestroy(),
      'connection reset',
      'Error ECONNRESET',
    ],
    [
      'closed without an answer',
      (socket: Socket) => socket.destroy(),
      'connection reset',
      'Error ECONNRESET',
    ],
  ])('%s', async (_what, act, reason, cause) => {
    const server = await rawServer(act);
    const { live, slept } = await transport(server.url);
    try {
      expect(await report(live.get(QUERY))).toEqual({
        name: 'NetworkError',
        message: `cannot reach ${new URL(server.url).host}: ${reason}`,
        hint: 'check the network, or use --offline',
        exitCode: 6,
        cause,
      });
      expect(slept).toEqual([250, 750]);
    } finally {
      await live.close?.();
      server.close();
    }
  });
  it('answered with something that is not HTTP: another service, not a network fault', async () => {
    const server = await rawServer((socket: Socket) => socket.end('HELLO\r\n\r\n'));
    const { live, slept } = await transport(server.url);
    try {
      const host = new URL(server.url).host;
      expect(await report(live.get(QUERY))).toEqual({
        name: 'UpstreamError',
        message: `${host} did not answer in HTTP: Response does not match the HTTP/1.1 protocol (Expected HTTP/, RTSP/ or ICE/)`,
        hint: 'check the base URL: another service may be listening there',
        exitCode: 7,
        cause: 'Error HPE_INVALID_CONSTANT',
      });
      expect(slept).toEqual([]);
    } finally {
      await live.close?.();
      server.close();
    }
  });
});

describe('live transport: its own sleep and its connections', () => {
  it('waits out the backoff itself when given no sleep', async () => {
    const live = await createLiveTransport({
      baseUrl: fault.base('ok-after-one-503'),
      timeoutMs: 5_000,
      env: {},
    });
    const started = performance.now();
    try {
      expect((await live.get(QUERY)).status).toBe(200);
    } finally {
      await live.close?.();
    }
    expect(performance.now() - started).toBeGreaterThanOrEqual(245);
  });

  it('leaves no connection open once the answer is in: nothing keeps the process up', async () => {
    const direct = await recorder();
    const { live } = await transport(`${direct.url}/data/2.5`);
    try {
      await live.get(QUERY);
      const deadline = Date.now() + 2_000;
      while ((await connections(direct.server)) > 0 && Date.now() < deadline) await pause(10);
      expect([await connections(direct.server), 'close' in live]).toEqual([0, false]);
    } finally {
      direct.server.close();
    }
  });
});

function connections(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.getConnections((error, count) => {
      if (error) reject(error);
      else resolve(count);
    });
  });
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A server that records each request line and headers and answers 200. */
async function recorder(): Promise<{
  url: string;
  seen: { url: string; headers: IncomingHttpHeaders }[];
  server: Server;
}> {
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((request, response) => {
    seen.push({ url: request.url ?? '', headers: request.headers });
    response.writeHead(200, { 'content-type': 'text/plain', 'set-cookie': ['a=1', 'b=2'] });
    response.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, seen, server };
}

describe('live transport: the request', () => {
  // The agent falls back to the process environment for what `env` leaves out.
  const PROXY_VARIABLES = [
    'HTTP_PROXY',
    'http_proxy',
    'HTTPS_PROXY',
    'https_proxy',
    'NO_PROXY',
    'no_proxy',
  ];
  beforeEach(() => {
    for (const name of PROXY_VARIABLES) vi.stubEnv(name, undefined);
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('strips trailing slashes from the base URL and names it as its target', async () => {
    const direct = await recorder();
    const { live } = await transport(`${direct.url}/data/2.5//`);
    try {
      expect(live.target).toBe(`${direct.url}/data/2.5`);
      const response = await live.get(QUERY);
      expect(response.headers['set-cookie']).toBe('a=1, b=2');
      expect(
        direct.seen.map(({ url, headers }) => [url, headers.accept, headers['user-agent']]),
      ).toEqual([[`${PATH}secret-key`, '*/*', 'weather-cli']]);
    } finally {
      await live.close?.();
      direct.server.close();
    }
  });
});
