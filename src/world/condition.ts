import { cloudConditionId } from '../core/conditions.js';
import { clamp } from './geo.js';
import type { Weather } from './synthesis.js';

/**
 * One condition code per observation, chosen from the synthesized weather so that the code, the
 * precipitation and the visibility agree: precipitation → 2xx/3xx/5xx (rain) or 6xx (snow, also
 * for sleet and rain-and-snow: the XML representation has a single `precipitation` element, so at
 * most one of rain and snow is reported); otherwise fog or mist when calm and saturated, else the
 * cloud cover's 800–804.
 */
export const MIN_PRECIP_MM_H = 0.1;
/** Snow at or below this temperature, sleet up to SLEET_MAX_C, rain above. */
const SNOW_MAX_C = 0.5;
const SLEET_MAX_C = 1.5;

export interface Sky {
  readonly conditionId: number;
  readonly precipitation?: { readonly kind: 'rain' | 'snow'; readonly rateMmH: number };
  /** Metres, 0 … 10000, unrounded. */
  readonly visibility: number;
}

function byRate(rate: number, limits: readonly number[], ids: readonly number[]): number {
  const index = limits.findIndex((limit) => rate < limit);
  return ids[index < 0 ? ids.length - 1 : index] ?? 0;
}

function precipitatingCode(w: Weather, rate: number): { id: number; kind: 'rain' | 'snow' } {
  const t = w.tempC;
  if (t <= SNOW_MAX_C) {
    // A warm layer aloft now and then turns cold-ground precipitation into freezing rain.
    if (t > -3 && w.local > 0.93) return { id: 511, kind: 'rain' };
    if (w.convection > 0.65) return { id: byRate(rate, [0.5, 2], [620, 621, 622]), kind: 'snow' };
    return { id: byRate(rate, [0.5, 2], [600, 601, 602]), kind: 'snow' };
  }
  if (t <= SLEET_MAX_C) return { id: rate < 1 ? 615 : 616, kind: 'snow' };
  if (t >= 18 && w.humidity >= 60 && w.convection > 0.7 && rate >= 1.5) {
    return { id: byRate(rate, [4, 12], [200, 201, 202]), kind: 'rain' };
  }
  if (w.convection > 0.6 && t > 5)
    return { id: byRate(rate, [2, 8], [520, 521, 522]), kind: 'rain' };
  if (rate < 0.3 && w.convection < 0.4) return { id: rate < 0.2 ? 300 : 301, kind: 'rain' };
  return { id: byRate(rate, [1, 4, 16, 50], [500, 501, 502, 503, 504]), kind: 'rain' };
}

export function chooseCondition(w: Weather, cloudsPercent: number): Sky {
  const rate = w.precipRate;
  if (rate >= MIN_PRECIP_MM_H) {
    const { id, kind } = precipitatingCode(w, rate);
    const thinning = kind === 'snow' ? 3 : id < 400 && id >= 300 ? 1.5 : 0.35;
    const floor = kind === 'snow' ? 200 : 800;
    return {
      conditionId: id,
      precipitation: { kind, rateMmH: rate },
      visibility: clamp(10000 / (1 + thinning * rate), floor, 10000),
    };
  }
  const d = w.dewDepressionC;
  if (w.windSpeed < 2 && d < 0.5) return { conditionId: 741, visibility: 100 + (800 * d) / 0.5 };
  if (w.windSpeed < 3.5 && d < 1) {
    return { conditionId: 701, visibility: 1000 + 4000 * clamp((d - 0.5) / 0.5, 0, 1) };
  }
  const haze = clamp((w.humidity - 85) * 250, 0, 4000);
  return { conditionId: cloudConditionId(cloudsPercent), visibility: 10000 - haze };
}
