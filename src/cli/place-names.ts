import { missingDataFile, openInstalledDataFile } from '../core/data-files.js';
import type { Platform } from '../core/env.js';
import { UsageError } from '../core/errors.js';
import {
  loadPlaceNames,
  openPlaceNames,
  placeLabel,
  type NamedPlace,
  type PlaceNames,
} from '../places/lookup.js';
import { parsePlaceQuery } from '../places/query.js';
import { alignColumns } from '../render/columns.js';

export const NAMES_FILE = 'names.bin';
/** Candidates shown when a name is ambiguous. */
const SHOWN_CANDIDATES = 5;

function openInstalledNames(): PlaceNames {
  const file = openInstalledDataFile(NAMES_FILE);
  if (file === undefined) {
    throw missingDataFile(NAMES_FILE, 'run `npm run build` to generate it (--place needs it)');
  }
  return openPlaceNames(file);
}

const loaded = new WeakMap<Platform, Promise<PlaceNames>>();

/**
 * The names index, opened on first use only: runs given coordinates never pay for it. From data/
 * it is read in parts (openPlaceNames); the single executable hands its asset's bytes over whole.
 */
export function placeNames(platform: Platform): Promise<PlaceNames> {
  let names = loaded.get(platform);
  if (names === undefined) {
    const { readData } = platform;
    names =
      readData === undefined
        ? Promise.resolve().then(openInstalledNames)
        : readData(NAMES_FILE).then(loadPlaceNames);
    loaded.set(platform, names);
  }
  return names;
}

/** One line per place: label, population, coordinates. */
export function placeRows(places: readonly NamedPlace[]): string[][] {
  return places.map((p) => [
    placeLabel(p),
    p.population.toLocaleString('en-US'),
    `${p.lat},${p.lon}`,
  ]);
}

/** The place `text` names (`--place`); a UsageError when it names none, or several of like size. */
export async function resolvePlace(
  text: string,
  first: boolean,
  platform: Platform,
): Promise<NamedPlace> {
  const query = parsePlaceQuery(text);
  const resolution = (await placeNames(platform)).resolve(query, first);
  if (resolution.kind === 'found') return resolution.place;
  if (resolution.kind === 'none') {
    throw new UsageError(
      `no place named "${text}" in the bundled GeoNames data (places of 500 people or more)`,
      `look for it: weather places search "${query.name}"; or give --lat and --lon`,
    );
  }
  const { candidates } = resolution;
  const shown = candidates.slice(0, SHOWN_CANDIDATES);
  const more = candidates.length - shown.length;
  const top = shown[0];
  throw new UsageError(
    [
      `"${text}" names ${candidates.length} places:`,
      alignColumns(placeRows(shown), '  '),
      ...(more > 0 ? [`  and ${more} more`] : []),
    ].join('\n'),
    top === undefined
      ? undefined
      : `name one, e.g. --place "${placeLabel(top)}", or take the most populous with --first`,
  );
}
