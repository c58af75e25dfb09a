import { cloudConditionId } from '../core/conditions.js';
import type { Climate } from './climatology.js';
import { clamp, distanceKm, smoothstep } from './geo.js';
import { hashUnit } from './noise.js';
import { ASH_RADIUS_KM, VOLCANOES } from './volcanoes.js';
import type { Weather } from './weather.js';

/**
 * One condition code per observation, chosen from the synthesized weather so that the code, the
 * precipitation and the visibility agree. Precipitation gives a 2xx (thunder in warm, moist air
 * when a convective cell is strong), 3xx (drizzle: light rain from saturated, stable air), 5xx
 * (rain; 52x showers from cells; 511 freezing rain on a front in frost) or 6xx (snow at or below
 * SNOW_MAX_C, sleet and rain-and-snow up to SLEET_MAX_C; the XML representation has a single
 * `precipitation` element, so they report snow). Without precipitation, the atmosphere codes where
 * their conditions hold, in this order: tornado (an extreme cell's edge in the warm, moist air of a
 * front, over land, in the latitudes of tornado alleys), volcanic ash (near an active volcano in
 * an eruptive episode), squalls (a front's gust line just before the showers), sand and dust
 * (wind over dry desert ground), dust whirls (hot desert afternoons), smoke (the fire seasons of
 * savannas and boreal forests, and the worst smog of the biggest cities), fog and mist (saturated,
 * calm air), haze (stagnant air over big cities and after desert dust); else the cloud cover's
 * 800–804.
 */
export const SNOW_MAX_C = 0.5;
export const SLEET_MAX_C = 1.5;
/** Thunder needs a warm, deep convective layer: none is reported below this. */
export const THUNDER_MIN_C = 12;

export interface Sky {
  readonly conditionId: number;
  readonly precipitation?: { readonly kind: 'rain' | 'snow'; readonly rateMmH: number };
  /** Metres, 0 … 10000, unrounded. */
  readonly visibility: number;
}

export interface SkyContext {
  readonly lat: number;
  readonly lon: number;
  readonly dt: number;
  readonly climate: Climate;
  /** Population of the place the observation is named after (0 at sea). */
  readonly population: number;
}

/**
 * Draws for choices that real weather makes at random (which kind of thunderstorm, whether the
 * dust rises): stable for a 0.1° cell and half an hour, different for each `what`.
 */
function draw(context: SkyContext, what: number, seconds = 1800): number {
  const cellLat = Math.floor(context.lat * 10);
  const cellLon = Math.floor(context.lon * 10);
  return (hashUnit(cellLat, cellLon, Math.floor(context.dt / seconds), what, 4242) + 1) / 2;
}

function byRate(rate: number, limits: readonly number[], ids: readonly number[]): number {
  const index = limits.findIndex((limit) => rate < limit);
  return ids[index < 0 ? ids.length - 1 : index] ?? 0;
}

/** Dry desert ground: 0 with 300 mm of rain a year or more, 1 below 50 mm. */
function aridity(climate: Climate): number {
  return 1 - smoothstep(50, 300, climate.annualPrecipMm);
}

