import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  readPlacesTable,
  writePlacesTable,
  type PlaceRecord,
  type PlacesTable,
} from '../../../src/world/places-layout.js';

/** Given in no particular order: the writer sorts them. */
const PLACES: readonly PlaceRecord[] = [
  {
    id: 3413829,
    name: 'Reykjavík',
    lat: 64.13548,
    lon: -21.89541,
    country: 'IS',
    population: 118918,
    elevation: 27.4,
    zone: 'Atlantic/Reykjavik',
  },
  {
    id: 40,
    name: 'North Pole',
    lat: 90,
    lon: 0,
    country: '',
    population: -5,
    elevation: 0,
    zone: '',
  },
  // Out of its columns' range: clamped.
  {
    id: 1850147,
    name: '東京',
    lat: 35.6895,
    lon: 139.69171,
    country: 'JP',
    population: 5e9,
    elevation: 40000,
    zone: 'Asia/Tokyo',
  },
  {
    id: 31,
    name: 'Westmost',
    lat: -16.5,
    lon: -180,
    country: 'FJ',
    population: 700,
    elevation: 0,
    zone: 'Pacific/Fiji',
  },
  {
    id: 3448439,
    name: 'São Paulo',
    lat: -23.5475,
    lon: -46.63611,
    country: 'BR',
    population: 10021295,
    elevation: 760,
    zone: 'America/Sao_Paulo',
  },
  {
    id: 30,
    name: 'Eastmost',
    lat: -16.5,
    lon: 180,
    country: 'FJ',
    population: 600,
    elevation: 12,
    zone: 'Pacific/Fiji',
  },
  {
    id: 41,
    name: 'Amundsen–Scott',
    lat: -90,
    lon: 139.27,
    country: 'AQ',
    population: 150,
    elevation: 2835,
    zone: 'Antarctica/McMurdo',
  },
  {
    id: 293842,
    name: 'עין בוקק',
    lat: 31.2,
    lon: 35.36,
    country: 'IL',
    population: 0,
    elevation: -400,
    zone: 'Asia/Jerusalem',
  },
];

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** Every record of a table with the cell it is filed under, in file order. */
function records(t: PlacesTable): object[] {
  const decoder = new TextDecoder();
  const cellOfRecord = (i: number): number =>
    t.cellStart.findIndex((start, cell) => start <= i && i < (t.cellStart[cell + 1] ?? 0));
  return Array.from({ length: t.count }, (_, i) => ({
    cell: cellOfRecord(i),
    id: t.id[i],
    name: decoder.decode(t.names.subarray(t.nameStart[i], t.nameStart[i + 1])),
    lat: t.lat[i],
    lon: t.lon[i],
    country: t.countryCodes[t.country[i] ?? 0],
    population: t.population[i],
    elevation: t.elevation[i],
    zone: t.zoneNames[t.zone[i] ?? 0],
  }));
}

