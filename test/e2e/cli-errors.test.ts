import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeHome, weather } from '../helpers/cli.js';
import { startFaultServer, type FaultServer } from '../helpers/fault-server.js';
import { current, truth } from '../helpers/fixtures.js';

const KEY = 'feedfacefeedfacefeedfacefeedface';
const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };
const OBSERVATION = current(
  'programmatordev_capture2026_current_lisbon_latlon_metric_success.json',
);
const HTML_PAGE = truth('xsavikx_tape2016_current_kharkiv_byid_mode_html.html');

let faults: FaultServer;
const { home, remove } = makeHome();

beforeAll(async () => {
  faults = await startFaultServer({
    ok: [{ status: 200, body: OBSERVATION, headers: JSON_HEADERS }],
    400: [{ status: 400, body: '{"cod":"400","message":"wrong latitude"}', headers: JSON_HEADERS }],
    401: [
      {
        status: 401,
        body: truth('woodrock_htmlmode_error401_2021-02-08.txt'),
        headers: JSON_HEADERS,
      },
    ],
    404: [{ status: 404, body: '{"cod":"404","message":"city not found"}', headers: JSON_HEADERS }],
    429: [
      {
        status: 429,
        body: '{"cod":429, "message": "Your account is temporary blocked"}',
        headers: { ...JSON_HEADERS, 'retry-after': '120' },
      },
    ],
    '429short': [
      {
        status: 429,
        body: '{"cod":429, "message": "slow down"}',
        headers: { ...JSON_HEADERS, 'retry-after': '5' },
      },
    ],
    '429xml': [
      {
        status: 429,
        body: '<ClientError><cod>429</cod><message>slow down</message></ClientError>',
        headers: { 'content-type': 'application/xml' },
      },
    ],
    500: [{ status: 500, body: '{"cod":500,"message":"Internal error"}', headers: JSON_HEADERS }],
    502: [
      {
        status: 502,
        body: truth('woodrock_htmlmode_502_openresty_2023-10-31.html'),
        headers: { 'content-type': 'text/html' },
      },
    ],
    '503then200': [
      { status: 503, body: 'busy', headers: { 'content-type': 'text/plain' } },
      { status: 200, body: OBSERVATION, headers: JSON_HEADERS },
    ],
    resetthen200: [{ reset: true }, { status: 200, body: OBSERVATION, headers: JSON_HEADERS }],
    reset: [{ reset: true }],
    hang: [{ hang: true }],
    notjson: [
      { status: 200, body: '<html>hello</html>', headers: { 'content-type': 'text/html' } },
    ],
    notobservation: [{ status: 200, body: '{"cod":200,"list":[]}', headers: JSON_HEADERS }],
    truncated: [{ status: 200, body: OBSERVATION.subarray(0, 100), headers: JSON_HEADERS }],
    badxml: [
      {
        status: 200,
        body: '<current><city id="1"',
        headers: { 'content-type': 'application/xml' },
      },
    ],
    huge: [{ status: 200, body: Buffer.alloc(2 * 1024 * 1024, 0x20), headers: JSON_HEADERS }],
    teapot: [{ status: 418, body: "I'm a teapot", headers: { 'content-type': 'text/plain' } }],
    htmljson: [{ status: 200, body: OBSERVATION, headers: JSON_HEADERS }],
    htmlnotype: [{ status: 200, body: HTML_PAGE, headers: {} }],
    htmlempty: [{ status: 200, body: '', headers: { 'content-type': 'text/html; charset=utf-8' } }],
    htmlok: [{ status: 200, body: HTML_PAGE, headers: { 'content-type': 'text/html' } }],
    html401: [
      {
        status: 401,
        body: truth('woodrock_htmlmode_error401_2021-02-08.txt'),
        headers: { 'content-type': 'text/html' },
      },
    ],
  });
});

afterAll(async () => {
  await faults.close();
  remove();
});

function call(scenario: string, ...extra: string[]) {
  return weather(home, [
    '--lat',
    '38.7223',
    '--lon',
    '-9.1393',
    '--appid',
    KEY,
    '--base-url',
    faults.base(scenario),
    ...extra,
  ]);
}

describe('API errors become exit codes and one line on stderr', () => {
  it.each([
    ['400', [], 3, 'weather: the API rejected the request (400): wrong latitude\n'],
    ['404', [], 3, 'weather: the API rejected the request (404): city not found\n'],
    [
      '418',
      [],
      3,
      'weather: the API rejected the request (418): HTTP 418 without an error object\n',
    ],
    [
      '401',
      [],
      4,
      'weather: the API rejected the key (401): Invalid API key. Please see http://openweathermap.org/faq#error401 for more info.\n' +
        'hint: check the key (weather config get appid) or set another: weather config set appid <key>\n',
    ],
    [
      '429',
      [],
      5,
      'weather: rate limited (429): Your account is temporary blocked; retry after 120s\n' +
        'hint: wait at least a minute before the next request, or poll less often\n',
    ],
    [
      '429short',
      [],
      5,
      'weather: rate limited (429): slow down; retry after 60s\nhint: wait at least a minute before the next request, or poll less often\n',
    ],
    [
      '429xml',
      ['--mode', 'xml'],
      5,
      'weather: rate limited (429): slow down; retry after 60s\nhint: wait at least a minute before the next request, or poll less often\n',
    ],
  ])('%s %j → exit %s', async (scenario, extra, code, stderr) => {
    const name = scenario === '418' ? 'teapot' : scenario;
    const r = await call(name, ...extra);
    expect([r.code, r.stdout, r.stderr]).toEqual([code, '', stderr]);
  });

  it('does not retry a 429, and asks nothing while its wait lasts', async () => {
    // A cache folder of its own: the 429 above is remembered in the shared one.
    const own = { WEATHER_CACHE_DIR: join(home, 'cache-429') };
    const args = ['--lat', '1', '--lon', '2', '--appid', KEY, '--base-url', faults.base('429')];
    const before = faults.requests('429').length;
    const first = await weather(home, args, own);
    const second = await weather(home, args, own);
    expect([first.code, second.code, faults.requests('429').length - before]).toEqual([5, 5, 1]);
    // Exact but for the second the two runs may straddle.
    expect(second.stderr).toMatch(
      /^weather: rate limited \(429\) [01]s ago; retry after (?:119|120)s\nhint: no request is made before then; poll less often, e\.g\. with --cache 10m\n$/,
    );
  });

  it('sends exactly the documented query, key last', async () => {
    await call('ok', '-u', 'imperial', '-l', 'de', '-m', 'json');
    expect(faults.requests('ok').at(-1)).toBe(
      `/ok/data/2.5/weather?lat=38.7223&lon=-9.1393&units=imperial&lang=de&mode=json&appid=${KEY}`,
    );
  });
});

