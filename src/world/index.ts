import { openInstalledDataFile, readInstalledDataFile } from '../core/data-files.js';
import type { Platform } from '../core/env.js';
import { readClimateTable } from './climate-layout.js';
import { Climatology } from './climatology.js';
import { createWorld } from './model.js';
import { loadPlaces, openPlaces, type PlaceIndex } from './places.js';
import { utcOffsetSeconds } from './timezone.js';
import type { World } from './types.js';

export type { Place, PrecipitationVolume, World, WorldObservation } from './types.js';

function readFromDataDirectory(name: string): Promise<Uint8Array> {
  return readInstalledDataFile(
    name,
    'run `npm run build` to generate it (the embedded world model needs it)',
  );
}

/** The places file of the data directory, opened once per process (and never closed). */
let openedPlaces: PlaceIndex | undefined;

/**
 * The places index of data/places.bin read a cell at a time (positioned reads): a lookup reads
 * a few kilobytes, not the whole file. Undefined when no candidate directory has the file.
 */
function openPlacesInDataDirectory(): PlaceIndex | undefined {
  if (openedPlaces !== undefined) return openedPlaces;
  const file = openInstalledDataFile('places.bin');
  if (file === undefined) return undefined;
  openedPlaces = openPlaces(file.read, () => {
    const bytes = new Uint8Array(file.size);
    file.read(bytes, 0);
    return bytes;
  });
  return openedPlaces;
}

/**
 * Loads the world model: the places index (read a cell at a time from data/, or whole from what
 * the platform hands over) and the climatology (typed-array views over the file's bytes);
 * everything else is computed on demand.
 */
export async function loadWorld(platform: Platform = {}): Promise<World> {
  const read = platform.readData ?? readFromDataDirectory;
  const places =
    platform.readData !== undefined
      ? loadPlaces(await platform.readData('places.bin'))
      : (openPlacesInDataDirectory() ?? loadPlaces(await readFromDataDirectory('places.bin')));
  const climatology = new Climatology(readClimateTable(await read('climate.bin')));
  // ICU loads its time-zone data on first use (about 15 ms here): pay that while loading, not in
  // the first observation.
  utcOffsetSeconds('Europe/London', 0);
  return createWorld(places, climatology);
}
