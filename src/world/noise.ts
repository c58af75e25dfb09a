import { EARTH_RADIUS_KM, RAD } from './geo.js';

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

/**
 * A fixed permutation of 0…255 (twice, to index without wrapping) and a value in [-1, 1] per
 * entry, both drawn from hashUnit: the classic lattice-noise tables, so a corner costs three table
 * look-ups instead of a hash. The time slice is hashed once per slice into offsets, so the pattern
 * never repeats in time although the tables repeat every 256 lattice cells in space (more than the
 * sphere spans for features of 25 km and up).
 */
const PERM = new Uint8Array(512);
const VALUE = new Float64Array(256);
{
  const order = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 255; i > 0; i--) {
    const j = Math.floor(((hashUnit(i, 0, 0, 0, 7919) + 1) / 2.0000001) * (i + 1));
    [order[i], order[j]] = [order[j] ?? 0, order[i] ?? 0];
  }
  for (let i = 0; i < 512; i++) PERM[i] = order[i & 255] ?? 0;
  for (let i = 0; i < 256; i++) VALUE[i] = hashUnit(i, 1, 0, 0, 104729);
}

const lerpTo = (a: number, b: number, t: number): number => a + (b - a) * t;

/** Value noise in space on one time slice of the lattice (trilinear, quintic fade). */
function valueNoise3(x: number, y: number, z: number, slice: number, seed: number): number {
  const fx = Math.floor(x);
  const fy = Math.floor(y);
  const fz = Math.floor(z);
  const mix = hashUnit(slice, seed, 0, 0, 31337);
  const sliceBits = Math.floor((mix + 1) * 0x7fffffff);
  const ox = sliceBits & 255;
  const oy = (sliceBits >>> 8) & 255;
  const oz = (sliceBits >>> 16) & 255;
  const ix = (fx + ox) & 255;
  const iy = (fy + oy) & 255;
  const iz = (fz + oz) & 255;
  const u = fade(x - fx);
  const v = fade(y - fy);
  const w = fade(z - fz);
  const a = PERM[ix] ?? 0;
  const b = PERM[ix + 1] ?? 0;
  const aa = PERM[a + iy] ?? 0;
  const ab = PERM[a + iy + 1] ?? 0;
  const ba = PERM[b + iy] ?? 0;
  const bb = PERM[b + iy + 1] ?? 0;
  const value = (i: number): number => VALUE[PERM[i] ?? 0] ?? 0;
  // Interpolating between corners shrinks the spread in the middle of a cell (an average of eight
  // values varies less than one); dividing by that shrinkage makes the spread the same everywhere,
  // so a threshold is exceeded about as often at every place.
  const shrink = Math.sqrt(
    (u * u + (1 - u) * (1 - u)) * (v * v + (1 - v) * (1 - v)) * (w * w + (1 - w) * (1 - w)),
  );
  return (
    lerpTo(
      lerpTo(
        lerpTo(value(aa + iz), value(ba + iz), u),
        lerpTo(value(ab + iz), value(bb + iz), u),
        v,
      ),
      lerpTo(
        lerpTo(value(aa + iz + 1), value(ba + iz + 1), u),
        lerpTo(value(ab + iz + 1), value(bb + iz + 1), u),
        v,
      ),
      w,
    ) / shrink
  );
}

/**
 * The normalized noise is close to normal with a standard deviation of 1/√3 (that of one corner's
 * uniform value); tanh(1.7·x/σ/2) is within 1 % of its normal distribution function mapped to
 * [-1, 1], so the result is roughly uniform and thresholds on it (cloud cover, rain) fire about as
 * often as their position suggests.
 */
const SPREAD = 1.3;

/** A point on the sphere, with the trigonometry every field needs worked out once. */
export interface NoisePoint {
  readonly lat: number;
  readonly lon: number;
  readonly cosLat: number;
  readonly sinLat: number;
  readonly cosLon: number;
  readonly sinLon: number;
}

export function noisePoint(lat: number, lon: number): NoisePoint {
  return {
    lat,
    lon,
    cosLat: Math.cos(lat * RAD),
    sinLat: Math.sin(lat * RAD),
    cosLon: Math.cos(lon * RAD),
    sinLon: Math.sin(lon * RAD),
  };
}

function sliceAt(field: NoiseField, p: NoisePoint, slice: number, driftDeg: number): number {
  // Each time slice drifts only while it is in use (about one period), so the drift's dependence
  // on latitude shears the pattern by a few degrees at most, however large the Unix time.
  let cosLon = p.cosLon;
  let sinLon = p.sinLon;
  if (driftDeg !== 0) {
    const c = Math.cos(driftDeg * RAD);
    const s = Math.sin(driftDeg * RAD);
    // cos and sin of (lon − drift).
    cosLon = p.cosLon * c + p.sinLon * s;
    sinLon = p.sinLon * c - p.cosLon * s;
  }
  const k = EARTH_RADIUS_KM / field.scaleKm;
  // Offsets keep the lattices of different fields from lining up.
  const offset = (field.seed % 97) * 0.318;
  return valueNoise3(
    p.cosLat * cosLon * k + offset,
    p.cosLat * sinLon * k - offset,
    p.sinLat * k + offset * 0.5,
    slice,
    field.seed,
  );
}

/** The field at a point and Unix time `dt`, roughly uniform in [-1, 1]. */
export function sampleAt(field: NoiseField, p: NoisePoint, dt: number): number {
  const phase = dt / field.periodSeconds + (field.seed % 89) * 0.137;
  const slice = Math.floor(phase);
  const f = phase - slice;
  const perDay = field.driftDegPerDay ? field.driftDegPerDay(p.lat) : 0;
  const periodDays = field.periodSeconds / 86400;
  const before = sliceAt(field, p, slice, perDay * f * periodDays);
  const after = sliceAt(field, p, slice + 1, perDay * (f - 1) * periodDays);
  const g = fade(f);
  const n = (before + (after - before) * g) / Math.sqrt(g * g + (1 - g) * (1 - g));
  return Math.tanh(n * SPREAD);
}

/** The field at (lat, lon) and Unix time `dt`, roughly uniform in [-1, 1]. */
export function sampleNoise(field: NoiseField, lat: number, lon: number, dt: number): number {
  return sampleAt(field, noisePoint(lat, lon), dt);
}
