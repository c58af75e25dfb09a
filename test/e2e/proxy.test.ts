import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeHome, weather } from '../helpers/cli.js';
import { startFaultServer, type FaultServer } from '../helpers/fault-server.js';
import { truth } from '../helpers/fixtures.js';

/** A forwarding HTTP proxy on 127.0.0.1 that remembers what it was asked for. */
let proxy: Server;
let proxyUrl: string;
const proxied: string[] = [];
let upstream: FaultServer;
const { home, remove } = makeHome();

beforeAll(async () => {
  upstream = await startFaultServer({
    ok: [
      {
        status: 200,
        body: truth('programmatordev_capture2026_current_manila_latlon_metric_rain1h.json'),
        headers: { 'content-type': 'application/json; charset=utf-8' },
      },
    ],
  });
  proxy = createServer((incoming, outgoing) => {
    proxied.push(incoming.url ?? '');
    const forward = request(
      incoming.url ?? '',
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await upstream.close();
  proxy.closeAllConnections();
  await new Promise((resolve) => proxy.close(resolve));
  remove();
});

const ARGS = ['--lat', '14.5995', '--lon', '120.9842', '--appid', 'k', '-f', '{name}'];

describe('proxies for live calls', () => {
  it.each(['HTTP_PROXY', 'http_proxy'])('goes through %s', async (variable) => {
    proxied.length = 0;
    const r = await weather(home, [...ARGS, '--base-url', upstream.base('ok')], {
      [variable]: proxyUrl,
    });
    expect([r.code, r.stdout, r.stderr]).toEqual([0, 'Quiapo District\n', '']);
    expect(proxied).toEqual([
      `${upstream.base('ok')}/weather?lat=14.5995&lon=120.9842&units=metric&lang=en&mode=json&appid=k`,
    ]);
  });

  it('goes direct for hosts in NO_PROXY', async () => {
    proxied.length = 0;
    const r = await weather(home, [...ARGS, '--base-url', upstream.base('ok')], {
      HTTP_PROXY: proxyUrl,
      NO_PROXY: '127.0.0.1',
    });
    expect([r.code, r.stdout]).toEqual([0, 'Quiapo District\n']);
    expect(proxied).toEqual([]);
  });

  it('reports a proxy that is down as a network failure', async () => {
    const r = await weather(home, [...ARGS, '--base-url', upstream.base('ok')], {
      HTTP_PROXY: 'http://127.0.0.1:9',
    });
    expect([r.code, r.stdout, r.stderr]).toEqual([
      6,
      '',
      `weather: cannot reach ${new URL(upstream.base('ok')).host}: connection refused\nhint: check the network, or use --offline\n`,
    ]);
  });
});
