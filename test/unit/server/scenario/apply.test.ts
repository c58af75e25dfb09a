import { describe, expect, it } from 'vitest';
import { scenarioWorld } from '../../../../src/server/scenario/apply.js';
import { parseScenario, type Scenario } from '../../../../src/server/scenario/parse.js';
import { fixedWorld, LONDON, type Overrides } from '../../../helpers/fixed-world.js';

function scenario(overrides: readonly object[]): Scenario {
  const parsed = parseScenario(JSON.stringify({ overrides }));
  if (!parsed.ok) throw new Error(`${parsed.path} ${parsed.problem}`);
  return parsed.scenario;
}

const JAN_15 = Date.UTC(2026, 0, 15, 12) / 1000;

describe('a scenario over the model', () => {
  it('sets condition, temperature and wind where and when it applies, consistently', () => {
    const world = scenarioWorld(
      fixedWorld(),
      scenario([
        {
          place: 'LONDON',
          country: 'gb',
          from: '2026-01-15T12:00:00Z',
          until: '2026-01-15T13:00:00Z',
          condition: 602,
          temperature: -8,
        },
        { coordinates: { lat: 10, lon: 10 }, condition: 800, wind: { speed: 2 } },
        { coordinates: { lat: 20, lon: 20 }, wind: { speed: 20, deg: 10, gust: 30 } },
      ]),
    );
    const { rain: _rain, ...dry } = LONDON;
    expect(world.observe(51.5, -0.12, JAN_15)).toEqual({
      ...dry,
      dt: JAN_15,
      conditionId: 602,
      clouds: 90,
      snow: LONDON.rain,
      tempC: -8,
      tempMinC: -8.75,
      tempMaxC: -7.22,
      feelsLikeC: -11.15,
    });
    // An hour later the range is over: the model's own.
    expect(world.observe(51.5, -0.12, JAN_15 + 3600)).toEqual({ ...LONDON, dt: JAN_15 + 3600 });
    // (The fixed world is London everywhere: the place rule above would win until 13:00.)
    const later = JAN_15 + 7200;
    // Clear sky: no rain, the cover 800 names; the gust keeps its ratio to the new speed.
    const { windGust: _gust, ...calm } = dry;
    expect(world.observe(10.1, 10.1, later)).toEqual({
      ...calm,
      dt: later,
      conditionId: 800,
      clouds: 0,
      windSpeed: 2,
      windGust: 3.81,
    });
    expect(world.observe(20, 20, later)).toEqual({
      ...LONDON,
      dt: later,
      windSpeed: 20,
      windDeg: 10,
      windGust: 30,
    });
    // 25 km by default: 10.3° N is 33 km away.
    expect(world.observe(10.3, 10, later)).toEqual({ ...LONDON, dt: later });
  });

  it('gives rain of the intensity a condition names when the model has none', () => {
    const world = scenarioWorld(
      fixedWorld({ rain: undefined, conditionId: 800 }),
      scenario([
        { place: 'London', from: '2026-01-01', until: '2026-02-01', condition: 502 },
        { place: 'London', condition: 300 },
      ]),
    );
    const { rain: _rain, ...dry } = LONDON;
    expect([world.observe(0, 0, JAN_15), world.observe(0, 0, JAN_15 + 40 * 86_400)]).toEqual([
      { ...dry, dt: JAN_15, conditionId: 502, clouds: 90, rain: { h1: 8, h3: 24 } },
      {
        ...dry,
        dt: JAN_15 + 40 * 86_400,
        conditionId: 300,
        clouds: 90,
        rain: { h1: 0.5, h3: 1.5 },
      },
    ]);
  });
});

describe('where and when an override applies', () => {
  it('from its first second up to, not including, its end', () => {
    const world = scenarioWorld(
      fixedWorld(),
      scenario([
        {
          place: 'London',
          from: '2026-01-15T12:00:00Z',
          until: '2026-01-15T13:00:00Z',
          temperature: 20,
        },
      ]),
    );
    expect(
      [JAN_15 - 1, JAN_15, JAN_15 + 3599, JAN_15 + 3600].map((dt) => world.observe(0, 0, dt).tempC),
    ).toEqual([7.25, 20, 20, 7.25]);
  });

  it('to the place of that name only in the country it names', () => {
    const world = scenarioWorld(
      fixedWorld(),
      scenario([
        { place: 'London', country: 'CA', temperature: 20 },
        { place: 'Paris', temperature: 21 },
        { place: 'london', country: 'GB', temperature: 22 },
      ]),
    );
    expect(world.observe(0, 0, JAN_15).tempC).toBe(22);
  });

  it('within its radius, its edge included', () => {
    const world = scenarioWorld(
      fixedWorld(),
      scenario([{ coordinates: { lat: 10, lon: 10, radius_km: 0 }, temperature: 20 }]),
    );
    expect([world.observe(10, 10, JAN_15).tempC, world.observe(10.001, 10, JAN_15).tempC]).toEqual([
      20, 7.25,
    ]);
  });
});

