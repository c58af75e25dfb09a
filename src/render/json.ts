import { formatOffset } from '../core/localtime.js';
import type { Decoded, Precipitation } from '../core/observation.js';
import { SPEED_UNIT, TEMP_SYMBOL, type Units } from '../core/units.js';
import { sourceOf } from './format.js';

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

/** The `-o json` value; JSON.stringify leaves out its members whose value is undefined. */
export function currentJson(d: Decoded, request: JsonRequest, now: number): object {
  const o = d.observation;
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
      temperature: TEMP_SYMBOL[d.units],
      speed: SPEED_UNIT[d.units],
      pressure: 'hPa',
      distance: 'm',
      precipitation: 'mm',
    },
    temperature: {
      now: o.main.temp,
      feels_like: o.main.feels_like,
      min: o.main.temp_min,
      max: o.main.temp_max,
    },
    // Sea and ground level pressure are left out: the XML representation has neither, and this
    // shape is the same whatever --mode.
    pressure: o.main.pressure,
    humidity: o.main.humidity,
    visibility: o.visibility,
    wind: { speed: o.wind.speed, direction: o.wind.deg, gust: o.wind.gust },
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

export function renderJson(d: Decoded, request: JsonRequest, now: number): string {
  return `${JSON.stringify(currentJson(d, request, now))}\n`;
}
