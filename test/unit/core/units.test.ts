import { describe, expect, it } from 'vitest';
import {
  beaufort,
  BEAUFORT_LIMITS,
  celsiusFrom,
  round,
  speedIn,
  temperatureIn,
  unitNamed,
  unitsOfTemperatureName,
  WIND_UNITS,
} from '../../../src/core/units.js';

describe('unitsOfTemperatureName', () => {
  it.each([
    ['kelvin', 'standard'],
    ['celsius', 'metric'],
    ['fahrenheit', 'imperial'],
    ['Celsius', 'metric'],
    ['FAHRENHEIT', 'imperial'],
    // the unit system's own name, as older responses wrote it
    ['metric', 'metric'],
    ['Imperial', 'imperial'],
    ['standard', 'standard'],
    ['rankine', undefined],
    ['', undefined],
  ])('%j → %s', (name, units) => {
    expect(unitsOfTemperatureName(name)).toBe(units);
  });
});

describe('round', () => {
  it.each([
    [7.255, 2, 7.26],
    [7.254, 2, 7.25],
    [14.59951234, 4, 14.5995],
    [-0.004, 2, 0],
    [-0.00004, 4, 0],
    [-0, 2, 0],
    [-1.005, 1, -1],
  ])('round(%s, %s) → %s, never -0', (value, digits, expected) => {
    // toBe compares with Object.is: -0 is not 0.
    expect(round(value, digits)).toBe(expected);
  });

  it('rounds to two decimals by default', () => {
    expect(round(1.23456)).toBe(1.23);
  });
});

describe('beaufort', () => {
  it.each([
    [0, 0],
    [0.2, 0],
    [0.24, 0],
    [0.25, 1],
    [0.3, 1],
    [1.5, 1],
    [1.6, 2],
    [3.3, 2],
    [3.4, 3],
    [5.4, 3],
    [5.5, 4],
    [7.9, 4],
    [8, 5],
    [10.7, 5],
    [10.8, 6],
    [13.8, 6],
    [13.9, 7],
    [17.1, 7],
    [17.2, 8],
    [20.7, 8],
    [20.8, 9],
    [24.4, 9],
    [24.5, 10],
    [28.4, 10],
    [28.5, 11],
    [32.6, 11],
    [32.64, 11],
    [32.65, 12],
    [32.7, 12],
    [113, 12],
  ])('%s m/s is force %s', (mps, force) => {
    expect(beaufort(mps)).toBe(force);
  });

  it('has the WMO limits, each force one step up', () => {
    expect(BEAUFORT_LIMITS).toEqual([
      0.2, 1.5, 3.3, 5.4, 7.9, 10.7, 13.8, 17.1, 20.7, 24.4, 28.4, 32.6,
    ]);
    expect(BEAUFORT_LIMITS.map((limit) => beaufort(limit))).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
    ]);
    expect(BEAUFORT_LIMITS.map((limit) => beaufort(limit + 0.1))).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
  });
});

describe('speedIn', () => {
  it.each([
    ['m/s', 'metric', 10, 10],
    ['km/h', 'metric', 10, 36],
    ['mph', 'metric', 0.44704, 1],
    ['kn', 'metric', 1852 / 3600, 1],
    ['kn', 'standard', 10, 19.44],
    ['bft', 'metric', 10.7, 5],
    ['mph', 'imperial', 12.5, 12.5],
    ['m/s', 'imperial', 1, 0.45],
    ['km/h', 'imperial', 1, 1.61],
    ['kn', 'imperial', 1, 0.87],
    // 24.4 m/s is 54.58 mph: force 9; 24.5 m/s (54.81 mph) is 10.
    ['bft', 'imperial', 54.58, 9],
    ['bft', 'imperial', 54.81, 10],
  ] as const)('%s from %s: %s → %s', (unit, units, value, expected) => {
    expect(round(speedIn(unit, units, value))).toBe(expected);
  });

  it('gives a speed back unchanged in its own unit', () => {
    expect(speedIn('m/s', 'metric', 4.47)).toBe(4.47);
    expect(speedIn('mph', 'imperial', 9.99)).toBe(9.99);
  });
});

describe('temperatureIn', () => {
  it.each([
    ['K', 'metric', 0, 273.15],
    ['F', 'metric', 0, 32],
    ['F', 'metric', -40, -40],
    ['F', 'metric', 100, 212],
    ['C', 'standard', 273.15, 0],
    ['F', 'standard', 0, -459.67],
    ['C', 'imperial', 212, 100],
    ['K', 'imperial', 32, 273.15],
    ['C', 'metric', 22.55, 22.55],
    ['F', 'metric', 22.55, 72.59],
  ] as const)('%s from %s: %s → %s', (unit, units, value, expected) => {
    expect(round(temperatureIn(unit, units, value))).toBe(expected);
  });

  it('gives a value already in the unit asked for back unchanged, not converted there and back', () => {
    // (1.1 - 273.15) + 273.15 is 1.1000000000000227 in floating point.
    expect([temperatureIn('K', 'standard', 1.1), temperatureIn('F', 'imperial', 70.1)]).toEqual([
      1.1, 70.1,
    ]);
  });

  it('reads any unit back in °C', () => {
    expect([celsiusFrom('K', 273.15), celsiusFrom('C', 9.5), celsiusFrom('F', 50)]).toEqual([
      0, 9.5, 10,
    ]);
  });
});

describe('unitNamed', () => {
  it.each([
    ['KM/H', 'km/h'],
    [' kn ', 'kn'],
    ['BFT', 'bft'],
    ['kt', undefined],
    ['', undefined],
  ])('%j → %s', (text, unit) => {
    expect(unitNamed(WIND_UNITS, text)).toBe(unit);
  });
});
