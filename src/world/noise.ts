import { clamp, EARTH_RADIUS_KM, RAD } from './geo.js';

/**
 * Deterministic smooth noise over the sphere and time: value noise on a 4-D lattice (x, y, z of
 * the unit sphere scaled to the field's size, and time), blended with a quintic fade so values and
 * their first two derivatives are continuous. Each time slice may drift east or west while it is
 * blended in, so weather systems travel rather than swell and fade in place. Working on the sphere rather than on (lat, lon)
 * leaves no seam at the antimeridian and no pinch at the poles. Nothing here depends on the
 * process: the same inputs give the same numbers on any machine.
 */
export interface NoiseField {
  /** Distinguishes independent fields. */
  readonly seed: number;
  /** Typical size of a feature, km. */
  readonly scaleKm: number;
  /** Typical lifetime of a feature, seconds. */
  readonly periodSeconds: number;
  /**
   * Eastward drift of the pattern in degrees of longitude per day as a function of latitude
   * (weather systems travel with the westerlies), or none.
   */
  readonly driftDegPerDay?: (lat: number) => number;
}

/** Integer hash of a lattice corner to [-1, 1] (murmur3-style finalizer). */
export function hashUnit(a: number, b: number, c: number, d: number, seed: number): number {
  let h = seed | 0;
  h = Math.imul(h ^ a, 0x27d4eb2d);
  h = Math.imul(h ^ (h >>> 15) ^ b, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13) ^ c, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16) ^ d, 0x165667b1);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  h ^= h >>> 16;
  return ((h >>> 0) / 0xffffffff) * 2 - 1;
}

/** Hash of any integers to [0, 1): for per-place choices such as the station. */
export function hash01(a: number, b: number, seed: number): number {
  return (hashUnit(a, b, 0, 0, seed) + 1) / 2.0000001;
}

function fade(t: number): number {
  return t * t * t * (t * (t * 6 - 15) + 10);
}

const corner = new Float64Array(8);

/** Value noise in space on one time slice of the lattice (trilinear, quintic fade). */
function valueNoise3(x: number, y: number, z: number, slice: number, seed: number): number {
  const ix = Math.floor(x);
  const iy = Math.floor(y);
  const iz = Math.floor(z);
  for (let k = 0; k < 8; k++) {
    corner[k] = hashUnit(ix + (k & 1), iy + ((k >> 1) & 1), iz + (k >> 2), slice, seed);
  }
  const u = fade(x - ix);
  const v = fade(y - iy);
  const s = fade(z - iz);
  // Collapse one axis at a time: 8 → 4 → 2 → 1.
  for (let k = 0; k < 4; k++) {
    const a = corner[2 * k] ?? 0;
    corner[k] = a + ((corner[2 * k + 1] ?? 0) - a) * u;
  }
  for (let k = 0; k < 2; k++) {
    const a = corner[2 * k] ?? 0;
    corner[k] = a + ((corner[2 * k + 1] ?? 0) - a) * v;
  }
  const a = corner[0] ?? 0;
  return a + ((corner[1] ?? 0) - a) * s;
}

/**
 * Interpolated value noise concentrates near 0; this spreads it to a roughly uniform [-1, 1] so
 * thresholds on it (cloud cover, rain) fire about as often as their position suggests.
 */
const SPREAD = 2.3;

function sliceAt(
  field: NoiseField,
  lat: number,
  lon: number,
  slice: number,
  ageDays: number,
): number {
  // Each time slice drifts only while it is in use (about one period), so the drift's dependence
  // on latitude shears the pattern by a few degrees at most, however large the Unix time.
  const shifted = lon - (field.driftDegPerDay ? field.driftDegPerDay(lat) * ageDays : 0);
  const k = EARTH_RADIUS_KM / field.scaleKm;
  const cosLat = Math.cos(lat * RAD);
  // Offsets keep the lattices of different fields from lining up.
  const offset = (field.seed % 97) * 0.318;
  return valueNoise3(
    cosLat * Math.cos(shifted * RAD) * k + offset,
    cosLat * Math.sin(shifted * RAD) * k - offset,
    Math.sin(lat * RAD) * k + offset * 0.5,
    slice,
    field.seed,
  );
}

/** The field at (lat, lon) and Unix time `dt`, roughly uniform in [-1, 1]. */
export function sampleNoise(field: NoiseField, lat: number, lon: number, dt: number): number {
  const phase = dt / field.periodSeconds + (field.seed % 89) * 0.137;
  const slice = Math.floor(phase);
  const f = phase - slice;
  const periodDays = field.periodSeconds / 86400;
  const before = sliceAt(field, lat, lon, slice, f * periodDays);
  const after = sliceAt(field, lat, lon, slice + 1, (f - 1) * periodDays);
  const n = before + (after - before) * fade(f);
  return clamp(Math.tanh(n * SPREAD) / Math.tanh(SPREAD * 0.8), -1, 1);
}
