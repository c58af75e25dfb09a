import { LAPSE_C_PER_M } from './climate-layout.js';
import type { Climate } from './climatology.js';
import { diurnalCycle } from './diurnal.js';
import { clamp, RAD, smoothstep, TROPICAL_YEAR_DAYS } from './geo.js';
import { noisePoint, sampleAt, type NoiseField } from './noise.js';
import { DEW_FOLLOWS, magnus } from './climate-stations.js';

/**
 * Weather for a coordinate and an instant, drawn around the climate of the place and time of year
 * (climatology.ts). Four smooth noise fields (noise.ts) stand for the weather systems:
 *
 * - the air mass (1,600 km, days): warm and cold sectors, made plateau-like so that the boundary
 *   between them, the front, passes a place in a few hours as the pattern drifts with the
 *   westerlies; the temperature jumps there, the wind veers from the warm side's equatorward
 *   direction to the cold side's westerly, and the pressure has its trough;
 * - the pressure systems (1,200 km, days): highs and lows, with a tail of deep lows at high
 *   latitudes;
 * - mesoscale bands (250 km, hours) and convective cells (45 km, a couple of hours).
 *
 * The spread of the air-mass temperature anomaly follows the climate: large in continental
 * winters, small in the tropics (see dayToDaySpreadC); on a maritime coast next to a hotter
 * interior, the warmest summer days bring the interior's air (heatWave). Precipitation comes from
 * two potentials, stratiform (lows, fronts, bands) and convective (cells, with an afternoon peak
 * over land), each mapped to a uniform share so that the month's share of wet hours and its total
 * come out as the climate says: it rains when a potential exceeds the share it must exceed, and
 * the excess sets the intensity (exponential for stratiform rain, heavier-tailed for showers).
 * Cloud follows the same potentials with the month's mean cover; humidity comes from the month's
 * dew-point depression; wind from the month's mean speed, the prevailing belt (trades, westerlies,
 * polar easterlies), the monsoon's seasonal turn and the systems. Unrounded; model.ts rounds.
 */

const HOUR = 3600;
const DAY = 86400;

/**
 * Weather systems travel east with the westerlies (about 750 km a day) and west with the trade
 * winds (about 450 km a day); between them, near 12°, they barely move. °/day.
 */
function driftDegPerDay(lat: number): number {
  const a = Math.abs(lat);
  const km = 750 * smoothstep(12, 35, a) - 450 * (1 - smoothstep(4, 16, a));
  return km / (111.2 * Math.max(0.1, Math.cos(lat * RAD)));
}

const field = (seed: number, scaleKm: number, periodSeconds: number): NoiseField => ({
  seed,
  scaleKm,
  periodSeconds,
  driftDegPerDay,
});
const AIR_MASS = field(404, 1600, 4.5 * DAY);
const PRESSURE = field(101, 1200, 3.2 * DAY);
const BANDS = field(202, 250, 5 * HOUR);
const CELLS: NoiseField = { seed: 303, scaleKm: 45, periodSeconds: 2.5 * HOUR };
const REGIME = field(505, 2500, 9 * DAY);

/** Coldest day of the northern year (mid-January), days since 1970-01-01 (2000-01-16). */
export const NORTHERN_MIDWINTER_DAY = 10972.5;

export interface Weather {
  readonly tempC: number;
  readonly dewPointC: number;
  /** Relative humidity, percent (0 … 100, unrounded). */
  readonly humidity: number;
  /** Cloud cover 0 … 1. */
  readonly cloudiness: number;
  /** Liquid-equivalent precipitation rate, mm/h; 0 when dry, else ≥ 0.1. */
  readonly precipRate: number;
  /** Share of the precipitation that falls from convective cells, 0 … 1. */
  readonly convectiveShare: number;
  /** How far into its range the convective potential is, 0 … 1 (1: the strongest cells). */
  readonly convectiveExcess: number;
  /** 0 … 1: how favourable the air is to thunder (warm and moist). */
  readonly instability: number;
  /** 1 on a front, 0 in the middle of an air mass. */
  readonly front: number;
  /** Sea-level pressure, hPa. */
  readonly pressureHpa: number;
  /** m/s */
  readonly windSpeed: number;
  /** Direction the wind comes from, degrees [0, 360). */
  readonly windFromDeg: number;
  /** Gust as a multiple of the mean wind (> 1). */
  readonly gustFactor: number;
  /** 0 … 1: how nearly the convective potential reached rain (squalls come just before). */
  readonly nearShower: number;
}

export interface WeatherInput {
  readonly lat: number;
  readonly lon: number;
  readonly dt: number;
  readonly climate: Climate;
}

