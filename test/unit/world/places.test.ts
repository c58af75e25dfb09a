import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceKm } from '../../../src/world/geo.js';
import { readPlacesTable } from '../../../src/world/places-layout.js';
import { loadPlaces, NAME_RADIUS_KM, type PlaceIndex } from '../../../src/world/places.js';
import { buildDataModule, placesBytes, sequence } from '../../helpers/world.js';

let bytes: Uint8Array;
let index: PlaceIndex;

beforeAll(async () => {
  bytes = await placesBytes();
  index = loadPlaces(bytes);
});

describe('nearest place', () => {
  it.each([
    ['London', 51.5074, -0.1278, { id: 2643743, name: 'London', country: 'GB' }],
    ['Tokyo', 35.6762, 139.6503, { id: 1850147, name: 'Tokyo', country: 'JP' }],
    ['Sydney', -33.8688, 151.2093, { id: 2147714, name: 'Sydney', country: 'AU' }],
    ['São Paulo', -23.5505, -46.6333, { id: 3448439, name: 'São Paulo', country: 'BR' }],
    ['Reykjavík', 64.1466, -21.9426, { id: 3413829, name: 'Reykjavík', country: 'IS' }],
    ['Kathmandu', 27.7172, 85.324, { id: 1283240, name: 'Kathmandu', country: 'NP' }],
    // Across the antimeridian: Taveuni (west of it) is named after Labasa on Vanua Levu (east).
    ['Taveuni', -16.85, -179.97, { id: 2204582, name: 'Labasa', country: 'FJ' }],
    ['Bering Sea, 179.9°W', 63.06, -179.9, { id: 2126710, name: 'Beringovskiy', country: 'RU' }],
    ['open Pacific', 0, -140, { id: 0, name: '' }],
    ['North Pole', 90, 0, { id: 0, name: '' }],
    ['South Pole', -90, 0, { id: 0, name: '' }],
  ])('%s', (_label, lat, lon, place) => {
    expect(index.nearest(lat, lon).place).toStrictEqual(place);
  });

  it('agrees with a brute-force search everywhere, poles and antimeridian included', () => {
    const t = readPlacesTable(bytes);
    const next = sequence(42);
    const points: [number, number][] = [
      [89.99, 10],
      [-89.99, -170],
      [78.2, 15.6],
      [-16.43, 180],
      [-16.43, -180],
      [63.06, 179.99],
    ];
    for (let k = 0; k < 150; k++) points.push([next() * 180 - 90, next() * 360 - 180]);
    // Land-heavy samples too, where many places compete.
    for (let k = 0; k < 150; k++) points.push([35 + next() * 25, -10 + next() * 40]);
    for (const [lat, lon] of points) {
      let best = { id: 0, score: Infinity };
      for (let i = 0; i < t.count; i++) {
        const placeLat = (t.lat[i] ?? 0) / 1e5;
        if (Math.abs(placeLat - lat) > 1) continue; // 1° of latitude is 111 km
        const km = distanceKm(lat, lon, placeLat, (t.lon[i] ?? 0) / 1e5);
        if (km > NAME_RADIUS_KM) continue;
        const score = km / (1 + 0.2 * Math.log10(Math.max(t.population[i] ?? 0, 500) / 500));
        if (score < best.score) best = { id: t.id[i] ?? 0, score };
      }
      expect(index.nearest(lat, lon).place.id, `${lat}, ${lon}`).toBe(best.id);
    }
  });

  it('visits exactly the places within a radius, at the distances a brute-force search finds', () => {
    const t = readPlacesTable(bytes);
    const next = sequence(43);
    const points: [number, number][] = [
      [89.8, 10],
      [-89.8, -170],
      [78.2, 15.6],
      [-16.8, 179.99],
      [-16.8, -179.99],
      [51.5, -0.1],
      [35.68, 139.65],
    ];
    for (let k = 0; k < 100; k++) points.push([next() * 180 - 90, next() * 360 - 180]);
    for (let k = 0; k < 100; k++) points.push([35 + next() * 25, -10 + next() * 40]);
    const radiusKm = 40;
    for (const [lat, lon] of points) {
      const expected: number[][] = [];
      for (let i = 0; i < t.count; i++) {
        const placeLat = (t.lat[i] ?? 0) / 1e5;
        if (Math.abs(placeLat - lat) > 1) continue;
        const km = distanceKm(lat, lon, placeLat, (t.lon[i] ?? 0) / 1e5);
        if (km <= radiusKm) expected.push([km, t.elevation[i] ?? 0, t.population[i] ?? 0]);
      }
      const visited: number[][] = [];
      index.forEachWithin(lat, lon, radiusKm, (km, elevation, population) =>
        visited.push([km, elevation, population]),
      );
      const order = (a: number[], b: number[]): number =>
        (a[0] ?? 0) - (b[0] ?? 0) || (a[1] ?? 0) - (b[1] ?? 0) || (a[2] ?? 0) - (b[2] ?? 0);
      expect(visited.sort(order), `${lat}, ${lon}`).toEqual(expected.sort(order));
    }
  });

  it('takes microseconds', () => {
    const next = sequence(7);
    const started = performance.now();
    const n = 20_000;
    for (let k = 0; k < n; k++) index.nearest(40 + next() * 15, -5 + next() * 30);
    const micros = ((performance.now() - started) / n) * 1000;
    console.log(`nearest place in Europe: ${micros.toFixed(1)} µs per lookup`);
    expect(micros).toBeLessThan(200);
  });
});