describe('bad upstream responses exit 7; network failures exit 6', () => {
  it('retries a 5xx twice, then reports it', async () => {
    const r = await call('500');
    expect([r.code, r.stdout, r.stderr]).toEqual([
      7,
      '',
      `weather: ${faults.base('500')} answered 500: Internal error\nhint: the service has a problem; try again later\n`,
    ]);
    expect(faults.requests('500').length).toBe(3);
  });

  it('reports the edge 502 page', async () => {
    const r = await call('502');
    expect([r.code, r.stderr]).toEqual([
      7,
      `weather: ${faults.base('502')} answered 502\nhint: the service has a problem; try again later\n`,
    ]);
  });

  it.each([
    ['503then200', 2],
    ['resetthen200', 2],
  ])('recovers from %s by retrying', async (scenario, requests) => {
    const r = await call(scenario, '-f', '{name} {main.temp}');
    expect([r.code, r.stdout, r.stderr]).toEqual([0, 'Socorro 22.55\n', '']);
    expect(faults.requests(scenario).length).toBe(requests);
  });

  it.each([
    ['notjson', [], 'the body is not JSON'],
    ['notobservation', [], 'missing or invalid coord'],
    ['truncated', [], 'the body is not JSON'],
    ['badxml', ['--mode', 'xml'], 'the body is not well-formed XML (line 1, column 1)'],
  ])('%s → exit 7, even for raw output', async (scenario, extra, problem) => {
    const r = await call(scenario, '-o', 'raw', ...extra);
    expect([r.code, r.stdout, r.stderr]).toEqual([
      7,
      '',
      `weather: ${faults.base(scenario)} answered 200 with a body that is not a weather observation: ${problem}\n`,
    ]);
  });

  it.each([
    ['htmljson', 'application/json; charset=utf-8'],
    ['htmlnotype', 'no content type'],
    ['htmlempty', 'an empty body'],
  ])('%s in --mode html → exit 7', async (scenario, got) => {
    const r = await call(scenario, '--mode', 'html');
    expect([r.code, r.stdout, r.stderr]).toEqual([
      7,
      '',
      `weather: ${faults.base(scenario)} answered 200 with a body that is not a weather observation: expected an HTML body, got ${got}\n`,
    ]);
  });

  it('passes a text/html answer in --mode html through byte for byte', async () => {
    const r = await call('htmlok', '--mode', 'html');
    expect([r.code, r.stdoutBytes.equals(HTML_PAGE), r.stderr]).toEqual([0, true, '']);
  });

  it('refuses a body over a megabyte', async () => {
    const r = await call('huge');
    expect([r.code, r.stdout]).toEqual([7, '']);
    expect(r.stderr).toBe(
      `weather: the response from ${faults.base('huge')}/weather?lat=38.7223&lon=-9.1393&units=metric&lang=en&mode=json&appid=*** is larger than 1048576 bytes\n`,
    );
  });

  it('times out a server that never answers', async () => {
    const started = Date.now();
    const r = await call('hang', '--timeout', '1');
    expect([r.code, r.stdout, r.stderr]).toEqual([
      6,
      '',
      'weather: no complete response from 127.0.0.1:' +
        new URL(faults.base('hang')).port +
        ' within 1s\nhint: try again later, or raise --timeout\n',
    ]);
    expect(Date.now() - started).toBeLessThan(8000);
  });

  it('reports a connection that is reset every time', async () => {
    const r = await call('reset');
    expect([r.code, r.stdout]).toEqual([6, '']);
    expect(r.stderr).toBe(
      `weather: cannot reach 127.0.0.1:${new URL(faults.base('reset')).port}: connection reset\nhint: check the network, or use --offline\n`,
    );
    expect(faults.requests('reset').length).toBe(3);
  });

  it('reports a refused connection', async () => {
    const r = await weather(home, [
      '--lat',
      '1',
      '--lon',
      '2',
      '--appid',
      KEY,
      '--base-url',
      'http://127.0.0.1:9/data/2.5',
    ]);
    expect([r.code, r.stdout, r.stderr]).toEqual([
      6,
      '',
      'weather: cannot reach 127.0.0.1:9: connection refused\nhint: check the network, or use --offline\n',
    ]);
  });

  it('never prints the key, even in --verbose failures', async () => {
    for (const scenario of ['401', '500', 'huge', 'reset']) {
      const r = await call(scenario, '--verbose');
      expect(r.stderr).not.toContain(KEY);
      expect(r.stdout).not.toContain(KEY);
    }
  });
});
