import { describe, expect, it } from 'vitest';
import { decodeXmlObservation } from '../../../src/client/decode/xml.js';
import { DecodeProblem } from '../../../src/client/decode/fields.js';
import { decodeErrorObject } from '../../../src/client/decode/error.js';
import { decodeJsonObservation } from '../../../src/client/decode/json.js';
import { interpret } from '../../../src/client/interpret.js';
import { truth, truthFiles } from '../../helpers/fixtures.js';

const berlin2017 = {
  coord: { lon: 13.41, lat: 52.52 },
  weather: [{ id: 500, main: 'Rain', description: 'light rain', icon: '10d' }],
  main: { temp: 36.48, temp_min: 35.6, temp_max: 37.4, pressure: 1014, humidity: 86 },
  visibility: 8000,
  wind: { speed: 9.17, deg: 300 },
  clouds: { all: 75 },
  dt: Date.UTC(2017, 0, 2, 12, 20, 0) / 1000,
  sys: {
    country: 'DE',
    sunrise: Date.UTC(2017, 0, 2, 7, 16, 51) / 1000,
    sunset: Date.UTC(2017, 0, 2, 15, 4, 50) / 1000,
  },
  id: 2950159,
  name: 'Berlin',
};

const EXPECTED: Record<string, { observation: unknown; units: string }> = {
  'cmfcmf_current_berlin_imperial_2017.xml': { observation: berlin2017, units: 'imperial' },
  'cmfcmf_current_berlin_imperial_2019_with_timezone.xml': {
    observation: { ...berlin2017, timezone: 3600 },
    units: 'imperial',
  },
  'cmfcmf_current_berlin_no_wind_direction_EDITED.xml': {
    observation: { ...berlin2017, wind: { speed: 9.17 }, timezone: 3600 },
    units: 'imperial',
  },
  'cmfcmf_docs_current_berlin_metric_lang_de.xml': {
    observation: {
      coord: { lon: 13.41, lat: 52.52 },
      weather: [{ id: 804, main: 'Clouds', description: 'Bedeckt', icon: '04d' }],
      main: {
        temp: 12.73,
        feels_like: 7.4,
        temp_min: 11.67,
        temp_max: 13.89,
        pressure: 1014,
        humidity: 62,
      },
      visibility: 10000,
      wind: { speed: 6.2, deg: 200 },
      clouds: { all: 89 },
      dt: 1579089181,
      sys: { country: 'DE', sunrise: 1579072219, sunset: 1579101619 },
      timezone: 3600,
      id: 2950159,
      name: 'Berlin',
    },
    units: 'metric',
  },
  'owmdocs_current_zocca.xml': {
    observation: {
      coord: { lon: 10.99, lat: 44.34 },
      weather: [{ id: 501, main: 'Rain', description: 'moderate rain', icon: '10d' }],
      main: {
        temp: 298.48,
        feels_like: 298.74,
        temp_min: 297.56,
        temp_max: 300.05,
        pressure: 1015,
        humidity: 64,
      },
      visibility: 10000,
      wind: { speed: 0.62, deg: 349, gust: 1.18 },
      clouds: { all: 100 },
      rain: { '1h': 3.37 },
      dt: Date.UTC(2022, 7, 30, 14, 45, 57) / 1000,
      sys: {
        country: 'IT',
        sunrise: Date.UTC(2022, 7, 30, 4, 36, 27) / 1000,
        sunset: Date.UTC(2022, 7, 30, 17, 57, 28) / 1000,
      },
      timezone: 7200,
      id: 3163858,
      name: 'Zocca',
    },
    units: 'standard',
  },
};

