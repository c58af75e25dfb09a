// `npm run bench -- --self-test`: the parsers and the arithmetic of the bench on canned outputs of
// the tools (wrk 4.1, hyperfine 1.15, GNU time 1.9, Linux's /proc), so a change to them is caught
// without timing anything. Throws on the first difference.
import { deepStrictEqual, throws } from 'node:assert/strict';
import {
  median,
  pairedRatio,
  pairedRow,
  parseHyperfine,
  parseMaxRss,
  parseVmRss,
  parseWrk,
  renderMarkdown,
  renderText,
  verdict,
} from './figures.mjs';
import { commandLine } from './processes.mjs';

const WRK_RANDOM = `Running 1s test @ http://127.0.0.1:42623/
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    16.00ms   27.22ms 223.30ms   89.79%
    Req/Sec     6.05k     3.09k   11.14k    50.00%
  Latency Distribution
     50%    5.97ms
     75%   13.11ms
     90%   44.38ms
     99%  139.40ms
  6066 requests in 1.02s, 746.41KB read
  Socket errors: connect 0, read 123, write 0, timeout 0
  Non-2xx or 3xx responses: 867
Requests/sec:   5952.22
Transfer/sec:    732.41KB
`;

const WRK_SAME = `Running 3s test @ http://127.0.0.1:41357/data/2.5/weather?lat=51.5&lon=-0.1
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   812.00us    1.09ms  34.01ms   95.70%
    Req/Sec    61.40k     8.42k   72.06k    73.33%
  Latency Distribution
     50%  701.00us
     75%  802.00us
     90%    1.01ms
     99%    2.50ms
  183201 requests in 3.00s, 122.62MB read
Requests/sec:  61067.00
Transfer/sec:     40.87MB
`;

const HYPERFINE = JSON.stringify({
  results: [
    {
      command: 'node -e 0',
      mean: 0.0214,
      stddev: null,
      median: 0.0214,
      user: 0.0152,
      system: 0.0061,
      min: 0.0214,
      max: 0.0214,
      times: [0.0214],
      exit_codes: [0],
    },
    {
      command: 'node bin/weather.js --version',
      mean: 0.0421,
      stddev: null,
      median: 0.0421,
      user: 0.031,
      system: 0.009,
      min: 0.0421,
      max: 0.0421,
      times: [0.0421],
      exit_codes: [0],
    },
  ],
});

const PROC_STATUS = `Name:\tnode
State:\tS (sleeping)
VmPeak:\t 1093220 kB
VmHWM:\t   91604 kB
VmRSS:\t   80384 kB
RssAnon:\t   41216 kB
`;

/** @typedef {import('./figures.mjs').Row} Row */

/** @type {Row[]} */
const ROWS = [
  pairedRow(
    { figure: '`weather --version`', unit: 'ms', budget: { on: 'ratio', op: '≤', limit: 1.2 } },
    [42, 44, 40],
    [21, 20, 20],
  ),
  {
    figure: 'peak RSS | offline',
    unit: 'MB',
    value: 68.25,
    baseline: 38,
    ratio: 68.25 / 38,
    budget: { on: 'value', op: '≤', limit: 55, unit: 'MB' },
  },
  pairedRow(
    { figure: 'server requests/s', unit: 'req/s', budget: { on: 'ratio', op: '≥', limit: 0.8 } },
    [61000, 59000],
    [70000, 72000],
  ),
  {
    figure: 'server errors',
    unit: '',
    value: 0,
    baseline: 0,
    budget: { on: 'value', op: '≤', limit: 0 },
  },
  { figure: 'world: observe', unit: 'µs', value: 12.34 },
  { figure: 'single executable', unit: '', skipped: 'not built' },
];

