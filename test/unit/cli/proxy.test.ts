import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultServer, type FaultServer } from '../../helpers/fault-server.js';
import { current } from '../../helpers/fixtures.js';
import { run } from '../../helpers/io.js';
import { startProxy, type TestProxy } from '../../helpers/proxy-server.js';
import { useTempDir } from '../../helpers/tmp.js';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };
const tempDir = useTempDir();

let upstream: FaultServer;
let proxy: TestProxy;
/** A server that answers every connection with bytes that are not HTTP. */
let garbage: Server;
let garbagePort = 0;

beforeAll(async () => {
  upstream = await startFaultServer({
    ok: [
      {
        status: 200,
        body: current('programmatordev_capture2026_current_manila_latlon_metric_rain1h.json'),
        headers: JSON_HEADERS,
      },
    ],
    500: [{ status: 500, body: '{"cod":500,"message":"Internal error"}', headers: JSON_HEADERS }],
    403: [{ status: 403, body: '{"cod":403,"message":"forbidden here"}', headers: JSON_HEADERS }],
  });
  proxy = await startProxy();
  garbage = createServer((socket) => {
    socket.on('error', () => undefined);
    socket.once('data', () => socket.end('\u0000\u0001 SSH-2.0-OpenSSH_9.2\r\n\r\n'));
  });
  await new Promise<void>((resolve) => garbage.listen(0, '127.0.0.1', resolve));
  garbagePort = (garbage.address() as AddressInfo).port;
});

afterAll(async () => {
  await Promise.all([
    upstream.close(),
    proxy.close(),
    new Promise((resolve) => garbage.close(resolve)),
  ]);
});

const ARGS = ['--lat', '14.5995', '--lon', '120.9842', '--appid', 'k', '-f', '{name}'];

/** `weather` in process with nothing of the test runner's own proxy settings. */
function call(env: Record<string, string>, baseUrl = upstream.base('ok'), args = ARGS) {
  proxy.seen.length = 0;
  return run([...args, '--base-url', baseUrl, '--timeout', '5'], {
    env: { WEATHER_CONFIG_DIR: tempDir(), WEATHER_CACHE_DIR: tempDir(), ...env },
  });
}

describe('proxy variables as people set them', () => {
  it.each(['HTTP_PROXY', 'http_proxy'])(
    '%s=host:port (no scheme) is http://host:port',
    async (name) => {
      proxy.mode = 'forward';
      const r = await call({ [name]: proxy.where });
      expect([r.code, r.stdout, r.stderr]).toEqual([0, 'Quiapo District\n', '']);
      expect(proxy.seen.map((s) => s.target)).toEqual([
        `${upstream.base('ok')}/weather?lat=14.5995&lon=120.9842&units=metric&lang=en&mode=json&appid=k`,
      ]);
    },
  );

  it('reads http_proxy before HTTP_PROXY, as curl does', async () => {
    proxy.mode = 'forward';
    const r = await call({ http_proxy: proxy.url, HTTP_PROXY: 'http://127.0.0.1:9' });
    expect([r.code, r.stdout, proxy.seen.length]).toEqual([0, 'Quiapo District\n', 1]);
  });

  it('ignores HTTPS_PROXY for an http:// base URL, even a broken one', async () => {
    const r = await call({ HTTPS_PROXY: '::::' });
    expect([r.code, r.stdout, proxy.seen.length]).toEqual([0, 'Quiapo District\n', 0]);
  });

  it.each([
    ['127.0.0.1', 0],
    ['localhost,.0.0.1', 0],
    ['*', 0],
    ['127.0.0.1:1', 1],
    ['example.com', 1],
  ])('NO_PROXY=%s → %s requests through the proxy', async (noProxy, through) => {
    proxy.mode = 'forward';
    const r = await call({ HTTP_PROXY: proxy.url, NO_PROXY: noProxy });
    expect([r.code, r.stdout, proxy.seen.length]).toEqual([0, 'Quiapo District\n', through]);
  });

  it('sends the credentials in the variable, and never prints them', async () => {
    proxy.mode = { status: 407 };
    const r = await call({ HTTP_PROXY: `http://alice:s3cret@${proxy.where}` });
    expect([r.code, r.stdout, r.stderr]).toEqual([
      6,
      '',
      `weather: the proxy ${proxy.where} (HTTP_PROXY) refused the credentials in HTTP_PROXY (407)\n` +
        'hint: check the user name and password in HTTP_PROXY\n',
    ]);
    expect(proxy.seen.map((s) => s.authorization)).toEqual([
      `Basic ${Buffer.from('alice:s3cret').toString('base64')}`,
    ]);
  });
});

describe('a malformed proxy variable is exit 8, naming it', () => {
  it.each([
    ['http://', 'weather: HTTP_PROXY is not a valid proxy URL: "http://"'],
    ['::::', 'weather: HTTP_PROXY is not a valid proxy URL: "::::"'],
    ['http://host:99999', 'weather: HTTP_PROXY is not a valid proxy URL: "http://host:99999"'],
    [
      'http://alice:s3cret@host:99999',
      'weather: HTTP_PROXY is not a valid proxy URL: "http://***@host:99999"',
    ],
    ['alice:s3cret@host:99999', 'weather: HTTP_PROXY is not a valid proxy URL: "***@host:99999"'],
  ])('HTTP_PROXY=%s', async (value, message) => {
    const r = await call({ HTTP_PROXY: value });
    expect([r.code, r.stdout, r.stderr]).toEqual([
      8,
      '',
      `${message}\nhint: write it as http://host:port (or host:port), or unset HTTP_PROXY\n`,
    ]);
  });

  it('an unsupported kind of proxy', async () => {
    const r = await call({ http_proxy: 'socks4://127.0.0.1:1080' });
    expect([r.code, r.stderr]).toEqual([
      8,
      'weather: http_proxy asks for a socks4:// proxy, which weather cannot use\n' +
        'hint: use an http://, https:// or socks5:// proxy\n',
    ]);
  });
});

