import { ConfigError } from '../core/errors.js';
import { parseCoordinate } from '../core/coordinates.js';
import { asObject } from '../core/json-object.js';
import { configFile, readConfigObject, UNTOUCHED } from './read.js';

/**
 * Places the user saved under a name (`weather places add home 51.5 -0.1`), kept in config.json
 * under `places` as `{ "home": { "lat": 51.5, "lon": -0.1 } }`, beside the settings and under the
 * same lock and atomic replacement (store.ts).
 */
export const PLACES_KEY = 'places';

export interface SavedPlace {
  readonly lat: number;
  readonly lon: number;
}

/** A letter, then letters, digits, - and _: a word that shells complete and never a coordinate. */
const NAME = /^[A-Za-z][A-Za-z0-9_-]{0,31}$/;
export const PLACE_NAME_RULE =
  'a letter, then up to 31 letters, digits, - or _ (e.g. home, work-2)';

export function isPlaceName(text: string): boolean {
  return NAME.test(text);
}

/** The saved place stored as `value`, or undefined when it is not one. */
function savedPlace(value: unknown): SavedPlace | undefined {
  const { lat, lon } = asObject(value) ?? {};
  if (typeof lat !== 'number' || typeof lon !== 'number') return undefined;
  const checkedLat = parseCoordinate(String(lat), 90);
  const checkedLon = parseCoordinate(String(lon), 180);
  return checkedLat === undefined || checkedLon === undefined
    ? undefined
    : { lat: checkedLat, lon: checkedLon };
}

/** The saved places of a config object, validated; a malformed entry is a ConfigError. */
export function savedPlacesOf(
  stored: Readonly<Record<string, unknown>>,
  path: string,
): ReadonlyMap<string, SavedPlace> {
  const raw = stored[PLACES_KEY];
  const places = new Map<string, SavedPlace>();
  if (raw === undefined) return places;
  const entries = asObject(raw);
  if (entries === undefined) {
    throw new ConfigError(`config file ${path}: "${PLACES_KEY}" is not an object`, UNTOUCHED);
  }
  for (const [name, value] of Object.entries(entries)) {
    const place = savedPlace(value);
    if (!isPlaceName(name) || place === undefined) {
      throw new ConfigError(
        `config file ${path}: saved place ${JSON.stringify(name)} is not a name with {"lat", "lon"}`,
        UNTOUCHED,
      );
    }
    places.set(name, place);
  }
  return places;
}

/** The saved places in the folder's config.json. */
export function readSavedPlaces(directory: string): ReadonlyMap<string, SavedPlace> {
  const path = configFile(directory);
  return savedPlacesOf(readConfigObject(path) ?? {}, path);
}
