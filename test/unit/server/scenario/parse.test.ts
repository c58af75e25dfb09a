import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../../src/server/scenario/parse.js';

const SCHEMA: unknown = JSON.parse(
  readFileSync(new URL('../../../../schema/scenario.schema.json', import.meta.url), 'utf8'),
);
const validate = new Ajv({ strict: false }).compile(SCHEMA as object);

const OSLO = { place: 'Oslo', condition: 602 };

/** A file, the path and problem the reader names, and whether the schema alone refuses it too. */
const INVALID: readonly (readonly [string, unknown, string, boolean])[] = [
  ['not an object', [], '$ must be an object', true],
  ['no overrides', {}, '$.overrides must be an array', true],
  [
    'an unknown property',
    { overrides: [], title: 'x' },
    '$.title is not a known property ($schema, description, overrides)',
    true,
  ],
  [
    'neither place nor coordinates',
    { overrides: [{ condition: 602 }] },
    '$.overrides[0] must have either "place" or "coordinates"',
    true,
  ],
  [
    'both',
    { overrides: [{ ...OSLO, coordinates: { lat: 1, lon: 2 } }] },
    '$.overrides[0] must have either "place" or "coordinates"',
    true,
  ],
  [
    'nothing to set',
    { overrides: [{ place: 'Oslo' }] },
    '$.overrides[0] must set at least one of "condition", "temperature", "wind"',
    true,
  ],
  [
    'a temperature as text',
    { overrides: [OSLO, { place: 'Bergen', temperature: '-8' }] },
    '$.overrides[1].temperature must be a number',
    true,
  ],
  [
    'a temperature out of range',
    { overrides: [{ place: 'Oslo', temperature: 99 }] },
    '$.overrides[0].temperature must be from -90 to 60',
    true,
  ],
  [
    'an unknown condition',
    { overrides: [{ place: 'Oslo', condition: 999 }] },
    '$.overrides[0].condition must be a condition code of the API, e.g. 602',
    false,
  ],
  [
    'a latitude out of range',
    { overrides: [{ coordinates: { lat: 91, lon: 0 }, condition: 800 }] },
    '$.overrides[0].coordinates.lat must be from -90 to 90',
    true,
  ],
  [
    'country with coordinates',
    { overrides: [{ coordinates: { lat: 1, lon: 0 }, country: 'NO', condition: 800 }] },
    '$.overrides[0].country goes with "place", not "coordinates"',
    true,
  ],
  [
    'a date that is not one',
    { overrides: [{ ...OSLO, from: '2026-02-30T00:00:00Z' }] },
    '$.overrides[0].from must be an ISO 8601 date-time, e.g. "2026-01-15T06:00:00Z"',
    false,
  ],
  [
    'until before from',
    { overrides: [{ ...OSLO, from: '2026-02-01', until: '2026-01-01' }] },
    '$.overrides[0].until must be later than "from"',
    false,
  ],
  [
    'a gust below the speed',
    { overrides: [{ place: 'Oslo', wind: { speed: 10, gust: 5 } }] },
    '$.overrides[0].wind.gust needs a speed, and must be above it',
    false,
  ],
  [
    'a gust without a speed',
    { overrides: [{ place: 'Oslo', wind: { gust: 5 } }] },
    '$.overrides[0].wind.gust needs a speed, and must be above it',
    true,
  ],
  [
    'an empty wind',
    { overrides: [{ place: 'Oslo', wind: {} }] },
    '$.overrides[0].wind must set speed, deg or gust',
    true,
  ],
  [
    'a direction with a fraction',
    { overrides: [{ place: 'Oslo', wind: { deg: 1.5 } }] },
    '$.overrides[0].wind.deg must be a whole number',
    true,
  ],
  [
    'an override that is not an object',
    { overrides: ['Oslo'] },
    '$.overrides[0] must be an object',
    true,
  ],
  [
    'an unknown property of an override',
    { overrides: [{ ...OSLO, temp: 1 }] },
    '$.overrides[0].temp is not a known property (place, country, coordinates, from, until, condition, temperature, wind)',
    true,
  ],
  [
    'a place that is not text',
    { overrides: [{ place: 42, condition: 602 }] },
    '$.overrides[0].place must be a non-empty string',
    true,
  ],
  [
    'a blank place',
    { overrides: [{ place: '  ', condition: 602 }] },
    '$.overrides[0].place must be a non-empty string',
    false,
  ],
  [
    'an empty country',
    { overrides: [{ ...OSLO, country: '' }] },
    '$.overrides[0].country must be a non-empty string',
    true,
  ],
  [
    'coordinates that are not an object',
    { overrides: [{ coordinates: [60, 3], condition: 800 }] },
    '$.overrides[0].coordinates must be an object',
    true,
  ],
  [
    'an unknown coordinate',
    { overrides: [{ coordinates: { lat: 1, lon: 2, radius: 3 }, condition: 800 }] },
    '$.overrides[0].coordinates.radius is not a known property (lat, lon, radius_km)',
    true,
  ],
  [
    'a longitude out of range',
    { overrides: [{ coordinates: { lat: 1, lon: -180.5 }, condition: 800 }] },
    '$.overrides[0].coordinates.lon must be from -180 to 180',
    true,
  ],
  [
    'a radius out of range',
    { overrides: [{ coordinates: { lat: 1, lon: 2, radius_km: 20_001 }, condition: 800 }] },
    '$.overrides[0].coordinates.radius_km must be from 0 to 20000',
    true,
  ],
  [
    'a condition as text',
    { overrides: [{ place: 'Oslo', condition: '602' }] },
    '$.overrides[0].condition must be a condition code of the API, e.g. 602',
    true,
  ],
  [
    'a date as a number',
    { overrides: [{ ...OSLO, from: 1768456800 }] },
    '$.overrides[0].from must be an ISO 8601 date-time, e.g. "2026-01-15T06:00:00Z"',
    true,
  ],
  [
    'an end that is not a date',
    { overrides: [{ ...OSLO, until: 'tomorrow' }] },
    '$.overrides[0].until must be an ISO 8601 date-time, e.g. "2026-01-15T06:00:00Z"',
    true,
  ],
  [
    'until the same moment as from',
    { overrides: [{ ...OSLO, from: '2026-01-15T06:00Z', until: '2026-01-15T06:00:00Z' }] },
    '$.overrides[0].until must be later than "from"',
    false,
  ],
  [
    'a wind that is not an object',
    { overrides: [{ place: 'Oslo', wind: 5 }] },
    '$.overrides[0].wind must be an object',
    true,
  ],
  [
    'an unknown property of the wind',
    { overrides: [{ place: 'Oslo', wind: { direction: 90 } }] },
    '$.overrides[0].wind.direction is not a known property (speed, deg, gust)',
    true,
  ],
  [
    'a wind speed out of range',
    { overrides: [{ place: 'Oslo', wind: { speed: -0.5 } }] },
    '$.overrides[0].wind.speed must be from 0 to 150',
    true,
  ],
  [
    'a gust out of range',
    { overrides: [{ place: 'Oslo', wind: { speed: 10, gust: 200.5 } }] },
    '$.overrides[0].wind.gust must be from 0 to 200',
    true,
  ],
  [
    'a gust equal to the speed',
    { overrides: [{ place: 'Oslo', wind: { speed: 10, gust: 10 } }] },
    '$.overrides[0].wind.gust needs a speed, and must be above it',
    false,
  ],
  [
    'a direction out of range',
    { overrides: [{ place: 'Oslo', wind: { deg: 360 } }] },
    '$.overrides[0].wind.deg must be from 0 to 359',
    true,
  ],
];

