import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runIn, useHome } from '../../helpers/io.js';
import {
  AGAIN,
  HTML_PAGE,
  KEY,
  lisbonAt,
  useUpstreamFaults,
} from '../../helpers/upstream-faults.js';

const faults = useUpstreamFaults();
const { home } = useHome();

function call(scenario: string, ...extra: string[]) {
  return runIn(home, lisbonAt(faults.base(scenario), extra));
}

// Each test has scenarios of its own (a name with AGAIN is another one), so they all run at once:
// the retries' backoff, a second for a 5xx or a reset, is waited for in parallel.
describe.concurrent('API errors become exit codes and one line on stderr', () => {
  it.each([
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

  it('does not retry a 429', async () => {
    // A cache folder of its own: other tests' 429s are remembered in the shared one.
    const own = { WEATHER_CACHE_DIR: join(home, 'cache-429-no-retry') };
    const before = faults.requests('429').length;
    const r = await runIn(home, lisbonAt(faults.base('429'), []), own);
    expect([r.code, faults.requests('429').length - before]).toEqual([5, 1]);
  });

  it('sends exactly the documented query, key last', async () => {
    await call('ok', '-u', 'imperial', '-l', 'de', '-m', 'json');
    expect(faults.requests('ok').at(-1)).toBe(
      `/ok/data/2.5/weather?lat=38.7223&lon=-9.1393&units=imperial&lang=de&mode=json&appid=${KEY}`,
    );
  });
});

describe.concurrent('bad upstream responses exit 7; network failures exit 6', () => {
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
    const r = await call('hang', '--timeout', '0.3');
    expect([r.code, r.stdout, r.stderr]).toEqual([
      6,
      '',
      'weather: no complete response from 127.0.0.1:' +
        new URL(faults.base('hang')).port +
        ' within 0.3s\nhint: try again later, or raise --timeout\n',
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

  it('never prints the key, even in --verbose failures', async () => {
    const runs = ['401', '500', 'huge', 'reset'].map((scenario) =>
      call(`${scenario}${AGAIN}`, '--verbose'),
    );
    for (const r of await Promise.all(runs)) {
      expect(r.stderr).not.toContain(KEY);
      expect(r.stdout).not.toContain(KEY);
    }
  });
});
