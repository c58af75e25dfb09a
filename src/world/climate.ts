import { lerp, TROPICAL_YEAR_DAYS } from './geo.js';
import { aridity, continentality, regionalAnomaly } from './regions.js';

/**
 * The temperature climate: the mean temperature expected at a place for the time of year, before
 * weather and the time of day are added. Midwinter and midsummer sea-level means come from zonal
 * tables for a maritime and a fully continental climate, mixed by the place's continentality, plus
 * regional anomalies (regions.ts); the seasons follow a cosine through those two extremes, and
 * altitude cools by a lapse rate.
 */

/**
 * The free atmosphere cools by about 6.5 °C/km, but mean surface temperatures on high ground fall
 * more slowly: station normals give 4.5–5.5 °C/km (Quito, La Paz, Addis Ababa, Mexico City are
 * 12–17 °C warmer than 6.5 °C/km would make them), because the places that give the model its
 * elevation sit on broad plateaus and valley floors, which the sun heats like lowland.
 */
export const LAPSE_RATE_C_PER_M = 0.005;

/** Coldest day of the northern year (mid-January), in days since 1970-01-01 (on 2000-01-16). */
const NORTHERN_MIDWINTER_DAY = 10972.5;

type Row = readonly [
  lat: number,
  winterSea: number,
  summerSea: number,
  winterLand: number,
  summerLand: number,
];

// Sea-level monthly means (°C) for midwinter and midsummer by absolute latitude, for a maritime
// climate (open ocean, windward coasts) and a deep continental interior. Built from zonal means
// and station normals; the 0° rows of both hemispheres agree, so the field is continuous there.
// prettier-ignore
const NORTH: readonly Row[] = [
  [0, 26.8, 26.8, 26.0, 26.0],
  [10, 26.0, 27.5, 24.5, 28.5],
  [20, 22.5, 28.0, 18.5, 31.5],
  [30, 16.5, 26.5, 8.0, 32.0],
  [40, 9.5, 23.5, -5.0, 27.0],
  [50, 4.0, 17.5, -16.0, 23.5],
  [60, -1.0, 12.5, -24.0, 20.5],
  [70, -16.0, 6.0, -32.0, 13.0],
  [80, -26.0, 2.0, -34.0, 5.0],
  [90, -32.0, -1.0, -34.0, 0.0],
];

// prettier-ignore
const SOUTH: readonly Row[] = [
  [0, 26.8, 26.8, 26.0, 26.0],
  [10, 25.5, 27.0, 23.5, 28.0],
  [20, 22.0, 26.5, 16.0, 30.5],
  [30, 15.5, 24.0, 10.0, 30.0],
  [40, 10.5, 19.0, 4.0, 23.0],
  [50, 5.0, 10.5, 0.0, 14.0],
  [60, -2.0, 2.0, -8.0, 2.0],
  [70, -16.0, -1.0, -22.0, -3.0],
  [80, -26.0, -4.0, -50.0, -15.0],
  [90, -30.0, -8.0, -46.0, -14.0],
];

function tableAt(rows: readonly Row[], absLat: number): Row {
  const index = Math.min(rows.length - 2, Math.floor(absLat / 10));
  const a = rows[index];
  const b = rows[index + 1];
  if (a === undefined || b === undefined) throw new Error('climate table is empty');
  const t = (absLat - a[0]) / (b[0] - a[0]);
  return [
    absLat,
    lerp(a[1], b[1], t),
    lerp(a[2], b[2], t),
    lerp(a[3], b[3], t),
    lerp(a[4], b[4], t),
  ];
}

export interface Climate {
  /** 0 maritime … 1 deep continental interior. */
  readonly continentality: number;
  /** 0 … 1 desert-like. */
  readonly aridity: number;
  /** 1 at midwinter, -1 at midsummer (hemisphere-aware), following a cosine. */
  readonly winterness: number;
  /** Expected daily mean temperature for the date, at `elevationM`, °C. */
  readonly normalC: number;
  /** Half the difference between the midsummer and midwinter means, °C. */
  readonly seasonalHalfRange: number;
}

export function climateAt(lat: number, lon: number, elevationM: number, dt: number): Climate {
  const c = continentality(lat, lon);
  const [, winterSea, summerSea, winterLand, summerLand] = tableAt(
    lat >= 0 ? NORTH : SOUTH,
    Math.min(90, Math.abs(lat)),
  );
  const anomaly = regionalAnomaly(lat, lon);
  // Winter cold needs a long continental fetch; summer heat builds over any sizeable land, so
  // summer leans continental sooner (√c).
  const winter = lerp(winterSea, winterLand, c) + anomaly.winter;
  const summer = lerp(summerSea, summerLand, Math.sqrt(c)) + anomaly.summer;
  const phase = (2 * Math.PI * (dt / 86400 - NORTHERN_MIDWINTER_DAY)) / TROPICAL_YEAR_DAYS;
  const winterness = lat >= 0 ? Math.cos(phase) : -Math.cos(phase);
  const halfRange = (summer - winter) / 2;
  const seaLevel = (summer + winter) / 2 - halfRange * winterness;
  return {
    continentality: c,
    aridity: aridity(lat, lon),
    winterness,
    normalC: seaLevel - LAPSE_RATE_C_PER_M * elevationM,
    seasonalHalfRange: halfRange,
  };
}
