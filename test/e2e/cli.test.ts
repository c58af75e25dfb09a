import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeHome, useServer, weather } from '../helpers/cli.js';

const NOW = '2026-06-21T12:04:00Z';
const TOKYO = ['--lat', '35.6762', '--lon', '139.6503'];
const served = useServer(['--now', NOW, '--rate-limit', '0']);
const { home } = served;

function live(args: readonly string[], env: Record<string, string> = {}) {
  return weather(
    home,
    [...TOKYO, '--base-url', served.server().url, '--appid', served.key(), ...args],
    env,
  );
}

const TABLE = `Place        Tokyo, JP
Coordinates  35.6762, 139.6503
Observed     2026-06-21 21:00 (UTC+09:00)
Conditions   Broken clouds
Temperature  22.2 °C, feels like 22.4 °C
Min / max    21.4 °C / 23.0 °C
Wind         1.8 m/s from SW (220°)
Humidity     73%
Pressure     1015 hPa
Clouds       75%
Visibility   10 km
Sunrise      04:25
Sunset       19:00
Data         simulated by the embedded model, not a real observation
`;

const SUMMARY = `Tokyo, JP, observed 2026-06-21 21:00 (UTC+09:00)
Broken clouds, 22.2 °C, feels like 22.4 °C
Wind 1.8 m/s from SW (220°)
Humidity 73%, pressure 1015 hPa
Sunrise 04:25, sunset 19:00
Simulated by the embedded model, not a real observation
`;

describe('against weather serve', () => {
  it.each([
    ['table', ['-o', 'table'], TABLE],
    ['summary', ['-o', 'summary'], SUMMARY],
    ['table from XML', ['--mode', 'xml', '-o', 'table'], TABLE],
    ['summary from XML', ['--mode', 'xml', '-o', 'summary'], SUMMARY],
    [
      'summary in German and imperial units',
      ['-u', 'imperial', '-l', 'de', '-o', 'summary'],
      SUMMARY.replace(
        'Broken clouds, 22.2 °C, feels like 22.4 °C',
        'Überwiegend bewölkt, 71.9 °F, feels like 72.3 °F',
      ).replace('1.8 m/s from SW (220°)', '4 mph from SW (220°)'),
    ],
    [
      'template',
      [
        '-f',
        '{place}|{main.temp:.1}{temp_unit}|{local_time}|{sunrise}|{sunset}|{wind_dir}|{rain.1h|0}',
      ],
      'Tokyo, JP|22.2°C|21:00|04:25|19:00|SW|0\n',
    ],
  ])('%s', async (_what, args, stdout) => {
    const r = await live(args);
    expect([r.code, r.stdout, r.stderr]).toEqual([0, stdout, '']);
  });

  it.each(['json', 'xml', 'html'])('prints the %s body byte for byte when piped', async (mode) => {
    const r = await live(['--mode', mode]);
    const direct = await fetch(
      `${served.server().url}/weather?lat=35.6762&lon=139.6503&units=metric&lang=en&mode=${mode}&appid=${served.key()}`,
    );
    expect(r.code).toBe(0);
    expect(r.stdoutBytes.equals(Buffer.from(await direct.arrayBuffer()))).toBe(true);
  });

  it('pipes --mode json into JSON.parse equal to the server body', async () => {
    const r = await live(['--mode', 'json']);
    const response = await fetch(
      `${served.server().url}/weather?lat=35.6762&lon=139.6503&units=metric&appid=${served.key()}`,
    );
    const direct: unknown = await response.json();
    expect(JSON.parse(r.stdout)).toEqual(direct);
  });

  it.each(['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Chatham', 'Europe/London'])(
    'shows the location’s local time whatever the machine’s TZ (%s)',
    async (tz) => {
      const r = await live(['-o', 'summary'], { TZ: tz });
      expect(r.stdout).toBe(SUMMARY);
      const t = await live(['-f', '{local_time} {sunrise} {sunset}'], { TZ: tz });
      expect(t.stdout).toBe('21:00 04:25 19:00\n');
    },
  );

  it('answers 401 for an unknown key with exit 4', async () => {
    const r = await weather(home, [
      ...TOKYO,
      '--base-url',
      served.server().url,
      '--appid',
      'wrongkey',
    ]);
    expect([r.code, r.stdout, r.stderr]).toEqual([
      4,
      '',
      'weather: the API rejected the key (401): Invalid API key. Please see https://openweathermap.org/faq#error401 for more info.\n' +
        'hint: check the key (weather config get appid) or set another: weather config set appid <key>\n',
    ]);
  });

  it('uses the key, base URL and location from the config file, and WEATHER_APPID over it', async () => {
    const { home: h, remove: r } = makeHome();
    try {
      for (const [k, v] of [
        ['appid', 'stored-but-wrong'],
        ['base_url', served.server().url],
        ['location', '35.6762,139.6503'],
      ]) {
        expect((await weather(h, ['config', 'set', k ?? '', v ?? ''])).code).toBe(0);
      }
      expect((await weather(h, ['-f', '{name}'])).code).toBe(4);
      const viaEnv = await weather(h, ['-f', '{name}'], { WEATHER_APPID: served.key() });
      expect([viaEnv.code, viaEnv.stdout]).toEqual([0, 'Tokyo\n']);
      const viaFlag = await weather(h, ['-f', '{name}', '--appid', served.key()], {
        WEATHER_APPID: 'wrong',
      });
      expect([viaFlag.code, viaFlag.stdout]).toEqual([0, 'Tokyo\n']);
    } finally {
      r();
    }
  });
});