/**
 * winterness for the day-to-day spread, whose spring lags: the snow and the cold air of the
 * continents' north stay while the sun climbs, so the contrasts the fronts carry stay winter's
 * longer into spring than into autumn (on the High Plains spring's days change more than
 * autumn's). Its phase is held back between midwinter and midsummer, by SPREAD_SPRING_LAG at
 * the equinox and less towards either end (as the square of the sine of the phase), and not at all
 * between midsummer and midwinter.
 */
export function spreadWinterness(lat: number, dt: number): number {
  const phase = lat >= 0 ? northernPhase(dt) : northernPhase(dt) + Math.PI;
  const spring = Math.max(0, Math.sin(phase));
  return Math.cos(phase - SPREAD_SPRING_LAG * spring * spring);
}
/** The spread's spring lag at the equinox: 25 days, as an angle of the year. */
const SPREAD_SPRING_LAG = (2 * Math.PI * 25) / TROPICAL_YEAR_DAYS;

/** The year's angle from the northern midwinter, radians. */
function northernPhase(dt: number): number {
  return (2 * Math.PI * (dt / DAY - NORTHERN_MIDWINTER_DAY)) / TROPICAL_YEAR_DAYS;
}

/** 1 at the hemisphere's midwinter, −1 at its midsummer (a cosine over the year). */
export function winterness(lat: number, dt: number): number {
  const phase = northernPhase(dt);
  return lat >= 0 ? Math.cos(phase) : -Math.cos(phase);
}

/**
 * The share of the annual range that a hot, dry summer's own heating makes where drySummer is 1:
 * bare, dry ground turns the sun's heat into warmer air, not evaporation, and its summer months
 * come 3–5 °C warmer than moist ground's would (the soil-moisture feedback of the European summers
 * of 2003 and 2022), a fifth to a third of the 15–25 °C annual ranges of the Mediterranean's and
 * the subtropical deserts' climates. That part of the range is not colder air in winter, and the
 * day-to-day spread, which the range stands for, does not grow with it.
 */
const DRY_SUMMER_RANGE = 0.3;

/**
 * How much smaller the winter spread is where the region is sea (little land within FAR_KM,
 * climate-stations.ts: all from SEA_FAR[0], none from SEA_FAR[1]): the cold air reaches Japan,
 * New Zealand and Tasmania only after crossing water that warms it from below (the winter
 * monsoon's air crosses the Sea of Japan and comes to Tokyo 10–15 °C warmer than it left Asia), so
 * their winters swing less than their annual ranges make the spread. Tokyo's coldest morning of
 * 2011–2020 was −4 °C, 5 °C below its January mornings; New York's, with a like range, 15 °C.
 */
const SEA_WINTER = 0.3;
const SEA_FAR = [0.1, 0.35] as const;

/**
 * Standard deviation of the day-to-day change of the daily mean temperature, °C: about 0.7 in the
 * humid tropics, 2 on maritime mid-latitude coasts, 4–5 in continental winters (Karl et al. 1995,
 * Moberg et al. 2000; data/climate/variability.tsv). It grows with the annual range of the
 * climate (the continentality the station normals show) and away from the tropics, and is
 * smaller in summer than in winter, smallest in a wet summer (a monsoon's humid air). Where the
 * annual range is already that of the middle latitudes, the air masses of the middle latitudes
 * reach the place whatever its latitude: the cold surges of the winter monsoon in southern China
 * and Vietnam (Hong Kong's range is 13 °C, Singapore's 2 °C), the northers of the Gulf coast, the
 * cold waves of northern India. A hot, dry summer's own heating is taken out of the range first
 * (DRY_SUMMER_RANGE): the Mediterranean's winter days change less than the eastern United States'
 * at the same range, and the deserts' cold nights are not Siberian. Where the region is sea, the
 * winter's spread is smaller (SEA_WINTER).
 */
export function dayToDaySpreadC(
  lat: number,
  climate: Pick<Climate, 'annualRangeC' | 'wetSeason' | 'seasonality' | 'drySummer' | 'landFar'>,
  winter: number,
): number {
  const seaWinter =
    SEA_WINTER * Math.max(0, winter) * (1 - smoothstep(SEA_FAR[0], SEA_FAR[1], climate.landFar));
  const airMassRange = climate.annualRangeC * (1 - DRY_SUMMER_RANGE * climate.drySummer);
  const extratropical = Math.max(
    smoothstep(12, 35, Math.abs(lat)),
    smoothstep(5, 15, airMassRange),
  );
  const range = Math.min(4.4, 1 + 0.1 * airMassRange);
  const summer = Math.max(0, -winter);
  const monsoonal = 1 - smoothstep(30, 42, Math.abs(lat));
  const humidSummer = monsoonal * summer * Math.max(0, climate.wetSeason) * climate.seasonality;
  // Over the Antarctic ice sheet in winter the surface inversion breaks down and re-forms with the
  // wind, swinging the temperature by 10–20 °C within a day or two (the coreless winter).
  const antarcticWinter = (1 - smoothstep(-80, -62, lat)) * Math.max(0, winter);
  return (
    (0.5 + 0.5 * extratropical) *
    range *
    (1 - extratropical * (0.25 - 0.25 * winter + 0.1 * summer)) *
    (1 - 0.6 * humidSummer) *
    (1 + 0.45 * antarcticWinter) *
    (1 - seaWinter)
  );
}

