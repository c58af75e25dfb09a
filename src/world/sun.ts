import { getPosition, getTimes } from 'suncalc';

/**
 * The sun is up from sunrise to sunset, i.e. while its upper limb is above the horizon with
 * standard refraction: geometric centre above −0.833°. suncalc's `getPosition` returns the
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
  const times = getTimes(new Date(localNoon), lat, lon);
  const rise = times.sunrise;
  const set = times.sunset;
  const altitudeDeg = getPosition(new Date(dt * 1000), lat, lon).altitude;
  const isDay = altitudeDeg > SUN_UP_ALTITUDE_DEG;
  if (rise === null || set === null) return { sunrise: 0, sunset: 0, isDay, altitudeDeg };
  return {
    sunrise: Math.round(rise.getTime() / 1000),
    sunset: Math.round(set.getTime() / 1000),
    isDay,
    altitudeDeg,
  };
}
