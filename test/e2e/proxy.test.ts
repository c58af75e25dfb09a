import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeHome, weather } from '../helpers/cli.js';
import { startFaultServer, type FaultServer } from '../helpers/fault-server.js';
import { current } from '../helpers/fixtures.js';

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
        body: current('programmatordev_capture2026_current_manila_latlon_metric_rain1h.json'),
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

  it('takes host:port without a scheme as http://host:port, as curl does', async () => {
    proxied.length = 0;
    const r = await weather(home, [...ARGS, '--base-url', upstream.base('ok')], {
      HTTP_PROXY: proxyUrl.replace('http://', ''),
    });
    expect([r.code, r.stdout, r.stderr, proxied.length]).toEqual([0, 'Quiapo District\n', '', 1]);
  });

  it('reports a proxy that is down as the proxy', async () => {
    const r = await weather(home, [...ARGS, '--base-url', upstream.base('ok')], {
      HTTP_PROXY: 'http://127.0.0.1:9',
    });
    expect([r.code, r.stdout, r.stderr]).toEqual([
      6,
      '',
      'weather: cannot reach the proxy 127.0.0.1:9 (HTTP_PROXY): connection refused\n' +
        'hint: check that the proxy is running, or change HTTP_PROXY\n',
    ]);
  });

  it('refuses a malformed proxy variable with exit 8, naming it', async () => {
    const r = await weather(home, [...ARGS, '--base-url', upstream.base('ok')], {
      HTTP_PROXY: 'http://user:pw@host:99999',
    });
    expect([r.code, r.stdout, r.stderr]).toEqual([
      8,
      '',
      'weather: HTTP_PROXY is not a valid proxy URL: "http://***@host:99999"\n' +
        'hint: write it as http://host:port (or host:port), or unset HTTP_PROXY\n',
    ]);
  });
});