describe('with no key anywhere', () => {
  it('answers from the embedded model, says so, and marks the data simulated', async () => {
    const { home: h, remove: r } = makeHome();
    try {
      const raw = await weather(h, [...TOKYO, '--now', NOW]);
      expect(raw.code).toBe(0);
      expect(raw.stderr).toBe(
        'weather: no API key set, so this is simulated data from the embedded model; to use the real service: weather config set appid <key>\n',
      );
      expect(JSON.parse(raw.stdout)).toMatchObject({
        base: 'simulated',
        name: 'Tokyo',
        dt: 1782043200,
      });
      const table = await weather(h, [...TOKYO, '--now', NOW, '-o', 'table']);
      expect(table.stdout).toBe(TABLE);
      const offline = await weather(h, [...TOKYO, '--now', NOW, '--offline', '-o', 'summary']);
      expect([offline.stdout, offline.stderr]).toEqual([SUMMARY, '']);
    } finally {
      r();
    }
  });
});

describe('usage errors exit 2 before any request', () => {
  it.each([
    [['--lat', '91', '--lon', '0'], 'weather: --lat must be a number from -90 to 90, got "91"\n'],
    [['--lat', 'abc', '--lon', '0'], 'weather: --lat must be a number from -90 to 90, got "abc"\n'],
    [
      ['--lat', '0', '--lon', '-180.5'],
      'weather: --lon must be a number from -180 to 180, got "-180.5"\n',
    ],
    [['--lat', '1'], 'weather: --lat and --lon must be given together\n'],
    [
      [],
      'weather: --lat and --lon are required (latitude -90 to 90, longitude -180 to 180)\nhint: or store a default: weather config set location 51.5,-0.1\n',
    ],
    [
      [...TOKYO, '--units', 'kelvin'],
      'weather: --units must be one of standard, metric, imperial, got "kelvin"\n',
    ],
    [[...TOKYO, '--mode', 'yaml'], 'weather: --mode must be one of json, xml, html, got "yaml"\n'],
    [
      [...TOKYO, '--output', 'csv'],
      'weather: --output must be one of table, summary, raw, got "csv"\n',
    ],
    [
      [...TOKYO, '--timeout', '0'],
      'weather: --timeout: "0" is not valid (allowed: a number of seconds greater than 0 and at most 300)\n',
    ],
    [
      [...TOKYO, '--now', 'yesterday'],
      'weather: --now must be ISO 8601 (2026-01-01T12:00:00Z) or Unix seconds (1767268800), got "yesterday"\n',
    ],
    [
      [...TOKYO, '-f', '{nope}'],
      'weather: unknown field {nope} in --format (valid fields: coord.lon, coord.lat, weather.0.id, weather.0.main, weather.0.description, weather.0.icon, base, main.temp, main.feels_like, main.temp_min, main.temp_max, main.pressure, main.humidity, main.sea_level, main.grnd_level, visibility, wind.speed, wind.deg, wind.gust, clouds.all, rain.1h, rain.3h, snow.1h, snow.3h, dt, sys.type, sys.id, sys.message, sys.country, sys.sunrise, sys.sunset, timezone, id, name, cod, temp_unit, speed_unit, wind_dir, local_time, sunrise, sunset, age, place, description)\n',
    ],
    [['--bogus'], "weather: unknown option '--bogus'\nhint: see: weather --help\n"],
    [['confg'], 'weather: unknown command "confg"\nhint: did you mean config?\n'],
  ])('%j', async (args, stderr) => {
    const r = await weather(home, args);
    expect([r.code, r.stdout, r.stderr]).toEqual([2, '', stderr]);
  });

  it('lists every valid language for an unknown --lang', async () => {
    const r = await weather(home, [...TOKYO, '--lang', 'xx']);
    expect([r.code, r.stderr]).toEqual([
      2,
      'weather: --lang must be one of af, ar, az, be, bg, ca, cz, da, de, el, en, es, eu, fa, fi, fr, gl, he, hi, hr, hu, id, is, it, ja, kr, ku, la, lt, mk, nl, no, pl, pt, pt_br, ro, ru, se, sk, sl, sp, sq, sr, sv, th, tr, ua, uk, vi, zh_cn, zh_tw, zu, got "xx"\n',
    ]);
  });

  it('accepts negative values after flags, with or without =', async () => {
    for (const args of [
      ['--lat', '-33.87', '--lon', '-70.6'],
      ['--lat=-33.87', '--lon=-70.6'],
    ]) {
      const r = await weather(home, [
        ...args,
        '--offline',
        '--now',
        NOW,
        '-f',
        '{coord.lat},{coord.lon}',
      ]);
      expect([r.code, r.stdout]).toEqual([0, '-33.87,-70.6\n']);
    }
  });
});