/** @returns {string} what was checked */
export function selfTest() {
  /** @type {[string, () => void][]} */
  const checks = [
    [
      'median',
      () => deepStrictEqual([median([3, 1, 2]), median([4, 1, 3, 2]), median([])], [2, 2.5, NaN]),
    ],
    ['paired ratio', () => deepStrictEqual(pairedRatio([30, 50, 20], [10, 20, 10]), 2.5)],
    [
      'paired ratio needs pairs',
      () => throws(() => pairedRatio([1, 2], [1]), /cannot pair 2 runs with 1/),
    ],
    [
      'wrk, random coordinates with errors',
      () =>
        deepStrictEqual(parseWrk(WRK_RANDOM), {
          requests: 6066,
          seconds: 1.02,
          rps: 5952.22,
          socketErrors: 123,
          non2xx: 867,
          p99: 139.4,
        }),
    ],
    [
      'wrk, same URL without errors, latency in µs and ms',
      () =>
        deepStrictEqual(parseWrk(WRK_SAME), {
          requests: 183201,
          seconds: 3,
          rps: 61067,
          socketErrors: 0,
          non2xx: 0,
          p99: 2.5,
        }),
    ],
    [
      'wrk, not a report',
      () => throws(() => parseWrk('unable to connect to 127.0.0.1:1'), /not a wrk report/),
    ],
    [
      'hyperfine JSON',
      () =>
        deepStrictEqual(parseHyperfine(HYPERFINE), [
          { command: 'node -e 0', times: [21.4] },
          { command: 'node bin/weather.js --version', times: [42.1] },
        ]),
    ],
    [
      'hyperfine JSON, a command that failed',
      () =>
        throws(
          () => parseHyperfine(HYPERFINE.replace('"exit_codes":[0]', '"exit_codes":[2]')),
          /node -e 0 exited 2/,
        ),
    ],
    ['GNU time %M', () => deepStrictEqual(parseMaxRss('70144\n'), 68.5)],
    [
      'GNU time %M of a failed command',
      () =>
        throws(
          () => parseMaxRss('Command exited with non-zero status 1\n70144\n'),
          /GNU time said: Command exited with non-zero status 1/,
        ),
    ],
    ['/proc status VmRSS', () => deepStrictEqual(parseVmRss(PROC_STATUS), 78.5)],
    [
      'verdicts',
      () => deepStrictEqual(ROWS.map(verdict), ['MISS', 'MISS', 'ok', 'ok', '', 'skip']),
    ],
    [
      'hyperfine command line',
      () =>
        deepStrictEqual(
          commandLine([
            '/usr/bin/node',
            'bin/weather.js',
            '--format',
            "{name} it's",
            'http://h:1/a?b=1&c=2',
          ]),
          `/usr/bin/node bin/weather.js --format '{name} it'\\''s' 'http://h:1/a?b=1&c=2'`,
        ),
    ],
    [
      'text table',
      () =>
        deepStrictEqual(
          renderText(ROWS),
          [
            'figure                               value      baseline  ratio   budget  result',
            '`weather --version`                42.0 ms       20.0 ms  2.00×   ≤ 1.2×  MISS',
            'peak RSS | offline                 68.3 MB       38.0 MB  1.80×  ≤ 55 MB  MISS',
            'server requests/s             60,000 req/s  71,000 req/s  0.85×   ≥ 0.8×  ok',
            'server errors                            0             0             ≤ 0  ok',
            'world: observe                     12.3 µs',
            'single executable: not built                                              skip',
          ].join('\n'),
        ),
    ],
    [
      'Markdown table',
      () =>
        deepStrictEqual(
          renderMarkdown(ROWS),
          [
            '| figure | value | baseline | ratio | budget | result |',
            '|---|--:|--:|--:|--:|---|',
            '| `weather --version` | 42.0 ms | 20.0 ms | 2.00× | ≤ 1.2× | MISS |',
            '| peak RSS \\| offline | 68.3 MB | 38.0 MB | 1.80× | ≤ 55 MB | MISS |',
            '| server requests/s | 60,000 req/s | 71,000 req/s | 0.85× | ≥ 0.8× | ok |',
            '| server errors | 0 | 0 |  | ≤ 0 | ok |',
            '| world: observe | 12.3 µs |  |  |  |  |',
            '| single executable: not built |  |  |  |  | skip |',
          ].join('\n'),
        ),
    ],
  ];
  for (const [name, check] of checks) {
    try {
      check();
    } catch (error) {
      throw new Error(`bench self-test "${name}" failed`, { cause: error });
    }
  }
  return `bench self-test: ${checks.length} checks passed`;
}