describe('scenario files', () => {
  it.each(INVALID)('%s: names the JSON path', (_name, file, message, schemaToo) => {
    const parsed = parseScenario(JSON.stringify(file));
    expect(parsed.ok ? 'accepted' : `${parsed.path} ${parsed.problem}`).toBe(message);
    expect(validate(file)).toBe(!schemaToo);
  });

  it('says why a file is not JSON, in the words of the JSON parser of this Node', () => {
    const text = '{"overrides": [,]}';
    const reason = (() => {
      try {
        JSON.parse(text);
        return 'parsed';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(parseScenario(text)).toEqual({
      ok: false,
      path: '$',
      problem: `is not JSON (${reason})`,
    });
  });

  it('refuses a number too large to be one (1e999 reads as Infinity)', () => {
    const text = '{"overrides": [{"place": "Oslo", "temperature": 1e999}]}';
    expect(parseScenario(text)).toEqual({
      ok: false,
      path: '$.overrides[0].temperature',
      problem: 'must be a number',
    });
  });

  it('accepts both ends of every range, and a range open at either end', () => {
    const file = {
      overrides: [
        { coordinates: { lat: -90, lon: -180, radius_km: 0 }, temperature: -90 },
        { coordinates: { lat: 90, lon: 180, radius_km: 20_000 }, temperature: 60 },
        { place: 'Oslo', from: '2026-01-15', wind: { speed: 0, deg: 0 } },
        { place: 'Oslo', until: '2026-01-15', wind: { speed: 150, deg: 359, gust: 200 } },
      ],
    };
    expect(validate(file)).toBe(true);
    const none = { from: undefined, until: undefined, condition: undefined };
    expect(parseScenario(JSON.stringify(file))).toEqual({
      ok: true,
      scenario: {
        overrides: [
          {
            ...none,
            where: { lat: -90, lon: -180, radiusKm: 0 },
            temperature: -90,
            wind: undefined,
          },
          {
            ...none,
            where: { lat: 90, lon: 180, radiusKm: 20_000 },
            temperature: 60,
            wind: undefined,
          },
          {
            ...none,
            where: { place: 'Oslo', country: undefined },
            from: Date.UTC(2026, 0, 15) / 1000,
            temperature: undefined,
            wind: { speed: 0, deg: 0, gust: undefined },
          },
          {
            ...none,
            where: { place: 'Oslo', country: undefined },
            until: Date.UTC(2026, 0, 15) / 1000,
            temperature: undefined,
            wind: { speed: 150, deg: 359, gust: 200 },
          },
        ],
      },
    });
  });

  it('reads a valid file, which the schema accepts too', () => {
    const file = {
      $schema: '../schema/scenario.schema.json',
      description: 'heavy snow in Oslo now, a gale at sea',
      overrides: [
        { place: 'oslo', country: 'NO', condition: 602, temperature: -8 },
        {
          coordinates: { lat: 60, lon: 3, radius_km: 100 },
          from: '2026-01-15T06:00:00Z',
          until: '2026-01-15T18:00',
          wind: { speed: 24, deg: 270, gust: 31 },
        },
      ],
    };
    expect(validate(file)).toBe(true);
    expect(parseScenario(JSON.stringify(file))).toEqual({
      ok: true,
      scenario: {
        overrides: [
          {
            where: { place: 'oslo', country: 'NO' },
            from: undefined,
            until: undefined,
            condition: 602,
            temperature: -8,
            wind: undefined,
          },
          {
            where: { lat: 60, lon: 3, radiusKm: 100 },
            from: Date.UTC(2026, 0, 15, 6) / 1000,
            until: Date.UTC(2026, 0, 15, 18) / 1000,
            condition: undefined,
            temperature: undefined,
            wind: { speed: 24, deg: 270, gust: 31 },
          },
        ],
      },
    });
  });
});
