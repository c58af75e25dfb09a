import { parseCoordinate } from '../core/coordinates.js';
import { canonicalLang } from '../core/lang.js';
import { isMode, isUnits, type Mode, type Units } from '../core/units.js';

/**
 * Query parameters of GET /weather, parsed the way the live service does where the spec is silent:
 * - unknown parameters are ignored;
 * - a repeated parameter: the first occurrence counts (URLSearchParams.get);
 * - `mode`, `units` and `lang` are case-insensitive, and a value outside the allowed set (or an
 *   empty one) falls back to the default (json, standard, en) without an error;
 * - `lat`/`lon` must be plain decimal numbers (optional sign, optional exponent) within the inclusive
 *   bounds; NaN, Infinity, hex, empty strings, surrounding spaces and overflow (1e999) are invalid.
 */
export interface WeatherParams {
  readonly lat: number;
  readonly lon: number;
  readonly mode: Mode;
  readonly units: Units;
  /** Canonical language code. */
  readonly lang: string;
}

export type ParamProblem = 'nothing-to-geocode' | 'wrong-latitude' | 'wrong-longitude';

/** The requested representation; known before the location is checked, since errors follow it. */
export function parseMode(query: URLSearchParams): Mode {
  const mode = query.get('mode')?.toLowerCase() ?? '';
  return isMode(mode) ? mode : 'json';
}

export function parseParams(
  query: URLSearchParams,
): { ok: true; params: WeatherParams } | { ok: false; problem: ParamProblem } {
  const latText = query.get('lat');
  const lonText = query.get('lon');
  if (latText === null || lonText === null) return { ok: false, problem: 'nothing-to-geocode' };
  const lat = parseCoordinate(latText, 90);
  if (lat === undefined) return { ok: false, problem: 'wrong-latitude' };
  const lon = parseCoordinate(lonText, 180);
  if (lon === undefined) return { ok: false, problem: 'wrong-longitude' };
  const units = query.get('units')?.toLowerCase() ?? '';
  return {
    ok: true,
    params: {
      lat,
      lon,
      mode: parseMode(query),
      units: isUnits(units) ? units : 'standard',
      lang: canonicalLang(query.get('lang') ?? 'en') ?? 'en',
    },
  };
}
