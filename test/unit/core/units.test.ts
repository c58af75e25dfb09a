import { describe, expect, it } from 'vitest';
import { round, unitsOfTemperatureName } from '../../../src/core/units.js';

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
