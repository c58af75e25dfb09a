import { describe, expect, it } from 'vitest';
import { scenarioWorld } from '../../../../src/server/scenario/apply.js';
import { parseScenario, type Scenario } from '../../../../src/server/scenario/parse.js';
import { fixedWorld, LONDON } from '../../../helpers/fixed-world.js';

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
