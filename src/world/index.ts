import { readDataFile } from '../core/data-files.js';
import type { Platform } from '../core/env.js';
import { readClimateTable } from './climate-layout.js';
import { Climatology } from './climatology.js';
import { createWorld } from './model.js';
import { loadPlaces } from './places.js';
import { utcOffsetSeconds } from './timezone.js';
import type { World } from './types.js';

export type { Place, PrecipitationVolume, World, WorldObservation } from './types.js';

/**
 * data/ sits at the repository root: one level up from the bundle in dist/, two levels up from
 * this file when it runs from source (tests).
 */
function readFromDataDirectory(name: string): Promise<Uint8Array> {
  return readDataFile(
    name,
    [new URL('../data/', import.meta.url), new URL('../../data/', import.meta.url)],
    'run `npm run build` to generate it (the embedded world model needs it)',
  );
}

/**
 * Loads the world model: reads the places index and the climatology once (typed-array views over
 * the files' bytes); everything else is computed on demand.
 */
export async function loadWorld(platform: Platform = {}): Promise<World> {
  const read = platform.readData ?? readFromDataDirectory;
  const [placesBytes, climateBytes] = await Promise.all([read('places.bin'), read('climate.bin')]);
  const places = loadPlaces(placesBytes);
  const climatology = new Climatology(readClimateTable(climateBytes));
  // ICU loads its time-zone data on first use (about 15 ms here): pay that while loading, not in
  // the first observation.
  utcOffsetSeconds('Europe/London', 0);
  return createWorld(places, climatology);
}
