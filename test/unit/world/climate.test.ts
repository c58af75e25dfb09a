import { beforeAll, describe, expect, it } from 'vitest';
import type { World } from '../../../src/world/types.js';
import { referenceNormals } from '../../helpers/climate.js';
import { testWorld, utc } from '../../helpers/world.js';

/** Mean of hourly `observe(...).tempC` over a month of 2026. */
function monthlyMean(world: World, lat: number, lon: number, month: number): number {
  const start = utc(2026, month, 1);
  const end = utc(2026, month + 1, 1);
  let sum = 0;
  let count = 0;
  for (let dt = start; dt < end; dt += 3600) {
    sum += world.observe(lat, lon, dt).tempC;
    count++;
  }
  return sum / count;
}

const NORMALS = referenceNormals();
const TOLERANCE_C = 5;

describe('climate: monthly means of the model against 1991–2020 normals', () => {
  let world: World;
  const means = new Map<string, { january: number; july: number }>();
  beforeAll(async () => {
    world = await testWorld();
    for (const n of NORMALS) {
      means.set(n.city, {
        january: monthlyMean(world, n.lat, n.lon, 1),
        july: monthlyMean(world, n.lat, n.lon, 7),
      });
    }
    const line = (cells: string[]): string => cells.map((c, i) => c.padStart(i ? 8 : 13)).join(' ');
    const table = [line(['city', 'Jan mod', 'Jan nrm', 'Jul mod', 'Jul nrm'])];
    for (const n of NORMALS) {
      const m = means.get(n.city);
      if (!m) continue;
      const f = (x: number): string => x.toFixed(1);
      table.push(line([n.city, f(m.january), f(n.january), f(m.july), f(n.july)]));
    }
    console.log(table.join('\n'));
  });

  it('covers the twelve reference cities', () => {
    expect(NORMALS.map((n) => n.city)).toHaveLength(12);
  });

  it.each(NORMALS)('$city: January and July within ±5 °C', (n) => {
    const m = means.get(n.city);
    expect(m?.january).toBeGreaterThanOrEqual(n.january - TOLERANCE_C);
    expect(m?.january).toBeLessThanOrEqual(n.january + TOLERANCE_C);
    expect(m?.july).toBeGreaterThanOrEqual(n.july - TOLERANCE_C);
    expect(m?.july).toBeLessThanOrEqual(n.july + TOLERANCE_C);
  });
});
