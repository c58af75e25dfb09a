import { describe, expect, it } from 'vitest';
import { conditionIcon } from '../../../src/core/conditions.js';

describe('conditionIcon', () => {
  it.each([
    [800, true, '01d'],
    [800, false, '01n'],
    [501, true, '10d'],
    [511, false, '13n'],
    [804, false, '04n'],
    // a code outside the table gets the clear-sky icon rather than none
    [999, true, '01d'],
    [999, false, '01n'],
  ])('%s, day %s → %s', (id, isDay, icon) => {
    expect(conditionIcon(id, isDay)).toBe(icon);
  });
});
