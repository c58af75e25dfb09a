import { sunAltitudeDeg, sunriseSunset } from './solar.js';

/**
 * The sun is up from sunrise to sunset, i.e. while its upper limb is above the horizon with
 * standard refraction: geometric centre above −0.833°. The altitude (suncalc's, ./solar.ts) is the
 * refraction-corrected altitude, which near the horizon is the geometric one plus 0.4845°, so
 * that moment is an apparent altitude of −0.35°. Using it keeps `isDay` and sunrise/sunset in step.
 */
export const SUN_UP_ALTITUDE_DEG = -0.35;

export interface SunState {
  /** Unix seconds; 0 for both when the sun stays up or down all day. */
  readonly sunrise: number;
  readonly sunset: number;
  readonly isDay: boolean;
  /** Apparent altitude of the sun's centre at the instant, degrees. */
  readonly altitudeDeg: number;
}

/** Sun at (lat, lon) at `dt`; sunrise/sunset of the local calendar day (shifted by `offset`). */
export function sunAt(lat: number, lon: number, dt: number, offsetSeconds: number): SunState {
  const local = new Date((dt + offsetSeconds) * 1000);
  const localNoon =
    Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), 12) -
    offsetSeconds * 1000;
  const { sunrise, sunset } = sunriseSunset(localNoon, lat, lon);
  const altitudeDeg = sunAltitudeDeg(dt * 1000, lat, lon);
  const isDay = altitudeDeg > SUN_UP_ALTITUDE_DEG;
  if (sunrise === null || sunset === null) return { sunrise: 0, sunset: 0, isDay, altitudeDeg };
  return {
    sunrise: Math.round(sunrise / 1000),
    sunset: Math.round(sunset / 1000),
    isDay,
    altitudeDeg,
  };
}
