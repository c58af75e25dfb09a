import { getPosition } from 'suncalc';
import { beforeAll, describe, expect, it } from 'vitest';
import { cloudConditionId, CONDITIONS } from '../../../src/core/conditions.js';
import {
  feelsLikeC,
  ROTHFUSZ_FROM_F,
  rothfuszTestF,
  WIND_CHILL_MAX_C,
  WIND_CHILL_MIN_WIND_MS,
} from '../../../src/core/comfort.js';
import { THUNDER_MIN_C } from '../../../src/world/condition.js';
import { COLDEST_AIR_C, radiativeFloor } from '../../../src/world/weather.js';
import { loadWorld } from '../../../src/world/index.js';
import type { World, WorldObservation } from '../../../src/world/types.js';
import { sequence, TEST_PLATFORM, testWorld, utc } from '../../helpers/world.js';

/** GeoNames' Earth, which the live service calls "Globe" at 0,0. */
const GLOBE_ID = 6295630;

/** Points at the edges of the places and zones: 0,0, the poles, borders, small islands, the sea. */
const EDGES: readonly (readonly [number, number])[] = [
  [0, 0],
  [0.1, -0.1],
  [90, 0],
  [-90, 0],
  [0, 180],
  [-14.28, -170.7],
  [-14.2, -170.65],
  [65.85, 24.15],
  [-78.46, 106.84],
  [39, -10.2],
];

/**
 * Sample points: uniform over the sphere's area, with extra ones on populated land, all year, and
 * the EDGES.
 */
function samples(count: number, seed: number): [number, number, number][] {
  const next = sequence(seed);
  const start = utc(2026, 1, 1);
  const out: [number, number, number][] = [];
  for (let k = 0; k < count; k++) {
    const [lat, lon] =
      k % 3 === 0
        ? [25 + next() * 35, -10 + next() * 130]
        : [(Math.asin(2 * next() - 1) * 180) / Math.PI, next() * 360 - 180];
    out.push([lat, lon, start + Math.floor(next() * 52_560) * 600]);
  }
  for (const [lat, lon] of EDGES) out.push([lat, lon, start + Math.floor(next() * 52_560) * 600]);
  return out;
}

const twoDecimals = (x: number): boolean => Math.abs(x * 100 - Math.round(x * 100)) < 1e-6;
const isRainCode = (id: number): boolean => id < 600 && id >= 200;
const isSnowCode = (id: number): boolean => id >= 600 && id < 700;

/** Upper rain/snow rate (mm/h, exclusive) for the light/moderate codes: intensity matches. */
const RATE_BELOW: Readonly<Record<number, number>> = {
  200: 4,
  201: 12,
  210: 2,
  211: 10,
  230: 0.2,
  231: 0.35,
  232: 0.5,
  300: 0.2,
  301: 0.3,
  302: 0.5,
  310: 0.7,
  311: 1,
  312: 1.2,
  313: 1,
  314: 1.2,
  321: 0.5,
  500: 1,
  501: 4,
  502: 16,
  503: 50,
  520: 2,
  521: 8,
  522: 16,
  600: 0.5,
  601: 2,
  615: 1,
  620: 0.5,
  621: 2,
  612: 0.5,
};

/**
 * The rules every observation keeps, as named checks: `broken` lists the names of those it breaks.
 * Plain comparisons, one `expect` per sample: 3,000 samples × 40 rules through `expect` cost seconds.
 */
