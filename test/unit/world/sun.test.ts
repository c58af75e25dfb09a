import { beforeAll, describe, expect, it } from 'vitest';
import type { World } from '../../../src/world/types.js';
import { testWorld, utc } from '../../helpers/world.js';

let world: World;
beforeAll(async () => {
  world = await testWorld();
});

describe('sunrise and sunset', () => {
  it('London, midsummer 2026: 04:43 and 21:21 BST (03:43 and 20:21 UTC), ±2 minutes', () => {
    const o = world.observe(51.5074, -0.1278, utc(2026, 6, 21, 12));
    expect(Math.abs(o.sunrise - utc(2026, 6, 21, 3, 43))).toBeLessThanOrEqual(120);
    expect(Math.abs(o.sunset - utc(2026, 6, 21, 20, 21))).toBeLessThanOrEqual(120);
    expect(o.isDay).toBe(true);
  });

  it('belong to the local calendar day, not the UTC one', () => {
    // 23:30 local in Sydney on 2026-01-10 is 12:30 UTC the same day; at 00:30 local on the 11th
    // (13:30 UTC on the 10th) the day, and so sunrise, is the next one.
    const late = world.observe(-33.8688, 151.2093, utc(2026, 1, 10, 12, 30));
    const early = world.observe(-33.8688, 151.2093, utc(2026, 1, 10, 13, 30));
    expect(early.sunrise - late.sunrise).toBeGreaterThan(86_000);
    expect(early.sunrise - late.sunrise).toBeLessThan(86_800);
    expect(late.sunrise).toBeLessThan(late.dt);
    expect(late.sunset).toBeLessThan(late.dt);
    expect(early.sunrise).toBeGreaterThan(early.dt);
  });

  it.each([
    ['Tromsø, polar night, local noon', 69.6492, 18.9553, utc(2026, 12, 21, 11), false],
    ['Longyearbyen, polar night, local noon', 78.2232, 15.6267, utc(2026, 12, 21, 11), false],
    ['Tromsø, midnight sun, local midnight', 69.6492, 18.9553, utc(2026, 6, 20, 22), true],
    ['Longyearbyen, midnight sun, local midnight', 78.2232, 15.6267, utc(2026, 6, 20, 22), true],
  ])('%s: 0/0, isDay %s', (_label, lat, lon, dt, isDay) => {
    expect(world.observe(lat, lon, dt)).toMatchObject({ sunrise: 0, sunset: 0, isDay });
  });
});
