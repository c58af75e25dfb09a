import { CONDITIONS, cloudConditionId, conditionIcon } from '../../core/conditions.js';
import { round, celsiusTo, metersPerSecondTo, type Units } from '../../core/units.js';
import type { WorldObservation } from '../../world/types.js';
import { describe, type ConditionTexts } from '../../world/i18n/texts.js';
import type { WeatherParams } from '../params.js';

/**
 * One observation with units and language applied: the numbers and words that the JSON, XML and
 * HTML representations all print, computed once so the three can never disagree.
 */
export interface Presented {
  readonly params: WeatherParams;
  readonly world: WorldObservation;
  readonly units: Units;
  readonly lat: number;
  readonly lon: number;
  readonly condition: {
    readonly id: number;
    readonly main: string;
    readonly description: string;
    readonly icon: string;
  };
  /** Cloud cover named like codes 800–804, in the requested language (XML `clouds name`). */
  readonly cloudsName: string;
  readonly temp: number;
  readonly feelsLike: number;
  readonly tempMin: number;
  readonly tempMax: number;
  readonly windSpeed: number;
  readonly windGust: number | undefined;
}

export function present(
  world: WorldObservation,
  params: WeatherParams,
  texts: ConditionTexts,
): Presented {
  const { units } = params;
  const temperature = (celsius: number): number => round(celsiusTo(units, celsius));
  const speed = (mps: number): number => round(metersPerSecondTo(units, mps));
  const id = world.conditionId;
  return {
    params,
    world,
    units,
    lat: round(params.lat, 4),
    lon: round(params.lon, 4),
    condition: {
      id,
      main: CONDITIONS.get(id)?.main ?? '',
      description: describe(texts, id),
      icon: conditionIcon(id, world.isDay),
    },
    cloudsName: describe(texts, cloudConditionId(world.clouds)),
    temp: temperature(world.tempC),
    feelsLike: temperature(world.feelsLikeC),
    tempMin: temperature(world.tempMinC),
    tempMax: temperature(world.tempMaxC),
    windSpeed: speed(world.windSpeed),
    windGust: world.windGust === undefined ? undefined : speed(world.windGust),
  };
}