/** PLACES as they read back: sorted by cell (row * 360 + col), latitude, id; 1e-5 degrees. */
const EXPECTED = [
  // South pole: row 0; lon 139.27: col 319.
  {
    cell: 319,
    id: 41,
    name: 'Amundsen–Scott',
    lat: -9000000,
    lon: 13927000,
    country: 'AQ',
    population: 150,
    elevation: 2835,
    zone: 'Antarctica/McMurdo',
  },
  {
    cell: 66 * 360 + 133,
    id: 3448439,
    name: 'São Paulo',
    lat: -2354750,
    lon: -4663611,
    country: 'BR',
    population: 10021295,
    elevation: 760,
    zone: 'America/Sao_Paulo',
  },
  // +180° and -180° are the same meridian: both in column 0.
  {
    cell: 73 * 360,
    id: 30,
    name: 'Eastmost',
    lat: -1650000,
    lon: 18000000,
    country: 'FJ',
    population: 600,
    elevation: 12,
    zone: 'Pacific/Fiji',
  },
  {
    cell: 73 * 360,
    id: 31,
    name: 'Westmost',
    lat: -1650000,
    lon: -18000000,
    country: 'FJ',
    population: 700,
    elevation: 0,
    zone: 'Pacific/Fiji',
  },
  {
    cell: 121 * 360 + 215,
    id: 293842,
    name: 'עין בוקק',
    lat: 3120000,
    lon: 3536000,
    country: 'IL',
    population: 0,
    elevation: -400,
    zone: 'Asia/Jerusalem',
  },
  {
    cell: 125 * 360 + 319,
    id: 1850147,
    name: '東京',
    lat: 3568950,
    lon: 13969171,
    country: 'JP',
    population: 0xffffffff,
    elevation: 32767,
    zone: 'Asia/Tokyo',
  },
  {
    cell: 154 * 360 + 158,
    id: 3413829,
    name: 'Reykjavík',
    lat: 6413548,
    lon: -2189541,
    country: 'IS',
    population: 118918,
    elevation: 27,
    zone: 'Atlantic/Reykjavik',
  },
  // North pole: the last row, 179.
  {
    cell: 179 * 360 + 180,
    id: 40,
    name: 'North Pole',
    lat: 9000000,
    lon: 0,
    country: '',
    population: 0,
    elevation: 0,
    zone: '',
  },
];

describe('places file layout', () => {
  const bytes = writePlacesTable(PLACES);

  it('reads back what was written', () => {
    const table = readPlacesTable(bytes);
    expect([table.count, table.latCells, table.lonCells]).toStrictEqual([8, 180, 360]);
    expect(table.countryCodes).toStrictEqual(['', 'AQ', 'BR', 'FJ', 'IL', 'IS', 'JP']);
    expect(table.zoneNames).toStrictEqual([
      '',
      'America/Sao_Paulo',
      'Antarctica/McMurdo',
      'Asia/Jerusalem',
      'Asia/Tokyo',
      'Atlantic/Reykjavik',
      'Pacific/Fiji',
    ]);
    expect(records(table)).toStrictEqual(EXPECTED);
    expect([table.cellStart[0], table.cellStart[180 * 360]]).toStrictEqual([0, 8]);
  });

  it('reads a file that does not start on an aligned address (a decoded copy)', () => {
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    expect(records(readPlacesTable(shifted.subarray(1)))).toStrictEqual(EXPECTED);
  });

  it('writes the same bytes whatever the order of the places', () => {
    expect(sha256(writePlacesTable([...PLACES].reverse()))).toBe(sha256(bytes));
  });

  // The bytes scripts/build-data.mjs wrote for these places before the writer moved here; a
  // change of layout must change VERSION, so old files are rejected rather than misread.
  it('keeps its format', () => {
    expect([bytes.length, sha256(bytes)]).toStrictEqual([
      259700,
      'e297f4d5120735cb3925d8ddbd83e26e2ee2fc80fed4092a243d5cbc2ea6d361',
    ]);
  });

  it('rejects a truncated file', () => {
    const truncated = new Error('places index is truncated');
    expect(() => readPlacesTable(bytes.subarray(0, 40))).toThrow(truncated);
    expect(() => readPlacesTable(bytes.subarray(0, bytes.length - 200_000))).toThrow(truncated);
    expect(() => readPlacesTable(bytes.subarray(0, bytes.length - 12))).toThrow(truncated);
  });

  it('rejects a file of another kind or version', () => {
    const unknown = new Error(
      'places index has an unknown format; rebuild it with `npm run build`',
    );
    const png = new Uint8Array(bytes.length);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(() => readPlacesTable(png)).toThrow(unknown);
    const nextVersion = bytes.slice();
    nextVersion[4] = 3;
    expect(() => readPlacesTable(nextVersion)).toThrow(unknown);
    // Version 1 had no zones.
    const previousVersion = bytes.slice();
    previousVersion[4] = 1;
    expect(() => readPlacesTable(previousVersion)).toThrow(unknown);
  });
});