/**
 * The standard deviation of the day-to-day change of anomalyShape's daily mean, at latitudes 0°,
 * 10°, … 90°, measured over 48 longitudes and 300 days each: it depends on how fast the systems
 * travel (driftDegPerDay), slowest near 12° where they barely move.
 */
// prettier-ignore
const CHANGE_PER_AMPLITUDE = [0.383, 0.296, 0.292, 0.466, 0.496, 0.512, 0.522, 0.49, 0.523, 0.45];

/** Day-to-day change of anomalyShape's daily mean by latitude (every 10°), interpolated. */
export function changePerAmplitude(lat: number): number {
  const x = Math.min(8.999, Math.abs(lat) / 10);
  const i = Math.floor(x);
  const a = CHANGE_PER_AMPLITUDE[i] ?? 0.5;
  return a + ((CHANGE_PER_AMPLITUDE[i + 1] ?? a) - a) * (x - i);
}
/** How far the regime's tails reach beyond its range: the rare extremes. */
const TAIL = 2;
/** How much longer the warm tail is in summer, and the cold tail in winter (× TAIL). */
const WARM_SKEW = 1.2;
const COLD_SKEW = 0.8;
/** E|regime|⁵, measured over 400,000 random points and times. */
const REGIME_FIFTH_MOMENT = 0.137;

/**
 * Empirical quantiles of the two precipitation potentials (systemsAt) at the shares QUANTILE_LEVELS,
 * measured once over 4 million random points and times: mapping a potential through them gives a
 * share that is uniform over places and times, so "exceeds the 1 − f quantile" happens a share f
 * of the time. The levels are dense in the upper tail, where rare rain and its intensity are
 * decided.
 */
// prettier-ignore
const QUANTILE_LEVELS = [
  0, 0.03125, 0.0625, 0.09375, 0.125, 0.15625, 0.1875, 0.21875, 0.25, 0.28125, 0.3125, 0.34375,
  0.375, 0.40625, 0.4375, 0.46875, 0.5, 0.53125, 0.5625, 0.59375, 0.625, 0.65625, 0.6875, 0.71875,
  0.75, 0.78125, 0.8125, 0.84375, 0.875, 0.90625, 0.9375, 0.97, 0.975, 0.98, 0.985, 0.99, 0.9925,
  0.995, 0.9975, 0.999, 0.9995, 0.9998,
];
// prettier-ignore
const STRATIFORM_QUANTILES = [
  -1.238, -0.9, -0.798, -0.722, -0.658, -0.602, -0.55, -0.5, -0.45, -0.401, -0.352, -0.302,
  -0.252, -0.201, -0.148, -0.095, -0.042, 0.012, 0.065, 0.117, 0.169, 0.218, 0.267, 0.314, 0.361,
  0.41, 0.461, 0.515, 0.573, 0.636, 0.711, 0.816, 0.839, 0.867, 0.9, 0.943, 0.969, 1.002, 1.048,
  1.093, 1.119, 1.145,
];
// prettier-ignore
const CONVECTIVE_QUANTILES = [
  -1.204, -0.888, -0.789, -0.71, -0.641, -0.58, -0.525, -0.474, -0.426, -0.378, -0.33, -0.282,
  -0.232, -0.18, -0.128, -0.075, -0.021, 0.032, 0.085, 0.138, 0.189, 0.238, 0.286, 0.333, 0.38,
  0.429, 0.48, 0.535, 0.597, 0.665, 0.744, 0.846, 0.866, 0.888, 0.914, 0.945, 0.966, 0.992,
  1.031, 1.072, 1.095, 1.12,
];

/**
 * Share (0 … 1) of a potential from its quantiles. Below the median, linear between them; above
 * it, linear in log(1 − share), the way an exponential-like upper tail falls off, so that the
 * rare hours keep their share and their intensity; beyond the highest level measured, the tail is
 * continued with the slope of the level before, and the share approaches 1 without reaching it.
 */
