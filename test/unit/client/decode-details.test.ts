import { describe, expect, it } from 'vitest';
import { decodeErrorObject } from '../../../src/client/decode/error.js';
import { DecodeProblem, isObject } from '../../../src/client/decode/fields.js';
import { decodeJsonObservation } from '../../../src/client/decode/json.js';
import { decodeXmlObservation } from '../../../src/client/decode/xml.js';
import { MINIMAL_OBSERVATION } from '../../helpers/observation.js';

const MINIMAL = MINIMAL_OBSERVATION;

/** MINIMAL with members replaced; `undefined` removes one. */
function json(changes: Record<string, unknown>): string {
  return JSON.stringify({ ...MINIMAL, ...changes });
}

function decodeJson(text: string) {
  return decodeJsonObservation(Buffer.from(text));
}

describe('isObject', () => {
  it.each([
    [{}, true],
    [{ a: 1 }, true],
    [[], false],
    [null, false],
    [undefined, false],
    ['{}', false],
    [5, false],
    [true, false],
  ])('%j → %s', (value, expected) => {
    expect(isObject(value)).toBe(expected);
  });
});

describe('decodeJsonObservation: what it rejects, and the member it names', () => {
  it.each([
    ['coord as text', json({ coord: 'here' }), 'missing or invalid coord'],
    ['coord as an array', json({ coord: [1, 2] }), 'missing or invalid coord'],
    ['main as text', json({ main: 'x' }), 'missing or invalid main'],
    [
      'a temperature as text',
      json({}).replace('"temp":280', '"temp":"280"'),
      'missing or invalid main.temp',
    ],
    ['wind missing', json({ wind: undefined }), 'missing or invalid wind'],
    [
      'a temperature too big for a double (JSON reads it as Infinity)',
      json({}).replace('"temp":280', '"temp":1e999'),
      'missing or invalid main.temp',
    ],
    [
      'a negative overflow in an optional member',
      json({}).replace('"dt":1700000000', '"dt":1700000000,"visibility":-1e999'),
      'missing or invalid visibility',
    ],
    ['weather not a list', json({ weather: { id: 800 } }), 'missing or empty weather'],
    ['a weather entry not an object', json({ weather: [5] }), 'invalid weather.0'],
    [
      'the second weather entry null',
      json({ weather: [...MINIMAL.weather, null] }),
      'invalid weather.1',
    ],
    [
      'a weather entry without id',
      json({ weather: [{ main: 'Clear', description: 'clear sky', icon: '01d' }] }),
      'missing or invalid weather.0.id',
    ],
    ['rain as a number', json({ rain: 5 }), 'invalid rain'],
    ['snow as a list', json({ snow: [1] }), 'invalid snow'],
    ['clouds as text', json({ clouds: 'x' }), 'invalid clouds'],
    ['clouds.all missing', json({ clouds: {} }), 'missing or invalid clouds.all'],
    ['sys as a number', json({ sys: 5 }), 'invalid sys'],
    ['cod 404 as a number', json({ cod: 404 }), 'cod is 404, not 200'],
    ['cod null', json({ cod: null }), 'cod is null, not 200'],
    ['cod "0200"', json({ cod: '0200' }), 'cod is "0200", not 200'],
  ])('%s', (_what, text, message) => {
    expect(() => decodeJson(text)).toThrow(new DecodeProblem(message));
  });
});

/** Every member a JSON observation can have. */
const FULL = {
  coord: { lon: 1, lat: 2 },
  weather: [{ id: 500, main: 'Rain', description: 'light rain', icon: '10d' }],
  base: 'stations',
  main: {
    temp: 280,
    feels_like: 278,
    temp_min: 279,
    temp_max: 281,
    pressure: 1000,
    humidity: 50,
    sea_level: 1000,
    grnd_level: 990,
  },
  visibility: 10000,
  wind: { speed: 1, deg: 90, gust: 3 },
  clouds: { all: 75 },
  rain: { '1h': 0.5, '3h': 1.5 },
  snow: { '1h': 0.1, '3h': 0.3 },
  dt: 1700000000,
  sys: { type: 2, id: 7, message: 0, country: 'DE', sunrise: 1699990000, sunset: 1700020000 },
  timezone: 3600,
  id: 2950159,
  name: 'Berlin',
  cod: 200,
};

