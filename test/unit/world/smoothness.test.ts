import { beforeAll, describe, expect, it } from 'vitest';
import type { World } from '../../../src/world/types.js';
import { sequence, testWorld, utc } from '../../helpers/world.js';

const PLACES = [
  ['London', 51.5074, -0.1278],
  ['Innsbruck (Alpine valley)', 47.2692, 11.4041],
  ['Quito', -0.1807, -78.4678],
  ['Yakutsk', 62.0355, 129.6755],
  ['Phoenix', 33.4484, -112.074],
  ['Singapore', 1.2897, 103.8501],
  ['Reykjavík', 64.1466, -21.9426],
  ['North Atlantic', 45, -35],
] as const;

const STARTS = [utc(2026, 1, 10), utc(2026, 4, 3), utc(2026, 7, 20), utc(2026, 10, 5)];

let world: World;
beforeAll(async () => {
  world = await testWorld();
});

describe('weather is smooth', () => {
  it.each(PLACES)('%s: consecutive 10-minute observations differ by < 1.5 °C', (_l, lat, lon) => {
    let largest = 0;
    for (const start of STARTS) {
      let previous = world.observe(lat, lon, start).tempC;
      for (let step = 1; step <= 6 * 24 * 4; step++) {
        const t = world.observe(lat, lon, start + step * 600).tempC;
        largest = Math.max(largest, Math.abs(t - previous));
        previous = t;
      }
    }
    expect(largest).toBeLessThan(1.5);
  });

  it('points 1 km apart at the same instant differ by < 1 °C', () => {
    const next = sequence(99);
    let largest = 0;
    for (let k = 0; k < 2000; k++) {
      const [, lat0, lon0] = PLACES[k % PLACES.length] ?? PLACES[0];
      // Within about 50 km of the reference places, where places (and so elevations) crowd.
      const lat = lat0 + (next() - 0.5) * 0.9;
      const lon = lon0 + (next() - 0.5) * 0.9;
      const dt = utc(2026, 1, 1) + Math.floor(next() * 52_560) * 600;
      const bearing = next() * 2 * Math.PI;
      const dLat = (Math.cos(bearing) * 1) / 111.2;
      const dLon = (Math.sin(bearing) * 1) / (111.2 * Math.cos((lat * Math.PI) / 180));
      const a = world.observe(lat, lon, dt).tempC;
      const b = world.observe(lat + dLat, lon + dLon, dt).tempC;
      largest = Math.max(largest, Math.abs(a - b));
    }
    expect(largest).toBeLessThan(1);
  });
});