export function uniformShare(value: number, quantiles: readonly number[]): number {
  const n = quantiles.length - 1;
  if (value <= (quantiles[0] ?? 0)) return 0;
  let low: number;
  let high: number;
  if (value >= (quantiles[n] ?? 0)) {
    [low, high] = [n - 1, n];
  } else {
    low = 0;
    high = n;
    while (high - low > 1) {
      const mid = (low + high) >> 1;
      if ((quantiles[mid] ?? 0) <= value) low = mid;
      else high = mid;
    }
  }
  const a = quantiles[low] ?? 0;
  const b = quantiles[high] ?? 0;
  const from = QUANTILE_LEVELS[low] ?? 0;
  const to = QUANTILE_LEVELS[high] ?? 1;
  const t = (value - a) / (b - a);
  if (to <= 0.5) return from + (to - from) * t;
  return 1 - (1 - from) * Math.pow((1 - to) / (1 - from), t);
}

/** exp(−x) inverted: an exponential variate of mean 1 from a uniform excess in [0, 1). */
const exponential = (e: number): number => -Math.log(Math.max(1e-9, 1 - e));

/** Γ(1.5): makes a Weibull variate of shape 2 average to 1. */
const GAMMA_1_5 = 0.886226925;
/** Γ(2.5): makes the heavier-tailed convective intensity average to 1. */
const GAMMA_2_5 = 1.329340388;

/**
 * How often both kinds of rain fall in the same hour: the two potentials share the rain bands and
 * the fronts, so an hour with stratiform rain (a share s of the hours) has convective rain (a
 * share c) far more often than by chance, s·c. A power law fitted to the joint share measured over
 * a million random points and times, for s and c from 0.005 to 0.15: within a sixth of it there,
 * and never more than nine tenths of the smaller one. Such an hour counts once, so without it the
 * hours with either would fall short of s + c (by 7 % at the median station).
 */
const OVERLAP = 0.65;
const OVERLAP_S_POWER = 0.8;
const OVERLAP_C_POWER = 0.6;

/** The share of the hours with both stratiform (s) and convective (c) rain. */
export function rainOverlap(s: number, c: number): number {
  if (s <= 0 || c <= 0) return 0;
  return Math.min(
    0.9 * Math.min(s, c),
    OVERLAP * Math.pow(s, OVERLAP_S_POWER) * Math.pow(c, OVERLAP_C_POWER),
  );
}

/** Precipitation below this is none: the API's lightest codes start at 0.1 mm/h. */
export const MIN_RATE_MM_H = 0.1;

function zonalPressureHpa(lat: number, winter: number): number {
  const a = Math.abs(lat);
  const north = lat >= 0;
  const subtropical = (north ? 1018 : 1019) + 2.5 * winter;
  const subpolar = north ? 1008 + 2 * winter : 988;
  const polar = north ? 1014 + 4 * winter : 1002;
  if (a < 10) return 1010 + ((subtropical - 1010) * a) / 30 - 1.5 * winter;
  if (a < 32) return 1010 + (subtropical - 1010) * smoothstep(0, 30, a);
  if (a < 62) return subtropical + (subpolar - subtropical) * smoothstep(32, 62, a);
  return subpolar + (polar - subpolar) * smoothstep(62, 85, a);
}

/** The weather systems at a point and time: the four fields and what follows from them alone. */
export interface Systems {
  readonly pressure: number;
  readonly bands: number;
  readonly cells: number;
  /** −1 cold … 1 warm: the air mass, plateau-like. */
  readonly sector: number;
  /** 1 on a front, 0 inside an air mass. */
  readonly front: number;
  readonly stratiformPotential: number;
  readonly convectivePotential: number;
  /** The slow, wide regime (blocking highs, persistent troughs): −1 … 1. */
  readonly regime: number;
}

export function systemsAt(lat: number, lon: number, dt: number): Systems {
  const point = noisePoint(lat, lon);
  const air = sampleAt(AIR_MASS, point, dt);
  const pressure = sampleAt(PRESSURE, point, dt);
  const bands = sampleAt(BANDS, point, dt);
  const cells = sampleAt(CELLS, point, dt);
  const regime = sampleAt(REGIME, point, dt);
  const sector = Math.tanh(2.4 * air) / Math.tanh(2.4);
  const front = 1 - sector * sector;
  return {
    pressure,
    bands,
    cells,
    sector,
    front,
    stratiformPotential: 0.3 * -pressure + 0.35 * (front - 0.5) + 0.8 * bands,
    convectivePotential: 0.8 * cells + 0.35 * bands + 0.2 * (front - 0.5),
    regime,
  };
}

