import { beforeAll, describe, expect, it } from 'vitest';
import { loadPlaces, openPlaces, type PlaceIndex } from '../../../src/world/places.js';
import { placesBytes, sequence } from '../../helpers/world.js';

let bytes: Uint8Array;
let whole: PlaceIndex;

beforeAll(async () => {
  bytes = await placesBytes();
  whole = loadPlaces(bytes);
});

/** The index over `bytes` read through positioned reads, counting the bytes read. */
function opened(): { index: PlaceIndex; bytesRead: () => number } {
  let total = 0;
  const index = openPlaces(
    (target, position) => {
      if (position + target.length > bytes.length) throw new Error('places index is truncated');
      target.set(bytes.subarray(position, position + target.length));
      total += target.length;
    },
    () => {
      throw new Error('the file is never read whole on a little-endian host');
    },
  );
  return { index, bytesRead: () => total };
}

/** Everything a lookup tells: the nearest place and the places within 40 km. */
function lookup(index: PlaceIndex, lat: number, lon: number): unknown {
  const within: number[][] = [];
  index.forEachWithin(lat, lon, 40, (km, elevation, population) =>
    within.push([km, elevation, population]),
  );
  return { nearest: index.nearest(lat, lon), within };
}

describe('the places index read a cell at a time', () => {
  it('answers every lookup as the index read whole does', () => {
    const { index } = opened();
    const next = sequence(44);
    const points: [number, number][] = [
      [51.5074, -0.1278],
      [89.99, 10],
      [-16.85, -179.97],
      [63.06, 179.99],
    ];
    for (let k = 0; k < 300; k++) points.push([next() * 180 - 90, next() * 360 - 180]);
    for (let k = 0; k < 300; k++) points.push([35 + next() * 25, -10 + next() * 40]);
    for (const [lat, lon] of points) {
      expect(lookup(index, lat, lon), `${lat}, ${lon}`).toEqual(lookup(whole, lat, lon));
    }
  });

  it('reads a few per cent of the file for a lookup in London', () => {
    const { index, bytesRead } = opened();
    expect(index.nearest(51.5074, -0.1278).place.name).toBe('London');
    expect(bytesRead()).toBeLessThan(bytes.length / 20);
  });
});
