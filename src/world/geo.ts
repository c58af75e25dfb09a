/** Mean Earth radius (IUGG), km: the sphere all distances in the model are measured on. */
export const EARTH_RADIUS_KM = 6371.0088;

export const RAD = Math.PI / 180;

/** Great-circle distance in km (haversine; accurate at any distance, antimeridian included). */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const s = Math.sin(((lat2 - lat1) * RAD) / 2);
  const t = Math.sin(((lon2 - lon1) * RAD) / 2);
  const h = s * s + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * t * t;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Longitude folded into [-180, 180). */
export function normalizeLon(lon: number): number {
  const folded = (((lon + 180) % 360) + 360) % 360;
  return folded - 180;
}

/** Length of the tropical year, days: the period of the seasons and of the sun's declination. */
export const TROPICAL_YEAR_DAYS = 365.2422;

/** Longitude difference folded into [0, 180]. */
export function lonGap(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}

export function clamp(value: number, low: number, high: number): number {
  return value < low ? low : value > high ? high : value;
}

/** 0 below `edge0`, 1 above `edge1`, a smooth (C1) ramp between; edges may be in either order. */
/** `index` folded into 0 … n − 1 (a grid column east of the last, or west of the first). */
export const wrapIndex = (index: number, n: number): number => ((index % n) + n) % n;

export function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = clamp((x - edge0) / (edge1 - edge0), 0, 1);
  return t * t * (3 - 2 * t);
}

export function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}
