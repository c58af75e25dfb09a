import { foldName } from './fold.js';
import { GEONAMES_COLUMN } from './geonames.js';
import { writeNamesTable, type NamedPlaceRecord } from './names-layout.js';

/**
 * Alternate names are kept for places of at least this many people: the cities people name in
 * other languages ("Munich", "Moskau", "Москва"), without the tens of thousands of spellings of
 * villages that would double the file.
 */
export const ALTERNATES_FROM_POPULATION = 15_000;

/** The names index (data/names.bin) of a GeoNames table such as cities500.txt. */
export function buildNamesTable(geonames: string): Uint8Array {
  const places: NamedPlaceRecord[] = [];
  for (const line of geonames.split('\n')) {
    if (line === '') continue;
    const f = line.split('\t');
    const lat = Number(f[GEONAMES_COLUMN.lat]);
    const lon = Number(f[GEONAMES_COLUMN.lon]);
    const name = f[GEONAMES_COLUMN.name] ?? '';
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || name === '') continue;
    const population = Number(f[GEONAMES_COLUMN.population]) || 0;
    const alternates =
      population >= ALTERNATES_FROM_POPULATION
        ? (f[GEONAMES_COLUMN.alternateNames] ?? '').split(',')
        : [];
    places.push({
      name,
      lat,
      lon,
      country: (f[GEONAMES_COLUMN.country] ?? '').toUpperCase(),
      region: f[GEONAMES_COLUMN.admin1] ?? '',
      population,
      keys: [name, f[GEONAMES_COLUMN.asciiName] ?? '', ...alternates].map(foldName),
    });
  }
  return writeNamesTable(places);
}