describe('decodeXmlObservation on every real XML sample', () => {
  it('covers every XML sample', () => {
    expect(truthFiles('.xml')).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(Object.entries(EXPECTED))('%s', (name, expected) => {
    expect(decodeXmlObservation(truth(name), 'metric')).toEqual(expected);
  });

  it('decodes the same observation from JSON and XML of one Berlin response', () => {
    const json = decodeJsonObservation(truth('cmfcmf_docs_current_berlin_metric_lang_de.json'));
    const xml = decodeXmlObservation(
      truth('cmfcmf_docs_current_berlin_metric_lang_de.xml'),
      'metric',
    );
    // XML lacks the internal members (base, sys.type/id, cod); everything else agrees.
    const { base: _base, cod: _cod, sys, ...common } = json;
    const { type: _type, id: _id, ...sysCommon } = sys;
    expect(xml.observation).toEqual({ ...common, sys: sysCommon });
  });
});

function zocca(): string {
  return truth('owmdocs_current_zocca.xml').toString('utf8');
}

describe('decodeXmlObservation rejects what is not an observation', () => {
  it.each([
    ['not XML', 'hello', 'the body is not well-formed XML (line 1, column 1)'],
    ['truncated', '<current><city id="1"', 'the body is not well-formed XML (line 1, column 1)'],
    ['empty', '', 'the body is not well-formed XML'],
    [
      'a tag left open',
      '<current>\n<city id="1">\n</current>',
      'the body is not well-formed XML (line 3, column 1)',
    ],
    [
      'an error document',
      '<ClientError><cod>400</cod><message>x</message></ClientError>',
      'missing <current>',
    ],
    [
      'no temperature',
      '<current><city id="1" name="x"><coord lon="1" lat="2"/></city></current>',
      'missing <temperature>',
    ],
    [
      'a temperature that is not a number',
      zocca().replace('value="298.48"', 'value="warm"'),
      'missing or invalid temperature@value',
    ],
    ['no lastupdate', zocca().replace(/<lastupdate[^>]*>/, ''), 'missing <lastupdate>'],
    [
      'a lastupdate that is not a time',
      zocca().replace('2022-08-30T14:45:57', 'yesterday'),
      'invalid time in lastupdate@value',
    ],
    [
      'a weather number that is not a number',
      zocca().replace('number="501"', 'number=""'),
      'missing or invalid weather@number',
    ],
  ])('%s', (_what, text, message) => {
    expect(() => decodeXmlObservation(Buffer.from(text), 'metric')).toThrow(
      new DecodeProblem(message),
    );
  });
});

describe('decodeErrorObject', () => {
  it.each([
    [
      'woodrock_htmlmode_error401_2021-02-08.txt',
      401,
      'Invalid API key. Please see http://openweathermap.org/faq#error401 for more info.',
    ],
    ['woodrock_htmlmode_error404_cityq_2024-12-03.txt', 404, 'city not found'],
  ])('real body %s', async (name, cod, message) => {
    expect(await decodeErrorObject(truth(name))).toEqual({ cod, message });
  });

  it.each([
    ['{"cod":"400","message":"wrong latitude"}', { cod: 400, message: 'wrong latitude' }],
    ['{"cod":429, "message": "slow down"}', { cod: 429, message: 'slow down' }],
    [
      '<?xml version="1.0"?><ClientError><cod>401</cod><message>bad key</message></ClientError>',
      { cod: 401, message: 'bad key' },
    ],
    [
      '<Error><cod>404</cod><message>city not found</message></Error>',
      { cod: 404, message: 'city not found' },
    ],
    ['{"message":"no cod"}', { cod: undefined, message: 'no cod' }],
    ['{"cod":401,"message":"bell\\u0007"}', { cod: 401, message: 'bell' }],
  ])('%s', async (text, expected) => {
    expect(await decodeErrorObject(Buffer.from(text))).toEqual(expected);
  });

  it.each(['', 'plain text', '{"cod":500}', '{broken', '<html><body>502</body></html>'])(
    'returns undefined for %j',
    async (text) => {
      expect(await decodeErrorObject(Buffer.from(text))).toBeUndefined();
    },
  );

  it('returns undefined for the edge 502 page', async () => {
    expect(
      await decodeErrorObject(truth('woodrock_htmlmode_502_openresty_2023-10-31.html')),
    ).toBeUndefined();
  });
});

describe('interpret', () => {
  const xml = truth('owmdocs_current_zocca.xml');
  const query = { lat: 44.34, lon: 10.99, units: 'standard', lang: 'en', mode: 'xml' } as const;
  it.each([
    ['from the real service', {}, false],
    ['from the embedded implementation', { 'x-weather-source': 'simulated' }, true],
  ])('marks XML %s', async (_what, headers, simulated) => {
    // The capture's own time, so that its dt is current.
    const now = decodeXmlObservation(xml, 'standard').observation.dt * 1000;
    const decoded = await interpret({ status: 200, headers, body: xml }, query, 'test', now);
    expect(decoded?.simulated).toBe(simulated);
    expect(decoded?.units).toBe('standard');
  });

  it('marks JSON by its base as well', async () => {
    const body = Buffer.from(
      JSON.stringify({
        ...JSON.parse(truth('owmdocs_current_zocca_rain1h_gust.json').toString()),
        base: 'simulated',
      }),
    );
    const now = decodeJsonObservation(body).dt * 1000;
    const decoded = await interpret(
      { status: 200, headers: {}, body },
      { ...query, mode: 'json' },
      'test',
      now,
    );
    expect(decoded?.simulated).toBe(true);
  });
});
