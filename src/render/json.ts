import { formatOffset } from '../core/localtime.js';
import type { Decoded, Precipitation, ShownUnits } from '../core/observation.js';
import {
  beaufort,
  round,
  speedIn,
  TEMP_UNIT_SYMBOL,
  temperatureIn,
  toMetersPerSecond,
  WIND_UNIT_SYMBOL,
  type Units,
} from '../core/units.js';
import { sourceOf } from './format.js';
import { apiUnits } from './shown.js';

/**
 * `-o json`: one documented shape for scripts, the same whatever representation the API was asked
 * for (JSON or XML decode to the same observation). Its JSON Schema is schema/current.schema.json,
 * shipped in the package; a change that breaks a reader raises SCHEMA's version.
 */
export const SCHEMA = 'weather.current/1';

/** The request behind the answer, echoed in `meta.request`. */
export interface JsonRequest {
  readonly lat: number;
  readonly lon: number;
  readonly units: Units;
  readonly lang: string;
  readonly mode: string;
}

/** `2026-08-01T09:44:45+01:00`: an instant in the place's own time, with its offset. */
export function isoLocal(unixSeconds: number, offsetSeconds: number): string {
  const shifted = new Date((unixSeconds + offsetSeconds) * 1000).toISOString().slice(0, 19);
  return `${shifted}${formatOffset(offsetSeconds)}`;
}

/**
 * The `-o json` value; JSON.stringify leaves out its members whose value is undefined. `d` is as
 * decoded, in the API's units; temperatures and speeds are given in `shown` (default: the API's),
 * except that a Beaufort force is no speed: with `bft` speeds stay in the API's unit, and the force
 * is in `wind.beaufort` whatever the units.
 */
export function currentJson(
  d: Decoded,
  request: JsonRequest,
  now: number,
  shown: ShownUnits = apiUnits(d.units),
): object {
  const o = d.observation;
  const windUnit = shown.wind === 'bft' ? apiUnits(d.units).wind : shown.wind;
  const t = (value: number | undefined) =>
    value === undefined ? undefined : round(temperatureIn(shown.temperature, d.units, value));
  const s = (value: number | undefined) =>
    value === undefined ? undefined : round(speedIn(windUnit, d.units, value));
  const offset = o.timezone ?? 0;
  const { sunrise, sunset } = o.sys;
  const polar = sunrise === 0 && sunset === 0;
  const precipitation = (p: Precipitation | undefined) =>
    p === undefined ? undefined : { last_1h: p['1h'], last_3h: p['3h'] };
  const fetchedAt = d.origin?.fetchedAt ?? now;
  return {
    schema: SCHEMA,
    place: {
      name: o.name,
      country: o.sys.country,
      id: o.id,
      lat: o.coord.lat,
      lon: o.coord.lon,
    },
    observed: isoLocal(o.dt, offset),
    utc_offset_seconds: offset,
    conditions: o.weather.map((w) => ({
      id: w.id,
      group: w.main,
      description: w.description,
      icon: w.icon,
    })),
    units: {
      temperature: TEMP_UNIT_SYMBOL[shown.temperature],
      speed: WIND_UNIT_SYMBOL[windUnit],
      pressure: 'hPa',
      distance: 'm',
      precipitation: 'mm',
    },
    temperature: {
      now: t(o.main.temp),
      feels_like: t(o.main.feels_like),
      min: t(o.main.temp_min),
      max: t(o.main.temp_max),
    },
    // Sea and ground level pressure are left out: the XML representation has neither, and this
    // shape is the same whatever --mode.
    pressure: o.main.pressure,
    humidity: o.main.humidity,
    visibility: o.visibility,
    wind: {
      speed: s(o.wind.speed),
      direction: o.wind.deg,
      gust: s(o.wind.gust),
      beaufort: beaufort(toMetersPerSecond(d.units, o.wind.speed)),
    },
    clouds: o.clouds?.all,
    rain: precipitation(o.rain),
    snow: precipitation(o.snow),
    sun:
      sunrise === undefined || sunset === undefined
        ? undefined
        : polar
          ? { polar: o.weather[0]?.icon.endsWith('n') ? 'night' : 'day' }
          : { rise: isoLocal(sunrise, offset), set: isoLocal(sunset, offset) },
    meta: {
      source: sourceOf(d),
      fetched: isoLocal(Math.floor(fetchedAt / 1000), offset),
      fetched_age_seconds: Math.max(0, Math.round((now - fetchedAt) / 1000)),
      observation_age_seconds: Math.max(0, Math.round(now / 1000 - o.dt)),
      request,
    },
  };
}

export function renderJson(
  d: Decoded,
  request: JsonRequest,
  now: number,
  shown?: ShownUnits,
): string {
  return `${JSON.stringify(currentJson(d, request, now, shown))}\n`;
}
