import { CONDITIONS } from '../../core/conditions.js';
import { distanceKm } from '../../world/geo.js';
import type { PrecipitationVolume, World, WorldObservation } from '../../world/types.js';
import type { Scenario, ScenarioOverride } from './parse.js';

function applies(o: ScenarioOverride, obs: WorldObservation, lat: number, lon: number): boolean {
  if (o.from !== undefined && obs.dt < o.from) return false;
  if (o.until !== undefined && obs.dt >= o.until) return false;
  const { where } = o;
  if ('place' in where) {
    const same = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' }) === 0;
    return (
      same(obs.place.name, where.place) &&
      (where.country === undefined || same(obs.place.country ?? '', where.country))
    );
  }
  return distanceKm(lat, lon, where.lat, where.lon) <= where.radiusKm;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** mm/h for a condition's own words: light, heavy or extreme, and moderate otherwise. */
function rateMmH(description: string): number {
  if (/extreme|very heavy/.test(description)) return 30;
  if (/heavy/.test(description)) return 8;
  if (/light|drizzle/.test(description)) return 0.5;
  return 2;
}

/** Cloud cover that codes 800–804 name (cloudConditionId's bands). */
const CLOUDS_OF: Readonly<Record<number, number>> = { 800: 0, 801: 20, 802: 40, 803: 75, 804: 100 };

/**
 * The observation with a condition of the scenario, kept consistent as the model's are: rain
 * for 2xx, 3xx and 5xx, snow for 6xx (the model's own volume when it already falls, otherwise
 * one for the condition's intensity), none for the rest, and the cloud cover 80x names.
 */
function withCondition(obs: WorldObservation, id: number): WorldObservation {
  const group = Math.floor(id / 100);
  const kind =
    group === 6 ? 'snow' : group === 2 || group === 3 || group === 5 ? 'rain' : undefined;
  const { rain, snow, ...rest } = obs;
  const own = rain ?? snow;
  const rate = rateMmH(CONDITIONS.get(id)?.description ?? '');
  const volume: PrecipitationVolume = own ?? { h1: rate, h3: round2(rate * 3) };
  const clouds = CLOUDS_OF[id] ?? (kind === undefined ? obs.clouds : Math.max(obs.clouds, 90));
  return {
    ...rest,
    conditionId: id,
    clouds,
    ...(kind === 'rain' ? { rain: volume } : {}),
    ...(kind === 'snow' ? { snow: volume } : {}),
  };
}

function apply(obs: WorldObservation, o: ScenarioOverride): WorldObservation {
  let result = o.condition === undefined ? obs : withCondition(obs, o.condition);
  if (o.temperature !== undefined) {
    // The model's spread around the temperature (min, max, feels like) moves with it.
    const shift = o.temperature - obs.tempC;
    result = {
      ...result,
      tempC: o.temperature,
      tempMinC: round2(obs.tempMinC + shift),
      tempMaxC: round2(obs.tempMaxC + shift),
      feelsLikeC: round2(obs.feelsLikeC + shift),
    };
  }
  if (o.wind !== undefined) {
    const { windGust, ...rest } = result;
    const speed = o.wind.speed ?? result.windSpeed;
    const scaled =
      windGust !== undefined && result.windSpeed > 0
        ? round2((windGust / result.windSpeed) * speed)
        : undefined;
    const gust = o.wind.gust ?? (o.wind.speed === undefined ? windGust : scaled);
    result = {
      ...rest,
      windSpeed: speed,
      windDeg: o.wind.deg ?? result.windDeg,
      ...(gust !== undefined && gust > speed ? { windGust: gust } : {}),
    };
  }
  return result;
}

/**
 * The model with a scenario over it: where and when an override applies (the first that does),
 * its condition, temperature and wind replace the model's; everything else is the model's.
 */
export function scenarioWorld(world: World, scenario: Scenario): World {
  return {
    nameIn: (place, lang) => world.nameIn(place, lang),
    observe(lat, lon, dt) {
      const obs = world.observe(lat, lon, dt);
      const found = scenario.overrides.find((o) => applies(o, obs, lat, lon));
      return found ? apply(obs, found) : obs;
    },
  };
}
