// Checks the climate tables in data/climate/ (stations, monthly normals, sources, extremes and
// day-to-day variability): shape, physical ranges, cross-references. Prints coverage by continent,
// Köppen class and kind. Exits 1, naming the station and quantity, when anything is wrong.
// Usage: node scripts/check-climate.mjs [folder]   (default: data/climate)
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const DIR = process.argv[2] ?? join(HERE, '..', 'data', 'climate');

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
// February as 28.25 days: a normal spans leap years too.
const DAYS_IN_MONTH = [31, 28.25, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

// Plausible bounds for a monthly normal anywhere on Earth, with room for the extremes of record
// (Vostok in winter, the Persian Gulf in summer, Mawsynram in June).
/** @type {Record<string, { unit: string, min: number, max: number }>} */
const QUANTITIES = {
  tmean: { unit: '°C', min: -75, max: 40 },
  dtr: { unit: '°C', min: 0.1, max: 30 },
  precip: { unit: 'mm', min: 0, max: 3500 },
  wetdays: { unit: 'days', min: 0, max: 31 },
  rh: { unit: '%', min: 1, max: 100 },
  wind: { unit: 'm/s', min: 0, max: 25 },
  cloud: { unit: '%', min: 0, max: 100 },
};

const KOPPEN = new Set(
  [
    'Af Am Aw As',
    'BWh BWk BSh BSk',
    'Csa Csb Csc Cwa Cwb Cwc Cfa Cfb Cfc',
    'Dsa Dsb Dsc Dsd Dwa Dwb Dwc Dwd Dfa Dfb Dfc Dfd',
    'ET EF',
  ]
    .join(' ')
    .split(' '),
);

const KINDS = new Set(['coast', 'interior', 'island', 'highland', 'polar']);

// ISO 3166-1 alpha-2 codes by continent (UN geoscheme, except that the sub-Antarctic territories
// are counted with Antarctica). A few countries straddle two: see continentOf.
const CONTINENTS = {
  Africa:
    'DZ AO BJ BW BF BI CV CM CF TD KM CG CD DJ EG GQ ER SZ ET GA GM GH GN GW CI KE LS LR LY MG ' +
    'MW ML MR MU YT MA MZ NA NE NG RE RW SH ST SN SC SL SO ZA SS SD TZ TG TN UG EH ZM ZW IO',
  Europe:
    'AL AD AT BY BE BA BG HR CY CZ DK EE FO FI FR DE GI GR GG HU IS IE IM IT JE XK LV LI LT LU ' +
    'MT MD MC ME NL MK NO PL PT RO RU SM RS SK SI ES SJ SE CH UA GB VA AX',
  Asia:
    'AF AM AZ BH BD BT BN KH CN GE HK IN ID IR IQ IL JP JO KZ KW KG LA LB MO MY MV MN MM NP KP ' +
    'OM PK PS PH QA SA SG KR LK SY TW TJ TH TL TR TM AE UZ VN YE',
  'North America':
    'AG AI AW BB BL BM BQ BS BZ CA CR CU CW DM DO GD GL GP GT HN HT JM KN KY LC MF MQ MS MX NI ' +
    'PA PM PR SV SX TC TT US VC VG VI',
  'South America': 'AR BO BR CL CO EC FK GF GY PE PY SR UY VE',
  Oceania: 'AS AU CC CK CX FJ FM GU KI MH MP NC NF NR NU NZ PF PG PN PW SB TK TO TV UM VU WF WS',
  Antarctica: 'AQ BV GS HM TF',
};
const CONTINENT_OF_COUNTRY = new Map(
  Object.entries(CONTINENTS).flatMap(([continent, codes]) =>
    codes.split(' ').map((code) => [code, continent]),
  ),
);

/**
 * @typedef {Record<string, string>} Row
 * @typedef {{ id: string, name: string, country: string, koppen: string, kind: string,
 *   lat: number, lon: number, elevation: number }} Station
 * @param {Station} station
 * @returns {string | undefined}
 */
function continentOf(station) {
  const { country, lat, lon } = station;
  if (country === 'RU') return lon >= 60 || lon < -160 ? 'Asia' : 'Europe';
  if (country === 'TR') return lon < 29 && lat > 40.5 ? 'Europe' : 'Asia';
  if (country === 'KZ') return 'Asia';
  // Hawaii and Easter Island lie in the Pacific, far from their countries' continents.
  if (country === 'US' && lon < -150 && lat < 30) return 'Oceania';
  if (country === 'CL' && lon < -100) return 'Oceania';
  return CONTINENT_OF_COUNTRY.get(country ?? '');
}

/** @type {string[]} */
const problems = [];
/** @param {string} message */
const fail = (message) => problems.push(message);

/**
 * @param {string} file
 * @param {readonly string[]} columns
 * @returns {Row[]}
 */
function readTable(file, columns) {
  const path = join(DIR, file);
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    fail(`${file}: cannot be read`);
    return [];
  }
  const lines = text.split('\n').filter((line) => line !== '');
  const header = (lines.shift() ?? '').split('\t');
  if (header.join('\t') !== columns.join('\t')) {
    fail(`${file}: header is "${header.join(' ')}", expected "${columns.join(' ')}"`);
    return [];
  }
  return lines.flatMap((line, index) => {
    const cells = line.split('\t');
    if (cells.length !== columns.length) {
      fail(`${file} line ${index + 2}: ${cells.length} columns, expected ${columns.length}`);
      return [];
    }
    return [Object.fromEntries(columns.map((column, i) => [column, (cells[i] ?? '').trim()]))];
  });
}

