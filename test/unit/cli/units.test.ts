import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultServer, type FaultServer } from '../../helpers/fault-server.js';
import { LISBON, LISBON_OK, T0 } from '../../helpers/lisbon.js';
import { homeEnv, run } from '../../helpers/io.js';
import { useTempDir } from '../../helpers/tmp.js';
import { lisbonAt } from '../../helpers/upstream-faults.js';

/*
 * Lisbon's live answer (metric): 22.55 °C, feels like 22.87, min 21.48, max 23.94; wind 4.47 m/s
 * from 190°, gusts 7.6 m/s. Every output shows it in the units asked with --temp-unit and
 * --wind-unit, converted after decoding.
 */
let faults: FaultServer;
const tempDir = useTempDir();
beforeAll(async () => {
  faults = await startFaultServer({ live: [LISBON_OK] });
});
afterAll(() => faults.close());

function weather(args: readonly string[], extra: Record<string, string> = {}) {
  return run(lisbonAt(faults.base('live'), args), { env: homeEnv(tempDir(), extra), now: T0 });
}

function summary(temperature: string, wind: string): string {
  return [
    'Socorro, PT, observed 2026-08-01 09:44 (UTC+01:00)',
    `Scattered clouds, ${temperature}`,
    `Wind ${wind}`,
    'Humidity 77%, pressure 1016 hPa',
    'Sunrise 06:37, sunset 20:47',
    '',
  ].join('\n');
}

function table(temperature: string, minMax: string, wind: string): string {
  return [
    'Place        Socorro, PT',
    'Coordinates  38.7223, -9.1393',
    'Observed     2026-08-01 09:44 (UTC+01:00)',
    'Conditions   Scattered clouds',
    `Temperature  ${temperature}`,
    `Min / max    ${minMax}`,
    `Wind         ${wind}`,
    'Humidity     77%',
    'Pressure     1016 hPa',
    'Clouds       48%',
    'Visibility   10 km',
    'Sunrise      06:37',
    'Sunset       20:47',
    '',
  ].join('\n');
}

/** The members of `-o json` these tests read. */
interface Printed {
  readonly units: { readonly temperature: string; readonly speed: string };
  readonly temperature: object;
  readonly wind: object;
}

function printed(stdout: string): Printed {
  return JSON.parse(stdout) as Printed;
}

const TEMPLATE = '{main.temp}{temp_unit} {main.feels_like} {main.temp_min} {main.temp_max}';

describe('--temp-unit', () => {
  it.each([
    [
      'K',
      '295.7 K, feels like 296.0 K',
      '294.6 K / 297.1 K',
      '295.7K 296.02 294.63 297.09',
      { now: 295.7, feels_like: 296.02, min: 294.63, max: 297.09 },
      '#[fg=#e6c84c]⛅ 296K#[default]\n',
    ],
    [
      'C',
      '22.6 °C, feels like 22.9 °C',
      '21.5 °C / 23.9 °C',
      '22.55°C 22.87 21.48 23.94',
      { now: 22.55, feels_like: 22.87, min: 21.48, max: 23.94 },
      '#[fg=#e6c84c]⛅ 23°C#[default]\n',
    ],
    [
      'F',
      '72.6 °F, feels like 73.2 °F',
      '70.7 °F / 75.1 °F',
      '72.59°F 73.17 70.66 75.09',
      { now: 72.59, feels_like: 73.17, min: 70.66, max: 75.09 },
      '#[fg=#e6c84c]⛅ 73°F#[default]\n',
    ],
  ])('%s in every output', async (unit, temps, minMax, template, temperatures, tmux) => {
    const wind = '4.5 m/s from S (190°), gusts 7.6 m/s';
    const symbol = unit === 'K' ? 'K' : `°${unit}`;
    const r = await weather(['--temp-unit', unit, '-o', 'table']);
    expect([r.code, r.stdout, r.stderr]).toEqual([0, table(temps, minMax, wind), '']);
    expect((await weather(['--temp-unit', unit, '-o', 'summary'])).stdout).toBe(
      summary(temps, wind),
    );
    expect((await weather(['--temp-unit', unit, '-f', TEMPLATE])).stdout).toBe(`${template}\n`);
    const json = printed((await weather(['--temp-unit', unit, '-o', 'json'])).stdout);
    expect([json.units.temperature, json.temperature]).toEqual([symbol, temperatures]);
    expect((await weather(['--temp-unit', unit, '-o', 'tmux'])).stdout).toBe(tmux);
  });

  it('falls back to a letter where the terminal shows ASCII only, as for the API units', async () => {
    const r = await weather(['--temp-unit', 'f', '-o', 'summary'], { LANG: 'C' });
    expect(r.stdout).toBe(
      summary('72.6 F, feels like 73.2 F', '4.5 m/s from S (190 deg), gusts 7.6 m/s'),
    );
  });
});

