import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { CLEAR, ENTER_SCREEN, LEAVE_SCREEN } from '../../../src/cli/watch.js';
import { parseDuration } from '../../../src/core/duration.js';
import { startFaultServer, type FaultServer } from '../../helpers/fault-server.js';
import { homeEnv, serveInProcess, testIO, type TestIOOptions } from '../../helpers/io.js';
import { createdKey } from '../../helpers/cli.js';
import { LISBON_OK, T0 } from '../../helpers/lisbon.js';
import { useTempDir } from '../../helpers/tmp.js';
import { lisbonAt } from '../../helpers/upstream-faults.js';
import { TEST_PLATFORM } from '../../helpers/world.js';

const UNAUTHORIZED = JSON.stringify({ cod: 401, message: 'Invalid API key.' });
const LIMITED = JSON.stringify({ cod: 429, message: 'Too many requests.' });

let faults: FaultServer;
const tempDir = useTempDir();
beforeAll(async () => {
  faults = await startFaultServer({
    live: [LISBON_OK],
    flaky: [LISBON_OK, { status: 401, body: UNAUTHORIZED }],
    'flaky-piped': [LISBON_OK, { status: 401, body: UNAUTHORIZED }],
    limited: [{ status: 429, body: LIMITED, headers: { 'retry-after': '3600' } }],
  });
});
afterAll(() => faults.close());

/**
 * `weather --watch` in process: the clock moves by each wait, which returns at once, and Ctrl-C
 * comes after `frames` waits. Returns the exit code, what was printed and the waits asked for.
 */
async function watching(
  argv: readonly string[],
  frames: number,
  options: TestIOOptions & { readonly start?: number } = {},
) {
  let now = options.start ?? Date.parse('2026-06-21T12:00:00Z');
  const waits: number[] = [];
  const every = (parseDuration(argv[argv.indexOf('--watch') + 1] ?? '') ?? 0) * 1000;
  const io = testIO({
    env: homeEnv(tempDir()),
    ...options,
    now: () => now,
    sleep: (ms) => {
      waits.push(ms);
      now += ms;
      // Retries of a live call wait too; the frames are counted by the waits between them.
      if (waits.filter((wait) => wait === every).length === frames) io.stop('SIGINT');
      return Promise.resolve();
    },
  });
  const code = await main(argv, io, TEST_PLATFORM);
  return { code, stdout: io.out(), stderr: io.err(), waits };
}

const OFFLINE = ['--offline', '--lat', '0', '--lon', '0'];
const HINT =
  'hint: the live service updates an observation about every 10 minutes: watch every 10m or more, or watch the embedded implementation (--offline, weather serve)\n';

describe('--watch on a terminal', () => {
  it("redraws in place with the observation's age, and leaves the screen as it was on Ctrl-C", async () => {
    const r = await watching([...OFFLINE, '--watch', '30s', '-f', '{main.temp}{temp_unit}'], 3, {
      stdoutIsTTY: true,
    });
    expect(r).toEqual({
      code: 0,
      stdout: [
        ENTER_SCREEN,
        `${CLEAR}Every 30s; observed 0s ago; Ctrl-C quits\n\n24.64°C\n`,
        `${CLEAR}Every 30s; observed 30s ago; Ctrl-C quits\n\n24.64°C\n`,
        `${CLEAR}Every 30s; observed 1m ago; Ctrl-C quits\n\n24.64°C\n`,
        LEAVE_SCREEN,
      ].join(''),
      stderr: '',
      waits: [30_000, 30_000, 30_000],
    });
  });

  it('keeps the last good observation on screen when a call fails, with the failure under it', async () => {
    const r = await watching(lisbonAt(faults.base('flaky'), ['--watch', '10m', '-o', 'tmux']), 3, {
      stdoutIsTTY: true,
      start: T0,
    });
    const failed =
      'weather: the API rejected the key (401): Invalid API key. (check the key (weather config get appid) or set another: weather config set appid <key>); showing the last good observation\n';
    expect([r.code, r.stderr, r.stdout.split(CLEAR)]).toEqual([
      0,
      '',
      [
        ENTER_SCREEN,
        'Every 10m; observed 5m ago; Ctrl-C quits\n\n#[fg=#e6c84c]⛅ 23°C#[default]\n',
        `Every 10m; observed 15m ago; Ctrl-C quits\n\n#[fg=#e6c84c]⛅ 23°C#[default]\n${failed}`,
        `Every 10m; observed 25m ago; Ctrl-C quits\n\n#[fg=#e6c84c]⛅ 23°C#[default]\n${failed}${LEAVE_SCREEN}`,
      ],
    ]);
  });

  it('keeps to the wait a 429 asked for: no request inside it', async () => {
    const r = await watching(
      lisbonAt(faults.base('limited'), ['--watch', '10m', '-o', 'tmux']),
      3,
      {
        stdoutIsTTY: true,
        start: T0,
      },
    );
    expect([r.code, faults.requests('limited').length]).toEqual([0, 1]);
    expect(
      r.stdout
        .split(CLEAR)
        .slice(1)
        .map((frame) => frame.split('\n')[2]),
    ).toEqual([
      'weather: rate limited (429): Too many requests.; retry after 3600s (wait at least a minute before the next request, or poll less often)',
      'weather: rate limited (429) 10m ago; retry after 3000s (no request is made before then; poll less often, e.g. with --cache 10m)',
      'weather: rate limited (429) 20m ago; retry after 2400s (no request is made before then; poll less often, e.g. with --cache 10m)',
    ]);
  });
});