/**
 * Where the regime's tails begin to grow longer, by latitude, and where they are full (15° on):
 * outbreaks of polar air from 30°; heat waves from 25°, since the summer's subtropical ridge and
 * the blocking highs on its poleward side bring them nearer the equator (the decade's hottest
 * afternoons in Shanghai, Seoul and Tokyo, 39–41 °C at 31–38° in 2017–2018, came under it). The
 * heat waves' start was chosen with the ten-year maxima of the reference cities (extremes.tsv),
 * which are therefore not an independent check of it: from 30° too, Seoul's came 5.3 °C short
 * and the maxima of the fifteen were off by 1.59 °C on average; from 25°, 1.29 °C. The
 * day-to-day bands, which it could have broken (the Mediterranean's and the eastern United
 * States' summers are near their bands' tops), are.
 */
const COLD_TAIL_FROM_DEG = 30;
const HEAT_TAIL_FROM_DEG = 25;
const TAIL_FULL_AFTER_DEG = 15;

/** How lopsided the regime's tails are at a latitude: 0 in the tropics, 1 poleward. */
export function tailsAt(lat: number): { readonly warm: number; readonly cold: number } {
  const a = Math.abs(lat);
  return {
    warm: smoothstep(HEAT_TAIL_FROM_DEG, HEAT_TAIL_FROM_DEG + TAIL_FULL_AFTER_DEG, a),
    cold: smoothstep(COLD_TAIL_FROM_DEG, COLD_TAIL_FROM_DEG + TAIL_FULL_AFTER_DEG, a),
  };
}

/**
 * The temperature anomaly in units of its day-to-day change: the sectors (fronts, most of the
 * day-to-day change) and the slow regime (most of the spread), whose tail is long on the cold side
 * in winter (outbreaks of polar air) and on the warm side in summer (heat waves), each as
 * lopsided as tailsAt makes it.
 */
export function anomalyShape(
  sector: number,
  regime: number,
  tails: { readonly warm: number; readonly cold: number },
  winter: number,
): number {
  // Heat waves in summer, cold outbreaks in winter: each side's tail grows in its season.
  const warmSide =
    TAIL * (0.4 + 0.6 * tails.warm) * Math.max(0, 1 - WARM_SKEW * tails.warm * winter);
  const coldSide = TAIL * (0.4 + 0.6 * tails.cold) * (1 + COLD_SKEW * tails.cold * winter);
  // The lopsided tail would shift the mean; its expected shift (E[r⁵; r > 0] = M₅ / 2 for the
  // symmetric regime) is taken off again.
  const tail =
    regime +
    Math.pow(regime, 5) * (regime > 0 ? warmSide : coldSide) -
    (REGIME_FIFTH_MOMENT * (warmSide - coldSide)) / 2;
  return 0.55 * sector + 0.65 * tail;
}

/**
 * Where the regime's heat waves begin (about its 90th percentile) and about the highest a place's
 * regime reaches in ten summers.
 */
const HEAT_WAVE_FROM = 0.8;
const HEAT_WAVE_TOP = 0.96;
/** E[ramp²] of heatWave's ramp over the regime, measured over 400,000 random points and times. */
const HEAT_WAVE_MEAN = 0.0189;
/**
 * How far a heat wave at the regime's top carries beyond the heat contrast: the interior's own
 * hottest days are 8–12 °C above its mean afternoons, and they are what arrives. One constant,
 * chosen with the extremes of Sydney, London and Paris (data/climate/extremes.tsv), which are
 * therefore not an independent check of it; the day-to-day bands, which it could have broken, are.
 */
const HEAT_WAVE_REACH = 2.3;
/**
 * The most heat a heat wave imports, °C: where a desert lies just behind a cold-current coast
 * (California, Namibia, the Atacama, Morocco), the contrast reaches 13–21 °C, but the sea's air
 * mixes in on the way, and the hottest days there come no further above the mean afternoons than
 * Sydney's do (San Francisco's record, 41 °C in 2017, and Los Angeles's, 45 °C in 2010, are
 * about 17 °C above their September afternoons). The regime's own warm tail comes on top at
 * these subtropical coasts (tailsAt), so the cap sits a little below Sydney's 2.3 × 6.9 °C.
 */
const HEAT_WAVE_MOST_C = 15;

/**
 * The heat a place imports in summer when the slow regime is at its warm extreme, °C: on a
 * maritime coast a heat wave is air from the continent's interior, far hotter than the local
 * swings suggest (Sydney reaches 45 °C where its January afternoons average 27 °C and its days
 * change by 1–2 °C; London and Paris 38–42 °C), so it grows with the heat contrast
 * (climate-stations.ts), up to HEAT_WAVE_MOST_C, on the warmest few per cent of summer days. In
 * the continental interior the local spread already carries the heat, so it fades out with the
 * annual range (12–30 °C).
 * Its mean over the regime is taken off again, so that the month's mean stays the climate's.
 */