describe('--wind-unit', () => {
  it.each([
    ['m/s', '4.5 m/s from S (190°), gusts 7.6 m/s', '4.47 m/s', 'm/s', 4.47, 7.6],
    ['km/h', '16.1 km/h from S (190°), gusts 27.4 km/h', '16.09 km/h', 'km/h', 16.09, 27.36],
    ['mph', '10 mph from S (190°), gusts 17 mph', '10 mph', 'mph', 10, 17],
    ['kn', '8.7 kn from S (190°), gusts 14.8 kn', '8.69 kn', 'kn', 8.69, 14.77],
    // A force is no speed: -o json keeps the API's unit, and the force is in wind.beaufort.
    ['bft', '3 Bft from S (190°), gusts 4 Bft', '3 Bft', 'm/s', 4.47, 7.6],
  ])('%s in every output', async (unit, wind, template, jsonUnit, speed, gust) => {
    const temps = '22.6 °C, feels like 22.9 °C';
    expect((await weather(['--wind-unit', unit, '-o', 'table'])).stdout).toBe(
      table(temps, '21.5 °C / 23.9 °C', wind),
    );
    expect((await weather(['--wind-unit', unit, '-o', 'summary'])).stdout).toBe(
      summary(temps, wind),
    );
    expect((await weather(['--wind-unit', unit, '-f', '{wind.speed} {speed_unit}'])).stdout).toBe(
      `${template}\n`,
    );
    const json = printed((await weather(['--wind-unit', unit, '-o', 'json'])).stdout);
    expect([json.units.speed, json.wind]).toEqual([
      jsonUnit,
      { speed, direction: 190, gust, beaufort: 3 },
    ]);
    const waybar = JSON.parse((await weather(['--wind-unit', unit, '-o', 'waybar'])).stdout) as {
      tooltip: string;
    };
    expect(waybar.tooltip).toBe(
      ['Socorro, PT', 'Scattered clouds, 22.6 °C', `Wind ${wind}`, 'Humidity 77%'].join('\n'),
    );
  });

  it('converts from an imperial answer too', async () => {
    const offline = ['--offline', '--lat', '0', '--lon', '0', '--now', '2026-06-21T12:00:00Z'];
    const template = ['-f', '{main.temp}{temp_unit} {wind.speed} {speed_unit}'];
    const env = homeEnv(tempDir());
    const imperial = await run([...offline, ...template, '-u', 'imperial'], { env });
    const converted = await run(
      [...offline, ...template, '-u', 'imperial', '--temp-unit', 'C', '--wind-unit', 'km/h'],
      { env },
    );
    expect([imperial.stderr, imperial.stdout, converted.stdout]).toEqual([
      '',
      '76.35°F 7.49 mph\n',
      '24.64°C 12.05 km/h\n',
    ]);
  });
});