function broken(o: WorldObservation): string[] {
  const out: string[] = [];
  const must = (ok: boolean, rule: string): void => {
    if (!ok) out.push(rule);
  };
  must(o.tempMinC <= o.tempC && o.tempC <= o.tempMaxC, 'temp_min <= temp <= temp_max');
  // The live service spreads them by 1–4 °C across a city (model.ts).
  must(o.tempMaxC - o.tempMinC <= 4.5, 'temp_max - temp_min <= 4.5');
  for (const [name, t] of Object.entries({
    temp: o.tempC,
    temp_min: o.tempMinC,
    temp_max: o.tempMaxC,
    feels_like: o.feelsLikeC,
    speed: o.windSpeed,
  })) {
    must(twoDecimals(t), `${name} has two decimals`);
  }
  must(o.tempC >= COLDEST_AIR_C && o.tempC < 60, '-89.2 <= temp < 60');
  for (const [name, n] of Object.entries({
    humidity: o.humidity,
    clouds: o.clouds,
    pressure: o.pressure,
    grnd_level: o.grndLevel,
    visibility: o.visibility,
    deg: o.windDeg,
  })) {
    must(Number.isInteger(n), `${name} is an integer`);
  }
  must(o.humidity >= 0 && o.humidity <= 100, '0 <= humidity <= 100');
  must(o.clouds >= 0 && o.clouds <= 100, '0 <= clouds <= 100');
  // Deep lows reach 950 hPa and winter highs 1060 hPa, never beyond the records.
  must(o.pressure >= 930 && o.pressure <= 1070, '930 <= pressure <= 1070');
  must(o.grndLevel > 500 && o.grndLevel <= o.pressure + 60, '500 < grnd_level <= pressure + 60');
  must(o.visibility >= 0 && o.visibility <= 10000, '0 <= visibility <= 10000');
  must(o.windDeg >= 0 && o.windDeg < 360, '0 <= deg < 360');
  must(o.windSpeed >= 0, 'speed >= 0');
  if (o.windGust !== undefined) {
    must(o.windGust > o.windSpeed, 'gust > speed');
    must(twoDecimals(o.windGust), 'gust has two decimals');
  }
  must(Math.abs(o.timezoneOffset) <= 14 * 3600, '|timezone| <= 14 h');
  must(Math.abs(o.timezoneOffset) % 900 === 0, 'timezone in quarter hours');
  must(o.station.type === 1 || o.station.type === 2, 'station type 1 or 2');
  must(Number.isInteger(o.station.id) && o.station.id > 0, 'station id a positive integer');
  must((o.place.id === 0) === (o.place.name === ''), 'id 0 exactly when the name is empty');
  // The live service's "Globe" at 0,0 is the one named place without a country.
  if (o.place.id === 0 || o.place.id === GLOBE_ID) must(!('country' in o.place), 'no country');
  else must(/^[A-Z]{2}$/.test(o.place.country ?? ''), 'country is two capitals');

  const id = o.conditionId;
  must(CONDITIONS.has(id), 'a known condition id');
  must(!(o.rain !== undefined && o.snow !== undefined), 'never rain and snow together');
  must((o.rain !== undefined) === isRainCode(id), 'rain volume exactly with a rain code');
  must((o.snow !== undefined) === isSnowCode(id), 'snow volume exactly with a snow code');
  const volume = o.rain ?? o.snow;
  if (volume) {
    must(volume.h1 > 0, '1h volume > 0');
    must(volume.h3 >= volume.h1, '3h volume >= 1h volume');
    const below = RATE_BELOW[id];
    if (below !== undefined) must(volume.h1 <= below, `1h volume within code ${id}'s intensity`);
  }
  if (isSnowCode(id)) must(o.tempC <= 1.5, 'snow at <= 1.5 °C');
  if (isRainCode(id) && id !== 511) must(o.tempC >= 0.5, 'rain (not freezing) at >= 0.5 °C');
  if (id < 300) must(o.tempC >= THUNDER_MIN_C, 'thunder warm enough');
  if (id === 741) must(o.visibility < 1000, 'fog below 1 km');
  if (id === 701) must(o.visibility >= 1000, 'mist from 1 km');
  if (id >= 800) must(id === cloudConditionId(o.clouds), 'cloud code follows cloud cover');
  // feels_like is comfort.ts's from the unrounded values; the rounded ones (humidity to the
  // percent) give it within a degree, except right at a switch of formula: from wind chill to heat
  // index, and from Steadman's simple heat index to Rothfusz's (the rounding moves the test by
  // 0.02 °F at most).
  const nearSwitch =
    Math.abs(o.tempC - WIND_CHILL_MAX_C) < 0.02 ||
    Math.abs(o.windSpeed - WIND_CHILL_MIN_WIND_MS) < 0.02 ||
    Math.abs(rothfuszTestF(o.tempC, o.humidity) - ROTHFUSZ_FROM_F) < 0.05;
  if (!nearSwitch) {
    must(
      Math.abs(o.feelsLikeC - feelsLikeC(o.tempC, o.humidity, o.windSpeed)) < 1,
      'feels_like within 1 °C of comfort.ts',
    );
  }
  return out;
}

