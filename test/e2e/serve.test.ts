import { existsSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createdKey, makeHome, serve, useServer, weather } from '../helpers/cli.js';
import { open } from '../helpers/raw-http.js';

const NOW = '2026-06-21T12:00:00Z';
const served = useServer(['--now', NOW, '--rate-limit', '0']);
const { home } = served;

async function get(query: string, init: RequestInit = {}) {
  const response = await fetch(`${served.server().url}/weather?${query}`, init);
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function until(check: () => Promise<boolean>, ms: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return Date.now() - started;
}

describe('weather serve', () => {
  it('prints the base URL first, and creates a key when there is none', () => {
    expect(served.server().url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/data\/2\.5$/);
    expect(served.server().stderr()).toContain(
      `weather: no API keys existed, so one was created: ${served.key()}\n`,
    );
  });

  it('serves all three modes with their content types', async () => {
    const q = `lat=51.5074&lon=-0.1278&units=metric&appid=${served.key()}`;
    const json = await get(q);
    const xml = await get(`${q}&mode=xml`);
    const html = await get(`${q}&mode=html`);
    expect([json.status, json.headers.get('content-type')]).toEqual([
      200,
      'application/json; charset=utf-8',
    ]);
    expect([xml.status, xml.headers.get('content-type')]).toEqual([
      200,
      'application/xml; charset=utf-8',
    ]);
    expect([html.status, html.headers.get('content-type')]).toEqual([
      200,
      'text/html; charset=utf-8',
    ]);
    const body = JSON.parse(json.text) as {
      base: string;
      name: string;
      dt: number;
      sys: { country: string };
    };
    expect([body.base, body.name, body.sys.country, body.dt]).toEqual([
      'simulated',
      'London',
      'GB',
      Date.parse(NOW) / 1000,
    ]);
    expect(
      xml.text.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?><current><city id="2643743" name="London">',
      ),
    ).toBe(true);
    expect(html.text).toContain('<title>London</title>');
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const q = `lat=1&lon=2&appid=${served.key()}`;
    const head = await get(q, { method: 'HEAD' });
    const full = await get(q);
    expect(head.text).toBe('');
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(full.text)));
  });

  it('answers errors, other paths and other methods with error objects', async () => {
    expect(await get('lat=1&lon=2&appid=nope').then((r) => [r.status, r.text])).toEqual([
      401,
      '{"cod":401, "message": "Invalid API key. Please see https://openweathermap.org/faq#error401 for more info."}',
    ]);
    expect(await get(`lat=91&lon=2&appid=${served.key()}`).then((r) => [r.status, r.text])).toEqual(
      [400, '{"cod":"400","message":"wrong latitude"}'],
    );
    const other = await fetch(served.server().url.replace('/data/2.5', '/data/2.5/forecast'));
    expect(other.status).toBe(404);
    const post = await get(`lat=1&lon=2&appid=${served.key()}`, { method: 'POST' });
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD, OPTIONS']);
  });

  it('logs each request to stderr without the key', async () => {
    await get(`lat=3&lon=4&appid=${served.key()}&units=metric`);
    const logged = () =>
      served
        .server()
        .stderr()
        .split('\n')
        .find((l) => l.includes('lat=3&lon=4'));
    await until(async () => logged() !== undefined, 2000);
    const line = logged();
    expect(line).toMatch(
      /^127\.0\.0\.1 "GET \/data\/2\.5\/weather\?lat=3&lon=4&appid=\*\*\*&units=metric" 200 \d+ \d+\.\dms$/,
    );
    expect(served.server().stderr()).not.toContain(`appid=${served.key()}`);
  });

  it('sees keys disabled, enabled, created and deleted from the command line within a second', async () => {
    const created = await weather(home, ['keys', 'create', '--name', 'e2e']);
    expect(created.code).toBe(0);
    const newKey = created.stdout.trim();
    expect(newKey).toMatch(/^[0-9a-f]{32}$/);
    const status = async () => (await get(`lat=1&lon=2&appid=${newKey}`)).status;
    await until(async () => (await status()) === 200, 1000);

    const disabled = await weather(home, ['keys', 'disable', newKey]);
    expect([disabled.code, disabled.stderr]).toEqual([
      0,
      `weather: key ${newKey.slice(0, 4)}${'*'.repeat(24)}${newKey.slice(-4)} (e2e) is now Inactive\n`,
    ]);
    const took = await until(async () => (await status()) === 401, 1000);
    expect(took).toBeLessThanOrEqual(1000);

    expect((await weather(home, ['keys', 'enable', 'e2e'])).code).toBe(0);
    await until(async () => (await status()) === 200, 1000);

    const list = await weather(home, ['keys', 'list', '--show']);
    expect(list.stdout).toMatch(
      new RegExp(
        `^KEY +NAME +STATUS +CREATED\\n${served.key()}  default  Active  \\S+\\n${newKey}  e2e      Active  \\S+\\n$`,
      ),
    );

    expect((await weather(home, ['keys', 'delete', newKey])).code).toBe(0);
    await until(async () => (await status()) === 401, 1000);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After once a key spends its minute, then recovers', async () => {
    const { home: limitedHome, remove: removeLimited } = makeHome();
    const limited = await serve(limitedHome, ['--rate-limit', '600']);
    try {
      const limitedKey = createdKey(limited.stderr());
      const url = `${limited.url}/weather?lat=1&lon=2&appid=${limitedKey}`;
      let answer: Response | undefined;
      for (let i = 0; i < 5000; i++) {
        answer = await fetch(url);
        if (answer.status === 429) break;
        await answer.arrayBuffer();
      }
      expect(answer?.status).toBe(429);
      expect(Number(answer?.headers.get('retry-after'))).toBeGreaterThanOrEqual(60);
      expect(await answer?.text()).toBe(
        '{"cod":429, "message": "Your account is temporary blocked due to exceeding of requests limitation of your subscription type. Please choose the proper subscription https://openweathermap.org/price"}',
      );
      // 600 a minute is one every 100 ms: the key is back well within a second.
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect((await fetch(url)).status).toBe(200);
      const cli = await weather(limitedHome, [
        '--lat',
        '1',
        '--lon',
        '2',
        '--base-url',
        limited.url,
        '--appid',
        limitedKey,
      ]);
      expect(cli.code).toBe(0);
    } finally {
      await limited.stop();
      removeLimited();
    }
  });
});