describe('a condition of a scenario', () => {
  /** The observation at latitude `lat`, where the override with that condition applies. */
  function observed(model: Overrides, conditions: readonly number[]) {
    const world = scenarioWorld(
      fixedWorld(model),
      scenario(conditions.map((condition, i) => ({ coordinates: { lat: i, lon: 0 }, condition }))),
    );
    return conditions.map((_, i) => {
      const { conditionId, clouds, rain, snow } = world.observe(i, 0, JAN_15);
      return { conditionId, clouds, rain, snow };
    });
  }

  it('brings the rain its words name, where the model has none', () => {
    expect(observed({ rain: undefined }, [504, 503, 502, 501, 500, 302, 301, 211])).toEqual([
      { conditionId: 504, clouds: 90, rain: { h1: 30, h3: 90 }, snow: undefined },
      { conditionId: 503, clouds: 90, rain: { h1: 30, h3: 90 }, snow: undefined },
      { conditionId: 502, clouds: 90, rain: { h1: 8, h3: 24 }, snow: undefined },
      { conditionId: 501, clouds: 90, rain: { h1: 2, h3: 6 }, snow: undefined },
      { conditionId: 500, clouds: 90, rain: { h1: 0.5, h3: 1.5 }, snow: undefined },
      { conditionId: 302, clouds: 90, rain: { h1: 8, h3: 24 }, snow: undefined },
      { conditionId: 301, clouds: 90, rain: { h1: 0.5, h3: 1.5 }, snow: undefined },
      { conditionId: 211, clouds: 90, rain: { h1: 2, h3: 6 }, snow: undefined },
    ]);
  });

  it('takes away the model’s rain when it names none, and keeps the model’s clouds but for 80x', () => {
    expect(observed({}, [701, 801])).toEqual([
      { conditionId: 701, clouds: 75, rain: undefined, snow: undefined },
      { conditionId: 801, clouds: 20, rain: undefined, snow: undefined },
    ]);
  });

  it('keeps the model’s own rain and its clouds when they are 90 % or more', () => {
    expect(observed({ clouds: 95 }, [500])).toEqual([
      { conditionId: 500, clouds: 95, rain: LONDON.rain, snow: undefined },
    ]);
  });
});

describe('a wind of a scenario', () => {
  function windOf(model: Overrides, wind: object) {
    const world = scenarioWorld(fixedWorld(model), scenario([{ place: 'London', wind }]));
    const { windSpeed, windDeg, ...rest } = world.observe(0, 0, JAN_15);
    return { windSpeed, windDeg, gust: 'windGust' in rest ? rest.windGust : 'none' };
  }

  it('keeps the model’s gust only while it is above the speed', () => {
    expect([
      windOf({ windSpeed: 0, windGust: 2 }, { deg: 90 }),
      windOf({ windSpeed: 5, windGust: 5 }, { deg: 90 }),
      windOf({ windSpeed: 5, windGust: 10 }, { speed: 2 }),
      windOf({ windSpeed: 5, windGust: 10 }, { speed: 2, gust: 2.5 }),
    ]).toEqual([
      { windSpeed: 0, windDeg: 90, gust: 2 },
      { windSpeed: 5, windDeg: 90, gust: 'none' },
      { windSpeed: 2, windDeg: 230, gust: 4 },
      { windSpeed: 2, windDeg: 230, gust: 2.5 },
    ]);
  });

  it('gives no gust to a new speed when the model had none to scale, or no speed to scale it by', () => {
    expect([
      windOf({ windGust: undefined }, { speed: 3 }),
      windOf({ windSpeed: 0, windGust: 2 }, { speed: 5 }),
    ]).toEqual([
      { windSpeed: 3, windDeg: 230, gust: 'none' },
      { windSpeed: 5, windDeg: 230, gust: 'none' },
    ]);
  });
});