/** @param {string | undefined} text */
function number(text) {
  if (text === undefined) return NaN;
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
}

// sources.tsv
const sources = readTable('sources.tsv', ['key', 'title', 'publisher', 'period', 'url', 'notes']);
const sourceKeys = new Set();
for (const source of sources) {
  if (sourceKeys.has(source.key)) fail(`sources.tsv: duplicate key ${source.key}`);
  sourceKeys.add(source.key);
  if (source.title === '' || source.publisher === '') fail(`sources.tsv: ${source.key} is bare`);
}
if (!sourceKeys.has('estimate')) fail('sources.tsv: no "estimate" key');
const usedSources = new Set();
/**
 * @param {string} where
 * @param {string | undefined} key
 */
function checkSource(where, key) {
  usedSources.add(key);
  if (!sourceKeys.has(key)) fail(`${where}: unknown source key "${key}"`);
}

// stations.tsv
const stationColumns = ['id', 'name', 'country', 'lat', 'lon', 'elevation_m', 'koppen', 'kind'];
const stations = readTable('stations.tsv', [...stationColumns, 'source']);
/** @type {Map<string | undefined, Station>} */
const stationById = new Map();
for (const row of stations) {
  const where = `station ${row.id} (${row.name})`;
  if (stationById.has(row.id)) fail(`${where}: duplicate id`);
  /** @type {Station} */
  const station = {
    id: row.id ?? '',
    name: row.name ?? '',
    country: row.country ?? '',
    koppen: row.koppen ?? '',
    kind: row.kind ?? '',
    lat: number(row.lat),
    lon: number(row.lon),
    elevation: number(row.elevation_m),
  };
  stationById.set(row.id, station);
  if (!/^[A-Za-z0-9-]+$/.test(station.id)) fail(`${where}: id must be letters, digits and dashes`);
  if (row.name === '') fail(`${where}: no name`);
  if (!(station.lat >= -90 && station.lat <= 90)) fail(`${where}: latitude "${row.lat}"`);
  if (!(station.lon >= -180 && station.lon <= 180)) fail(`${where}: longitude "${row.lon}"`);
  if (!(station.elevation >= -450 && station.elevation <= 5500)) {
    fail(`${where}: elevation "${row.elevation_m}"`);
  }
  if (!KOPPEN.has(station.koppen)) fail(`${where}: unknown Köppen class "${row.koppen}"`);
  if (!KINDS.has(station.kind)) fail(`${where}: unknown kind "${row.kind}"`);
  if (continentOf(station) === undefined) fail(`${where}: unknown country "${row.country}"`);
  checkSource(where, row.source);
}

// normals.tsv
const normals = readTable('normals.tsv', ['station_id', 'quantity', ...MONTHS, 'source']);
/** @type {Map<string | undefined, Record<string, number[]>>} */
const normalsOf = new Map();
for (const row of normals) {
  const where = `normals: station ${row.station_id} ${row.quantity}`;
  if (!stationById.has(row.station_id)) fail(`${where}: no such station in stations.tsv`);
  const range = QUANTITIES[row.quantity ?? ''];
  if (range === undefined) {
    fail(`${where}: unknown quantity`);
    continue;
  }
  checkSource(where, row.source);
  const values = MONTHS.map((month) => number(row[month]));
  MONTHS.forEach((month, i) => {
    const value = values[i] ?? NaN;
    const days = DAYS_IN_MONTH[i] ?? 31;
    if (Number.isNaN(value)) fail(`${where} ${month}: "${row[month]}" is not a number`);
    else if (value < range.min || value > range.max) {
      fail(`${where} ${month}: ${value} ${range.unit} is outside ${range.min}…${range.max}`);
    } else if (row.quantity === 'wetdays' && value > days) {
      fail(`${where} ${month}: ${value} wet days in a month of ${Math.floor(days)}`);
    }
  });
  const byQuantity = normalsOf.get(row.station_id) ?? {};
  if (byQuantity[row.quantity ?? ''] !== undefined) fail(`${where}: given twice`);
  byQuantity[row.quantity ?? ''] = values;
  normalsOf.set(row.station_id, byQuantity);
}

