import { CONDITIONS } from '../../core/conditions.js';
import { parseIsoAsUtc } from '../../core/instant.js';
import { asObject } from '../../core/json-object.js';

/**
 * A scenario file (`weather serve --scenario`): fixed weather for places or coordinates over time
 * ranges, over the model's. The format is documented by schema/scenario.schema.json; this reader
 * checks the same rules and names the JSON path of the first value that breaks one.
 */
export interface ScenarioWind {
  /** m/s */
  readonly speed?: number | undefined;
  /** degrees, 0–359 */
  readonly deg?: number | undefined;
  /** m/s, above the speed */
  readonly gust?: number | undefined;
}

export type ScenarioWhere =
  | { readonly place: string; readonly country?: string | undefined }
  | { readonly lat: number; readonly lon: number; readonly radiusKm: number };

export interface ScenarioOverride {
  readonly where: ScenarioWhere;
  /** Unix seconds; the range is [from, until). */
  readonly from?: number | undefined;
  readonly until?: number | undefined;
  readonly condition?: number | undefined;
  /** °C */
  readonly temperature?: number | undefined;
  readonly wind?: ScenarioWind | undefined;
}

export interface Scenario {
  readonly overrides: readonly ScenarioOverride[];
}

export type ScenarioResult =
  | { readonly ok: true; readonly scenario: Scenario }
  | { readonly ok: false; readonly path: string; readonly problem: string };

/** Within this of the coordinates, when the override gives no radius_km. */
export const DEFAULT_RADIUS_KM = 25;

const TOP_KEYS = new Set(['$schema', 'description', 'overrides']);
const OVERRIDE_KEYS = new Set([
  'place',
  'country',
  'coordinates',
  'from',
  'until',
  'condition',
  'temperature',
  'wind',
]);
const COORDINATE_KEYS = new Set(['lat', 'lon', 'radius_km']);
const WIND_KEYS = new Set(['speed', 'deg', 'gust']);

class Invalid extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${path}: ${problem}`);
  }
}

function object(value: unknown, path: string, keys: ReadonlySet<string>): Record<string, unknown> {
  const found = asObject(value);
  if (!found) throw new Invalid(path, 'must be an object');
  for (const key of Object.keys(found)) {
    if (!keys.has(key)) {
      throw new Invalid(`${path}.${key}`, `is not a known property (${[...keys].join(', ')})`);
    }
  }
  return { ...found };
}

function numberIn(value: unknown, path: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new Invalid(path, 'must be a number');
  }
  if (value < min || value > max) throw new Invalid(path, `must be from ${min} to ${max}`);
  return value;
}

function optional<T>(value: unknown, read: (value: unknown) => T): T | undefined {
  return value === undefined ? undefined : read(value);
}

function text(value: unknown, path: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new Invalid(path, 'must be a non-empty string');
  }
  return value;
}

function instant(value: unknown, path: string): number {
  const ms = typeof value === 'string' ? parseIsoAsUtc(value) : undefined;
  if (ms === undefined) {
    throw new Invalid(path, 'must be an ISO 8601 date-time, e.g. "2026-01-15T06:00:00Z"');
  }
  return Math.floor(ms / 1000);
}

function where(o: Record<string, unknown>, path: string): ScenarioWhere {
  if ((o.place === undefined) === (o.coordinates === undefined)) {
    throw new Invalid(path, 'must have either "place" or "coordinates"');
  }
  if (o.place !== undefined) {
    const country = optional(o.country, (v) => text(v, `${path}.country`));
    return { place: text(o.place, `${path}.place`), country };
  }
  if (o.country !== undefined) {
    throw new Invalid(`${path}.country`, 'goes with "place", not "coordinates"');
  }
  const c = object(o.coordinates, `${path}.coordinates`, COORDINATE_KEYS);
  return {
    lat: numberIn(c.lat, `${path}.coordinates.lat`, -90, 90),
    lon: numberIn(c.lon, `${path}.coordinates.lon`, -180, 180),
    radiusKm:
      optional(c.radius_km, (v) => numberIn(v, `${path}.coordinates.radius_km`, 0, 20_000)) ??
      DEFAULT_RADIUS_KM,
  };
}

function wind(value: unknown, path: string): ScenarioWind {
  const w = object(value, path, WIND_KEYS);
  if (Object.keys(w).length === 0) throw new Invalid(path, 'must set speed, deg or gust');
  const speed = optional(w.speed, (v) => numberIn(v, `${path}.speed`, 0, 150));
  const gust = optional(w.gust, (v) => numberIn(v, `${path}.gust`, 0, 200));
  if (gust !== undefined && (speed === undefined || gust <= speed)) {
    throw new Invalid(`${path}.gust`, 'needs a speed, and must be above it');
  }
  const deg = optional(w.deg, (v) => numberIn(v, `${path}.deg`, 0, 359));
  if (deg !== undefined && !Number.isInteger(deg)) {
    throw new Invalid(`${path}.deg`, 'must be a whole number');
  }
  return { speed, deg, gust };
}

function override(value: unknown, path: string): ScenarioOverride {
  const o = object(value, path, OVERRIDE_KEYS);
  const condition = optional(o.condition, (v) => {
    if (typeof v !== 'number' || !CONDITIONS.has(v)) {
      throw new Invalid(`${path}.condition`, 'must be a condition code of the API, e.g. 602');
    }
    return v;
  });
  const from = optional(o.from, (v) => instant(v, `${path}.from`));
  const until = optional(o.until, (v) => instant(v, `${path}.until`));
  if (from !== undefined && until !== undefined && until <= from) {
    throw new Invalid(`${path}.until`, 'must be later than "from"');
  }
  const result: ScenarioOverride = {
    where: where(o, path),
    from,
    until,
    condition,
    temperature: optional(o.temperature, (v) => numberIn(v, `${path}.temperature`, -90, 60)),
    wind: optional(o.wind, (v) => wind(v, `${path}.wind`)),
  };
  if (condition === undefined && result.temperature === undefined && result.wind === undefined) {
    throw new Invalid(path, 'must set at least one of "condition", "temperature", "wind"');
  }
  return result;
}

export function parseScenario(textOfFile: string): ScenarioResult {
  let data: unknown;
  try {
    data = JSON.parse(textOfFile);
  } catch (error) {
    return { ok: false, path: '$', problem: `is not JSON (${(error as Error).message})` };
  }
  try {
    const top = object(data, '$', TOP_KEYS);
    if (!Array.isArray(top.overrides)) throw new Invalid('$.overrides', 'must be an array');
    const list: unknown[] = top.overrides;
    return {
      ok: true,
      scenario: { overrides: list.map((o, i) => override(o, `$.overrides[${i}]`)) },
    };
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, path: error.path, problem: error.problem };
    throw error;
  }
}
