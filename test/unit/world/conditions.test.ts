import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONDITIONS } from '../../../src/core/conditions.js';
import { distanceKm } from '../../../src/world/geo.js';
import type { World } from '../../../src/world/types.js';
import { ASH_RADIUS_KM, VOLCANOES } from '../../../src/world/volcanoes.js';
import { testWorld } from '../../helpers/world.js';

/**
 * Every condition code the live service uses is one the model can give: for each, a coordinate
 * and a time where it does, found by `node scripts/condition-distribution.mjs --examples` (which
 * regenerates this table after a change of the model). The same script without the flag prints
 * the codes' frequencies over 100,000 random points on land.
 */
// prettier-ignore
const EXAMPLES: readonly (readonly [id: number, lat: number, lon: number, dt: number])[] = [
  [200, 20.165, 5.266, 1787864400],
  [201, 23.952, 73.503, 1782651600],
  [202, -10.3, 67.073, 1795222800],
  [210, 32.92, -91.201, 1777914000],
  [211, -29.08, -19.062, 1774958400],
  [212, -8.129, 113.02, 1767333600],
  [221, 14.626, 64.645, 1777572000],
  [230, 26.896, 16.218, 1781629200],
  [231, 21.481, 28.016, 1783861200],
  [232, 23.255, -1.95, 1785690000],
  [300, -49.925, 149.174, 1782507600],
  [301, 56.375, 7.564, 1772960400],
  [302, 50.649, 156.057, 1785834000],
  [310, 49.681, -5.409, 1773403200],
  [311, 52.006, -4.599, 1763812800],
  [312, 19.487, -103.509, 1784811600],
  [313, -1.398, -78.247, 1794484800],
  [314, -6.077, 105.28, 1771264800],
  [321, 19.426, 70.561, 1786644000],
  [500, 5.069, -75.217, 1779897600],
  [501, 36.289, -92.822, 1776711600],
  [502, 20.688, 86.8, 1783436400],
  [503, 14.758, 96.929, 1780326000],
  [504, 2.753, 8.4, 1787266800],
  [511, -63.707, 7.324, 1767754800],
  [520, 19.479, 7.04, 1780704000],
  [521, 35.485, -97.861, 1776193200],
  [522, -26.271, 100.033, 1782129600],
  [531, -16.999, 116.902, 1775221200],
  [600, 55.036, 52.008, 1768294800],
  [601, 52.421, 18.333, 1770422400],
  [602, 58.536, 11.915, 1771182000],
  [611, 43.379, 23.118, 1766455200],
  [612, 41.616, -95.949, 1775401200],
  [613, 46.7, 42.919, 1773997200],
  [615, 53.31, 16.938, 1771603200],
  [616, 46.369, 6.276, 1767330000],
  [620, 44.749, 28, 1765947600],
  [621, 59.114, 56.069, 1769353200],
  [622, 48.154, 22.647, 1767916800],
  [701, 55.928, 160.527, 1791741600],
  [711, 20.994, -4.888, 1772175600],
  [721, 25.267, 10.274, 1774958400],
  [731, 21.908, 27.385, 1780048800],
  [741, 56.721, 161.373, 1787598000],
  [751, 26.66, -0.734, 1782050400],
  [761, 26.147, -0.669, 1775329200],
  [762, 56.745, 161.509, 1794895200],
  [771, 8.736, 71.64, 1782180000],
  [781, 36.858, -96.084, 1780977600],
  [800, 27.543, -3.131, 1785960000],
  [801, -14.749, 80.463, 1791352800],
  [802, 39.428, -85.782, 1780383600],
  [803, -55.612, 79.867, 1785366000],
  [804, 52.58, 20.411, 1765641600],
];

/** The codes of the live service (fixtures/owm-truth/conditions.tsv). */
function liveCodes(): number[] {
  const text = readFileSync(
    new URL('../../fixtures/owm-truth/conditions.tsv', import.meta.url),
    'utf8',
  );
  return text
    .split('\n')
    .filter((line) => /^\d{3}\t/.test(line))
    .map((line) => Number(line.slice(0, 3)));
}

let world: World;
beforeAll(async () => {
  world = await testWorld();
});

describe('every condition code is reachable', () => {
  it('has an example for every code of the live service, and only those', () => {
    const codes = liveCodes();
    expect(codes).toHaveLength(55);
    expect(EXAMPLES.map(([id]) => id)).toStrictEqual([...codes].sort((a, b) => a - b));
    expect(codes.every((id) => CONDITIONS.has(id))).toBe(true);
  });

  it.each(EXAMPLES)('%i at %f, %f (%i)', (id, lat, lon, dt) => {
    expect(world.observe(lat, lon, dt).conditionId).toBe(id);
  });

  it('gives each rare code where it belongs', () => {
    const at = (code: number): readonly [number, number, number, number] => {
      const example = EXAMPLES.find(([id]) => id === code);
      if (!example) throw new Error(`no example of ${code}`);
      return example;
    };
    const [, ashLat, ashLon] = at(762);
    const nearest = Math.min(
      ...VOLCANOES.map(([, vLat, vLon]) => distanceKm(ashLat, ashLon, vLat, vLon)),
    );
    expect(nearest).toBeLessThanOrEqual(ASH_RADIUS_KM);
    const [, tornadoLat, tornadoLon, tornadoDt] = at(781);
    const tornado = world.observe(tornadoLat, tornadoLon, tornadoDt);
    expect(tornado.tempC).toBeGreaterThan(18);
    expect(Math.abs(tornadoLat)).toBeGreaterThan(22);
    for (const code of [731, 751, 761]) {
      const [, lat, lon, dt] = at(code);
      const o = world.observe(lat, lon, dt);
      expect(o.humidity, `${code}`).toBeLessThan(45);
      expect(o.tempC, `${code}`).toBeGreaterThan(0);
    }
    for (const code of [701, 741]) {
      const [, lat, lon, dt] = at(code);
      expect(world.observe(lat, lon, dt).humidity, `${code}`).toBeGreaterThanOrEqual(95);
    }
  });
});
