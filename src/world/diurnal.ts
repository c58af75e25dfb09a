import { clamp, RAD, TROPICAL_YEAR_DAYS } from './geo.js';

/**
 * The daily temperature cycle: coldest around sunrise, warmest at 15:00 local solar time, with a
 * range that follows how much the sun's height changes over the day (nothing in polar night,
 * little in a high-latitude winter, most in the tropics and the summer).
 */
const WARMEST_SOLAR_HOUR = 15;
const MARCH_EQUINOX_DAY = 11037.9; // 2000-03-20 07:35 UTC, days since 1970

/** Approximate solar declination, degrees (within about 1°, plenty for a temperature cycle). */
function declinationDeg(dt: number): number {
  return 23.44 * Math.sin((2 * Math.PI * (dt / 86400 - MARCH_EQUINOX_DAY)) / TROPICAL_YEAR_DAYS);
}

export interface DiurnalCycle {
  /** -1 at the day's coldest moment … 1 at its warmest; averages 0 over a day. */
  readonly phase: number;
  /** sin(noon altitude) − sin(midnight altitude), both floored at 0: 0 … 1. */
  readonly swing: number;
}

export function diurnalCycle(lat: number, lon: number, dt: number): DiurnalCycle {
  const declination = declinationDeg(dt);
  const noon = 90 - Math.abs(lat - declination);
  const midnight = Math.abs(lat + declination) - 90;
  const swing = Math.max(0, Math.sin(noon * RAD)) - Math.max(0, Math.sin(midnight * RAD));
  const cosHalfDay = clamp(-Math.tan(lat * RAD) * Math.tan(declination * RAD), -1, 1);
  const halfDayHours = (Math.acos(cosHalfDay) / Math.PI) * 12;
  const coldest = clamp(12.5 - halfDayHours, 3, 8.5);
  const solarHour = (((dt / 3600 + lon / 15) % 24) + 24) % 24;
  // Two half-cosines, warming from `coldest` to the warmest hour and cooling over the rest of the
  // day: each half averages to zero, so the daily mean stays at the climate's mean.
  const warming = WARMEST_SOLAR_HOUR - coldest;
  let phase: number;
  if (solarHour >= coldest && solarHour < WARMEST_SOLAR_HOUR) {
    phase = -Math.cos((Math.PI * (solarHour - coldest)) / warming);
  } else {
    const since = (solarHour - WARMEST_SOLAR_HOUR + 24) % 24;
    phase = Math.cos((Math.PI * since) / (24 - warming));
  }
  return { phase, swing };
}
