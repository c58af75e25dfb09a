import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createdKey, makeHome, serve, weather, type Served } from '../helpers/cli.js';

/**
 * --temp-unit and --wind-unit in the shipped binary, against `weather serve` over HTTP and the
 * same model in process (--offline): asked in imperial units, shown in °C and km/h or Beaufort.
 */
const NOW = '2026-06-21T12:00:00Z';
const { home, remove } = makeHome();
let server: Served;
let key: string;

beforeAll(async () => {
  server = await serve(home, ['--now', NOW]);
  key = createdKey(server.stderr());
});

afterAll(async () => {
  await server.stop();
  remove();
});

const AT = ['--lat', '0', '--lon', '0', '-u', 'imperial', '--temp-unit', 'C'];

function both(args: readonly string[]) {
  return Promise.all([
    weather(home, [...AT, '--appid', key, '--base-url', server.url, ...args]),
    weather(home, [...AT, '--offline', '--now', NOW, ...args]),
  ]);
}

describe('units per quantity, end to end', () => {
  it('converts the served and the in-process answer alike', async () => {
    const template = [
      '--wind-unit',
      'km/h',
      '-f',
      '{main.temp}{temp_unit} {wind.speed} {speed_unit}',
    ];
    for (const r of await both(template)) {
      expect([r.code, r.stdout, r.stderr]).toEqual([0, '24.64°C 12.05 km/h\n', '']);
    }
    const summary = [
      'Globe, observed 2026-06-21 12:00 (UTC+00:00)',
      'Scattered clouds, 24.6 °C, feels like 25.1 °C',
      'Wind 2 Bft from NE (55°), gusts 3 Bft',
      'Humidity 76%, pressure 1011 hPa',
      'Sunrise 05:58, sunset 18:05',
      'Simulated by the embedded model, not a real observation',
      '',
    ].join('\n');
    for (const r of await both(['--wind-unit', 'bft', '-o', 'summary'])) {
      expect([r.code, r.stdout]).toEqual([0, summary]);
    }
    for (const r of await both(['--wind-unit', 'kn', '-o', 'json'])) {
      const json = JSON.parse(r.stdout) as { units: object; temperature: object; wind: object };
      expect([json.units, json.temperature, json.wind]).toEqual([
        { temperature: '°C', speed: 'kn', pressure: 'hPa', distance: 'm', precipitation: 'mm' },
        { now: 24.64, feels_like: 25.15, min: 24.6, max: 24.71 },
        { speed: 6.51, direction: 55, gust: 9.93, beaufort: 2 },
      ]);
    }
  });
});
