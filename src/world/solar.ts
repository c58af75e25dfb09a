/**
 * The sun's apparent altitude, and sunrise and sunset, computed exactly as suncalc 2.0.2 computes
 * them (https://github.com/mourner/suncalc, © 2026 Volodymyr Agafonkin, BSD-2-Clause; see NOTICE):
 * the same formulas in the same order, so every result is the same float. suncalc's `getTimes`
 * solves six pairs of twilight times and returns Dates; the model needs only the first pair, as
 * Unix milliseconds, and that is most of the cost of an observation's sun.
 * test/unit/world/solar.test.ts compares both with suncalc itself.
 */
const { PI, sin, cos, tan, asin, atan2, acos, abs, round } = Math;
const rad = PI / 180;

const dayMs = 1000 * 60 * 60 * 24;
const J1970 = 2440588;
const J2000 = 2451545;
const J0 = 0.0009;
/** Sunrise and sunset: the upper limb on the horizon with standard refraction (suncalc's -0.833). */
const RISE_SET_H0 = -0.833 * rad;

/** suncalc's `toDays` of a Date holding `ms`. */
function toDays(ms: number): number {
  return ms / dayMs - 0.5 + J1970 - J2000;
}

/** The time value of suncalc's `fromJulian(j)`: a Date drops the fraction of a millisecond. */
function fromJulianMs(j: number): number {
  return Math.trunc((j + 0.5 - J1970) * dayMs) + 0;
}

/** ΔT = TT − UT, seconds (Espenak & Meeus), as suncalc has it. */
function deltaT(d: number): number {
  const y = 2000 + d / 365.2425;
  let t: number;
  if (y < 1920) {
    t = y - 1900;
    return -2.79 + t * (1.494119 + t * (-0.0598939 + t * (0.0061966 - t * 0.000197)));
  }
  if (y < 1941) {
    t = y - 1920;
    return 21.2 + t * (0.84493 + t * (-0.0761 + t * 0.0020936));
  }
  if (y < 1961) {
    t = y - 1950;
    return 29.07 + t * (0.407 + t * (-1 / 233 + t / 2547));
  }
  if (y < 1986) {
    t = y - 1975;
    return 45.45 + t * (1.067 + t * (-1 / 260 - t / 718));
  }
  if (y < 2005) {
    t = y - 2000;
    return (
      63.86 +
      t * (0.3345 + t * (-0.060374 + t * (0.0017275 + t * (0.000651814 + t * 0.00002373599))))
    );
  }
  if (y < 2050) {
    t = y - 2000;
    return 62.92 + t * (0.32217 + t * 0.005589);
  }
  t = (y - 1820) / 100;
  return -20 + 32 * t * t - 0.5628 * (2150 - y);
}

function toDaysTT(d: number): number {
  return d + deltaT(d) / 86400;
}

function altitude(H: number, phi: number, dec: number): number {
  return asin(sin(phi) * sin(dec) + cos(phi) * cos(dec) * cos(H));
}

function siderealTime(d: number, lw: number): number {
  return rad * (280.46061837 + 360.98564736629 * d) - lw;
}

function astroRefraction(h: number): number {
  const above = h < 0 ? 0 : h;
  return 0.0002967 / tan(above + 0.00312536 / (above + 0.08901179));
}

interface Coords {
  readonly ra: number;
  readonly dec: number;
}

/** The sun's apparent equatorial coordinates (Meeus ch. 25), d in TT days since J2000. */
function sunCoords(d: number): Coords {
  const t = d / 36525;
  const L0 = rad * (280.46646 + t * (36000.76983 + t * 0.0003032));
  const M = rad * (357.52911 + t * (35999.05029 - t * 0.0001537));
  const sinM = sin(M);
  const cosM = cos(M);
  const C =
    rad *
    ((1.914602 - t * (0.004817 + t * 0.000014)) * sinM +
      (0.019993 - 0.000101 * t) * 2 * sinM * cosM +
      0.000289 * sinM * (3 - 4 * sinM * sinM));
  const Om = rad * (125.04 - 1934.136 * t);
  const L = L0 + C - rad * (0.00569 + 0.00478 * sin(Om));
  const e =
    rad * (23.439291 - t * (0.0130042 + t * (0.00000016 - t * 0.000000504))) +
    rad * 0.00256 * cos(Om);
  return { ra: atan2(cos(e) * sin(L), cos(L)), dec: asin(sin(e) * sin(L)) };
}

/** The sun's apparent (refraction-corrected) altitude at `ms`, degrees: suncalc's getPosition. */
export function sunAltitudeDeg(ms: number, lat: number, lon: number): number {
  const lw = rad * -lon;
  const phi = rad * lat;
  const d = toDays(ms);
  const c = sunCoords(toDaysTT(d));
  const H = siderealTime(d, lw) - c.ra;
  const h = altitude(H, phi, c.dec);
  return (h + astroRefraction(h)) / rad;
}

function wrapPi(a: number): number {
  return a - 2 * PI * round(a / (2 * PI));
}

function solarTransit(start: number, lw: number): number {
  let dt = start;
  for (let i = 0; i < 3; i++) {
    const H = wrapPi(siderealTime(dt, lw) - sunCoords(toDaysTT(dt)).ra);
    dt -= H / (2 * PI);
  }
  return dt;
}

function getSetJ(h0: number, dt: number, sign: number, lw: number, phi: number, decT: number) {
  const cosH0 = (sin(h0) - sin(phi) * sin(decT)) / (cos(phi) * cos(decT));
  if (cosH0 < -1 || cosH0 > 1) return NaN;
  let d = dt + (sign * acos(cosH0)) / (2 * PI);
  for (let i = 0; i < 2; i++) {
    const c = sunCoords(toDaysTT(d));
    const H = wrapPi(siderealTime(d, lw) - c.ra);
    const h = altitude(H, phi, c.dec);
    const sinH = cos(phi) * cos(c.dec) * sin(H);
    if (abs(sinH) < 1e-6) break;
    d += (h - h0) / (2 * PI * sinH);
  }
  return d;
}

export interface RiseSet {
  /** Unix milliseconds (whole), as suncalc's Dates hold them; null when the sun does not cross. */
  readonly sunrise: number | null;
  readonly sunset: number | null;
}

/** suncalc's `getTimes(new Date(ms), lat, lon).sunrise/.sunset`, at height 0. */
export function sunriseSunset(ms: number, lat: number, lon: number): RiseSet {
  const lw = rad * -lon;
  const phi = rad * lat;
  // suncalc adds the observer's angle, -2.076·√0/60 = -0: adding it changes no bit.
  const d = round(toDays(ms) - J0 - lw / (2 * PI));
  const dt = solarTransit(d + J0 + lw / (2 * PI), lw);
  const dec = sunCoords(toDaysTT(dt)).dec;
  const rise = getSetJ(RISE_SET_H0, dt, -1, lw, phi, dec);
  const set = getSetJ(RISE_SET_H0, dt, 1, lw, phi, dec);
  return {
    sunrise: Number.isNaN(rise) ? null : fromJulianMs(rise + J2000),
    sunset: Number.isNaN(set) ? null : fromJulianMs(set + J2000),
  };
}