for (const [id, station] of stationById) {
  const byQuantity = normalsOf.get(id);
  if (byQuantity === undefined) {
    fail(`station ${id} (${station.name}): no normals`);
    continue;
  }
  for (const quantity of Object.keys(QUANTITIES)) {
    if (byQuantity[quantity] === undefined) fail(`normals: station ${id} ${quantity}: missing`);
  }
  const { precip, wetdays } = byQuantity;
  if (precip === undefined || wetdays === undefined) continue;
  MONTHS.forEach((month, i) => {
    const where = `normals: station ${id} wetdays ${month}`;
    const days = wetdays[i] ?? NaN;
    const mm = precip[i] ?? NaN;
    // Each wet day brings at least 1 mm, and a month with real rain has at least one such day.
    if (days > mm + 0.5) fail(`${where}: ${days} days of ≥ 1 mm but only ${mm} mm`);
    if (days === 0 && mm > 3) fail(`${where}: none, yet ${mm} mm fell`);
    if (days > 0 && mm / days > 150)
      fail(`${where}: ${mm} mm on ${days} days is over 150 mm a wet day`);
  });
}

// extremes.tsv
const extremes = readTable('extremes.tsv', [
  'city',
  'station_id',
  'period',
  'tmax_c',
  'tmax_date',
  'tmin_c',
  'tmin_date',
  'source',
  'notes',
]);
for (const row of extremes) {
  const where = `extremes: ${row.city}`;
  if (row.station_id !== '' && !stationById.has(row.station_id)) {
    fail(`${where}: station ${row.station_id} not in stations.tsv`);
  }
  const high = number(row.tmax_c);
  const low = number(row.tmin_c);
  if (!(high <= 60 && low >= -90 && high > low)) fail(`${where}: extremes ${high} / ${low}`);
  if (!/^\d{4}–\d{4}$/.test(row.period ?? '')) fail(`${where}: period "${row.period}"`);
  checkSource(where, row.source);
}
if (extremes.length < 15) fail(`extremes.tsv: ${extremes.length} cities, expected 15 or more`);

// heat-records.tsv and cold-records.tsv: the highest and lowest readings found at some stations
/**
 * @param {string} file
 * @param {'tmax_c' | 'tmin_c'} value the reading's column
 * @param {number} low
 * @param {number} high the plausible bounds of a reading, °C
 */
function checkRecords(file, value, low, high) {
  const dateColumn = `${value.slice(0, 4)}_date`;
  const rows = readTable(file, [
    'station_id',
    'station',
    value,
    dateColumn,
    'what',
    'url',
    'notes',
  ]);
  for (const row of rows) {
    const where = `${file}: ${row.station}`;
    const station = stationById.get(row.station_id);
    if (!station) fail(`${where}: station ${row.station_id} not in stations.tsv`);
    else if (station.name !== row.station) fail(`${where}: stations.tsv names it ${station.name}`);
    const reading = number(row[value]);
    if (!(reading >= low && reading <= high)) fail(`${where}: ${reading} °C`);
    const date = row[dateColumn] ?? '';
    if (!/^(\d{4}(-\d{2}){0,2}|—)$/.test(date)) fail(`${where}: date "${date}"`);
    const found = value === 'tmax_c' ? 'highest found' : 'lowest found';
    if (!['record', found].includes(row.what ?? '')) fail(`${where}: what "${row.what}"`);
    if (!/^https?:\/\/\S+$/.test(row.url ?? '')) fail(`${where}: url "${row.url}"`);
  }
}
checkRecords('heat-records.tsv', 'tmax_c', 20, 60);
checkRecords('cold-records.tsv', 'tmin_c', -90, 20);

// variability.tsv
const variability = readTable('variability.tsv', [
  'region',
  'koppen',
  'season',
  'sd_low_c',
  'sd_typical_c',
  'sd_high_c',
  'source',
  'notes',
]);
for (const row of variability) {
  const where = `variability: ${row.region} ${row.season}`;
  const [low = NaN, typical = NaN, high = NaN] = [
    row.sd_low_c,
    row.sd_typical_c,
    row.sd_high_c,
  ].map(number);
  if (!(low > 0 && low <= typical && typical <= high && high < 15)) {
    fail(`${where}: band ${low} ≤ ${typical} ≤ ${high}`);
  }
  if (!['DJF', 'MAM', 'JJA', 'SON', 'year'].includes(row.season ?? '')) {
    fail(`${where}: season must be DJF, MAM, JJA, SON or year`);
  }
  checkSource(where, row.source);
}

