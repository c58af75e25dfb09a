import {
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { entryName } from '../../../src/cache/identity.js';
import type { Env, Platform } from '../../../src/core/env.js';
import { startFaultServer, type Answer, type FaultServer } from '../../helpers/fault-server.js';
import { truth } from '../../helpers/fixtures.js';
import { homeEnv, run, testIO } from '../../helpers/io.js';
import { endedPid, plantLock } from '../../helpers/locks.js';
import { KEY } from '../../helpers/lisbon.js';
import { lisbonAt } from '../../helpers/upstream-faults.js';
import { useTempDir } from '../../helpers/tmp.js';
import { TEST_PLATFORM } from '../../helpers/world.js';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };
const LISBON = truth('programmatordev_capture2026_current_lisbon_latlon_metric_success.json');
const MANILA = truth('programmatordev_capture2026_current_manila_latlon_metric_rain1h.json');
/** Five minutes after the Lisbon observation. */
const T0 = (1785573885 + 300) * 1000;
const MINUTE = 60_000;
const TEMPLATE = '{main.temp} {source} {age}';

const ok = (body: Buffer = LISBON): Answer => ({ status: 200, body, headers: JSON_HEADERS });
const limited = (retryAfter: string): Answer => ({
  status: 429,
  body: '{"cod":429, "message": "slow down"}',
  headers: { ...JSON_HEADERS, 'retry-after': retryAfter },
});
const RESET: Answer = { reset: true };

let faults: FaultServer;
const tempDir = useTempDir();

beforeAll(async () => {
  faults = await startFaultServer({
    ok: [ok()],
    keys: [ok()],
    files: [ok()],
    filesLimited: [limited('60')],
    corrupt: [ok()],
    prune: [ok()],
    limited: [limited('120'), ok()],
    limitedStale: [ok(), limited('90')],
    backoff: [RESET, RESET, RESET, ok(), RESET, RESET],
    stale: [ok(), RESET, { status: 503, body: 'busy', headers: {} }],
    rejected: [ok(), { status: 401, body: '{"cod":401,"message":"Invalid API key."}' }],
    huge: [ok(), { status: 200, body: Buffer.alloc(2 << 20, 0x20), headers: JSON_HEADERS }],
    shown: [ok()],
    ahead: [ok(LISBON), ok(MANILA)],
    bar: [ok()],
    barCached: [ok()],
    unwritable: [ok()],
  });
});

afterAll(() => faults.close());

interface Options {
  readonly now: number;
  readonly env?: Env;
  readonly platform?: Platform;
  readonly tty?: boolean;
}

/** `weather` in process against a scenario of the fault server, with the key and Lisbon. */
function weather(home: string, scenario: string, args: readonly string[], options: Options) {
  return run(
    lisbonAt(faults.base(scenario), args),
    {
      env: homeEnv(home, options.env),
      now: options.now,
      stdoutIsTTY: options.tty ?? false,
      columns: 100,
    },
    options.platform,
  );
}

const requests = (scenario: string) => faults.requests(scenario).length;

function cacheFiles(home: string): string[] {
  return readdirSync(join(home, 'cache')).sort();
}

/** The one entry the cache holds. */
function entryPath(home: string): string {
  const [entry, ...more] = cacheFiles(home).filter((name) => name.endsWith('.response'));
  if (!entry || more.length > 0) throw new Error(`expected one entry in ${home}`);
  return join(home, 'cache', entry);
}

