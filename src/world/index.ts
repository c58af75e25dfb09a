import {
  openInstalledDataFile,
  readFromBytes,
  readInstalledDataFile,
  type PositionedRead,
} from '../core/data-files.js';
import type { Platform } from '../core/env.js';
import { readClimateTable } from './climate-layout.js';
import { Climatology } from './climatology.js';
import { openLocalNamesFile, type LocalNamesFile } from './local-names-layout.js';
import { createWorld, type LocalName } from './model.js';
import { loadPlaces, openPlaces, type PlaceIndex } from './places.js';
import { tabledUtcOffsets } from './timezone.js';
import type { World } from './types.js';
import { openZonesFile, type ZonesFile } from './zones-layout.js';

export type { Place, PrecipitationVolume, World, WorldObservation } from './types.js';

function readFromDataDirectory(name: string): Promise<Uint8Array> {
  return readInstalledDataFile(
    name,
    'run `npm run build` to generate it (the embedded world model needs it)',
  );
}

/** The places file of the data directory, opened once per process. */
let openedPlaces: PlaceIndex | undefined;
/** Likewise the zones file. */
let openedZones: ZonesFile | undefined;
/** Likewise the local names file, opened when a language other than English first asks. */
let openedLocalNames: Promise<LocalNamesFile> | undefined;

const LOCAL_NAMES = 'local-names.bin';

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
 * Positioned reads of `data/<name>`: over the bytes the platform hands over, else from the file of
 * this installation, or from its bytes read whole (`whole`, or a data directory the file cannot be
 * opened in, which then says why).
 */
async function positionedRead(
  name: string,
  { readData }: Platform = {},
  whole = false,
): Promise<PositionedRead> {
  if (readData !== undefined) return readFromBytes(await readData(name), name);
  const file = whole ? undefined : openInstalledDataFile(name);
  return file?.read ?? readFromBytes(await readFromDataDirectory(name), name);
}

/** The UTC offsets of data/zones.bin, a zone's transitions read when it is first asked about. */
async function openZonesInDataDirectory(): Promise<ZonesFile> {
  if (openedZones !== undefined) return openedZones;
  openedZones = openZonesFile(await positionedRead('zones.bin'));
  return openedZones;
}

/**
 * The names of data/local-names.bin: read whole (`whole`), or its index and then a language's
 * names when a place of the file is first asked about in that language (a query reads a few
 * kilobytes).
 */
function openLocalNamesInDataDirectory(whole: boolean): Promise<LocalNamesFile> {
  openedLocalNames ??= positionedRead(LOCAL_NAMES, {}, whole).then(openLocalNamesFile);
  return openedLocalNames;
}

/** Place names in the API's languages, their file opened on first use. */
function localNames(platform: Platform, options: WorldOptions): LocalName {
  const { readData } = platform;
  let opened: Promise<LocalNamesFile> | undefined;
  return async (id, lang) => {
    opened ??=
      readData !== undefined
        ? positionedRead(LOCAL_NAMES, platform).then(openLocalNamesFile)
        : openLocalNamesInDataDirectory(options.allPlaces === true);
    return (await opened).nameOf(id, lang);
  };
}

export interface WorldOptions {
  /**
   * Read data/places.bin whole at once, for a process that answers many places (`weather serve`):
   * a cell read when first asked about costs a system call, about a twentieth of the time to
   * answer a point nobody asked about before. A single query reads a few cells instead. Such a
   * process reads data/local-names.bin whole too, when a language other than English first asks.
   */
  readonly allPlaces?: boolean;
}

/**
 * Loads the world model: the places index (read a cell at a time from data/, or whole from what
 * the platform hands over), the climatology (typed-array views over the file's bytes) and the
 * UTC offsets of every zone (read a zone at a time); everything else, the places' names in other
 * languages included, is computed or read on demand.
 */
export async function loadWorld(
  platform: Platform = {},
  options: WorldOptions = {},
): Promise<World> {
  const { readData } = platform;
  const places =
    readData !== undefined
      ? loadPlaces(await readData('places.bin'))
      : ((options.allPlaces === true ? undefined : openPlacesInDataDirectory()) ??
        loadPlaces(await readFromDataDirectory('places.bin')));
  const climatology = new Climatology(
    readClimateTable(await (readData ?? readFromDataDirectory)('climate.bin')),
  );
  const zones =
    readData !== undefined
      ? openZonesFile(await positionedRead('zones.bin', platform))
      : await openZonesInDataDirectory();
  return createWorld(places, climatology, tabledUtcOffsets(zones), localNames(platform, options));
}
