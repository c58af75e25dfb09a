import type { Platform } from '../../core/env.js';
import { parsePlaceQuery } from '../../places/query.js';
import { alignColumns } from '../../render/columns.js';
import type { IO } from '../io.js';
import { placeNames, placeRows } from '../place-names.js';
import { bind, type Invoke } from '../program.js';
import { PLACES_SEARCH } from '../spec.js';

/** `weather places …`. */
export function placesCommands(io: IO, platform: Platform): Record<string, Invoke> {
  return {
    'places search': bind(PLACES_SEARCH, async ([text], { limit, output }) => {
      const found = (await placeNames(platform)).search(parsePlaceQuery(text), limit);
      if ((output ?? (io.stdoutIsTTY ? 'table' : 'ndjson')) === 'ndjson') {
        for (const place of found) io.stdout.write(`${JSON.stringify(place)}\n`);
      } else if (found.length > 0) {
        const rows = [['PLACE', 'POPULATION', 'LAT,LON'], ...placeRows(found)];
        io.stdout.write(`${alignColumns(rows)}\n`);
      }
      if (found.length === 0) io.stderr.write(`weather: no place name starts with "${text}"\n`);
      return 0;
    }),
  };
}