describe('--cache', () => {
  it('answers from a response younger than the duration without a request, the same bytes', async () => {
    const home = tempDir();
    const runs = [];
    for (const at of [0, 5, 9.9, 10, 12]) {
      runs.push(await weather(home, 'ok', ['--cache', '10m'], { now: T0 + at * MINUTE }));
      runs.push({ requests: requests('ok') });
    }
    const same = { code: 0, stdout: LISBON.toString(), stderr: '' };
    expect(runs.map((r) => ('code' in r ? { ...r, stdoutBytes: undefined } : r))).toEqual([
      { ...same, stdoutBytes: undefined },
      { requests: 1 },
      { ...same, stdoutBytes: undefined },
      { requests: 1 },
      { ...same, stdoutBytes: undefined },
      { requests: 1 },
      { ...same, stdoutBytes: undefined },
      { requests: 2 },
      { ...same, stdoutBytes: undefined },
      { requests: 2 },
    ]);
  });

  it('keeps one entry per base URL, key, place to 4 decimals, units, lang and mode', async () => {
    const home = tempDir();
    const cases: readonly (readonly string[])[] = [
      [],
      ['--lat', '38.72231'],
      ['--lat', '38.7224'],
      ['-u', 'imperial'],
      ['-l', 'de'],
      ['-m', 'xml'],
      ['--appid', 'another-key'],
      [],
    ];
    const counts = [];
    for (const args of cases) {
      const r = await weather(home, 'keys', ['--cache', '1h', ...args, '-f', '{name}'], {
        now: T0,
      });
      counts.push([r.code, requests('keys')]);
    }
    expect(counts).toEqual([
      [0, 1],
      [0, 1],
      [0, 2],
      [0, 3],
      [0, 4],
      // A request, but no entry: the body is not XML, and only good answers are kept.
      [7, 5],
      [0, 6],
      [0, 6],
    ]);
  });

  it('writes files of mode 0600 in a folder of mode 0700, and never the key', async () => {
    const home = tempDir();
    expect((await weather(home, 'files', ['--cache', '1h'], { now: T0 })).code).toBe(0);
    expect((await weather(home, 'filesLimited', ['--cache', '1h'], { now: T0 })).code).toBe(5);
    const dir = join(home, 'cache');
    const files = cacheFiles(home);
    expect(files.map((name) => name.replace(/^[0-9a-f]{64}\./, '<hash>.')).sort()).toEqual([
      '.pruned',
      '<hash>.failures',
      '<hash>.response',
    ]);
    expect([
      statSync(dir).mode & 0o777,
      ...files.map((name) => statSync(join(dir, name)).mode & 0o777),
    ]).toEqual([0o700, 0o600, 0o600, 0o600]);
    const everything = files.map((name) => readFileSync(join(dir, name), 'latin1')).join('');
    expect(everything.includes(KEY)).toBe(false);
    expect(everything.includes(LISBON.toString('latin1'))).toBe(true);
  });

  it.each([
    ['truncated', (path: string) => truncateSync(path, statSync(path).size - 10)],
    [
      'damaged',
      (path: string) =>
        writeFileSync(path, readFileSync(path, 'utf8').replace('Socorro', 'Sxcorro')),
    ],
    ['not an entry', (path: string) => writeFileSync(path, '{}')],
    ['empty', (path: string) => writeFileSync(path, '')],
  ])('ignores an entry that is %s and replaces it', async (_what, damage) => {
    const home = tempDir();
    const before = requests('corrupt');
    await weather(home, 'corrupt', ['--cache', '1h'], { now: T0 });
    const path = entryPath(home);
    const good = readFileSync(path);
    damage(path);
    const r = await weather(home, 'corrupt', ['--cache', '1h'], { now: T0 + MINUTE });
    expect([r.code, r.stdout, r.stderr, requests('corrupt') - before]).toEqual([
      0,
      LISBON.toString(),
      '',
      2,
    ]);
    // The new entry is good: the next run needs no request.
    expect(readFileSync(path).subarray(0, 16)).toEqual(good.subarray(0, 16));
    await weather(home, 'corrupt', ['--cache', '1h'], { now: T0 + 2 * MINUTE });
    expect(requests('corrupt') - before).toBe(2);
  });

  it('prunes its own files untouched for a week, and nothing else', async () => {
    const home = tempDir();
    const dir = join(home, 'cache');
    mkdirSync(dir, { recursive: true });
    const old = (Date.now() - 8 * 86_400_000) / 1000;
    const recent = (Date.now() - 6 * 86_400_000) / 1000;
    const name = (c: string) => c.repeat(64);
    const planted: [string, number][] = [
      [`${name('a')}.response`, old],
      [`${name('b')}.failures`, old],
      [`${name('c')}.response`, recent],
      [`.0123456789ab.tmp`, old],
      [`${name('d')}.response.lock.0123456789abcdef01234567.tmp`, old],
      ['notes.txt', old],
    ];
    for (const [file, time] of planted) {
      writeFileSync(join(dir, file), 'x');
      utimesSync(join(dir, file), time, time);
    }
    const lock = plantLock(join(dir, `${name('e')}.response.lock`), {
      pid: endedPid(),
      started: old * 1000,
    });
    utimesSync(lock, old, old);
    expect((await weather(home, 'prune', ['--cache', '1h'], { now: T0 })).code).toBe(0);
    const made = entryName({
      baseUrl: faults.base('prune'),
      appid: KEY,
      lat: 38.7223,
      lon: -9.1393,
      units: 'metric',
      lang: 'en',
      mode: 'json',
    });
    expect(cacheFiles(home)).toEqual(
      ['.pruned', `${made}.response`, `${name('c')}.response`, 'notes.txt'].sort(),
    );
  });

  it('goes on without a cache folder that cannot be made, with one warning', async () => {
    const home = tempDir();
    writeFileSync(join(home, 'file'), '');
    const dir = join(home, 'file', 'cache');
    const r = await weather(home, 'unwritable', ['--cache', '1h', '-f', '{name}'], {
      now: T0,
      env: { WEATHER_CACHE_DIR: dir },
    });
    expect([r.code, r.stdout, r.stderr]).toEqual([
      0,
      'Socorro\n',
      `weather: not using the cache in ${dir}: ENOTDIR: not a directory, mkdir '${dir}'\n`,
    ]);
  });
});

