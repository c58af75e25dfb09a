import { openSync, readFileSync, readSync } from 'node:fs';
import { readDataFile } from '../core/data-files.js';
import type { Platform } from '../core/env.js';
import { readClimateTable } from './climate-layout.js';
import { Climatology } from './climatology.js';
import { createWorld } from './model.js';
import type { PositionedRead } from './places-layout.js';
import { loadPlaces, openPlaces, type PlaceIndex } from './places.js';
import { tabledUtcOffsets } from './timezone.js';
import type { World } from './types.js';
import { openZonesFile, readFromBytes, type ZonesFile } from './zones-layout.js';

export type { Place, PrecipitationVolume, World, WorldObservation } from './types.js';

/**
 * data/ sits at the repository root: one level up from the bundle in dist/, two levels up from
 * this file when it runs from source (tests). A function, not a constant: the single executable
 * has no `import.meta.url` to resolve, and never asks.
 */
function dataDirectories(): URL[] {
  return [new URL('../data/', import.meta.url), new URL('../../data/', import.meta.url)];
}

function readFromDataDirectory(name: string): Promise<Uint8Array> {
  return readDataFile(
    name,
    dataDirectories(),
    'run `npm run build` to generate it (the embedded world model needs it)',
  );
}

/** A data file opened for positioned reads, and the same file read whole. */
interface OpenedFile {
  readonly read: PositionedRead;
  readonly readAll: () => Uint8Array;
}

/**
 * `name` in the first data directory that has it, opened for positioned reads (and never
 * closed: the process reads it as long as it runs). Undefined when none has it.
 */
function openInDataDirectory(name: string): OpenedFile | undefined {
  for (const directory of dataDirectories()) {
    let fd: number;
    try {
      fd = openSync(new URL(name, directory), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    return {
      read: (target, position) => {
        for (let done = 0; done < target.length;) {
          const read = readSync(fd, target, done, target.length - done, position + done);
          if (read === 0) throw new Error(`data/${name} is truncated`);
          done += read;
        }
      },
      readAll: () => readFileSync(fd),
    };
  }
  return undefined;
}

/** The places file of the data directory, opened once per process. */
let openedPlaces: PlaceIndex | undefined;
/** Likewise the zones file. */
let openedZones: ZonesFile | undefined;

/**
 * The places index of data/places.bin read a cell at a time (positioned reads): a lookup reads
 * a few kilobytes, not the whole file. Undefined when no candidate directory has the file.
 */
function openPlacesInDataDirectory(): PlaceIndex | undefined {
  if (openedPlaces !== undefined) return openedPlaces;
  const file = openInDataDirectory('places.bin');
  if (file !== undefined) openedPlaces = openPlaces(file.read, file.readAll);
  return openedPlaces;
}

/** The UTC offsets of data/zones.bin, a zone's transitions read when it is first asked about. */
async function openZonesInDataDirectory(): Promise<ZonesFile> {
  if (openedZones !== undefined) return openedZones;
  const file = openInDataDirectory('zones.bin');
  openedZones = openZonesFile(
    file?.read ?? readFromBytes(await readFromDataDirectory('zones.bin')),
  );
  return openedZones;
}

/**
 * Loads the world model: the places index (read a cell at a time from data/, or whole from what
 * the platform hands over), the climatology (typed-array views over the file's bytes) and the
 * UTC offsets of every zone (read a zone at a time); everything else is computed on demand.
 */
export async function loadWorld(platform: Platform = {}): Promise<World> {
  const { readData } = platform;
  const places =
    readData !== undefined
      ? loadPlaces(await readData('places.bin'))
      : (openPlacesInDataDirectory() ?? loadPlaces(await readFromDataDirectory('places.bin')));
  const climatology = new Climatology(
    readClimateTable(await (readData ?? readFromDataDirectory)('climate.bin')),
  );
  const zones =
    readData !== undefined
      ? openZonesFile(readFromBytes(await readData('zones.bin')))
      : await openZonesInDataDirectory();
  return createWorld(places, climatology, tabledUtcOffsets(zones));
}
