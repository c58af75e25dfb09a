import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeHome, weather } from '../helpers/cli.js';
import { KEY, lisbonAt, useUpstreamFaults } from '../helpers/upstream-faults.js';

// The real binary for one fault of each exit code; the rest are tested in process
// (test/unit/cli/errors.test.ts).
const faults = useUpstreamFaults();
const { home, remove } = makeHome();
afterAll(remove);

function call(scenario: string, ...extra: string[]) {
  return weather(home, lisbonAt(faults.base(scenario), extra));
}

describe('API errors become exit codes and one line on stderr', () => {
  it.each([
    ['400', [], 3, 'weather: the API rejected the request (400): wrong latitude\n'],
    [
      '429',
      [],
      5,
      'weather: rate limited (429): Your account is temporary blocked; retry after 120s\n' +
        'hint: wait at least a minute before the next request, or poll less often\n',
    ],
  ])('%s %j → exit %s', async (scenario, extra, code, stderr) => {
    const r = await call(scenario, ...extra);
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
});

describe('bad upstream responses exit 7; network failures exit 6', () => {
  it.each([['notjson', [], 'the body is not JSON']])(
    '%s → exit 7, even for raw output',
    async (scenario, extra, problem) => {
      const r = await call(scenario, '-o', 'raw', ...extra);
      expect([r.code, r.stdout, r.stderr]).toEqual([
        7,
        '',
        `weather: ${faults.base(scenario)} answered 200 with a body that is not a weather observation: ${problem}\n`,
      ]);
    },
  );

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
});
