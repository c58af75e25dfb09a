import type { Decoded, Observation, ShownUnits } from '../core/observation.js';
import {
  API_TEMP_UNIT,
  API_WIND_UNIT,
  round,
  speedIn,
  temperatureIn,
  type Units,
} from '../core/units.js';

/** The units of a decoded observation's temperatures and wind speeds. */
export function shownUnits(d: Decoded): ShownUnits {
  return d.shown ?? apiUnits(d.units);
}

/** The units the API gives temperatures and wind speeds in for a unit system. */
export function apiUnits(units: Units): ShownUnits {
  return { temperature: API_TEMP_UNIT[units], wind: API_WIND_UNIT[units] };
}

/**
 * The observation with its temperatures and wind speeds in `shown`, rounded to two decimals as the
 * API writes numbers (a Beaufort force is whole). Every output meant for people and templates
 * reads this; the API's own numbers are untouched (`-o raw`).
 */
export function showIn(d: Decoded, shown: ShownUnits): Decoded {
  const from = shownUnits(d);
  if (from.temperature === shown.temperature && from.wind === shown.wind) return d;
  if (d.shown !== undefined) throw new Error('the observation was converted already');
  const t = (value: number): number => round(temperatureIn(shown.temperature, d.units, value));
  const s = (value: number): number => round(speedIn(shown.wind, d.units, value));
  const o = d.observation;
  const m = o.main;
  // Spread first, then replaced: the members keep their order, and absent ones stay absent.
  const observation: Observation = {
    ...o,
    main: {
      ...m,
      temp: t(m.temp),
      ...(m.feels_like === undefined ? {} : { feels_like: t(m.feels_like) }),
      ...(m.temp_min === undefined ? {} : { temp_min: t(m.temp_min) }),
      ...(m.temp_max === undefined ? {} : { temp_max: t(m.temp_max) }),
    },
    wind: {
      ...o.wind,
      speed: s(o.wind.speed),
      ...(o.wind.gust === undefined ? {} : { gust: s(o.wind.gust) }),
    },
  };
  return { ...d, observation, shown };
}
