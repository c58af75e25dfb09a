import { foldName } from './fold.js';
import { writeNamesTable, type NamedPlaceRecord } from './names-layout.js';

/** Columns of the GeoNames "geoname" table. */
const COLUMN = {
  name: 1,
  asciiName: 2,
  alternateNames: 3,
  lat: 4,
  lon: 5,
  country: 8,
  admin1: 10,
  population: 14,
};

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
    const lat = Number(f[COLUMN.lat]);
    const lon = Number(f[COLUMN.lon]);
    const name = f[COLUMN.name] ?? '';
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || name === '') continue;
    const population = Number(f[COLUMN.population]) || 0;
    const alternates =
      population >= ALTERNATES_FROM_POPULATION ? (f[COLUMN.alternateNames] ?? '').split(',') : [];
    places.push({
      name,
      lat,
      lon,
      country: (f[COLUMN.country] ?? '').toUpperCase(),
      region: f[COLUMN.admin1] ?? '',
      population,
      keys: [name, f[COLUMN.asciiName] ?? '', ...alternates].map(foldName),
    });
  }
  return writeNamesTable(places);
}