describe('a 429 is remembered', () => {
  it('makes no request inside Retry-After, exits 5 with the time left, then asks again', async () => {
    const home = tempDir();
    const at = async (seconds: number) => {
      const r = await weather(home, 'limited', ['-f', '{name}'], { now: T0 + seconds * 1000 });
      return [r.code, r.stdout, r.stderr, requests('limited')];
    };
    expect(await at(0)).toEqual([
      5,
      '',
      'weather: rate limited (429): slow down; retry after 120s\nhint: wait at least a minute before the next request, or poll less often\n',
      1,
    ]);
    const remembered = (ago: string, left: number) =>
      `weather: rate limited (429) ${ago} ago; retry after ${left}s\nhint: no request is made before then; poll less often, e.g. with --cache 10m\n`;
    expect(await at(67)).toEqual([5, '', remembered('1m', 53), 1]);
    expect(await at(119.5)).toEqual([5, '', remembered('2m', 1), 1]);
    expect(await at(120)).toEqual([0, 'Socorro\n', '', 2]);
  });

  it('waits at least the minute the spec asks for, and serves stale data if allowed', async () => {
    const home = tempDir();
    const args = ['--stale-ok', '1h', '-f', TEMPLATE];
    const at = async (seconds: number) => {
      const r = await weather(home, 'limitedStale', args, { now: T0 + seconds * 1000 });
      return [r.code, r.stdout, r.stderr, requests('limitedStale')];
    };
    expect(await at(0)).toEqual([0, '22.55 live 5m\n', '', 1]);
    expect(await at(600)).toEqual([
      0,
      '22.55 stale 15m\n',
      'weather: showing data fetched 10m ago: rate limited (429): slow down; retry after 90s\n',
      2,
    ]);
    expect(await at(640)).toEqual([
      0,
      '22.55 stale 15m\n',
      'weather: showing data fetched 10m ago: rate limited (429) 40s ago; retry after 50s\n',
      2,
    ]);
  });
});

describe('network failures in a row', () => {
  it('back off from the second, doubling, and a success ends it', async () => {
    const home = tempDir();
    const at = async (seconds: number) => {
      const r = await weather(home, 'backoff', ['--timeout', '0.2', '-f', '{name}'], {
        now: T0 + seconds * 1000,
      });
      return `${r.code} ${requests('backoff')} ${r.stdout}${r.stderr.split('\n')[0] ?? ''}`;
    };
    const host = new URL(faults.base('backoff')).host;
    const refused = `weather: cannot reach ${host}: connection reset`;
    expect([
      await at(0),
      await at(10),
      await at(20),
      await at(40),
      await at(70),
      await at(100),
      await at(160),
      await at(170),
      await at(180),
    ]).toEqual([
      `6 1 ${refused}`,
      `6 2 ${refused}`,
      `6 2 ${refused} (2 failures in a row, the last 10s ago); retry after 20s`,
      `6 3 ${refused}`,
      `6 3 ${refused} (3 failures in a row, the last 30s ago); retry after 30s`,
      `0 4 Socorro\n`,
      `6 5 ${refused}`,
      `6 6 ${refused}`,
      `6 6 ${refused} (2 failures in a row, the last 10s ago); retry after 20s`,
    ]);
  });
});