describe('--watch piped', () => {
  it('prints each summary after the last, a blank line between', async () => {
    const r = await watching(
      [...OFFLINE, '--watch', '1h', '-o', 'summary', '--now', '2026-06-21T12:00:00Z'],
      2,
    );
    const summary = [
      'Globe, observed 2026-06-21 12:00 (UTC+00:00)',
      'Scattered clouds, 24.6 °C, feels like 25.1 °C',
      'Wind 3.4 m/s from NE (55°), gusts 5.1 m/s',
      'Humidity 76%, pressure 1011 hPa',
      'Sunrise 05:58, sunset 18:05',
      'Simulated by the embedded model, not a real observation',
      '',
    ].join('\n');
    expect(r).toEqual({
      code: 0,
      stdout: `${summary}\n${summary}`,
      stderr: '',
      waits: [3_600_000, 3_600_000],
    });
  });

  it('prints a line a frame for a status bar, the failure marker when a call fails', async () => {
    const r = await watching(
      lisbonAt(faults.base('flaky-piped'), ['--watch', '10m', '-o', 'polybar']),
      2,
      { start: T0 },
    );
    expect(r).toEqual({
      code: 0,
      stdout: '%{F#e6c84c}⛅ 23°C%{F-}\n%{F#ff5555}⛔%{F-}\n',
      stderr:
        'weather: the API rejected the key (401): Invalid API key.\nhint: check the key (weather config get appid) or set another: weather config set appid <key>\n',
      waits: [600_000, 600_000],
    });
  });

  it('ends each raw body with a newline, one response a line', async () => {
    const r = await watching(
      [...OFFLINE, '--watch', '1m', '-o', 'raw', '--now', '2026-06-21T12:00:00Z'],
      2,
    );
    const lines = r.stdout.split('\n');
    expect([r.code, lines.length, lines[0], lines[2]]).toEqual([0, 3, lines[1], '']);
  });
});

describe('--watch intervals', () => {
  it('refuses less than 10 minutes against the live service, before any request', async () => {
    const r = await watching(['--lat', '1', '--lon', '1', '--appid', 'k', '--watch', '9m'], 1);
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr: `weather: --watch 9m is too short for the live service\n${HINT}`,
      waits: [],
    });
  });

  it('refuses less than 10 minutes against a server that is not weather serve, after its first answer', async () => {
    const base = faults.base('live');
    const r = await watching(lisbonAt(base, ['--watch', '1m']), 1, { start: T0 });
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr: `weather: --watch 1m is too short for ${base}: its answers are not the embedded implementation's (no x-weather-source: simulated)\n${HINT}`,
      waits: [],
    });
  });

  it('takes any interval against weather serve, whose answers say they are simulated', async () => {
    const home = tempDir();
    const server = await serveInProcess(home, ['--now', '2026-06-21T12:00:00Z']);
    try {
      const key = createdKey(server.stderr());
      const r = await watching(
        [
          ...['--lat', '0', '--lon', '0', '--appid', key, '--base-url', server.url],
          ...['--watch', '30s', '-f', '{main.temp}{temp_unit} {source}'],
        ],
        2,
      );
      expect(r).toEqual({
        code: 0,
        stdout: '24.64°C simulated\n24.64°C simulated\n',
        stderr: '',
        waits: [30_000, 30_000],
      });
    } finally {
      await server.stop();
    }
  });

  it.each([
    ['0s', 'weather: --watch must be at least 1s, got "0s"\n'],
    [
      'soon',
      'weather: --watch: "soon" is not valid (allowed: a whole number and a unit, e.g. 90s, 10m, 1h, 2d, at most a year)\n',
    ],
  ])('--watch %s is a usage error', async (interval, stderr) => {
    const r = await watching([...OFFLINE, '--watch', interval], 1);
    expect(r).toEqual({ code: 2, stdout: '', stderr, waits: [] });
  });
});