function precipitatingCode(
  w: Weather,
  context: SkyContext,
  clouds: number,
): { id: number; kind: 'rain' | 'snow' } {
  const rate = w.precipRate;
  const t = w.tempC;
  const showery = w.convectiveShare >= 0.5;
  const pick = draw(context, 1);
  if (t <= SNOW_MAX_C) {
    // A warm layer aloft over a front turns precipitation into freezing rain on cold ground.
    if (t > -4 && !showery && w.front > 0.6 && pick < 0.3) return { id: 511, kind: 'rain' };
    if (showery) return { id: byRate(rate, [0.5, 2], [620, 621, 622]), kind: 'snow' };
    return { id: byRate(rate, [0.5, 2], [600, 601, 602]), kind: 'snow' };
  }
  if (t <= SLEET_MAX_C) {
    if (showery) return { id: rate < 0.5 ? 612 : 613, kind: 'snow' };
    if (pick < 0.35) return { id: 611, kind: 'snow' };
    return { id: rate < 1 ? 615 : 616, kind: 'snow' };
  }
  const thunder = showery && t >= THUNDER_MIN_C && w.convectiveExcess > 1 - 0.75 * w.instability;
  // Drizzle: light rain from saturated air that is not convecting much (maritime stratus).
  const drizzly = w.humidity >= 93 && rate < 1.2;
  if (thunder) {
    // At the edge of a storm the rain is light: thunder with drizzle.
    if (rate < 0.5) return { id: byRate(rate, [0.2, 0.35], [230, 231, 232]), kind: 'rain' };
    if (clouds < 70) return { id: 221, kind: 'rain' };
    if (pick < 0.55) return { id: byRate(rate, [4, 12], [200, 201, 202]), kind: 'rain' };
    return { id: byRate(rate, [2, 10], [210, 211, 212]), kind: 'rain' };
  }
  if (showery) {
    if (drizzly) return { id: rate < 0.5 ? 321 : rate < 1 ? 313 : 314, kind: 'rain' };
    if (clouds < 60) return { id: 531, kind: 'rain' };
    // The heaviest downpours are reported as very heavy and extreme rain.
    return { id: byRate(rate, [2, 8, 16, 50], [520, 521, 522, 503, 504]), kind: 'rain' };
  }
  if (drizzly) {
    if (rate < 0.5) return { id: byRate(rate, [0.2, 0.3], [300, 301, 302]), kind: 'rain' };
    return { id: byRate(rate, [0.7, 1], [310, 311, 312]), kind: 'rain' };
  }
  return { id: byRate(rate, [1, 4, 16, 50], [500, 501, 502, 503, 504]), kind: 'rain' };
}

function nearVolcano(lat: number, lon: number): number {
  for (let i = 0; i < VOLCANOES.length; i++) {
    const [, vLat, vLon] = VOLCANOES[i] ?? ['', 0, 0];
    if (Math.abs(vLat - lat) > 0.5) continue;
    if (distanceKm(lat, lon, vLat, vLon) <= ASH_RADIUS_KM) return i;
  }
  return -1;
}

