import { describe, expect, it } from 'vitest';
import { runIn, useHome } from '../../helpers/io.js';
import { NOW, TOKYO } from '../../helpers/tokyo.js';

const { home } = useHome();

describe('usage errors exit 2 before any request', () => {
  it.each([
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
      'weather: --output must be one of table, summary, raw, json, waybar, i3bar, polybar, tmux, got "csv"\n',
    ],
    [
      [...TOKYO, '--timeout', '0'],
      'weather: --timeout: "0" is not valid (allowed: a number of seconds greater than 0 and at most 300)\n',
    ],
    [
      [...TOKYO, '--now', 'yesterday'],
      'weather: --now must be ISO 8601 (2026-01-01T12:00:00Z; UTC when no zone is given) or Unix seconds (1767268800), got "yesterday"\n',
    ],
    [
      [...TOKYO, '-f', '{nope}'],
      'weather: unknown field {nope} in --format\nhint: valid fields: coord.lon, coord.lat, weather.0.id, weather.0.main, weather.0.description, weather.0.icon, base, main.temp, main.feels_like, main.temp_min, main.temp_max, main.pressure, main.humidity, main.sea_level, main.grnd_level, visibility, wind.speed, wind.deg, wind.gust, clouds.all, rain.1h, rain.3h, snow.1h, snow.3h, dt, sys.type, sys.id, sys.message, sys.country, sys.sunrise, sys.sunset, timezone, id, name, cod, temp_unit, speed_unit, wind_dir, local_time, sunrise, sunset, age, place, description, source\n',
    ],
    [['--bogus'], 'weather: unknown option "--bogus"\nhint: see: weather --help\n'],
    [['confg'], 'weather: unknown command "confg"\nhint: did you mean config?\n'],
    [
      ['London'],
      'weather: unknown command "London"\nhint: for a place by name: weather --place "London"\n',
    ],
    [
      ['New', 'York', '-o', 'summary'],
      'weather: unknown command "New"\nhint: for a place by name: weather --place "New York"\n',
    ],
    [['12'], 'weather: unknown command "12"\nhint: see: weather --help\n'],
  ])('%j', async (args, stderr) => {
    const r = await runIn(home, args);
    expect([r.code, r.stdout, r.stderr]).toEqual([2, '', stderr]);
  });

  it('lists every valid language for an unknown --lang', async () => {
    const r = await runIn(home, [...TOKYO, '--lang', 'xx']);
    expect([r.code, r.stderr]).toEqual([
      2,
      'weather: --lang must be a language code of the API, got "xx"\nhint: codes: af, ar, az, be, bg, ca, cz, da, de, el, en, es, eu, fa, fi, fr, gl, he, hi, hr, hu, id, is, it, ja, kr, ku, la, lt, mk, nl, no, pl, pt, pt_br, ro, ru, se, sk, sl, sp, sq, sr, sv, th, tr, ua, uk, vi, zh_cn, zh_tw, zu\n',
    ]);
  });

  it('accepts negative values after flags, with or without =', async () => {
    for (const args of [
      ['--lat', '-33.87', '--lon', '-70.6'],
      ['--lat=-33.87', '--lon=-70.6'],
    ]) {
      const r = await runIn(home, [
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
