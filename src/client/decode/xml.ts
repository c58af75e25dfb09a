import { XMLParser } from 'fast-xml-parser';
import { CONDITIONS } from '../../core/conditions.js';
import type { Observation } from '../../core/observation.js';
import type { Units } from '../../core/units.js';
import { DecodeProblem, defined, isObject, stripControl, type Json } from './fields.js';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseAttributeValue: false,
  parseTagValue: false,
  processEntities: true,
});

export function parseXml(body: Uint8Array): Json {
  let document: unknown;
  try {
    // Validation rejects truncated or malformed documents that the parser alone would accept.
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    document = parser.parse(Buffer.from(body).toString('utf8'), true);
  } catch (error) {
    const [, line, column] = /:(\d+):(\d+)$/.exec((error as Error).message) ?? [];
    const where = line && column ? ` (line ${line}, column ${column})` : '';
    throw new DecodeProblem(`the body is not well-formed XML${where}`);
  }
  if (!isObject(document)) throw new DecodeProblem('the body is not an XML document');
  return document;
}

function element(parent: Json, name: string, path: string): Json {
  const value = parent[name];
  if (!isObject(value)) throw new DecodeProblem(`missing <${path}>`);
  return value;
}

function optionalElement(parent: Json, name: string): Json | undefined {
  const value = parent[name];
  return isObject(value) ? value : undefined;
}

function text(parent: Json, name: string): string | undefined {
  const value = parent[name];
  if (typeof value === 'string') return stripControl(value.trim());
  if (typeof value === 'number') return String(value);
  return undefined;
}

function numberAt(parent: Json, name: string, path: string): number {
  const raw = text(parent, name);
  const value = raw === undefined || raw === '' ? NaN : Number(raw);
  if (!Number.isFinite(value)) throw new DecodeProblem(`missing or invalid ${path}`);
  return value;
}

function optionalNumberAt(
  parent: Json | undefined,
  name: string,
  path: string,
): number | undefined {
  if (!parent) return undefined;
  const raw = text(parent, name);
  return raw === undefined || raw === '' ? undefined : numberAt(parent, name, path);
}

/** ISO 8601 time; the service writes UTC without a zone designator. */
function time(parent: Json | undefined, name: string, path: string): number | undefined {
  const raw = parent ? text(parent, name) : undefined;
  if (raw === undefined || raw === '') return undefined;
  const ms = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(raw) ? raw : `${raw}Z`);
  if (!Number.isFinite(ms)) throw new DecodeProblem(`invalid time in ${path}`);
  return Math.round(ms / 1000);
}

const TEMPERATURE_UNITS: Readonly<Record<string, Units>> = {
  kelvin: 'standard',
  celsius: 'metric',
  metric: 'metric',
  fahrenheit: 'imperial',
  imperial: 'imperial',
};

/** An XML `<current>` document decoded into the same model as JSON. */
export function decodeXmlObservation(
  body: Uint8Array,
  requested: Units,
): { observation: Observation; units: Units } {
  const root = element(parseXml(body), 'current', 'current');
  const city = element(root, 'city', 'city');
  const coord = element(city, 'coord', 'city/coord');
  const sun = optionalElement(city, 'sun');
  const temperature = element(root, 'temperature', 'temperature');
  const wind = element(root, 'wind', 'wind');
  const speed = element(wind, 'speed', 'wind/speed');
  const direction = optionalElement(wind, 'direction');
  const precipitation = optionalElement(root, 'precipitation');
  const weather = element(root, 'weather', 'weather');
  const id = numberAt(weather, '@number', 'weather@number');
  const lastupdate = time(element(root, 'lastupdate', 'lastupdate'), '@value', 'lastupdate@value');
  if (lastupdate === undefined) throw new DecodeProblem('missing lastupdate@value');
  const country = text(city, 'country');
  const fall = precipitation ? text(precipitation, '@mode') : undefined;
  const volume = optionalNumberAt(precipitation, '@value', 'precipitation@value');
  const period = (precipitation && text(precipitation, '@unit')) === '3h' ? '3h' : '1h';
  const clouds = optionalElement(root, 'clouds');
  const observation: Observation = {
    coord: {
      lon: numberAt(coord, '@lon', 'city/coord@lon'),
      lat: numberAt(coord, '@lat', 'city/coord@lat'),
    },
    weather: [
      {
        id,
        main: CONDITIONS.get(id)?.main ?? '',
        description: text(weather, '@value') ?? '',
        icon: text(weather, '@icon') ?? '',
      },
    ],
    main: {
      temp: numberAt(temperature, '@value', 'temperature@value'),
      ...defined({
        feels_like: optionalNumberAt(
          optionalElement(root, 'feels_like'),
          '@value',
          'feels_like@value',
        ),
        temp_min: optionalNumberAt(temperature, '@min', 'temperature@min'),
        temp_max: optionalNumberAt(temperature, '@max', 'temperature@max'),
      }),
      pressure: numberAt(element(root, 'pressure', 'pressure'), '@value', 'pressure@value'),
      humidity: numberAt(element(root, 'humidity', 'humidity'), '@value', 'humidity@value'),
    },
    ...defined({
      visibility: optionalNumberAt(
        optionalElement(root, 'visibility'),
        '@value',
        'visibility@value',
      ),
    }),
    wind: {
      speed: numberAt(speed, '@value', 'wind/speed@value'),
      ...defined({
        deg: optionalNumberAt(direction, '@value', 'wind/direction@value'),
        gust: optionalNumberAt(optionalElement(wind, 'gusts'), '@value', 'wind/gusts@value'),
      }),
    },
    ...(clouds ? { clouds: { all: numberAt(clouds, '@value', 'clouds@value') } } : {}),
    ...((fall === 'rain' || fall === 'snow') && volume !== undefined
      ? { [fall]: { [period]: volume } }
      : {}),
    dt: lastupdate,
    sys: defined({
      country: country === '' ? undefined : country,
      sunrise: time(sun, '@rise', 'city/sun@rise'),
      sunset: time(sun, '@set', 'city/sun@set'),
    }),
    ...defined({
      timezone: optionalNumberAt(city, 'timezone', 'city/timezone'),
      id: optionalNumberAt(city, '@id', 'city@id'),
    }),
    name: text(city, '@name') ?? '',
  };
  const unit = text(temperature, '@unit') ?? '';
  return { observation, units: TEMPERATURE_UNITS[unit.toLowerCase()] ?? requested };
}