/** An atmosphere (7xx) code when its conditions hold, with its visibility; else undefined. */
function atmosphere(w: Weather, context: SkyContext, clouds: number): Sky | undefined {
  const { climate: c } = context;
  const land = c.land;
  const absLat = Math.abs(context.lat);
  const solarHour = (((context.dt / 3600 + context.lon / 15) % 24) + 24) % 24;
  const pick = draw(context, 2);
  const rh = w.humidity;
  const wind = w.windSpeed;

  const tornadoAlley = land * smoothstep(22, 30, absLat) * (1 - smoothstep(48, 55, absLat));
  if (
    tornadoAlley > 0.5 &&
    w.nearShower > 0.6 &&
    w.front > 0.5 &&
    w.instability > 0.6 &&
    w.dewPointC >= 16 &&
    draw(context, 3, 600) < 0.02
  ) {
    return { conditionId: 781, visibility: 2000 + 3000 * pick };
  }
  const volcano = nearVolcano(context.lat, context.lon);
  if (volcano >= 0) {
    const episode = (hashUnit(volcano, Math.floor(context.dt / 86400), 0, 0, 762) + 1) / 2;
    if (episode < 0.04 && pick < 0.5) return { conditionId: 762, visibility: 3000 + 5000 * pick };
  }
  if (w.nearShower > 0.2 && w.front > 0.3 && wind >= 7 && draw(context, 4, 600) < 0.4) {
    return { conditionId: 771, visibility: 6000 + 4000 * pick };
  }
  // Blown sand and dust need warm, bare desert ground (the cold deserts of the ice sheets blow snow).
  const dry = aridity(c) * land * smoothstep(45, 25, rh) * smoothstep(0, 8, w.tempC);
  if (dry > 0.3) {
    if (wind >= 11 && aridity(c) > 0.8 && pick < dry) {
      return { conditionId: 751, visibility: clamp(8000 - 450 * wind, 500, 5000) };
    }
    if (wind >= 8 && pick < dry)
      return { conditionId: 761, visibility: clamp(9000 - 500 * wind, 1000, 7000) };
    if (
      w.tempC >= 30 &&
      wind >= 2 &&
      wind < 8 &&
      solarHour > 11 &&
      solarHour < 17 &&
      clouds < 30 &&
      pick < 0.06 * dry
    ) {
      return { conditionId: 731, visibility: 7000 + 2000 * pick };
    }
  }
  const size = smoothstep(5, 7, Math.log10(Math.max(1, context.population)));
  const stagnant = smoothstep(4, 1.5, wind) * smoothstep(0.2, 0, w.front);
  const fireSeason =
    land *
    smoothstep(40, 20, rh) *
    smoothstep(18, 26, w.tempC) *
    // Savannas burn in their dry season; boreal forests in summer heat.
    Math.max(
      smoothstep(0.35, 0.6, c.seasonality) *
        smoothstep(-0.2, -0.5, c.wetSeason) *
        (1 - smoothstep(30, 38, absLat)),
      smoothstep(48, 55, absLat) * (1 - smoothstep(66, 70, absLat)),
    );
  const fire =
    (hashUnit(
      Math.floor(context.lat),
      Math.floor(context.lon),
      Math.floor(context.dt / (3 * 86400)),
      0,
      711,
    ) +
      1) /
    2;
  if ((fireSeason > 0.3 && fire < 0.15 && pick < 0.6) || (size * stagnant > 0.8 && pick < 0.04)) {
    return { conditionId: 711, visibility: 2000 + 4000 * pick };
  }
  // Fog forms in saturated, calm air under a clear night sky (radiation fog) and lingers into the
  // morning; mist where the air is nearly saturated and the wind light.
  const nightOrMorning = solarHour < 10 || solarHour >= 20;
  if (rh >= 97.5 && wind < 2.5 && nightOrMorning && clouds < 70) {
    return { conditionId: 741, visibility: 100 + 850 * clamp((100 - rh) / 2.5, 0, 1) };
  }
  if (rh >= 95 && wind < 3.5 && (nightOrMorning || rh >= 98)) {
    return { conditionId: 701, visibility: 1000 + 4000 * clamp((99 - rh) / 4, 0, 1) };
  }
  const dustHaze = aridity(c) * land * smoothstep(3, 6, wind) * smoothstep(55, 35, rh);
  if (
    (size * stagnant * smoothstep(92, 60, rh) > 0.35 && pick < 0.5) ||
    (dustHaze > 0.5 && pick < 0.25)
  ) {
    return { conditionId: 721, visibility: 3000 + 4000 * pick };
  }
  return undefined;
}

export function chooseCondition(w: Weather, cloudsPercent: number, context: SkyContext): Sky {
  const rate = w.precipRate;
  if (rate > 0) {
    const { id, kind } = precipitatingCode(w, context, cloudsPercent);
    const thinning = kind === 'snow' ? 3 : id >= 300 && id < 400 ? 1.5 : 0.35;
    const floor = kind === 'snow' ? 200 : 800;
    return {
      conditionId: id,
      precipitation: { kind, rateMmH: rate },
      visibility: clamp(10000 / (1 + thinning * rate), floor, 10000),
    };
  }
  const special = atmosphere(w, context, cloudsPercent);
  if (special) return special;
  const haze = clamp((w.humidity - 85) * 250, 0, 4000);
  return { conditionId: cloudConditionId(cloudsPercent), visibility: 10000 - haze };
}