for (const key of sourceKeys) {
  if (!usedSources.has(key)) fail(`sources.tsv: key ${key} is used nowhere`);
}

// Coverage report.
/**
 * @param {string} label
 * @param {(station: Station) => string | undefined} keyOf
 */
function tally(label, keyOf) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const station of stationById.values()) {
    const key = keyOf(station) ?? '?';
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const sorted = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  console.log(`${label}: ${sorted.map(([key, count]) => `${key} ${count}`).join(', ')}`);
}
console.log(`${stationById.size} stations, ${normals.length} rows of normals`);
tally('by continent', continentOf);
tally('by Köppen main type', (station) => station.koppen?.[0]);
tally('by Köppen class', (station) => station.koppen);
tally('by kind', (station) => station.kind);

/** @type {Map<string | undefined, { all: number, estimate: number }>} */
const estimated = new Map();
for (const row of normals) {
  const counts = estimated.get(row.quantity) ?? { all: 0, estimate: 0 };
  counts.all += 1;
  if (row.source === 'estimate') counts.estimate += 1;
  estimated.set(row.quantity, counts);
}
console.log(
  `estimated: ${[...estimated]
    .map(([quantity, { all, estimate }]) => `${quantity} ${Math.round((100 * estimate) / all)}%`)
    .join(', ')}`,
);

// The Köppen class the normals themselves imply (Peel et al. 2007 rules: 0 °C between C and D,
// summer as April–September north of the equator). Stations on a boundary may differ from the
// class given, which follows the published maps; the list is for review, not a failure.
/**
 * @param {number[]} t
 * @param {number[]} p
 * @param {number} lat
 */
function koppenOf(t, p, lat) {
  /** @param {number[]} values */
  const sum = (values) => values.reduce((a, b) => a + b, 0);
  const hot = Math.max(...t);
  const cold = Math.min(...t);
  const mat = sum(t) / 12;
  const map = sum(p);
  const summerMonths = lat >= 0 ? [3, 4, 5, 6, 7, 8] : [9, 10, 11, 0, 1, 2];
  /** @param {number} i */
  const isSummer = (i) => summerMonths.includes(i);
  const ps = p.filter((_, i) => isSummer(i));
  const pw = p.filter((_, i) => !isSummer(i));
  if (hot < 10) return hot > 0 ? 'ET' : 'EF';
  const summerShare = sum(ps) / Math.max(map, 1e-9);
  const threshold = 20 * mat + (summerShare >= 0.7 ? 280 : summerShare <= 0.3 ? 0 : 140);
  if (map < threshold) return `B${map < threshold / 2 ? 'W' : 'S'}${mat >= 18 ? 'h' : 'k'}`;
  if (cold >= 18) {
    const dry = Math.min(...p);
    if (dry >= 60) return 'Af';
    if (dry >= 100 - map / 25) return 'Am';
    return 'Aw';
  }
  const main = cold > 0 ? 'C' : 'D';
  const dryS = Math.min(...ps) < 40 && Math.min(...ps) < Math.max(...pw) / 3;
  const dryW = Math.min(...pw) < Math.max(...ps) / 10;
  // When both hold, the half of the year with more rain decides which season is the dry one.
  let second = 'f';
  if (dryS && dryW) second = sum(ps) > sum(pw) ? 'w' : 's';
  else if (dryS) second = 's';
  else if (dryW) second = 'w';
  const warmMonths = t.filter((value) => value >= 10).length;
  let third = 'c';
  if (hot >= 22) third = 'a';
  else if (warmMonths >= 4) third = 'b';
  else if (main === 'D' && cold < -38) third = 'd';
  return main + second + third;
}
/** @type {string[]} */
const differing = [];
for (const [id, station] of stationById) {
  const byQuantity = normalsOf.get(id);
  if (byQuantity?.tmean === undefined || byQuantity.precip === undefined) continue;
  const computed = koppenOf(byQuantity.tmean, byQuantity.precip, station.lat);
  const same = computed === station.koppen || (computed === 'Aw' && station.koppen === 'As');
  if (!same) differing.push(`${id} ${station.name} ${station.koppen}→${computed}`);
}
console.log(
  `Köppen class implied by the normals differs for ${differing.length} station(s)` +
    (differing.length > 0 ? `: ${differing.join('; ')}` : ''),
);

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error(`${problems.length} problem(s) in ${DIR}`);
  process.exit(1);
}
console.log('climate tables: ok');