describe('the bars', () => {
  const tooltip = [
    'Socorro, PT',
    'Scattered clouds, 72.6 °F',
    'Wind 3 Bft from S (190°), gusts 4 Bft',
    'Humidity 77%',
  ].join('\n');
  it.each([
    [
      'waybar',
      `${JSON.stringify({ text: '⛅ 73°F', tooltip, class: ['clouds', 'warm'], percentage: 71 })}\n`,
    ],
    ['i3bar', '{"full_text":"⛅ 73°F","short_text":"73°F","color":"#e6c84c"}\n'],
    ['polybar', '%{F#e6c84c}⛅ 73°F%{F-}\n'],
    ['tmux', '#[fg=#e6c84c]⛅ 73°F#[default]\n'],
  ])('-o %s shows the units asked, its colour and classes by °C', async (bar, stdout) => {
    const r = await weather(['--temp-unit', 'F', '--wind-unit', 'bft', '-o', bar]);
    expect([r.code, r.stdout, r.stderr]).toEqual([0, stdout, '']);
  });
});

describe('settings and what stays as it is', () => {
  it('takes temp_unit and wind_unit from the config file, and a flag over them', async () => {
    const home = tempDir();
    const env = homeEnv(home);
    expect((await run(['config', 'set', 'temp_unit', 'f'], { env })).code).toBe(0);
    expect((await run(['config', 'set', 'wind_unit', 'KM/H'], { env })).code).toBe(0);
    expect((await run(['config', 'list'], { env })).stdout).toBe('temp_unit=F\nwind_unit=km/h\n');
    const template = ['-f', '{main.temp}{temp_unit} {wind.speed} {speed_unit}'];
    const stored = await run(lisbonAt(faults.base('live'), template), { env, now: T0 });
    expect(stored.stdout).toBe('72.59°F 16.09 km/h\n');
    const flagged = await run(
      lisbonAt(faults.base('live'), [...template, '--temp-unit', 'K', '--wind-unit', 'kn']),
      { env, now: T0 },
    );
    expect(flagged.stdout).toBe('295.7K 8.69 kn\n');
  });

  it('leaves -o raw as the API sent it', async () => {
    const r = await weather(['--temp-unit', 'F', '--wind-unit', 'bft', '-o', 'raw']);
    expect([r.code, r.stdoutBytes]).toEqual([0, Buffer.from(LISBON)]);
  });

  it.each([
    [['--temp-unit', 'R'], 'weather: --temp-unit must be one of K, C, F, got "R"\n'],
    [
      ['--wind-unit', 'knots'],
      'weather: --wind-unit must be one of m/s, km/h, mph, kn, bft, got "knots"\n',
    ],
  ])('%j is a usage error', async (args, stderr) => {
    const r = await weather(args);
    expect([r.code, r.stdout, r.stderr]).toEqual([2, '', stderr]);
  });

  it('refuses a unit the config file cannot hold, naming the allowed ones', async () => {
    const r = await run(['config', 'set', 'wind_unit', 'furlongs/fortnight'], {
      env: homeEnv(tempDir()),
    });
    expect([r.code, r.stderr]).toEqual([
      2,
      'weather: invalid value for wind_unit: "furlongs/fortnight" (allowed: m/s, km/h, mph, kn, bft)\n',
    ]);
  });

  it('gives weather batch its records in the units asked', async () => {
    const home = tempDir();
    const file = join(home, 'in.txt');
    writeFileSync(file, '0,0\n');
    const r = await run(
      ['batch', file, '--offline', '--now', '2026-06-21T12:00:00Z', '--temp-unit', 'F'],
      { env: homeEnv(home, { LANG: 'C' }) },
    );
    const record = JSON.parse(r.stdout) as { weather: Printed };
    expect([r.code, record.weather.units.temperature, record.weather.temperature]).toEqual([
      0,
      '°F',
      { now: 76.35, feels_like: 77.27, min: 76.28, max: 76.48 },
    ]);
  });
});