export function heatWave(
  lat: number,
  regime: number,
  winter: number,
  climate: Pick<Climate, 'heatContrastC' | 'annualRangeC' | 'landNearby'>,
): number {
  if (winter >= 0 || climate.heatContrastC <= 0) return 0;
  const ramp = Math.max(0, (regime - HEAT_WAVE_FROM) / (HEAT_WAVE_TOP - HEAT_WAVE_FROM));
  const maritime = 1 - smoothstep(12, 30, climate.annualRangeC);
  // Out at sea, hundreds of kilometres from any shore, the water holds the air near its own
  // temperature: the heat reaches a coast and its waters (a fifth of the land within NEAR_KM),
  // a small island in part, the open sea not at all.
  const offshore = smoothstep(0, 0.2, climate.landNearby);
  // In the tropics the hottest weeks come before the rains, not in the astronomical summer, and
  // the interior's air arrives with the dry season's winds: Mumbai, Accra and Dakar have their
  // monsoon in July. Heat waves of imported air belong to the subtropics and beyond.
  const outsideTropics = smoothstep(22, 32, Math.abs(lat));
  const most = Math.min(HEAT_WAVE_MOST_C, HEAT_WAVE_REACH * climate.heatContrastC);
  return -winter * maritime * offshore * outsideTropics * most * (ramp * ramp - HEAT_WAVE_MEAN);
}

/**
 * The hottest air a heat wave brings to a place, at sea level, °C: whatever the interior's
 * contrast, the air that reaches the lowlands and coasts beyond the deserts has come no hotter
 * than about this (Seville's airport 46.6 °C, downtown Sacramento 46.7, Riverside 47.2 and Sydney
 * 45.8: data/climate/heat-records.tsv and extremes.tsv). Without it, a warm regime's own tail and
 * the import together took Seville to 52 °C and Riverside to 57 in ten summers. One constant,
 * chosen with those stations, which are therefore not an independent check of it.
 */
export const HEAT_CEILING_C = 47;
/** How sharply the imported heat bends to the room under the ceiling (a p-norm's p). */
const CEILING_SHARPNESS = 8;

/**
 * The heat a place imports, bent under the ceiling: air that is already hot on its own (a warm
 * regime in Seville's or Sacramento's summer) has less room below the interior's hottest air, and
 * the import never takes the afternoon above it. `afternoonC` is the afternoon the place would
 * have without the import. A smooth minimum of the import and the room (a p-norm), so the import
 * is whole while the room is ample; a negative import (the mean taken off) is left as it is.
 * What it takes off the hottest days comes off the month's mean too, by little: 0.09 °C in
 * Riverside's July (thirty Julys, every third hour), 0.04 °C in Seville's, 0.03 °C in
 * Sacramento's, under 0.01 °C at Almería, Barcelona, Sochi and Sydney.
 */
export function belowHeatCeiling(heatC: number, afternoonC: number, elevationM: number): number {
  if (heatC <= 0) return heatC;
  const room = HEAT_CEILING_C - LAPSE_C_PER_M * elevationM - afternoonC;
  if (room <= 0) return 0;
  const ratio = heatC / room;
  return heatC / Math.pow(1 + Math.pow(ratio, CEILING_SHARPNESS), 1 / CEILING_SHARPNESS);
}

/**
 * The coldest air measured near the ground, −89.2 °C at Vostok on 21 July 1983: the floor the
 * model's air approaches and never reaches.
 */
export const COLDEST_AIR_C = -89.2;
/** How gently the air approaches the floor (°C). */
const FLOOR_SOFTNESS_C = 3;

/**
 * Air cools by radiation towards a floor it never passes, and a cold outbreak deepens less the
 * nearer it is to it: the plateau of East Antarctica, not the anomalies, sets the record. A
 * smooth floor (softplus) that leaves air warmer than −65 °C as it was to within 0.001 °C.
 */
export function radiativeFloor(tempC: number): number {
  const x = (tempC - COLDEST_AIR_C) / FLOOR_SOFTNESS_C;
  // Beyond 30, softplus(x) is x to within 1e-13: the air as it was, not a float's rounding of it.
  return x > 30 ? tempC : COLDEST_AIR_C + FLOOR_SOFTNESS_C * Math.log1p(Math.exp(x));
}