describe('--stale-ok', () => {
  it('prints the last good response when the call fails, says how old and why, exits 0', async () => {
    const home = tempDir();
    const host = new URL(faults.base('stale')).host;
    const at = async (minutes: number, args: readonly string[], tty = false) => {
      const r = await weather(home, 'stale', ['--timeout', '0.2', '--stale-ok', '1h', ...args], {
        now: T0 + minutes * MINUTE,
        tty,
      });
      return [r.code, r.stdout, r.stderr];
    };
    expect(await at(0, ['-f', TEMPLATE])).toEqual([0, '22.55 live 5m\n', '']);
    expect(await at(20, ['-o', 'summary'])).toEqual([
      0,
      `Socorro, PT, observed 2026-08-01 09:44 (UTC+01:00)
Scattered clouds, 22.6 °C, feels like 22.9 °C
Wind 4.5 m/s from S (190°), gusts 7.6 m/s
Humidity 77%, pressure 1016 hPa
Sunrise 06:37, sunset 20:47
Source: stale, fetched 20m ago (the latest call failed)
`,
      `weather: showing data fetched 20m ago: cannot reach ${host}: connection reset\n`,
    ]);
    expect(await at(30, ['-f', TEMPLATE])).toEqual([
      0,
      '22.55 stale 35m\n',
      `weather: showing data fetched 30m ago: ${faults.base('stale')} answered 503\n`,
    ]);
    expect(await at(61, ['-f', TEMPLATE])).toEqual([
      7,
      '',
      `weather: ${faults.base('stale')} answered 503\nhint: the service has a problem; try again later\n`,
    ]);
  });

  it('stands in for an answer too large to be one, and never shows the key', async () => {
    const home = tempDir();
    await weather(home, 'huge', ['--stale-ok', '1h'], { now: T0 });
    const r = await weather(home, 'huge', ['--stale-ok', '1h', '-f', TEMPLATE], {
      now: T0 + MINUTE,
    });
    expect([r.code, r.stdout, r.stderr]).toEqual([
      0,
      '22.55 stale 6m\n',
      `weather: showing data fetched 1m ago: the response from ${faults.base('huge')}/weather?lat=38.7223&lon=-9.1393&units=metric&lang=en&mode=json&appid=*** is larger than 1048576 bytes\n`,
    ]);
  });

  it('never stands in for a request the API refused', async () => {
    const home = tempDir();
    await weather(home, 'rejected', ['--stale-ok', '1h'], { now: T0 });
    const r = await weather(home, 'rejected', ['--stale-ok', '1h'], { now: T0 + MINUTE });
    expect([r.code, r.stdout]).toEqual([4, '']);
  });
});

describe('where data came from', () => {
  it('is {source} in templates and a line in table and summary when not fresh', async () => {
    const home = tempDir();
    const live = await weather(home, 'shown', ['--cache', '10m', '-o', 'table'], { now: T0 });
    const cached = await weather(home, 'shown', ['--cache', '10m', '-o', 'table'], {
      now: T0 + 3 * MINUTE,
    });
    const summary = await weather(home, 'shown', ['--cache', '10m', '-o', 'summary'], {
      now: T0 + 3 * MINUTE,
    });
    const template = await weather(home, 'shown', ['--cache', '10m', '-f', TEMPLATE], {
      now: T0 + 4 * MINUTE,
    });
    const simulated = await run(
      ['--lat', '38.7223', '--lon=-9.1393', '--offline', '-f', '{source}'],
      { env: homeEnv(home), now: T0 },
    );
    expect(live.stdout.split('\n').slice(-2)).toEqual(['Sunset       20:47', '']);
    expect(cached.stdout.split('\n').slice(-3)).toEqual([
      'Sunset       20:47',
      'Source       cache, fetched 3m ago',
      '',
    ]);
    expect(summary.stdout.split('\n').slice(-2)).toEqual(['Source: cache, fetched 3m ago', '']);
    expect([template.stdout, simulated.stdout]).toEqual(['22.55 cache 9m\n', 'simulated\n']);
  });
});