describe('failures of the proxy are reported as the proxy', () => {
  it('a proxy that refuses connections', async () => {
    const r = await call({ HTTP_PROXY: 'http://127.0.0.1:9' });
    expect([r.code, r.stdout, r.stderr]).toEqual([
      6,
      '',
      'weather: cannot reach the proxy 127.0.0.1:9 (HTTP_PROXY): connection refused\n' +
        'hint: check that the proxy is running, or change HTTP_PROXY\n',
    ]);
  });

  it('407 without credentials', async () => {
    proxy.mode = { status: 407 };
    const r = await call({ HTTP_PROXY: proxy.url });
    expect([r.code, r.stderr]).toEqual([
      6,
      `weather: the proxy ${proxy.where} (HTTP_PROXY) asks for credentials (407)\n` +
        'hint: put user:password@ before the host in HTTP_PROXY\n',
    ]);
    expect(proxy.seen.length).toBe(1);
  });

  it('403 from the proxy (a page, not the API error object)', async () => {
    proxy.mode = { status: 403 };
    const r = await call({ HTTP_PROXY: proxy.url });
    const host = new URL(upstream.base('ok')).host;
    expect([r.code, r.stderr]).toEqual([
      6,
      `weather: the proxy ${proxy.where} (HTTP_PROXY) refused the request to ${host} (403)\n` +
        `hint: ask for ${host} to be allowed, or list it in NO_PROXY if it can be reached directly\n`,
    ]);
  });

  it('403 with the API error object is the API', async () => {
    proxy.mode = 'forward';
    const r = await call({ HTTP_PROXY: proxy.url }, upstream.base('403'));
    expect([r.code, r.stderr]).toEqual([
      3,
      'weather: the API rejected the request (403): forbidden here\n',
    ]);
  });

  it.each([
    [407, 'asks for credentials (407)'],
    [403, 'refused the request to 127.0.0.1:9 (403)'],
    [502, 'did not open a connection to 127.0.0.1:9 (502)'],
  ])('a CONNECT tunnel for https answered %s', async (status, what) => {
    proxy.mode = { status };
    const r = await call({ HTTPS_PROXY: proxy.where }, 'https://127.0.0.1:9/data/2.5');
    expect([r.code, r.stderr.split('\n')[0]]).toEqual([
      6,
      `weather: the proxy ${proxy.where} (HTTPS_PROXY) ${what}`,
    ]);
    expect(proxy.seen.map((s) => `${s.method} ${s.target}`)).toEqual(['CONNECT 127.0.0.1:9']);
  });
});

describe('credentials in the base URL are never printed', () => {
  it('in a failure that names the base URL', async () => {
    const base = upstream.base('500').replace('http://', 'http://alice:s3cret@');
    const r = await call({}, base);
    expect([r.code, r.stderr]).toEqual([
      7,
      `weather: ${upstream.base('500').replace('http://', 'http://***@')} answered 500: Internal error\n` +
        'hint: the service has a problem; try again later\n',
    ]);
  });

  it('in config get and config list, unless --show', async () => {
    const env = { WEATHER_CONFIG_DIR: tempDir() };
    await run(['config', 'set', 'base_url', 'http://alice:s3cret@proxy.example/data/2.5'], { env });
    const got = await Promise.all([
      run(['config', 'get', 'base_url'], { env }),
      run(['config', 'list'], { env }),
      run(['config', 'get', 'base_url', '--show'], { env }),
    ]);
    expect(got.map((r) => r.stdout)).toEqual([
      'http://***@proxy.example/data/2.5\n',
      'base_url=http://***@proxy.example/data/2.5\n',
      'http://alice:s3cret@proxy.example/data/2.5\n',
    ]);
  });
});

describe('an answer that is not HTTP is a bad upstream response (exit 7)', () => {
  it('bytes from another service', async () => {
    const r = await call({}, `http://127.0.0.1:${garbagePort}/data/2.5`);
    expect([r.code, r.stdout, r.stderr]).toEqual([
      7,
      '',
      `weather: 127.0.0.1:${garbagePort} did not answer in HTTP: Response does not match the HTTP/1.1 protocol (Expected HTTP/, RTSP/ or ICE/)\n` +
        'hint: check the base URL: another service may be listening there\n',
    ]);
  });

  it('plain HTTP where TLS was expected', async () => {
    const port = new URL(upstream.base('ok')).port;
    const r = await call({}, `https://127.0.0.1:${port}/data/2.5`);
    expect([r.code, r.stderr]).toEqual([
      7,
      `weather: 127.0.0.1:${port} did not answer in TLS (ERR_SSL_WRONG_VERSION_NUMBER)\n` +
        'hint: check the base URL: http:// rather than https://?\n',
    ]);
  });
});
