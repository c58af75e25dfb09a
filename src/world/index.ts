import { readFile } from 'node:fs/promises';
import { createWorld } from './model.js';
import { loadPlaces } from './places.js';
import { utcOffsetSeconds } from './timezone.js';
import type { World } from './types.js';

export type { Place, PrecipitationVolume, World, WorldObservation } from './types.js';

export interface LoadWorldOptions {
  /** Reads a data file by name (e.g. `places.bin`); the single executable passes its own. */
  readonly readData?: (name: string) => Promise<Uint8Array>;
}

/**
 * data/ sits at the repository root: one level up from the bundle in dist/, two levels up from
 * this file when it runs from source (tests).
 */
const DATA_DIRECTORIES = ['../data/', '../../data/'];

async function readFromDataDirectory(name: string): Promise<Uint8Array> {
  for (const directory of DATA_DIRECTORIES) {
    try {
      return await readFile(new URL(directory + name, import.meta.url));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new Error(
    `data/${name} is missing: run \`npm run build\` to generate it (the embedded world model needs it)`,
  );
}

/** Loads the world model: reads the places index once; everything else is computed on demand. */
export async function loadWorld(options: LoadWorldOptions = {}): Promise<World> {
  const read = options.readData ?? readFromDataDirectory;
  const places = loadPlaces(await read('places.bin'));
  // ICU loads its time-zone data on first use (about 15 ms here): pay that while loading, not in
  // the first observation.
  utcOffsetSeconds('Europe/London', 0);
  return createWorld(places);
}
