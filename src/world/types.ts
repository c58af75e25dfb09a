/**
 * The embedded implementation's model of the world. Everything the server needs to answer for a
 * coordinate and an instant comes through `World.observe`; representations (JSON/XML/HTML), units
 * and languages are applied afterwards by the server. Values are in SI/metric units.
 *
 * Contract (tested in test/unit/world):
 * - deterministic: the same (lat, lon, dt) always gives the same result, in any process;
 * - every value in range and consistent: tempMin ≤ temp ≤ tempMax, 0 ≤ humidity ≤ 100,
 *   0 ≤ clouds ≤ 100, 0 ≤ windDeg < 360, gust > speed when present, visibility 0..10000,
 *   precipitation present exactly when the condition is a precipitating one;
 * - at most one of `rain` and `snow` is present (sleet and rain-and-snow codes report `snow`),
 *   because the XML representation has a single `precipitation` element;
 * - `isDay` follows the sun (solar altitude above the horizon at `dt`: the upper limb, with
 *   standard refraction, as sunrise and sunset are defined).
 */
export interface Place {
  /** GeoNames id of the nearest populated place, or 0 when none is near (open sea, ice). */
  readonly id: number;
  /** Its name, or '' when none is near. */
  readonly name: string;
  /** ISO 3166 alpha-2 code, absent over open sea. */
  readonly country?: string;
}

export interface PrecipitationVolume {
  /** mm in the last hour */
  readonly h1: number;
  /** mm in the last three hours (≥ h1) */
  readonly h3: number;
}

export interface WorldObservation {
  readonly place: Place;
  /** IANA zone of the coordinate, e.g. Europe/London or Etc/GMT-3 at sea. */
  readonly zone: string;
  /** Offset from UTC at `dt`, seconds, DST included. */
  readonly timezoneOffset: number;
  /** Time of data calculation, Unix seconds. */
  readonly dt: number;
  /** Unix seconds of the day's sunrise and sunset (local day of `dt`); 0 in polar day or night. */
  readonly sunrise: number;
  readonly sunset: number;
  readonly isDay: boolean;
  readonly tempC: number;
  readonly feelsLikeC: number;
  readonly tempMinC: number;
  readonly tempMaxC: number;
  /** Sea-level pressure, hPa, integer. */
  readonly pressure: number;
  /** Ground-level pressure, hPa, integer. */
  readonly grndLevel: number;
  /** Percent, integer. */
  readonly humidity: number;
  /** Metres, integer, at most 10000. */
  readonly visibility: number;
  /** m/s */
  readonly windSpeed: number;
  /** Degrees, integer, 0..359. */
  readonly windDeg: number;
  /** m/s, absent when there is no gust. */
  readonly windGust?: number;
  /** Percent, integer. */
  readonly clouds: number;
  /** Condition code (see src/core/conditions.ts). One condition per observation. */
  readonly conditionId: number;
  readonly rain?: PrecipitationVolume;
  readonly snow?: PrecipitationVolume;
  /** The simulated station behind the observation (sys.type / sys.id). */
  readonly station: { readonly type: number; readonly id: number };
}

export interface World {
  observe(lat: number, lon: number, dt: number): WorldObservation;
  /**
   * The name of `place` in `lang` (a canonical code of core/lang.ts): the name the data has for it
   * in that language, else its own name.
   */
  nameIn(place: Place, lang: string): Promise<string>;
}
