import { ATTRIBUTE_PREFIX } from '../../../src/core/wire-xml.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeJsonObservation } from '../../../src/client/decode/json.js';
import { decodeXmlObservation, parseXml } from '../../../src/client/decode/xml.js';
import { handle } from '../../../src/server/handler.js';
import { loadConditionTexts } from '../../../src/world/i18n/texts.js';
import type { World } from '../../../src/world/types.js';
import { truth, truthFiles } from '../../helpers/fixtures.js';
import { sequence, testWorld } from '../../helpers/world.js';

/**
 * The embedded implementation must answer in the real service's shape: the same members with the
 * same JSON types (XML: the same elements and attributes, numeric where the samples are numeric).
 * Members that come and go in real answers (rain, snow, gusts, or ones older responses lacked)
 * may be missing on either side; everything else must match.
 */
type Shape = Map<string, string>;

function jsonShape(value: unknown, path = '', shape: Shape = new Map()): Shape {
  if (Array.isArray(value)) {
    shape.set(path, 'array');
    value.forEach((item, i) => jsonShape(item, `${path}.${i}`, shape));
  } else if (typeof value === 'object' && value !== null) {
    if (path) shape.set(path, 'object');
    for (const [key, member] of Object.entries(value))
      jsonShape(member, path ? `${path}.${key}` : key, shape);
  } else {
    shape.set(path, typeof value);
  }
  return shape;
}

function xmlShape(value: unknown, path: string, shape: Shape = new Map()): Shape {
  if (typeof value === 'object' && value !== null) {
    shape.set(path, 'element');
    for (const [key, member] of Object.entries(value)) {
      if (key.startsWith(ATTRIBUTE_PREFIX))
        shape.set(`${path}@${key.slice(ATTRIBUTE_PREFIX.length)}`, kind(member));
      else xmlShape(member, `${path}/${key}`, shape);
    }
  } else {
    shape.set(path, value === '' ? 'element' : `text:${kind(value)}`);
  }
  return shape;
}

function kind(value: unknown): string {
  return String(value).trim() !== '' && Number.isFinite(Number(value)) ? 'number' : 'string';
}

const JSON_OPTIONAL = [
  /^rain(\.|$)/,
  /^snow(\.|$)/,
  /^wind\.gust$/,
  /^visibility$/,
  /^timezone$/,
  /^base$/,
  /^sys\.(type|id|message|country)$/,
  /^main\.(feels_like|sea_level|grnd_level)$/,
  /^weather\.[1-9]/, // a second condition
];
const XML_OPTIONAL = [
  /^current\/wind\/gusts(@value)?$/,
  /^current\/precipitation@(value|unit)$/,
  /^current\/feels_like/,
  /^current\/city\/timezone$/,
  /^current\/wind\/direction/,
  /^current\/wind\/speed@unit$/, // in the spec's table; the 2017 responses lacked it
];

function compare(sample: Shape, embedded: Shape, optional: readonly RegExp[]): string[] {
  const problems: string[] = [];
  for (const path of new Set([...sample.keys(), ...embedded.keys()])) {
    const [a, b] = [sample.get(path), embedded.get(path)];
    if (a !== undefined && b !== undefined) {
      if (a !== b) problems.push(`${path}: sample ${a}, embedded ${b}`);
    } else if (!optional.some((re) => re.test(path))) {
      problems.push(`${path}: only in the ${a === undefined ? 'embedded response' : 'sample'}`);
    }
  }
  return problems.sort();
}

let world: World;
beforeAll(async () => {
  world = await testWorld();
});

async function embedded(
  lat: number,
  lon: number,
  dt: number,
  mode: string,
  units = 'metric',
): Promise<string> {
  const response = await handle(
    {
      method: 'GET',
      url: `/data/2.5/weather?lat=${lat}&lon=${lon}&units=${units}&mode=${mode}&appid=k`,
      headers: {},
    },
    { world, keys: { status: () => 'active' }, now: () => dt * 1000, texts: loadConditionTexts },
  );
  expect(response.status).toBe(200);
  return Buffer.from(response.body).toString('utf8');
}

const JSON_SAMPLES = truthFiles('.json').filter((name) => !name.includes('meta_summary'));

describe('JSON: embedded responses have the shape of every real sample', () => {
  it.each(JSON_SAMPLES)('%s', async (name) => {
    const body = truth(name);
    const sample = decodeJsonObservation(body);
    const ours = await embedded(sample.coord.lat, sample.coord.lon, sample.dt, 'json');
    decodeJsonObservation(Buffer.from(ours));
    expect(
      compare(
        jsonShape(JSON.parse(body.toString('utf8'))),
        jsonShape(JSON.parse(ours)),
        JSON_OPTIONAL,
      ),
    ).toEqual([]);
  });

  it('produces every member any sample has, rain and snow included, somewhere in the world', async () => {
    const union: Shape = new Map();
    for (const name of JSON_SAMPLES)
      for (const [p, t] of jsonShape(JSON.parse(truth(name).toString('utf8')))) union.set(p, t);
    const ours: Shape = new Map();
    const next = sequence(2026);
    for (let i = 0; i < 3000 && !(ours.has('rain.1h') && ours.has('snow.1h')); i++) {
      const lat = next() * 140 - 70;
      const lon = next() * 360 - 180;
      const dt = Math.round(1767225600 + next() * 365 * 86400);
      for (const [p, t] of jsonShape(JSON.parse(await embedded(lat, lon, dt, 'json'))))
        ours.set(p, t);
    }
    const missing = [...union.keys()].filter((p) => !ours.has(p) && !/^weather\.[1-9]/.test(p));
    expect(missing).toEqual([]);
    for (const [p, t] of ours) if (union.has(p)) expect([p, t]).toEqual([p, union.get(p)]);
  });
});

describe('XML: embedded responses have the shape of every real sample', () => {
  it.each(truthFiles('.xml'))('%s', async (name) => {
    const body = truth(name);
    const { observation, units } = decodeXmlObservation(body, 'metric');
    const ours = await embedded(
      observation.coord.lat,
      observation.coord.lon,
      observation.dt,
      'xml',
      units,
    );
    decodeXmlObservation(Buffer.from(ours), 'metric');
    const sampleShape = xmlShape(parseXml(body).current, 'current');
    const ourShape = xmlShape(parseXml(Buffer.from(ours)).current, 'current');
    expect(compare(sampleShape, ourShape, XML_OPTIONAL)).toEqual([]);
  });
});
