import { UsageError } from '../core/errors.js';
import { foldName } from './fold.js';

/** "Paris", "Paris, FR", "Springfield, US-IL": a name and, optionally, where to look for it. */
export interface PlaceQuery {
  readonly name: string;
  readonly country?: string;
  readonly region?: string;
}

const QUALIFIER = /^([A-Za-z]{2})(?:-([A-Za-z0-9]{1,20}))?$/;
export const QUERY_FORMS =
  '"Paris", "Paris, FR" or "Springfield, US-IL" (country code, region code)';

/** Splits "Springfield, US-IL"; throws a UsageError for text that is no place query. */
export function parsePlaceQuery(text: string): PlaceQuery {
  const comma = text.lastIndexOf(',');
  const name = (comma < 0 ? text : text.slice(0, comma)).trim();
  if (foldName(name) === '')
    throw new UsageError(`no place name in "${text}"`, `e.g. ${QUERY_FORMS}`);
  if (comma < 0) return { name };
  const match = QUALIFIER.exec(text.slice(comma + 1).trim());
  if (!match) {
    throw new UsageError(
      `"${text.slice(comma + 1).trim()}" after the comma is not a country code or country-region code`,
      `e.g. ${QUERY_FORMS}`,
    );
  }
  const [, country = '', region] = match;
  return region === undefined
    ? { name, country: country.toUpperCase() }
    : { name, country: country.toUpperCase(), region: region.toUpperCase() };
}
