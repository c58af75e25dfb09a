import { describe, expect, it } from 'vitest';
import { decodeJsonObservation } from '../../../src/client/decode/json.js';
import { checkPlausible, Implausible } from '../../../src/client/decode/plausible.js';
import { decodeXmlObservation } from '../../../src/client/decode/xml.js';
import type { Observation } from '../../../src/core/observation.js';
import { UNITS, type Units } from '../../../src/core/units.js';
import { thrown } from '../../helpers/tmp.js';
import { truth, truthFiles } from '../../helpers/fixtures.js';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const DT = NOW / 1000;

const BASE: Observation = {
  coord: { lon: 10, lat: 50 },
  weather: [{ id: 800, main: 'Clear', description: 'clear sky', icon: '01d' }],
  main: { temp: 12, pressure: 1013, humidity: 50 },
  wind: { speed: 3 },
  dt: DT,
  sys: { sunrise: DT - 20_000, sunset: DT + 10_000 },
  name: 'X',
};

function problem(changed: Partial<Observation>, units: Units = 'metric'): unknown {
  return thrown(() => checkPlausible({ ...BASE, ...changed }, units, NOW));
}

describe('every capture of the live service is plausible at its own time', () => {
  const json = truthFiles('.json').filter((name) => !name.includes('meta_summary'));
  const xml = truthFiles('.xml');

  it.each(json)('%s', (name) => {
    const observation = decodeJsonObservation(truth(name));
    // Captures do not always say which unit system they were asked in; one of them fits.
    const fits = UNITS.filter((units) => {
      try {
        checkPlausible(observation, units, observation.dt * 1000);
        return true;
      } catch {
        return false;
      }
    });
    expect(fits.length).toBeGreaterThan(0);
  });

  it.each(xml)('%s', (name) => {
    const { observation, units } = decodeXmlObservation(truth(name), 'metric');
    expect(() => checkPlausible(observation, units, observation.dt * 1000)).not.toThrow();
  });
});

