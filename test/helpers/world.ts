import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Platform } from '../../src/core/env.js';
import { loadWorld } from '../../src/world/index.js';
import type { World } from '../../src/world/types.js';

/** scripts/build-data.mjs, typed by the checker from its JSDoc; it bundles on import, so lazily. */
export function buildDataModule(): Promise<typeof import('../../scripts/build-data.mjs')> {
  return import('../../scripts/build-data.mjs');
}

/** scripts/build-climate.mjs, likewise. */
export function buildClimateModule(): Promise<typeof import('../../scripts/build-climate.mjs')> {
  return import('../../scripts/build-climate.mjs');
}

/** The code that decides the data files' bytes: checkouts that differ in it build apart. */
const DATA_CODE = [
  'scripts/build-data.mjs',
  'scripts/build-climate.mjs',
  'scripts/build-names.mjs',
  'scripts/build-zones.mjs',
  'scripts/build-local-names.mjs',
  'src/world/places-layout.ts',
  'src/world/zones-layout.ts',
  'src/world/climate-layout.ts',
  'src/world/climate-stations.ts',
  'src/world/local-names-layout.ts',
  'src/core/lang.ts',
  'src/places/build.ts',
  'src/places/names-layout.ts',
  'src/places/geonames.ts',
];

function dataCodeDigest(): string {
  const hash = createHash('sha256');
  for (const file of DATA_CODE)
    hash.update(readFileSync(new URL(`../../${file}`, import.meta.url)));
  return hash.digest('hex').slice(0, 12);
}

/**
 * The tests build the real places index from the installed GeoNames table into one folder shared
 * by all test files and runs; buildPlaces is a no-op while it is up to date, and writes atomically
 * when two test processes race. The folder is named for the code that lays the files out, so that
 * two checkouts of different formats on one machine never overwrite each other's files.
 */
export const TEST_DATA_DIR = join(tmpdir(), `weather-world-test-data-${dataCodeDigest()}`);

let world: Promise<World> | undefined;

export function placesBytes(): Promise<Uint8Array> {
  return buildDataModule().then((m) => {
    m.buildPlaces({ out: join(TEST_DATA_DIR, 'places.bin') });
    return readFile(join(TEST_DATA_DIR, 'places.bin'));
  });
}

export function climateBytes(): Promise<Uint8Array> {
  return buildClimateModule().then((m) => {
    m.buildClimate({ out: join(TEST_DATA_DIR, 'climate.bin') });
    return readFile(join(TEST_DATA_DIR, 'climate.bin'));
  });
}

/** The names index (data/names.bin) built into the test data folder, as placesBytes does. */
export async function namesBytes(): Promise<Uint8Array> {
  const { buildNames } = await import('../../scripts/build-names.mjs');
  await buildNames({ out: join(TEST_DATA_DIR, 'names.bin') });
  return readFile(join(TEST_DATA_DIR, 'names.bin'));
}

/** The UTC offsets of every zone (data/zones.bin) built into the test data folder, likewise. */
export async function zonesBytes(): Promise<Uint8Array> {
  const { buildZones } = await import('../../scripts/build-zones.mjs');
  await buildZones({ out: join(TEST_DATA_DIR, 'zones.bin') });
  return readFile(join(TEST_DATA_DIR, 'zones.bin'));
}

/** The places' names in the API's languages (data/local-names.bin), likewise. */
export async function localNamesBytes(): Promise<Uint8Array> {
  const { buildLocalNames } = await import('../../scripts/build-local-names.mjs');
  await buildLocalNames({ out: join(TEST_DATA_DIR, 'local-names.bin') });
  return readFile(join(TEST_DATA_DIR, 'local-names.bin'));
}

const BUILDERS: Readonly<Record<string, () => Promise<Uint8Array>>> = {
  'places.bin': placesBytes,
  'names.bin': namesBytes,
  'climate.bin': climateBytes,
  'zones.bin': zonesBytes,
  'local-names.bin': localNamesBytes,
};

const dataFiles = new Map<string, Promise<Uint8Array>>();

/**
 * Where in-process runs of the CLI read data files from: the test data folder, built on first
 * use, so the unit tests need no `npm run build`. Each file is read once per test process: the
 * places index is megabytes, and many runs load the world.
 */
export const TEST_PLATFORM: Platform = {
  readData: (name) => {
    const read =
      dataFiles.get(name) ??
      BUILDERS[name]?.() ??
      placesBytes().then(() => readFile(join(TEST_DATA_DIR, name)));
    dataFiles.set(name, read);
    return read;
  },
};

export function testWorld(): Promise<World> {
  world ??= loadWorld(TEST_PLATFORM);
  return world;
}

/** Unix seconds of a UTC date-time. */
export function utc(year: number, month: number, day: number, hour = 0, minute = 0): number {
  return Date.UTC(year, month - 1, day, hour, minute) / 1000;
}

/** A small deterministic generator (LCG) for sample points: the same sequence on every run. */
export function sequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 0x100000000;
  };
}
