import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultServer, type FaultServer } from '../../helpers/fault-server.js';
import { KEY, LISBON_OK, T0 } from '../../helpers/lisbon.js';
import { homeEnv, run } from '../../helpers/io.js';
import { useTempDir } from '../../helpers/tmp.js';

const SCHEMA: unknown = JSON.parse(
  readFileSync(new URL('../../../schema/current.schema.json', import.meta.url), 'utf8'),
);
const validate = new Ajv({ allErrors: true, strict: true }).compile(SCHEMA as object);

const ok = LISBON_OK;

let faults: FaultServer;
const tempDir = useTempDir();
beforeAll(async () => {
  faults = await startFaultServer({ live: [ok], stale: [ok, { reset: true }] });
});
afterAll(() => faults.close());

function valid(text: string): unknown {
  const value: unknown = JSON.parse(text);
  expect(validate(value) ? [] : validate.errors).toEqual([]);
  return value;
}

const LISBON_JSON = {
  schema: 'weather.current/1',
  place: { name: 'Socorro', country: 'PT', id: 8012502, lat: 38.7223, lon: -9.1393 },
  observed: '2026-08-01T09:44:45+01:00',
  utc_offset_seconds: 3600,
  conditions: [{ id: 802, group: 'Clouds', description: 'scattered clouds', icon: '03d' }],
  units: { temperature: '°C', speed: 'm/s', pressure: 'hPa', distance: 'm', precipitation: 'mm' },
  temperature: { now: 22.55, feels_like: 22.87, min: 21.48, max: 23.94 },
  pressure: 1016,
  humidity: 77,
  visibility: 10000,
  wind: { speed: 4.47, direction: 190, gust: 7.6, beaufort: 3 },
  clouds: 48,
  sun: { rise: '2026-08-01T06:37:40+01:00', set: '2026-08-01T20:47:59+01:00' },
  meta: {
    source: 'live',
    fetched: '2026-08-01T09:49:45+01:00',
    fetched_age_seconds: 0,
    observation_age_seconds: 300,
    request: { lat: 38.7223, lon: -9.1393, units: 'metric', lang: 'en', mode: 'json' },
  },
};

/** Lisbon, live from a scenario of the fault server. */
function lisbon(scenario: string): string[] {
  return [
    '--lat',
    '38.7223',
    '--lon',
    '-9.1393',
    '--appid',
    KEY,
    '--base-url',
    faults.base(scenario),
  ];
}

describe('-o json', () => {
  it('prints the documented shape of a live answer, valid against the shipped schema', async () => {
    const r = await run([...lisbon('live'), '-o', 'json'], { env: homeEnv(tempDir()), now: T0 });
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(valid(r.stdout)).toEqual(LISBON_JSON);
  });

  it('says when the data is stale and how old', async () => {
    const home = tempDir();
    const args = [...lisbon('stale'), '--stale-ok', '1h', '--timeout', '0.2', '-o', 'json'];
    await run(args, { env: homeEnv(home), now: T0 });
    const r = await run(args, { env: homeEnv(home), now: T0 + 600_000 });
    expect(r.code).toBe(0);
    expect(valid(r.stdout)).toEqual({
      ...LISBON_JSON,
      meta: {
        ...LISBON_JSON.meta,
        source: 'stale',
        fetched_age_seconds: 600,
        observation_age_seconds: 900,
      },
    });
  });

  it('is the same whatever --mode asked of the embedded implementation, in any units', async () => {
    const at = [
      '--offline',
      '--now',
      '2026-01-15T08:00:00Z',
      '--lat',
      '69.65',
      '--lon',
      '18.96',
      '-o',
      'json',
    ];
    for (const units of ['standard', 'metric', 'imperial']) {
      const json = await run([...at, '-u', units, '--mode', 'json'], { env: homeEnv(tempDir()) });
      const xml = await run([...at, '-u', units, '--mode', 'xml'], { env: homeEnv(tempDir()) });
      const fromJson = valid(json.stdout) as typeof LISBON_JSON;
      expect(fromJson.meta.source).toBe('simulated');
      expect(valid(xml.stdout)).toEqual({
        ...fromJson,
        meta: { ...fromJson.meta, request: { ...fromJson.meta.request, mode: 'xml' } },
      });
    }
  });
});
