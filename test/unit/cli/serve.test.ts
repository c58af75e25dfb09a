import { fetch as undiciFetch, type Response as UndiciResponse } from 'undici';
import { describe, expect, it } from 'vitest';
import { createdKey, makeHome, useServer } from '../../helpers/cli.js';
import { runIn, serveInProcess } from '../../helpers/io.js';

// `weather serve` in the test's process (main with a TestIO, stopped by its `stop`); signals to a
// real process are tested in test/e2e/serve.test.ts.
const NOW = '2026-06-21T12:00:00Z';
const served = useServer(['--now', NOW, '--rate-limit', '0'], serveInProcess);
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

// The cases share no state but the server, so they run at once: the rate limit's burst while the
// key changes wait for the server to notice them.
describe.concurrent('weather serve', () => {
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
    const created = await runIn(home, ['keys', 'create', '--name', 'e2e']);
    expect(created.code).toBe(0);
    const newKey = created.stdout.trim();
    expect(newKey).toMatch(/^[0-9a-f]{32}$/);
    const status = async () => (await get(`lat=1&lon=2&appid=${newKey}`)).status;
    await until(async () => (await status()) === 200, 1000);

    const disabled = await runIn(home, ['keys', 'disable', newKey]);
    expect([disabled.code, disabled.stderr]).toEqual([
      0,
      `weather: key ${newKey.slice(0, 4)}${'*'.repeat(24)}${newKey.slice(-4)} (e2e) is now Inactive\n`,
    ]);
    const took = await until(async () => (await status()) === 401, 1000);
    expect(took).toBeLessThanOrEqual(1000);

    expect((await runIn(home, ['keys', 'enable', 'e2e'])).code).toBe(0);
    await until(async () => (await status()) === 200, 1000);

    const list = await runIn(home, ['keys', 'list', '--show']);
    expect(list.stdout).toMatch(
      new RegExp(
        `^KEY +NAME +STATUS +CREATED\\n${served.key()}  default  Active  \\S+\\n${newKey}  e2e      Active  \\S+\\n$`,
      ),
    );

    expect((await runIn(home, ['keys', 'delete', newKey])).code).toBe(0);
    await until(async () => (await status()) === 401, 1000);
  });
});

describe.concurrent('rate limit', () => {
  it('answers 429 with Retry-After once a key spends its minute, then recovers', async () => {
    const { home: limitedHome, remove: removeLimited } = makeHome();
    const limited = await serveInProcess(limitedHome, ['--rate-limit', '600']);
    try {
      const limitedKey = createdKey(limited.stderr());
      const url = `${limited.url}/weather?lat=1&lon=2&appid=${limitedKey}`;
      // The client shares this process with the server: requests go in batches, through
      // undici's fetch (several times cheaper than Node's global one), to spend the minute fast.
      let answer: UndiciResponse | undefined;
      for (let sent = 0; sent < 5000 && !answer; sent += 25) {
        const answers = await Promise.all(Array.from({ length: 25 }, () => undiciFetch(url)));
        answer = answers.find((a) => a.status === 429);
        await Promise.all(answers.filter((a) => a !== answer).map((a) => a.arrayBuffer()));
      }
      expect(answer?.status).toBe(429);
      expect(Number(answer?.headers.get('retry-after'))).toBeGreaterThanOrEqual(60);
      expect(await answer?.text()).toBe(
        '{"cod":429, "message": "Your account is temporary blocked due to exceeding of requests limitation of your subscription type. Please choose the proper subscription https://openweathermap.org/price"}',
      );
      // 600 a minute is one every 100 ms: the key is back well within a second.
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect((await fetch(url)).status).toBe(200);
      const cli = await runIn(limitedHome, [
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