export function synthesize(input: WeatherInput): Weather {
  const { lat, lon, dt, climate: c } = input;
  const absLat = Math.abs(lat);
  const hemisphere = lat >= 0 ? 1 : -1;
  const {
    pressure: pressureSystem,
    bands,
    cells,
    sector,
    front,
    regime,
    ...potentials
  } = systemsAt(lat, lon, dt);
  const winter = winterness(lat, dt);
  const land = c.land;
  const extratropical = smoothstep(12, 40, absLat);

  // Temperature anomaly, scaled to the day-to-day change the climate has.
  const spread = dayToDaySpreadC(lat, c, spreadWinterness(lat, dt));
  // Outbreaks of polar air and heat waves belong to the middle and high latitudes.
  const own =
    (spread / changePerAmplitude(lat)) * anomalyShape(sector, regime, tailsAt(lat), winter);
  const anomaly =
    own +
    belowHeatCeiling(heatWave(lat, regime, winter, c), c.tempC + own + c.dtrC / 2, c.elevationM);

  // Precipitation potentials, as uniform shares.
  const uStratiform = uniformShare(potentials.stratiformPotential, STRATIFORM_QUANTILES);
  const uConvective = uniformShare(potentials.convectivePotential, CONVECTIVE_QUANTILES);

  const cycle = diurnalCycle(lat, lon, dt);
  const solarHour = (((dt / HOUR + lon / 15) % 24) + 24) % 24;
  const warmth = smoothstep(6, 26, c.tempC);
  const convectiveShare = clamp(0.1 + warmth * (0.35 + 0.45 * land), 0, 0.92);
  // Over land showers peak in the afternoon, over the sea slightly before dawn.
  const afternoon = Math.cos((2 * Math.PI * (solarHour - 16)) / 24);
  const diurnalShowers = 1 + (0.85 * land - 0.25 * (1 - land)) * afternoon;
  const wetShare = Math.min(c.wetShare, c.rateMmH / 0.25);
  const meanWetRate = wetShare > 0 ? c.rateMmH / wetShare : 0;
  // Each kind's hours are widened by the share they would have in common, and its rate lowered as
  // much, so that the hours with either come to the month's share and the amounts stay the same.
  const nominalStratiform = wetShare * (1 - convectiveShare);
  const nominalConvective = Math.min(0.95, wetShare * convectiveShare * diurnalShowers);
  const nominal = nominalStratiform + nominalConvective;
  const widen =
    nominal > 0 ? nominal / (nominal - rainOverlap(nominalStratiform, nominalConvective)) : 1;
  const stratiformShare = Math.min(0.95, widen * nominalStratiform);
  const convectiveHours = Math.min(0.95, widen * nominalConvective);
  const stratiformRate = meanWetRate / (1 + 0.6 * convectiveShare) / widen;
  const convectiveRate = 1.6 * stratiformRate;
  let precipRate = 0;
  let convectiveRain = 0;
  const stratiformExcess =
    stratiformShare > 0 ? (uStratiform - (1 - stratiformShare)) / stratiformShare : -1;
  if (stratiformExcess > 0) {
    precipRate +=
      MIN_RATE_MM_H + Math.max(0, stratiformRate - MIN_RATE_MM_H) * exponential(stratiformExcess);
  }
  const convectiveExcess =
    convectiveHours > 0 ? (uConvective - (1 - convectiveHours)) / convectiveHours : -1;
  if (convectiveExcess > 0) {
    convectiveRain =
      MIN_RATE_MM_H +
      (Math.max(0, convectiveRate - MIN_RATE_MM_H) * Math.pow(exponential(convectiveExcess), 1.5)) /
        GAMMA_2_5;
    precipRate += convectiveRain;
  }
  precipRate = Math.min(precipRate, 160);

  // Cloud: the month's mean cover, distributed by the stratiform potential, with towers over
  // showers.
  const meanCloud = clamp(c.cloud, 0.02, 0.98);
  const broadCloud = Math.pow(uStratiform, 1 / meanCloud - 1);
  let cloudiness = broadCloud;
  if (convectiveExcess > -0.6 && convectiveHours > 0) {
    cloudiness = Math.max(
      cloudiness,
      clamp(0.55 + 0.45 * (convectiveExcess + 0.6), 0, 1) * Math.min(1, meanCloud * 2),
    );
  }
  if (precipRate > 0) cloudiness = Math.max(cloudiness, convectiveRain > 0 ? 0.55 : 0.85);

  // Temperature: climate + air mass + daily cycle (smaller under cloud) + rain cooling.
  const dtr = c.dtrC * 0.96 * clamp(1 + 0.7 * (meanCloud - broadCloud), 0.35, 1.6);
  const cooling =
    1.2 * smoothstep(1 - stratiformShare - 0.05, 1, uStratiform) * (1 - 0.5 * c.wetShare);
  const tempC = radiativeFloor(c.tempC + anomaly + (dtr / 2) * cycle.phase - cooling);

  // Humidity: the month's dew point moves with the air mass (a little less than the temperature)
  // and is higher under cloud and in rain.
  const monthDew = c.tempC - c.dewDepressionC;
  let dewPointC =
    monthDew +
    DEW_FOLLOWS * (dtr / 2) * cycle.phase +
    0.75 * anomaly +
    1.8 * (uStratiform - 0.5) +
    0.6 * (uConvective - 0.5) -
    cooling;
  if (precipRate > 0) dewPointC = Math.max(dewPointC, tempC - 0.6 - 1.5 / (1 + precipRate));
  dewPointC = Math.min(dewPointC, tempC);
  const humidity = clamp(100 * Math.exp(magnus(dewPointC) - magnus(tempC)), 0, 100);

  // Pressure: zonal belts, cold highs and warm lows over land, the systems, fronts' troughs.
  const seaLevelTemp = c.tempC + LAPSE_C_PER_M * c.elevationM;
  const thermal =
    land * (0.6 * clamp(-seaLevelTemp, 0, 45) - 0.3 * clamp(seaLevelTemp - 25, 0, 15));
  const swing = 1.5 + 10 * smoothstep(10, 55, absLat);
  const deepLow =
    absLat > 35 ? -30 * smoothstep(40, 60, absLat) * smoothstep(-0.8, -1, pressureSystem) : 0;
  const pressureHpa = clamp(
    zonalPressureHpa(lat, winter) +
      thermal +
      swing * 1.7 * (0.85 * pressureSystem + 0.15 * bands) +
      deepLow -
      2.5 * front * extratropical,
    930,
    1070,
  );

  // Wind: prevailing belt and monsoon, then the systems (equatorward wind in the warm sector,
  // westerly behind the front).
  const trades = 1 - smoothstep(25, 35, absLat);
  const westerlies = smoothstep(28, 38, absLat) * (1 - smoothstep(62, 72, absLat));
  const polar = smoothstep(65, 75, absLat);
  let u = -1 * trades + 1 * westerlies - 0.7 * polar;
  let v = hemisphere * (-0.4 * trades + 0.25 * westerlies - 0.2 * polar);
  const monsoon =
    smoothstep(0.3, 0.7, c.seasonality) *
    (1 - smoothstep(25, 38, absLat)) *
    clamp(1.5 * c.wetSeason, -1, 1);
  u = u * (1 - Math.abs(monsoon)) + 0.75 * monsoon;
  v = v * (1 - Math.abs(monsoon)) + 0.75 * hemisphere * monsoon;
  const systems = 0.25 + 0.75 * extratropical;
  u = (1 - 0.5 * systems) * u + systems * (0.7 * Math.max(0, -sector) + 0.35 * bands);
  v = (1 - 0.5 * systems) * v + systems * (hemisphere * 0.9 * sector + 0.3 * cells);
  const windFromDeg = (((Math.atan2(-u, -v) / RAD) % 360) + 360) % 360;

  const daytime = Math.cos((2 * Math.PI * (solarHour - 14)) / 24);
  const gusty = convectiveExcess > 0 ? 1.8 * convectiveExcess : 0;
  // Hourly wind speeds spread as a Weibull distribution of shape 2 around the month's mean,
  // strongest where the stratiform potential is (lows, fronts, bands), and in deep lows.
  const weibull = Math.sqrt(-Math.log(Math.max(1e-6, 1 - uStratiform))) / GAMMA_1_5;
  const strength =
    (0.3 * (0.55 + 0.45 * Math.min(1.5, Math.hypot(u, v)) + 0.2 * front * extratropical) +
      0.7 * weibull) *
    (1 + 0.3 * land * daytime);
  const windSpeed = clamp(c.windMS * strength + gusty - deepLow / 3, 0, 45);
  const gustFactor =
    1.3 +
    (0.25 * (cells + 1)) / 2 +
    0.15 * land +
    0.6 * Math.max(0, convectiveExcess) +
    0.2 * front;

  const instability =
    smoothstep(14, 28, tempC) * smoothstep(8, 20, dewPointC) * (0.6 + 0.4 * convectiveShare);

  return {
    tempC,
    dewPointC,
    humidity,
    cloudiness: clamp(cloudiness, 0, 1),
    precipRate: precipRate >= MIN_RATE_MM_H ? precipRate : 0,
    convectiveShare: precipRate > 0 ? convectiveRain / precipRate : 0,
    convectiveExcess: Math.max(0, convectiveExcess),
    instability,
    front,
    pressureHpa,
    windSpeed,
    windFromDeg,
    gustFactor,
    nearShower: convectiveExcess > -0.3 && convectiveExcess <= 0 ? 1 + convectiveExcess / 0.3 : 0,
  };
}
