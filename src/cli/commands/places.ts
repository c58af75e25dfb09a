import { configDir } from '../../config/paths.js';
import { readSavedPlaces } from '../../config/places.js';
import { ConfigStore } from '../../config/store.js';
import type { Platform } from '../../core/env.js';
import { UsageError } from '../../core/errors.js';
import { parsePlaceQuery } from '../../places/query.js';
import { alignColumns } from '../../render/columns.js';
import type { IO } from '../io.js';
import { placeNames, placeRows, resolvePlace } from '../place-names.js';
import { bind, type Invoke } from '../program.js';
import { PLACES_ADD, PLACES_LIST, PLACES_REMOVE, PLACES_SEARCH } from '../spec.js';

type PlaceOutput = 'table' | 'ndjson' | 'names';

/** `weather places …`: places by name in the GeoNames data, and the user's saved places. */
export function placesCommands(io: IO, platform: Platform): Record<string, Invoke> {
  const store = (): ConfigStore => new ConfigStore(configDir(io.env));
  const chosen = (output: PlaceOutput | undefined) =>
    output ?? (io.stdoutIsTTY ? 'table' : 'ndjson');
  const ndjson = (output: PlaceOutput | undefined) => chosen(output) === 'ndjson';
  return {
    'places search': bind(PLACES_SEARCH, async ([text], { limit, output }) => {
      const found = (await placeNames(platform)).search(parsePlaceQuery(text), limit);
      if (ndjson(output)) {
        for (const place of found) io.stdout.write(`${JSON.stringify(place)}\n`);
      } else if (found.length > 0) {
        const rows = [['PLACE', 'POPULATION', 'LAT,LON'], ...placeRows(found)];
        io.stdout.write(`${alignColumns(rows)}\n`);
      }
      if (found.length === 0) io.stderr.write(`weather: no place name starts with "${text}"\n`);
      return 0;
    }),
    'places add': bind(PLACES_ADD, async ([name, lat, lon], flags) => {
      let at: { lat: number; lon: number };
      if (flags.place !== undefined) {
        if (lat !== undefined) throw new UsageError('give <lat> <lon> or --place, not both');
        const place = await resolvePlace(flags.place, flags.first === true, platform);
        at = { lat: place.lat, lon: place.lon };
      } else if (lat === undefined || lon === undefined) {
        throw new UsageError(
          'places add needs <lat> <lon> or --place',
          'e.g. weather places add home 51.5 -0.1, or weather places add home --place "London, GB"',
        );
      } else {
        if (flags.first) throw new UsageError('--first goes with --place');
        at = { lat, lon };
      }
      store().savePlace(name, at);
      return 0;
    }),
    'places list': bind(PLACES_LIST, async (_args, { output }) => {
      const saved = [...readSavedPlaces(configDir(io.env))].sort(([a], [b]) => a.localeCompare(b));
      if (chosen(output) === 'names') {
        for (const [name] of saved) io.stdout.write(`${name}\n`);
      } else if (ndjson(output)) {
        for (const [name, { lat, lon }] of saved) {
          io.stdout.write(`${JSON.stringify({ name, lat, lon })}\n`);
        }
      } else if (saved.length > 0) {
        const rows = [
          ['NAME', 'LAT,LON'],
          ...saved.map(([name, p]) => [name, `${p.lat},${p.lon}`]),
        ];
        io.stdout.write(`${alignColumns(rows)}\n`);
      } else if (chosen(output) === 'table') {
        io.stderr.write('weather: no saved places; save one: weather places add home 51.5 -0.1\n');
      }
      return 0;
    }),
    'places remove': bind(PLACES_REMOVE, async ([name]) => {
      store().removePlace(name);
      return 0;
    }),
  };
}