describe('--refresh-ahead', () => {
  it('past half the duration, prints the cached response and starts a background refresh', async () => {
    const home = tempDir();
    const started: { args: readonly string[]; env: Env }[] = [];
    const platform: Platform = {
      ...TEST_PLATFORM,
      startSelf: (args, env) => started.push({ args, env }),
    };
    const args = ['--cache', '10m', '--refresh-ahead', '-f', '{name} {source}'];
    const at = async (minutes: number) => {
      const r = await weather(home, 'ahead', args, { now: T0 + minutes * MINUTE, platform });
      return [r.code, r.stdout, r.stderr, requests('ahead'), started.length];
    };
    expect(await at(0)).toEqual([0, 'Socorro live\n', '', 1, 0]);
    expect(await at(4)).toEqual([0, 'Socorro cache\n', '', 1, 0]);
    expect(await at(6)).toEqual([0, 'Socorro cache\n', '', 1, 1]);
    const [child] = started;
    expect(child?.args).toEqual([
      '--lat=38.7223',
      '--lon=-9.1393',
      '--units=metric',
      '--lang=en',
      '--mode=json',
      `--base-url=${faults.base('ahead')}`,
      '--timeout=10',
      '--cache=10m',
      '--output=raw',
    ]);
    expect([child?.env.WEATHER_APPID, child?.env.WEATHER_BACKGROUND_REFRESH]).toEqual([KEY, '1']);
    // The child, run as the entry point would run it: one request, nothing printed.
    const io = testIO({ env: child?.env ?? {}, now: T0 + 6 * MINUTE });
    expect(await main(child?.args ?? [], io, TEST_PLATFORM)).toBe(0);
    expect([io.out(), io.err(), requests('ahead')]).toEqual(['', '', 2]);
    // A second child finds the entry refreshed and asks nothing.
    expect(
      await main(
        child?.args ?? [],
        testIO({ env: child?.env ?? {}, now: T0 + 7 * MINUTE }),
        TEST_PLATFORM,
      ),
    ).toBe(0);
    expect(requests('ahead')).toBe(2);
    expect(await at(8)).toEqual([0, 'Quiapo District cache\n', '', 2, 1]);
  });

  it('needs --cache', async () => {
    const r = await weather(tempDir(), 'ahead', ['--refresh-ahead'], { now: T0 });
    expect([r.code, r.stderr]).toEqual([
      2,
      'weather: --refresh-ahead needs --cache, e.g. --cache 10m --refresh-ahead\n',
    ]);
  });
});

describe('durations', () => {
  it.each([
    [
      '--cache',
      '10',
      'weather: --cache: "10" is not valid (allowed: a whole number and a unit, e.g. 90s, 10m, 1h, 2d, at most a year)\n',
    ],
    [
      '--stale-ok',
      '1y',
      'weather: --stale-ok: "1y" is not valid (allowed: a whole number and a unit, e.g. 90s, 10m, 1h, 2d, at most a year)\n',
    ],
  ])('%s %s is a usage error', async (flag, value, stderr) => {
    const r = await weather(tempDir(), 'ok', [flag, value], { now: T0 });
    expect([r.code, r.stderr]).toEqual([2, stderr]);
  });

  it('come from config cache and stale_ok, which config set normalises', async () => {
    const home = tempDir();
    const env = homeEnv(home);
    await run(['config', 'set', 'cache', '600s'], { env });
    await run(['config', 'set', 'stale_ok', '60m'], { env });
    expect((await run(['config', 'list'], { env })).stdout).toBe('cache=10m\nstale_ok=1h\n');
  });
});

describe('a status bar polling once a minute for 100 minutes', () => {
  it.each([
    ['without --cache', 'bar', [], 100],
    ['with --cache 10m', 'barCached', ['--cache', '10m'], 10],
  ] as const)('%s: %s requests', async (_what, scenario, args, expected) => {
    const home = tempDir();
    for (let minute = 0; minute < 100; minute++) {
      const r = await weather(home, scenario, [...args, '-f', '{main.temp}'], {
        now: T0 + minute * MINUTE,
      });
      expect(r.code).toBe(0);
    }
    expect(requests(scenario)).toBe(expected);
  });
});
