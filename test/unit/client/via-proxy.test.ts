import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../../src/client/failure.js';
import { createLiveTransport } from '../../../src/client/live.js';
import type { Query } from '../../../src/client/query.js';
import { NetworkError, UpstreamError } from '../../../src/core/errors.js';
import { startProxy, type TestProxy } from '../../helpers/proxy-server.js';

const QUERY: Query = { lat: 1, lon: 2, units: 'metric', lang: 'en', mode: 'json', appid: 'k' };
const SEARCH = 'lat=1&lon=2&units=metric&lang=en&mode=json&appid=';

/** Bodies by the first segment of the path. */
const BODIES: Record<string, Buffer> = {
  ok: Buffer.from('{"cod":200}'),
  max: Buffer.alloc(MAX_BODY_BYTES, 0x20),
  over: Buffer.alloc(MAX_BODY_BYTES + 1, 0x20),
};

let upstream: Server;
let base = '';
let proxy: TestProxy;

beforeAll(async () => {
  upstream = createServer((request, response) => {
    const name = /^\/([^/]+)\//.exec(request.url ?? '')?.[1] ?? '';
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'set-cookie': ['a=1', 'b=2'],
    });
    response.end(BODIES[name] ?? '');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  proxy = await startProxy();
});

afterAll(async () => {
  await proxy.close();
  await new Promise((resolve) => upstream.close(resolve));
});

async function transport(baseUrl: string, variable = 'HTTP_PROXY') {
  return createLiveTransport({
    baseUrl,
    timeoutMs: 5_000,
    env: { [variable]: proxy.url },
    sleep: () => Promise.resolve(),
  });
}

async function outcome(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => 'answered',
    (error: unknown) => error,
  );
}

describe('through a proxy', () => {
  it('answers with the headers joined as a direct call does, and closes its connections', async () => {
    proxy.mode = 'forward';
    proxy.seen.length = 0;
    const live = await transport(`${base}/ok/data/2.5`);
    const response = await live.get(QUERY);
    await live.close?.();
    const deadline = Date.now() + 2_000;
    while (proxy.connections() > 0 && Date.now() < deadline) await pause(5);
    expect([
      response.status,
      response.headers['content-type'],
      response.headers['set-cookie'],
      Buffer.from(response.body).toString('utf8'),
      proxy.seen.map(({ method, target }) => `${method} ${target}`),
      proxy.connections(),
    ]).toEqual([
      200,
      'application/json; charset=utf-8',
      'a=1, b=2',
      '{"cod":200}',
      [`GET ${base}/ok/data/2.5/weather?${SEARCH}k`],
      0,
    ]);
  });

  it('accepts a body of exactly the limit, and nothing bigger', async () => {
    proxy.mode = 'forward';
    const live = await transport(`${base}/max/data/2.5`);
    const over = await transport(`${base}/over/data/2.5`);
    try {
      expect([
        (await live.get(QUERY)).body.byteLength,
        await outcome(over.get(QUERY)),
      ]).toStrictEqual([
        MAX_BODY_BYTES,
        new UpstreamError(
          `the response from ${base}/over/data/2.5/weather?${SEARCH}*** is larger than 1048576 bytes`,
        ),
      ]);
    } finally {
      await Promise.all([live.close?.(), over.close?.()]);
    }
  });

  it('a tunnel the proxy will not open is its refusal, not retried', async () => {
    proxy.mode = { status: 502 };
    proxy.seen.length = 0;
    const live = await transport('https://127.0.0.1:9/data/2.5', 'HTTPS_PROXY');
    try {
      expect(await outcome(live.get(QUERY))).toStrictEqual(
        new NetworkError(
          `the proxy ${proxy.where} (HTTPS_PROXY) did not open a connection to 127.0.0.1:9 (502)`,
          'check the network and the proxy, or use --offline',
        ),
      );
      expect(proxy.seen.length).toBe(1);
    } finally {
      await live.close?.();
    }
  });
});

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