describe('values outside physical ranges are refused, naming the member', () => {
  it.each([
    [{ coord: { lat: 90.5, lon: 0 } }, 'metric', 'coord.lat is 90.5, outside -90 to 90°'],
    [{ coord: { lat: 0, lon: -181 } }, 'metric', 'coord.lon is -181, outside -180 to 180°'],
    [
      { main: { temp: 101, pressure: 1013, humidity: 50 } },
      'metric',
      'main.temp is 101, outside -100 to 100 °C',
    ],
    [
      { main: { temp: 12, pressure: 1013, humidity: 50 } },
      'standard',
      'main.temp is 12, outside 173.15 to 373.15 K',
    ],
    [
      { main: { temp: 50, feels_like: 213, pressure: 1013, humidity: 50 } },
      'imperial',
      'main.feels_like is 213, outside -308.2 to 212 °F',
    ],
    [
      { main: { temp: -89, feels_like: -190, pressure: 1013, humidity: 50 } },
      'metric',
      'main.feels_like is -190, outside -189 to 100 °C',
    ],
    [
      { main: { temp: 12, pressure: 0, humidity: 50 } },
      'metric',
      'main.pressure is 0, outside 100 to 1200 hPa',
    ],
    [
      { main: { temp: 12, pressure: 1013, humidity: 101 } },
      'metric',
      'main.humidity is 101, outside 0 to 100%',
    ],
    [
      { main: { temp: 12, pressure: 1013, humidity: -1 } },
      'metric',
      'main.humidity is -1, outside 0 to 100%',
    ],
    [{ clouds: { all: 140 } }, 'metric', 'clouds.all is 140, outside 0 to 100%'],
    [{ wind: { speed: -0.5 } }, 'metric', 'wind.speed is -0.5, outside 0 to 150 m/s'],
    [{ wind: { speed: 1, gust: 400 } }, 'imperial', 'wind.gust is 400, outside 0 to 335.54 mph'],
    [{ wind: { speed: 1, deg: 361 } }, 'metric', 'wind.deg is 361, outside 0 to 360°'],
    [
      { main: { temp: 50, pressure: 99, humidity: 50 } },
      'imperial',
      'main.pressure is 99, outside 100 to 1200 hPa',
    ],
    [{ visibility: -1 }, 'metric', 'visibility is -1, outside 0 to 100000 m'],
    [{ rain: { '1h': -2 } }, 'metric', 'rain.1h is -2, outside 0 to 1000 mm'],
    [{ timezone: 50_401 }, 'metric', 'timezone is 50401, outside -43200 to 50400 s'],
  ] as const)('%j in %s', (changed, units, message) => {
    const hint =
      message.startsWith('main.temp') || message.startsWith('main.feels_like')
        ? `is it in another unit than ${units}?`
        : undefined;
    expect(problem(changed, units)).toEqual(new Implausible(message, hint));
  });

  it('accepts a wind chill below the coldest air: -68.8 °C in a 12 m/s wind feels like -100 °C', () => {
    const cold = { main: { temp: -68.82, feels_like: -100.01, pressure: 1015, humidity: 72 } };
    expect(() => checkPlausible({ ...BASE, ...cold }, 'metric', NOW)).not.toThrow();
  });

  it('accepts the wind chill of the record low (-89.2 °C) in a 30 m/s gale: -141.18 °C', () => {
    const cold = { main: { temp: -89.2, feels_like: -141.18, pressure: 1015, humidity: 72 } };
    expect(() => checkPlausible({ ...BASE, ...cold }, 'metric', NOW)).not.toThrow();
  });

  it.each([
    [
      DT + 3601,
      "dt is 2026-11-23T13:00:01Z, more than 1 hour ahead of this machine's clock (2026-11-23T12:00:00Z)",
    ],
    [
      DT - 30 * 86_400 - 1,
      "dt is 2026-10-24T11:59:59Z, more than 30 days behind this machine's clock (2026-11-23T12:00:00Z)",
    ],
    [
      0,
      "dt is 1970-01-01T00:00:00Z, more than 30 days behind this machine's clock (2026-11-23T12:00:00Z)",
    ],
    [
      DT * 1000,
      "dt is 1795435200000, more than 1 hour ahead of this machine's clock (2026-11-23T12:00:00Z)",
    ],
    [
      DT * 1_000_000,
      "dt is 1795435200000000, more than 1 hour ahead of this machine's clock (2026-11-23T12:00:00Z)",
    ],
    [
      Date.UTC(9999, 11, 31) / 1000,
      "dt is 9999-12-31T00:00:00Z, more than 1 hour ahead of this machine's clock (2026-11-23T12:00:00Z)",
    ],
    [
      -62_167_219_200,
      "dt is 0000-01-01T00:00:00Z, more than 30 days behind this machine's clock (2026-11-23T12:00:00Z)",
    ],
    [
      -62_167_219_201,
      "dt is -62167219201, more than 30 days behind this machine's clock (2026-11-23T12:00:00Z)",
    ],
  ])('dt %s is refused with the clock named', (dt, message) => {
    expect(problem({ dt, sys: {} })).toEqual(
      new Implausible(message, "check this machine's clock"),
    );
  });

  it('a sunrise half a year away from dt', () => {
    expect(problem({ sys: { sunrise: DT - 200 * 86_400, sunset: DT } })).toEqual(
      new Implausible(
        'sys.sunrise is 2026-05-07T12:00:00Z, more than half a year from dt (2026-11-23T12:00:00Z)',
      ),
    );
  });

  it.each([
    [
      'the edges of every range',
      { main: { temp: 100, pressure: 100, humidity: 100 }, clouds: { all: 0 } },
    ],
    ['dt an hour ahead', { dt: DT + 3600, sys: {} }],
    ['dt 30 days behind', { dt: DT - 30 * 86_400, sys: {} }],
    ['polar day (sunrise and sunset 0)', { sys: { sunrise: 0, sunset: 0 } }],
    [
      'a sunrise and a sunset 183 days away',
      { sys: { sunrise: DT - 183 * 86_400, sunset: DT + 183 * 86_400 } },
    ],
  ] as const)('accepts %s', (_what, changed) => {
    expect(() => checkPlausible({ ...BASE, ...changed }, 'metric', NOW)).not.toThrow();
  });
});