describe('every observation keeps the contract', () => {
  let world: World;
  beforeAll(async () => {
    world = await testWorld();
  });
  const points = samples(3000, 20260101);

  it('values are in range, rounded as the API rounds, and consistent', () => {
    const codes = new Set<number>();
    const failures: { at: [number, number, number]; broken: string[] }[] = [];
    for (const at of points) {
      const o = world.observe(...at);
      const rules = broken(o);
      if (rules.length > 0) failures.push({ at, broken: rules });
      codes.add(Math.floor(o.conditionId / 100));
    }
    expect(failures.slice(0, 5)).toStrictEqual([]);
    // The samples reach every group: thunderstorm, drizzle, rain, snow, atmosphere, clouds.
    expect([...codes].sort()).toStrictEqual([2, 3, 5, 6, 7, 8]);
  });

  it('isDay follows the sun: its upper limb above the horizon', () => {
    // getPosition returns the refraction-corrected altitude of the sun's centre; sunrise and sunset
    // are when it is -0.833° geometrically, i.e. -0.35° apparent.
    const wrong: string[] = [];
    for (const [lat, lon, dt] of points) {
      const altitude = getPosition(new Date(dt * 1000), lat, lon).altitude;
      if (Math.abs(altitude + 0.35) < 0.02) continue;
      const o = world.observe(lat, lon, dt);
      const at = `${lat}, ${lon} at ${dt}`;
      if (o.isDay !== altitude > -0.35) wrong.push(`${at}: isDay ${o.isDay}`);
      if (o.sunrise === 0) {
        if (o.sunset !== 0) wrong.push(`${at}: sunset ${o.sunset} without a sunrise`);
      } else if (Math.min(Math.abs(dt - o.sunrise), Math.abs(dt - o.sunset)) > 300) {
        if (o.isDay !== (dt > o.sunrise && dt < o.sunset)) wrong.push(`${at}: isDay vs times`);
      }
    }
    expect(wrong.slice(0, 5)).toStrictEqual([]);
  });

  it('is deterministic: same inputs, same result, in another instance too', async () => {
    const other = await loadWorld(TEST_PLATFORM);
    for (const [lat, lon, dt] of points.slice(0, 500)) {
      const first = world.observe(lat, lon, dt);
      expect(world.observe(lat, lon, dt)).toStrictEqual(first);
      expect(other.observe(lat, lon, dt)).toStrictEqual(first);
    }
  });

  it('the Antarctic winter is as cold as the records, and no colder', () => {
    // The plateau in its coldest months, 1980–2040: the model reached -109 °C there before the
    // radiative floor, and its -130 °C wind chill failed the client's plausibility check.
    const next = sequence(1983);
    let coldest = Infinity;
    for (let k = 0; k < 4000; k++) {
      const year = 1980 + Math.floor(next() * 60);
      const dt = utc(year, 5 + Math.floor(next() * 4), 1) + Math.floor(next() * 30 * 86_400);
      const o = world.observe(-70 - next() * 20, next() * 360 - 180, dt);
      coldest = Math.min(coldest, o.tempC);
    }
    expect(coldest).toBeGreaterThanOrEqual(COLDEST_AIR_C);
    expect(coldest).toBeLessThan(-80);
  });

  it('the radiative floor leaves air warmer than -65 °C alone and never reaches the record', () => {
    expect(radiativeFloor(20)).toBe(20);
    expect(Math.abs(radiativeFloor(-65) + 65)).toBeLessThan(0.001);
    expect(radiativeFloor(-89.2)).toBeCloseTo(-87.12, 2);
    expect(radiativeFloor(-120)).toBeGreaterThan(COLDEST_AIR_C);
    expect(radiativeFloor(-400)).toBeGreaterThanOrEqual(COLDEST_AIR_C);
    expect(radiativeFloor(-80)).toBeLessThan(radiativeFloor(-79.99));
  });

  it('takes well under a millisecond', () => {
    const started = performance.now();
    for (const [lat, lon, dt] of points) world.observe(lat, lon, dt);
    const micros = ((performance.now() - started) / points.length) * 1000;
    console.log(`observe: ${micros.toFixed(1)} µs per call`);
    expect(micros).toBeLessThan(500);
  });
});