describe('weather config', () => {
  it('sets, gets, lists, unsets and masks the key', async () => {
    const { home: h, remove: r } = makeHome();
    try {
      const secret = '0123456789abcdef0123456789abcdef';
      expect((await weather(h, ['config', 'set', 'appid', secret])).code).toBe(0);
      expect((await weather(h, ['config', 'set', 'location', '-33.87,151.21'])).code).toBe(0);
      expect((await weather(h, ['config', 'get', 'appid'])).stdout).toBe(
        '0123************************cdef\n',
      );
      expect((await weather(h, ['config', 'get', 'appid', '--show'])).stdout).toBe(`${secret}\n`);
      expect((await weather(h, ['config', 'list'])).stdout).toBe(
        'appid=0123************************cdef\nlocation=-33.87,151.21\n',
      );
      const unset = await weather(h, ['config', 'get', 'units']);
      expect([unset.code, unset.stdout, unset.stderr]).toEqual([
        0,
        '',
        'weather: units is not set (default: metric)\n',
      ]);
      const path = (await weather(h, ['config', 'path'])).stdout;
      expect(path).toBe(`${join(h, 'config', 'config.json')}\n`);
      expect(statSync(path.trim()).mode & 0o777).toBe(0o600);
      expect((await weather(h, ['config', 'unset', 'appid'])).code).toBe(0);
      expect((await weather(h, ['config', 'list'])).stdout).toBe('location=-33.87,151.21\n');
    } finally {
      r();
    }
  });

  it('rejects invalid values and unknown keys with the allowed ones named', async () => {
    const bad = await weather(home, ['config', 'set', 'units', 'kelvin']);
    expect([bad.code, bad.stderr]).toEqual([
      2,
      'weather: invalid value for units: "kelvin" (allowed: standard, metric, imperial)\n',
    ]);
    const unknown = await weather(home, ['config', 'get', 'colour']);
    expect([unknown.code, unknown.stderr]).toEqual([
      2,
      'weather: unknown config key "colour" (valid keys: appid, units, lang, location, base_url, timeout)\n',
    ]);
  });

  it('stops with exit 8 on a broken config file, names it and never rewrites it', async () => {
    const { home: h, remove: r } = makeHome();
    try {
      expect((await weather(h, ['config', 'set', 'units', 'imperial'])).code).toBe(0);
      const file = join(h, 'config', 'config.json');
      writeFileSync(file, '{"units": "imperial",');
      for (const args of [
        [...TOKYO, '--offline'],
        ['config', 'list'],
        ['config', 'set', 'lang', 'de'],
      ]) {
        const result = await weather(h, args);
        expect([result.code, result.stdout]).toEqual([8, '']);
        expect(result.stderr).toMatch(
          new RegExp(
            `^weather: config file ${file} is not valid JSON: .+\\nhint: fix or move the file; weather has left it untouched\\n$`,
          ),
        );
      }
      expect(readFileSync(file, 'utf8')).toBe('{"units": "imperial",');
      expect((await weather(h, ['config', 'path'])).stdout).toBe(`${file}\n`);
    } finally {
      r();
    }
  });
});

describe('help and version', () => {
  it('--version prints the package version', async () => {
    const pkg = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as { version: string };
    const r = await weather(home, ['--version']);
    expect([r.code, r.stdout, r.stderr]).toEqual([0, `${pkg.version}\n`, '']);
  });

  it('--help shows every option with its default, examples and exit codes', async () => {
    const r = await weather(home, ['--help'], { COLUMNS: '100' });
    expect(r.code).toBe(0);
    await expect(r.stdout).toMatchFileSnapshot('__snapshots__/help.txt');
  });
});
