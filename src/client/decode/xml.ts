import { XMLParser } from 'fast-xml-parser';
import { CONDITIONS } from '../../core/conditions.js';
import { parseIsoAsUtc } from '../../core/instant.js';
import type { Observation } from '../../core/observation.js';
import { unitsOfTemperatureName, type Units } from '../../core/units.js';
import { ATTRIBUTE_PREFIX, type XmlCurrentDocument } from '../../core/wire-xml.js';
import { DecodeProblem, defined, isObject, stripControl, type Json } from './fields.js';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: ATTRIBUTE_PREFIX,
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

type Key<T> = keyof T & string;
type Attribute<T> = {
  [K in Key<T>]: K extends `${typeof ATTRIBUTE_PREFIX}${string}` ? K : never;
}[Key<T>];
type Child<T> = Exclude<Key<T>, Attribute<T>>;
/** An element's type without the empty-element alternative (`<gusts/>`). */
type ElementOf<T> = Exclude<NonNullable<T>, string>;

/**
 * One element of a parsed document, navigated by the names of the XML wire type: a name that is
 * not in XmlCurrentDocument does not compile. Values are still validated: the body is remote.
 */
class XmlElement<T> {
  constructor(
    private readonly json: Json,
    /** `city/coord`, for messages. */
    readonly path: string,
  ) {}

  private childPath(name: string): string {
    return this.path === '' ? name : `${this.path}/${name}`;
  }

  private label(name: string): string {
    return name.startsWith(ATTRIBUTE_PREFIX)
      ? `${this.path}@${name.slice(ATTRIBUTE_PREFIX.length)}`
      : this.childPath(name);
  }

  element<K extends Child<T>>(name: K): XmlElement<ElementOf<T[K]>> {
    const found = this.optionalElement(name);
    if (!found) throw new DecodeProblem(`missing <${this.childPath(name)}>`);
    return found;
  }

  optionalElement<K extends Child<T>>(name: K): XmlElement<ElementOf<T[K]>> | undefined {
    const value = this.json[name];
    return isObject(value) ? new XmlElement(value, this.childPath(name)) : undefined;
  }

  /** An attribute, or the text of a child element; trimmed, without control characters. */
  text(name: Key<T>): string | undefined {
    const value = this.json[name];
    if (typeof value === 'string') return stripControl(value.trim());
    if (typeof value === 'number') return String(value);
    return undefined;
  }

  number(name: Key<T>): number {
    const raw = this.text(name);
    const value = raw === undefined || raw === '' ? NaN : Number(raw);
    if (!Number.isFinite(value)) throw new DecodeProblem(`missing or invalid ${this.label(name)}`);
    return value;
  }

  optionalNumber(name: Key<T>): number | undefined {
    const raw = this.text(name);
    return raw === undefined || raw === '' ? undefined : this.number(name);
  }

  /** Unix seconds of an ISO 8601 time; the service writes UTC without a zone designator. */
  time(name: Key<T>): number | undefined {
    const raw = this.text(name);
    if (raw === undefined || raw === '') return undefined;
    const ms = parseIsoAsUtc(raw);
    if (ms === undefined) throw new DecodeProblem(`invalid time in ${this.label(name)}`);
    return Math.round(ms / 1000);
  }
}

/** An XML `<current>` document decoded into the same model as JSON. */
export function decodeXmlObservation(
  body: Uint8Array,
  requested: Units,
): { observation: Observation; units: Units } {
  const root: unknown = parseXml(body)['current' satisfies keyof XmlCurrentDocument];
  if (!isObject(root)) throw new DecodeProblem('missing <current>');
  // Paths in messages start below the root: `city/coord@lon`.
  const current = new XmlElement<XmlCurrentDocument['current']>(root, '');
  const city = current.element('city');
  const coord = city.element('coord');
  const sun = city.optionalElement('sun');
  const temperature = current.element('temperature');
  const wind = current.element('wind');
  const speed = wind.element('speed');
  const direction = wind.optionalElement('direction');
  const precipitation = current.optionalElement('precipitation');
  const weather = current.element('weather');
  const id = weather.number('@_number');
  const lastupdate = current.element('lastupdate').time('@_value');
  if (lastupdate === undefined) throw new DecodeProblem('missing lastupdate@value');
  const country = city.text('country');
  const fall = precipitation?.text('@_mode');
  const volume = precipitation?.optionalNumber('@_value');
  const period = precipitation?.text('@_unit') === '3h' ? '3h' : '1h';
  const clouds = current.optionalElement('clouds');
  const observation: Observation = {
    coord: { lon: coord.number('@_lon'), lat: coord.number('@_lat') },
    weather: [
      {
        id,
        main: CONDITIONS.get(id)?.main ?? '',
        description: weather.text('@_value') ?? '',
        icon: weather.text('@_icon') ?? '',
      },
    ],
    main: {
      temp: temperature.number('@_value'),
      ...defined({
        feels_like: current.optionalElement('feels_like')?.optionalNumber('@_value'),
        temp_min: temperature.optionalNumber('@_min'),
        temp_max: temperature.optionalNumber('@_max'),
      }),
      pressure: current.element('pressure').number('@_value'),
      humidity: current.element('humidity').number('@_value'),
    },
    ...defined({ visibility: current.optionalElement('visibility')?.optionalNumber('@_value') }),
    wind: {
      speed: speed.number('@_value'),
      ...defined({
        deg: direction?.optionalNumber('@_value'),
        gust: wind.optionalElement('gusts')?.optionalNumber('@_value'),
      }),
    },
    ...(clouds ? { clouds: { all: clouds.number('@_value') } } : {}),
    ...((fall === 'rain' || fall === 'snow') && volume !== undefined
      ? { [fall]: { [period]: volume } }
      : {}),
    dt: lastupdate,
    sys: defined({
      country: country === '' ? undefined : country,
      sunrise: sun?.time('@_rise'),
      sunset: sun?.time('@_set'),
    }),
    ...defined({ timezone: city.optionalNumber('timezone'), id: city.optionalNumber('@_id') }),
    name: city.text('@_name') ?? '',
  };
  const unit = temperature.text('@_unit') ?? '';
  return { observation, units: unitsOfTemperatureName(unit) ?? requested };
}