describe('shutdown', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'on %s finishes the request in flight, then exits 0',
    async (signal) => {
      const { home: h, remove: r } = makeHome();
      const s = await serve(h);
      try {
        const k = createdKey(s.stderr());
        const { port } = new URL(s.url);
        const socket = connect(Number(port), '127.0.0.1');
        await new Promise((resolve) => socket.once('connect', resolve));
        let response = '';
        socket.on('data', (chunk: Buffer) => (response += chunk.toString('utf8')));
        const closed = new Promise((resolve) => socket.once('close', resolve));
        // Half a request: the server has it in flight when the signal arrives.
        socket.write(`GET /data/2.5/weather?lat=1&lon=2&appid=${k} HTTP/1.1\r\nHost: x\r\n`);
        await new Promise((resolve) => setTimeout(resolve, 100));
        const exit = s.stop(signal);
        await new Promise((resolve) => setTimeout(resolve, 200));
        socket.write('\r\n');
        await closed;
        expect(response.startsWith('HTTP/1.1 200 OK\r\n')).toBe(true);
        expect(await exit).toBe(0);
        expect(s.stderr()).toContain(`weather: ${signal} received; finishing requests in flight\n`);
      } finally {
        r();
      }
    },
  );

  it('exits 0 when stopped the moment it has printed its URL', async () => {
    for (let i = 0; i < 5; i++) {
      const { home: h, remove: r } = makeHome();
      try {
        const s = await serve(h);
        expect(await s.stop()).toBe(0);
      } finally {
        r();
      }
    }
  });

  it('refuses a port in use with exit 10, and creates no key', async () => {
    const { home: h, remove: r } = makeHome();
    try {
      const port = new URL(served.server().url).port;
      const result = await weather(h, ['serve', '--port', port]);
      expect([result.code, result.stdout, result.stderr, existsSync(join(h, 'config'))]).toEqual([
        10,
        '',
        `weather: cannot listen on 127.0.0.1:${port}: the port is in use\nhint: choose another --port, or --port 0 for a free one\n`,
        false,
      ]);
    } finally {
      r();
    }
  });

  it('exits 0 within the grace period when clients stall mid-request', async () => {
    const { home: h, remove: r } = makeHome();
    const s = await serve(h);
    const sockets: Socket[] = [];
    try {
      const k = createdKey(s.stderr());
      const { port } = new URL(s.url);
      const stalls = [
        // Half the headers, then nothing.
        'GET /data/2.5/weather?lat=1&lon=2 HTTP/1.1\r\nHost: x\r\n',
        // Half a request line.
        'GET /data/2.5/wea',
        // Connected, nothing sent.
        '',
        // A body that never ends (answered at once, then cut).
        `POST /data/2.5/weather?appid=${k} HTTP/1.1\r\nHost: x\r\ncontent-length: 100000\r\n\r\nabc`,
      ];
      for (const stall of stalls) {
        const socket = await open(Number(port));
        sockets.push(socket);
        socket.on('error', () => undefined);
        socket.write(stall);
      }
      // A keep-alive connection that has had its answer and waits idle.
      const idle = await open(Number(port));
      sockets.push(idle);
      idle.write(`GET /data/2.5/weather?lat=1&lon=2&appid=${k} HTTP/1.1\r\nHost: x\r\n\r\n`);
      await new Promise((resolve) => idle.once('data', resolve));
      await new Promise((resolve) => setTimeout(resolve, 100));

      const started = performance.now();
      const code = await s.stop('SIGTERM');
      const took = performance.now() - started;
      expect(code).toBe(0);
      // The grace period is 3 s; the rest is slack for a loaded machine.
      expect(took).toBeGreaterThanOrEqual(2_900);
      expect(took).toBeLessThan(5_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      r();
    }
  });
});
