// Builds data/names.bin, the index of place names behind `--place` and `weather places search`,
// from the same GeoNames table as data/places.bin (scripts/build-data.mjs). What goes into it is
// src/places/build.ts, bundled here in memory.
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importBundled } from './bundle.mjs';
import { DEFAULT_SOURCE, GEONAMES_MODULE, mtimeMs, writeAtomically } from './build-data.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CODE = [
  'src/places/build.ts',
  'src/places/names-layout.ts',
  'src/places/fold.ts',
  GEONAMES_MODULE,
];
export const DEFAULT_NAMES_OUT = join(ROOT, 'data', 'names.bin');

/**
 * Writes the names index `out` from the GeoNames table `source`, atomically. Does nothing when
 * `out` is newer than the table, this script and the code that lays the file out.
 * @param {{ source?: string, out?: string }} [options]
 * @returns {Promise<{ built: boolean, out: string, bytes: number }>}
 */
export async function buildNames({ source = DEFAULT_SOURCE, out = DEFAULT_NAMES_OUT } = {}) {
  const outTime = mtimeMs(out);
  const sourceTime = mtimeMs(source);
  if (sourceTime === undefined) throw new Error(`GeoNames table not found: ${source}`);
  const codeTime = Math.max(
    mtimeMs(fileURLToPath(import.meta.url)) ?? 0,
    ...CODE.map((file) => mtimeMs(join(ROOT, file)) ?? 0),
  );
  if (outTime !== undefined && outTime > sourceTime && outTime > codeTime) {
    return { built: false, out, bytes: statSync(out).size };
  }
  /** @type {typeof import('../src/places/build.js')} */
  const { buildNamesTable } = await importBundled('src/places/build.ts');
  const bytes = buildNamesTable(readFileSync(source, 'utf8'));
  writeAtomically(out, bytes);
  return { built: true, out, bytes: bytes.length };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await buildNames();
  console.log(
    `${result.out}: ${result.built ? 'written' : 'up to date'} (${(result.bytes / 1e6).toFixed(1)} MB)`,
  );
}
