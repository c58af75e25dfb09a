/**
 * Columns of the GeoNames "geoname" table (cities500.txt and its kin), by name: the one table the
 * names index (src/places/build.ts), the places index (scripts/build-data.mjs) and the tests read
 * it through.
 */
export const GEONAMES_COLUMN = {
  id: 0,
  name: 1,
  asciiName: 2,
  /** Comma-separated. */
  alternateNames: 3,
  lat: 4,
  lon: 5,
  /** PPLC a capital, PPLA a first-order seat, PPLX a section of a populated place… */
  featureCode: 7,
  country: 8,
  admin1: 10,
  population: 14,
  elevation: 15,
  dem: 16,
  zone: 17,
} as const;
