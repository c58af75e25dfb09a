import { describe, expect, it } from 'vitest';
import { decodeJsonObservation } from '../../../src/client/decode/json.js';
import { DecodeProblem } from '../../../src/client/decode/fields.js';
import { truth, truthFiles } from '../../helpers/fixtures.js';
import { MINIMAL_OBSERVATION } from '../../helpers/observation.js';

/** JSON samples that are current-weather observations (the meta summary is not one). */
const SAMPLES = truthFiles('.json').filter((name) => !name.includes('meta_summary'));

describe('decodeJsonObservation on every real JSON sample', () => {
  it('has samples to decode', () => {
    expect(SAMPLES.length).toBe(32);
  });

  it.each(SAMPLES)('%s decodes to the same members as the body', (name) => {
    const body = truth(name);
    const raw = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    const observation = decodeJsonObservation(body);
    // Everything the body has, the model has with the same value (names are display-safe already).
    const expected = { ...raw, name: raw.name ?? '' };
    expect(observation).toEqual(expected);
    expect(JSON.stringify(observation)).not.toMatch(/undefined|NaN/);
  });
});

describe('decodeJsonObservation details', () => {
  const minimal = MINIMAL_OBSERVATION;
  const decode = (value: unknown) => decodeJsonObservation(Buffer.from(JSON.stringify(value)));

  it('leaves absent optional members absent', () => {
    expect(decode(minimal)).toEqual({ ...minimal, sys: {}, name: '' });
  });

  it('treats null rain/snow and an empty country as absent', () => {
    const o = decode({ ...minimal, rain: null, snow: null, sys: { country: '' } });
    expect('rain' in o).toBe(false);
    expect('snow' in o).toBe(false);
    expect(o.sys).toEqual({});
  });

  it('strips control characters from text', () => {
    const o = decode({
      ...minimal,
      name: 'Lon\u001b[31mdon\u0007',
      weather: [{ id: 800, main: 'Clear', description: 'clear\u009b sky', icon: '01d' }],
    });
    expect(o.name).toBe('Lon[31mdon');
    expect(o.weather[0]?.description).toBe('clear sky');
  });

  it.each([
    ['not JSON', '<html>', 'the body is not JSON'],
    ['an array', '[1,2]', 'the body is not a JSON object'],
    ['an error object', '{"cod":"404","message":"city not found"}', 'cod is "404", not 200'],
    ['no coord', JSON.stringify({ ...minimal, coord: undefined }), 'missing or invalid coord'],
    ['no main', JSON.stringify({ ...minimal, main: undefined }), 'missing or invalid main'],
    ['wind as a number', JSON.stringify({ ...minimal, wind: 3 }), 'missing or invalid wind'],
    ['empty weather', JSON.stringify({ ...minimal, weather: [] }), 'missing or empty weather'],
    [
      'temp as text',
      JSON.stringify({ ...minimal, main: { ...minimal.main, temp: '12' } }),
      'missing or invalid main.temp',
    ],
    ['dt missing', JSON.stringify({ ...minimal, dt: undefined }), 'missing or invalid dt'],
    [
      'gust as text',
      JSON.stringify({ ...minimal, wind: { speed: 1, gust: 'x' } }),
      'missing or invalid wind.gust',
    ],
    [
      'icon missing',
      JSON.stringify({ ...minimal, weather: [{ id: 1, main: 'a', description: 'b' }] }),
      'missing or invalid weather.0.icon',
    ],
  ])('rejects %s', (_what, text, message) => {
    expect(() => decodeJsonObservation(Buffer.from(text))).toThrow(new DecodeProblem(message));
  });
});