/** The dotted path of every leaf of FULL. */
function leaves(value: unknown, path = ''): string[] {
  if (typeof value !== 'object' || value === null) return [path];
  return Object.entries(value).flatMap(([key, child]) =>
    leaves(child, path === '' ? key : `${path}.${key}`),
  );
}

/** FULL with the member at `path` replaced. */
function withMember(path: string, replacement: unknown): unknown {
  const copy = structuredClone(FULL) as Record<string, unknown>;
  const keys = path.split('.');
  const last = keys.pop() ?? '';
  let parent: Record<string, unknown> = copy;
  for (const key of keys) parent = parent[key] as Record<string, unknown>;
  parent[last] = replacement;
  return copy;
}

describe('decodeJsonObservation names the member of the wrong type', () => {
  it('decodes the full observation as it is', () => {
    expect(decodeJson(JSON.stringify(FULL))).toStrictEqual(FULL);
  });

  // Numbers given as text, text given as a number; cod has its own message.
  it.each(leaves(FULL).filter((path) => path !== 'cod'))('%s', (path) => {
    const original = path
      .split('.')
      .reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], FULL);
    const wrong = typeof original === 'string' ? 5 : String(original);
    expect(() => decodeJson(JSON.stringify(withMember(path, wrong)))).toThrow(
      new DecodeProblem(`missing or invalid ${path}`),
    );
  });
});

describe('decodeJsonObservation: what it accepts', () => {
  it.each([
    ['cod 200', { cod: 200 }, { cod: 200 }],
    ['cod "200" as text', { cod: '200' }, { cod: 200 }],
    ['null optional members', { visibility: null, base: null, timezone: null, id: null }, {}],
    ['a null name', { name: null }, {}],
    ['null optional main members', { main: { ...MINIMAL.main, feels_like: null } }, {}],
    ['rain without volumes', { rain: {} }, {}],
    ['rain with null volumes', { rain: { '1h': null, '3h': null } }, {}],
    ['rain with one volume', { rain: { '3h': 1.5 } }, { rain: { '3h': 1.5 } }],
    ['sys null', { sys: null }, {}],
    ['clouds null', { clouds: null }, {}],
  ])('%s', (_what, changes, added) => {
    // Absent members are absent, not present with the value undefined.
    expect(decodeJson(json(changes))).toStrictEqual({
      ...MINIMAL,
      main: MINIMAL.main,
      ...added,
      sys: {},
      name: '',
    });
  });
});

describe('decodeErrorObject: cod', () => {
  it.each([
    ['"400"', 400],
    ['" 401 "', 401],
    ['401', 401],
    ['"-400"', undefined],
    ['"1e3"', undefined],
    ['"4.5"', undefined],
    ['4.5', undefined],
    ['"abc"', undefined],
    ['""', undefined],
    ['null', undefined],
    ['true', undefined],
    ['[401]', undefined],
  ])('cod %s → %s', async (cod, expected) => {
    expect(await decodeErrorObject(Buffer.from(`{"cod":${cod},"message":"m"}`))).toStrictEqual({
      cod: expected,
      message: 'm',
    });
  });

  it.each([
    ['JSON after blank lines', '\n\n  {"cod":401,"message":"bad key"}\n'],
    [
      'XML after blank lines',
      '\n  <ClientError><cod>401</cod><message>bad key</message></ClientError>\n',
    ],
    [
      'an XML message with spaces around',
      '<Error><cod>401</cod><message>  bad key  </message></Error>',
    ],
  ])('%s', async (_what, text) => {
    expect(await decodeErrorObject(Buffer.from(text))).toStrictEqual({
      cod: 401,
      message: 'bad key',
    });
  });

  it.each([
    ['a message that looks like a number', '<message>500</message>', '500'],
    ['a message with entities', '<message>a &amp; b</message>', 'a & b'],
  ])('XML: %s', async (_what, message, expected) => {
    const text = `<ClientError><cod>500</cod>${message}</ClientError>`;
    expect(await decodeErrorObject(Buffer.from(text))).toStrictEqual({
      cod: 500,
      message: expected,
    });
  });
});

