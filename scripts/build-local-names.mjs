// Builds data/local-names.bin, the names of places in the API's languages, from CLDR's exemplar
// cities (the npm package `cldr-dates-full`): CLDR names the namesake city of each time zone
// (Moscow for Europe/Moscow, São Paulo for America/Sao_Paulo) in every locale. Each zone's city is
// matched to a place of the places index (the GeoNames table data/places.bin is built from), and
// the file keeps, per place and language, the name where CLDR's locale has one of its own and it
// differs from the place's name. The file's layout, its writer and its reader are
// src/world/local-names-layout.ts; what each `lang` code means is core/lang.ts's LANGUAGE_TAGS.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_SOURCE,
  GEONAMES_COLUMN,
  GEONAMES_MODULE,
  mtimeMs,
  writeAtomically,
} from './build-data.mjs';
import { importBundled } from './bundle.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const LAYOUT = 'src/world/local-names-layout.ts';
const LANG = 'src/core/lang.ts';
const CLDR = dirname(createRequire(import.meta.url).resolve('cldr-dates-full/package.json'));
export const DEFAULT_LOCAL_NAMES_OUT = join(ROOT, 'data', 'local-names.bin');

/**
 * The exemplar cities of a CLDR locale, by zone id. The package's data is resolved: a locale holds
 * what it inherits from its parents (pt-PT from pt), but not what comes from root, which is where a
 * locale without a name of its own for a city gets one.
 * @param {string} locale
 * @returns {Map<string, string>}
 */
function exemplarCities(locale) {
  const file = join(CLDR, 'main', locale, 'timeZoneNames.json');
  const zones = JSON.parse(readFileSync(file, 'utf8')).main[locale].dates.timeZoneNames.zone;
  /** @type {Map<string, string>} */
  const cities = new Map();
  /** @param {Record<string, unknown>} node @param {string} path */
  const walk = (node, path) => {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value !== 'object' || value === null) continue;
      const record = /** @type {Record<string, unknown>} */ (value);
      if (record._type !== 'zone') walk(record, `${path}${key}/`);
      else if (typeof record.exemplarCity === 'string') {
        cities.set(`${path}${key}`, record.exemplarCity);
      }
    }
  };
  walk(zones, '');
  return cities;
}

/**
 * The CLDR locale of a BCP 47 tag, looked up as CLDR does: the tag, then with its likely script
 * and region, dropping the region, then the script (zh-TW is zh-Hant, pt-BR is pt).
 * @param {string} tag
 * @param {ReadonlySet<string>} available
 */
export function cldrLocale(tag, available) {
  const { language, script, region } = new Intl.Locale(tag).maximize();
  const candidates = [
    tag,
    `${language}-${script}-${region}`,
    `${language}-${script}`,
    `${language}-${region}`,
    language,
  ];
  const found = candidates.find((locale) => available.has(locale));
  if (found === undefined) throw new Error(`CLDR has no locale for ${tag}`);
  return found;
}

/**
 * The zone as Intl names it (ICU keeps the old ids: Asia/Calcutta for Asia/Kolkata), so that
 * GeoNames' ids and CLDR's compare; undefined for a zone Intl does not know (Etc/Unknown).
 * @param {string} zone
 */