describe('buildPlaces', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'weather-places-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const row = (cells: (string | number)[]): string => `${cells.join('\t')}\n`;
  const geoname = (
    id: number,
    name: string,
    lat: number,
    lon: number,
    cc: string,
    pop: number,
    elev: string,
    dem: number,
  ): string =>
    row([
      id,
      name,
      name,
      '',
      lat,
      lon,
      'P',
      'PPL',
      cc,
      '',
      '01',
      '',
      '',
      '',
      pop,
      elev,
      dem,
      'Etc/UTC',
      '2024-01-01',
    ]);

  it('writes an index that reads back exactly, and skips work when it is up to date', async () => {
    const { buildPlaces } = await buildDataModule();
    const source = join(dir, 'cities.txt');
    const out = join(dir, 'out', 'places.bin');
    writeFileSync(
      source,
      geoname(1, 'Zürich', 47.36667, 8.55, 'CH', 341730, '', 409) +
        geoname(2, 'Eastmost', -16.5, 179.99, 'FJ', 600, '12', 5) +
        geoname(3, 'Westmost', -16.5, -179.99, 'FJ', 700, '', -9999),
    );
    // A table from a minute ago: written in the same clock tick as the index, it would not be
    // older than the index (file times are as coarse as the kernel's clock tick).
    const earlier = new Date(Date.now() - 60_000);
    utimesSync(source, earlier, earlier);
    const first = buildPlaces({ source, out });
    // The three of the table and the live service's Globe at 0,0.
    expect(first).toMatchObject({ built: true, places: 4 });
    const places = loadPlaces(readFileSync(out));
    expect(places.size).toBe(4);
    expect(places.nearest(47.37, 8.54)).toStrictEqual({
      place: { id: 1, name: 'Zürich', country: 'CH' },
      distanceKm: expect.closeTo(0.839, 3) as number,
      population: 341730,
      elevationM: 409,
      zone: 'Etc/UTC',
    });
    expect(places.nearest(0.01, -0.01, 25)).toStrictEqual({
      place: { id: 6295630, name: 'Globe' },
      distanceKm: expect.closeTo(1.573, 3) as number,
      population: 0,
      elevationM: 0,
      zone: 'Etc/GMT',
    });
    expect(places.nearest(-16.5, 179.98)).toMatchObject({ place: { id: 2 }, elevationM: 12 });
    // GeoNames' -9999 "no DEM value" becomes sea level.
    expect(places.nearest(-16.5, -179.98)).toMatchObject({ place: { id: 3 }, elevationM: 0 });

    expect(buildPlaces({ source, out })).toMatchObject({ built: false });
    const later = new Date(Date.now() + 5000);
    utimesSync(source, later, later);
    expect(buildPlaces({ source, out })).toMatchObject({ built: true });
  });

  it('rejects bytes that are not a places index', () => {
    expect(() => loadPlaces(new Uint8Array(100))).toThrow(/unknown format/);
    expect(() => loadPlaces(new Uint8Array(10))).toThrow(/truncated/);
  });
});