/** A small `<current>` document; `parts` replace its elements by name, '' removes one. */
function xml(parts: Record<string, string> = {}, attributes: Record<string, string> = {}): Buffer {
  const city = attributes.city ?? 'id="1" name="Berlin"';
  const elements: Record<string, string> = {
    city: `<city ${city}>${parts.coord ?? '<coord lon="1" lat="2"/>'}${parts.country ?? '<country>DE</country>'}${parts.sun ?? ''}</city>`,
    temperature: '<temperature value="3" unit="celsius"/>',
    humidity: '<humidity value="50" unit="%"/>',
    pressure: '<pressure value="1000" unit="hPa"/>',
    wind: '<wind><speed value="1" unit="m/s" name="Calm"/></wind>',
    visibility: '',
    precipitation: '',
    weather: '<weather number="800" value="clear sky" icon="01d"/>',
    lastupdate: '<lastupdate value="2026-01-01T12:00:00"/>',
  };
  const body = Object.entries(elements)
    .map(([name, element]) => (name in parts ? parts[name] : element))
    .join('');
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<current>${body}</current>`);
}

const XML_MINIMAL = {
  coord: { lon: 1, lat: 2 },
  weather: [{ id: 800, main: 'Clear', description: 'clear sky', icon: '01d' }],
  main: { temp: 3, pressure: 1000, humidity: 50 },
  wind: { speed: 1 },
  dt: Date.UTC(2026, 0, 1, 12) / 1000,
  sys: { country: 'DE' },
  id: 1,
  name: 'Berlin',
};

describe('decodeXmlObservation: what it accepts', () => {
  it.each([
    ['the minimal document', {}, {}, {}],
    ['no precipitation element', { precipitation: '' }, {}, {}],
    ['precipitation mode no', { precipitation: '<precipitation mode="no"/>' }, {}, {}],
    [
      'rain in the last hour',
      { precipitation: '<precipitation value="0.5" mode="rain" unit="1h"/>' },
      {},
      { rain: { '1h': 0.5 } },
    ],
    [
      'rain without a unit: the last hour',
      { precipitation: '<precipitation value="0.5" mode="rain"/>' },
      {},
      { rain: { '1h': 0.5 } },
    ],
    [
      'snow in the last three hours',
      { precipitation: '<precipitation value="2.5" mode="snow" unit="3h"/>' },
      {},
      { snow: { '3h': 2.5 } },
    ],
    [
      'another kind of precipitation',
      { precipitation: '<precipitation value="2.5" mode="hail" unit="1h"/>' },
      {},
      {},
    ],
    ['rain without a value', { precipitation: '<precipitation mode="rain" unit="1h"/>' }, {}, {}],
    [
      'rain with an empty value',
      { precipitation: '<precipitation value="" mode="rain" unit="1h"/>' },
      {},
      {},
    ],
    ['visibility', { visibility: '<visibility value="9000"/>' }, {}, { visibility: 9000 }],
    ['an empty visibility', { visibility: '<visibility value=""/>' }, {}, {}],
    ['visibility without a value', { visibility: '<visibility/>' }, {}, {}],
    ['an empty country', { country: '<country></country>' }, {}, { sys: {} }],
    ['no country', { country: '' }, {}, { sys: {} }],
    [
      'sunrise and sunset',
      { sun: '<sun rise="2026-01-01T07:00:00" set="2026-01-01T16:00:00"/>' },
      {},
      { sys: { country: 'DE', sunrise: 1767250800, sunset: 1767283200 } },
    ],
    ['an empty sunrise and no sunset', { sun: '<sun rise=""/>' }, {}, {}],
    ['a place without a name', {}, { city: 'id="1"' }, { name: '' }],
    ['a name with spaces around', {}, { city: 'id="1" name="  Berlin  "' }, {}],
    ['a name that looks like a number', {}, { city: 'id="1" name="007"' }, { name: '007' }],
    [
      'a name with entities',
      {},
      { city: 'id="1" name="A &amp; B &lt;3&gt;"' },
      { name: 'A & B <3>' },
    ],
    [
      'a condition code outside the table, without text or icon',
      { weather: '<weather number="999"/>' },
      {},
      { weather: [{ id: 999, main: '', description: '', icon: '' }] },
    ],
    [
      'a description with spaces around',
      { weather: '<weather number="800" value="  clear sky " icon=" 01d"/>' },
      {},
      {},
    ],
  ])('%s', (_what, parts, attributes, changes) => {
    const decoded = decodeXmlObservation(xml(parts, attributes), 'imperial');
    expect(decoded).toStrictEqual({
      observation: { ...XML_MINIMAL, ...changes },
      units: 'metric',
    });
  });

  it.each([
    ['celsius', 'metric'],
    ['FAHRENHEIT', 'imperial'],
    ['metric', 'metric'],
    ['', 'standard'],
    ['rankine', 'standard'],
  ])('temperature unit %j → %s units', (unit, units) => {
    const temperature = `<temperature value="3" unit="${unit}"/>`;
    expect(decodeXmlObservation(xml({ temperature }), 'standard').units).toBe(units);
  });

  it('takes the requested units when the temperature has no unit', () => {
    const temperature = '<temperature value="3"/>';
    expect(decodeXmlObservation(xml({ temperature }), 'imperial').units).toBe('imperial');
  });
});

describe('decodeXmlObservation: what it rejects, and where', () => {
  it.each([
    ['no coord', { coord: '' }, 'missing <city/coord>'],
    ['no wind speed', { wind: '<wind><direction value="90"/></wind>' }, 'missing <wind/speed>'],
    ['an empty wind element', { wind: '<wind/>' }, 'missing <wind>'],
    [
      'an empty temperature',
      { temperature: '<temperature value="" unit="celsius"/>' },
      'missing or invalid temperature@value',
    ],
    [
      'a temperature of spaces',
      { temperature: '<temperature value="  " unit="celsius"/>' },
      'missing or invalid temperature@value',
    ],
    [
      'a coordinate that is not a number',
      { coord: '<coord lon="east" lat="2"/>' },
      'missing or invalid city/coord@lon',
    ],
    [
      'visibility that is not a number',
      { visibility: '<visibility value="far"/>' },
      'missing or invalid visibility@value',
    ],
    [
      'a sunrise that is not a time',
      { sun: '<sun rise="dawn" set="2026-01-01T16:00:00"/>' },
      'invalid time in city/sun@rise',
    ],
    ['an empty lastupdate', { lastupdate: '<lastupdate value=""/>' }, 'missing lastupdate@value'],
    [
      'a lastupdate without a value',
      { lastupdate: '<lastupdate unit="s"/>' },
      'missing lastupdate@value',
    ],
  ])('%s', (_what, parts, message) => {
    expect(() => decodeXmlObservation(xml(parts), 'metric')).toThrow(new DecodeProblem(message));
  });

  it.each([
    ['\n'.repeat(12) + '<current>\n<x>          </y></current>', 'line 14, column 14'],
    ['<current><city></city><x>          </y></current>', 'line 1, column 36'],
  ])('names line and column of malformed XML (%#)', (text, where) => {
    expect(() => decodeXmlObservation(Buffer.from(text), 'metric')).toThrow(
      new DecodeProblem(`the body is not well-formed XML (${where})`),
    );
  });
});