function canonicalZone(zone) {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** @typedef {{ id: number, name: string, population: number, byLongerName: boolean }} ZoneCity */

/**
 * A name with CLDR's apostrophe (N’Djamena, St. John’s), where GeoNames writes a straight one.
 * @param {string} name
 */
function typeset(name) {
  return name.replaceAll("'", '’');
}

/**
 * Negative when `a` is the likelier city of a zone than `b`: a match by name before one by a
 * longer name, then the more populous, then the lower GeoNames id.
 * @param {ZoneCity} a
 * @param {ZoneCity} b
 */
function rank(a, b) {
  return (
    Number(a.byLongerName) - Number(b.byLongerName) || b.population - a.population || a.id - b.id
  );
}

/**
 * The place of the GeoNames table each zone's city is: among the places in the zone whose name
 * (or ASCII name) is one of the city's English names, the most populous; failing that, the most
 * populous whose name is one of them with words added and whose alternate names hold it (New York
 * City, San Miguel de Tucumán). An alternate name alone is not enough: GeoNames keeps old names
 * there, and CLDR's "city" of a few zones is an island or a country, the old name of a town
 * (America/Puerto_Rico is not San Juan, Indian/Mahe not Victoria, Asia/Brunei not Bandar Seri
 * Begawan).
 * @param {string} table the GeoNames table
 * @param {ReadonlyMap<string, readonly string[]>} cityNames zone id → the city's English names
 * @returns {Map<string, ZoneCity>}
 */
export function matchZoneCities(table, cityNames) {
  /** @type {Map<string, string>} canonical zone → CLDR zone id */
  const zoneIds = new Map();
  for (const zone of cityNames.keys()) {
    const canonical = canonicalZone(zone);
    if (canonical !== undefined) zoneIds.set(canonical, zone);
  }
  /** @type {Map<string, string | undefined>} */
  const canonicalOf = new Map();
  /** @type {Map<string, ZoneCity>} */
  const found = new Map();
  for (const line of table.split('\n')) {
    const fields = line.split('\t');
    const geonamesZone = fields[GEONAMES_COLUMN.zone] ?? '';
    if (!canonicalOf.has(geonamesZone)) canonicalOf.set(geonamesZone, canonicalZone(geonamesZone));
    const zone = zoneIds.get(canonicalOf.get(geonamesZone) ?? '');
    if (zone === undefined) continue;
    const names = cityNames.get(zone) ?? [];
    const name = fields[GEONAMES_COLUMN.name] ?? '';
    const byName = [name, fields[GEONAMES_COLUMN.asciiName] ?? ''].some((n) =>
      names.includes(typeset(n)),
    );
    const byLongerName =
      !byName &&
      (fields[GEONAMES_COLUMN.alternateNames] ?? '')
        .split(',')
        .some((n) => names.includes(typeset(n)) && ` ${typeset(name)} `.includes(` ${n} `));
    if (!byName && !byLongerName) continue;
    const place = {
      id: Number(fields[GEONAMES_COLUMN.id]),
      name,
      population: Number(fields[GEONAMES_COLUMN.population]) || 0,
      byLongerName,
    };
    const best = found.get(zone);
    if (best === undefined || rank(place, best) < 0) found.set(zone, place);
  }
  return found;
}

/**
 * Writes the local names file `out` from the GeoNames table `source` and CLDR. Does nothing when
 * `out` is newer than the table, CLDR, this script, the layout module, the language table and the
 * table's columns.
 * @param {{ source?: string, out?: string }} [options]
 */
export async function buildLocalNames({
  source = DEFAULT_SOURCE,
  out = DEFAULT_LOCAL_NAMES_OUT,
} = {}) {
  const outTime = mtimeMs(out);
  const inputs = [
    source,
    join(CLDR, 'package.json'),
    fileURLToPath(import.meta.url),
    ...[LAYOUT, LANG, GEONAMES_MODULE].map((file) => join(ROOT, file)),
  ];
  const inputTime = Math.max(...inputs.map((file) => mtimeMs(file) ?? Infinity));
  if (outTime !== undefined && outTime > inputTime) {
    return { built: false, out, bytes: statSync(out).size };
  }
  /** @type {typeof import('../src/world/local-names-layout.js')} */
  const { writeLocalNamesTable } = await importBundled(LAYOUT);
  /** @type {typeof import('../src/core/lang.js')} */
  const { LANGUAGES, LANGUAGE_TAGS } = await importBundled(LANG);

  const available = new Set(readdirSync(join(CLDR, 'main')));
  const root = exemplarCities('und');
  const english = exemplarCities('en');
  const languages = LANGUAGES.filter((lang) => lang !== 'en');
  const locales = new Map(
    languages.map((lang) => [lang, cldrLocale(LANGUAGE_TAGS[lang], available)]),
  );
  const cities = new Map(
    [...new Set(locales.values())].map((locale) => [locale, exemplarCities(locale)]),
  );

  // Every zone some language names a city for, with the city's English names: CLDR's English
  // exemplar city, root's, and the zone id's last part.
  /** @type {Map<string, string[]>} */
  const cityNames = new Map();
  for (const zone of [...cities.values()].flatMap((named) => [...named.keys()]).sort()) {
    if (cityNames.has(zone)) continue;
    const fromId = (zone.split('/').pop() ?? '').replaceAll('_', ' ');
    const names = [english.get(zone), root.get(zone), fromId].filter((n) => n !== undefined);
    cityNames.set(zone, [...new Set(names)]);
  }
  const matched = matchZoneCities(readFileSync(source, 'utf8'), cityNames);

  /** @type {Map<number, Record<string, string>>} */
  const places = new Map();
  for (const [zone, place] of matched) {
    // A locale without a name of its own shows root's or English's: no name in that language.
    const fallbacks = new Set([place.name, ...(cityNames.get(zone) ?? [])]);
    const names = places.get(place.id) ?? {};
    for (const [lang, locale] of locales) {
      const name = cities.get(locale)?.get(zone);
      if (name !== undefined && !fallbacks.has(name)) names[lang] ??= name;
    }
    places.set(place.id, names);
  }
  const records = [...places]
    .filter(([, names]) => Object.keys(names).length > 0)
    .map(([id, names]) => ({ id, names }));
  const bytes = writeLocalNamesTable(languages, records);
  writeAtomically(out, bytes);
  return {
    built: true,
    out,
    bytes: bytes.length,
    zones: cityNames.size,
    places: records.length,
    names: records.reduce((sum, { names }) => sum + Object.keys(names).length, 0),
    byLongerName: [...matched]
      .filter(([, city]) => city.byLongerName)
      .map(([zone, city]) => `${zone} ${city.name}`),
    misses: [...cityNames.keys()].filter((zone) => !matched.has(zone)),
  };
}

/**
 * What a build did, for the build's log: the zone cities matched, and which were not.
 * @param {Awaited<ReturnType<typeof buildLocalNames>>} result
 */
export function describeLocalNames(result) {
  const size = `${(result.bytes / 1e3).toFixed(0)} kB`;
  if (!result.built) return `${result.out}: up to date (${size})`;
  const { zones = 0, misses = [], byLongerName = [] } = result;
  return [
    `${result.out}: ${result.names} names of ${result.places} places (${size}); ` +
      `${zones - misses.length} of ${zones} zone cities are places of the index`,
    `  matched by a longer name: ${byLongerName.join(', ')}`,
    `  not places of the index: ${misses.join(', ')}`,
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(describeLocalNames(await buildLocalNames()));
}
