import { readFileSync } from 'node:fs';
import { daysInMonth } from '../../src/core/instant.js';
import { GEONAMES_COLUMN } from '../../src/places/geonames.js';
import { readClimateTable, type ClimateTable } from '../../src/world/climate-layout.js';
import {
  DAYS_IN_MONTH,
  parseClimateTables,
  TWIN_KM,
  type ClimateStation,
} from '../../src/world/climate-stations.js';
import { landShareAt, type Climate, type Climatology } from '../../src/world/climatology.js';
import { distanceKm } from '../../src/world/geo.js';
import { synthesize } from '../../src/world/weather.js';
import { buildDataModule, climateBytes, utc } from './world.js';

const readClimateFile = (name: string): string =>
  readFileSync(new URL(`../../data/climate/${name}`, import.meta.url), 'utf8');

/** The stations of data/climate/ with their normals. */
export function climateStations(): ClimateStation[] {
  return parseClimateTables(readClimateFile('stations.tsv'), readClimateFile('normals.tsv'));
}

/** The rows of a tab-separated table with a header line, by column name. */
export function tsvRows(text: string): Record<string, string>[] {
  const [header = '', ...lines] = text.split('\n').filter((line) => line !== '');
  const columns = header.split('\t');
  return lines.map((line) => {
    const cells = line.split('\t');
    return Object.fromEntries(columns.map((c, i) => [c, cells[i] ?? '']));
  });
}

/** The rows of a table of data/climate/, by column name. */
export function climateRows(name: string): Record<string, string>[] {
  return tsvRows(readClimateFile(name));
}

/** A city of test/fixtures/climate-normals.tsv with its January and July mean temperatures. */
export interface ReferenceNormal {
  readonly city: string;
  readonly lat: number;
  readonly lon: number;
  readonly january: number;
  readonly july: number;
}

export function referenceNormals(): ReferenceNormal[] {
  const text = readFileSync(new URL('../fixtures/climate-normals.tsv', import.meta.url), 'utf8');
  const rows = text.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
  return rows.slice(1).map((line) => {
    const [city = '', lat, lon, , january, july] = line.split('\t');
    return {
      city,
      lat: Number(lat),
      lon: Number(lon),
      january: Number(january),
      july: Number(july),
    };
  });
}

/**
 * The reference cities as stations of the climatology: the stations of data/climate/extremes.tsv
 * and, for each city of test/fixtures/climate-normals.tsv, the nearest station within 40 km.
 */
export function referenceCityStations(stations: readonly ClimateStation[]): ClimateStation[] {
  const chosen = new Set<ClimateStation>();
  for (const row of climateRows('extremes.tsv')) {
    const station = stations.find((s) => s.id === row['station_id']);
    if (!station) throw new Error(`extremes.tsv: no station ${row['station_id']}`);
    chosen.add(station);
  }
  for (const city of referenceNormals()) {
    const nearest = stations
      .map((s) => ({ s, km: distanceKm(city.lat, city.lon, s.lat, s.lon) }))
      .filter(({ km }) => km < 40)
      .sort((a, b) => a.km - b.km)[0];
    if (!nearest) throw new Error(`climate-normals.tsv: no station near ${city.city}`);
    chosen.add(nearest.s);
  }
  return [...chosen];
}

/** A populated place of GeoNames' cities500 table (the one data/places.bin is built from). */
export interface GeoNamesCity {
  readonly name: string;
  readonly country: string;
  readonly lat: number;
  readonly lon: number;
  readonly population: number;
}

/**
 * The places of a million people or more in the GeoNames table data/places.bin is built from,
 * but sections of a city (feature code PPLX).
 */
export async function millionCities(): Promise<GeoNamesCity[]> {
  const { DEFAULT_SOURCE } = await buildDataModule();
  const cities: GeoNamesCity[] = [];
  for (const line of readFileSync(DEFAULT_SOURCE, 'utf8').split('\n')) {
    const f = line.split('\t');
    const population = Number(f[GEONAMES_COLUMN.population]);
    if (!(population >= 1_000_000) || f[GEONAMES_COLUMN.featureCode] === 'PPLX') continue;
    cities.push({
      name: f[GEONAMES_COLUMN.name] ?? '',
      country: f[GEONAMES_COLUMN.country] ?? '',
      lat: Number(f[GEONAMES_COLUMN.lat]),
      lon: Number(f[GEONAMES_COLUMN.lon]),
      population,
    });
  }
  return cities;
}

/**
 * A second list of cities, disjoint from the reference cities and fixed by a rule before it was
 * ever scored: for each country, its most populous city of a million or more that has a station of
 * the climatology within TWIN_KM (the nearest is the city's station, and serves no other city),
 * leaving out the reference cities and their twins; of those, the `count` most populous. One city
 * per country, so that the list spans the world rather than the densest networks.
 */
export async function largestCityStations(
  stations: readonly ClimateStation[],
  count: number,
): Promise<{ city: GeoNamesCity; station: ClimateStation }[]> {
  const reference = referenceCityStations(stations);
  const nearReference = (s: ClimateStation): boolean =>
    reference.some((r) => distanceKm(r.lat, r.lon, s.lat, s.lon) < TWIN_KM);
  const byCountry = new Map<string, { city: GeoNamesCity; station: ClimateStation }>();
  // A station serves one city: Brazzaville's nearest is Kinshasa's, across the river.
  const taken = new Set<ClimateStation>();
  const cities = (await millionCities()).sort((a, b) => b.population - a.population);
  for (const city of cities) {
    if (byCountry.has(city.country)) continue;
    const nearest = stations
      .map((s) => ({ s, km: distanceKm(city.lat, city.lon, s.lat, s.lon) }))
      .filter(({ km }) => km < TWIN_KM)
      .sort((a, b) => a.km - b.km)[0];
    if (nearest === undefined || nearReference(nearest.s) || taken.has(nearest.s)) continue;
    byCountry.set(city.country, { city, station: nearest.s });
    taken.add(nearest.s);
  }
  return [...byCountry.values()].slice(0, count);
}

/** The production climate table, built into the test data folder on first use. */
export async function productionTable(): Promise<ClimateTable> {
  return readClimateTable(await climateBytes());
}

/** What a run of the model at a station gives, month by month (index 0 = January). */
export interface StationRun {
  /** Mean of (daily maximum + daily minimum) / 2 over the sampled days, °C. */
  readonly tmean: number[];
  /** Mean daily range over the sampled days, °C. */
  readonly dtr: number[];
  /** Precipitation of a mean month, mm (sampled days scaled to the month). */
  readonly precip: number[];
  /** Days with at least 1 mm in a mean month. */
  readonly wetDays: number[];
  /** Share of the sampled hours with precipitation. */
  readonly wetHours: number[];
  /** Daily mean temperatures of every sampled day, in order, with their month. */
  readonly daily: { readonly month: number; readonly meanC: number }[];
  readonly highestC: number;
  readonly lowestC: number;
}

export interface RunOptions {
  readonly years: number;
  /** Every how many days a day is sampled. */
  readonly everyDays: number;
  /** Local solar hours sampled on a sampled day. */
  readonly hours: readonly number[];
}

export const EVERY_HOUR: readonly number[] = Array.from({ length: 24 }, (_, h) => h);

/**
 * `a` and `b` weighted `1 − t` and `t`, field by field: the climate between two instants.
 */
export function climateBetween(a: Climate, b: Climate, t: number): Climate {
  const mixed: Record<string, number> = {};
  for (const key of Object.keys(a) as (keyof Climate)[]) mixed[key] = a[key] * (1 - t) + b[key] * t;
  return mixed as unknown as Climate;
}

/**
 * The model's weather at a station (its own coordinates, height and land share) over `years`
 * years from 2026, as World.observe draws it, without the place and sun lookups observe adds.
 * The climatology is asked for the station's climate at the start of each sampled day and of the
 * next, and each hour's is taken between them: the climate is linear in time between mid-months
 * (Climatology.at), so this is the hourly climate to within a tenth of a degree on the day a
 * month turns, and the months' means and totals to within a thousandth (the validation test
 * checks it), at a twelfth of the cost; the weather is drawn for every hour sampled.
 */
export function runStation(
  climatology: Climatology,
  table: ClimateTable,
  station: Pick<ClimateStation, 'lat' | 'lon' | 'elevationM'>,
  { years, everyDays, hours }: RunOptions,
): StationRun {
  const { lat, lon, elevationM } = station;
  const land = landShareAt(table, lat, lon);
  const zero = (): number[] => new Array<number>(12).fill(0);
  const sums = { t: zero(), dtr: zero(), p: zero(), wetDays: zero(), wetHours: zero() };
  const days = zero();
  const hoursSeen = zero();
  const daily: { month: number; meanC: number }[] = [];
  let highestC = -Infinity;
  let lowestC = Infinity;
  // Days by the calendar (leap days included, so that a long run's months do not slip), starting
  // at local mean midnight.
  const toLocal = Math.round((lon / 15) * 3600);
  const step = hours.length > 1 ? 24 / hours.length : 24;
  let day = 0;
  // The climate at the start of the day asked for last, which is the end of the day before it.
  let cached: { dt: number; climate: Climate } | undefined;
  const climateAt = (dt: number): Climate => {
    if (cached?.dt !== dt) cached = { dt, climate: climatology.at(lat, lon, dt, elevationM, land) };
    return cached.climate;
  };
  for (let year = 2026; year < 2026 + years; year++) {
    for (let month = 0; month < 12; month++) {
      const length = daysInMonth(year, month + 1);
      for (let d = 0; d < length; d++, day++) {
        if (day % everyDays !== 0) continue;
        const midnight = utc(year, month + 1, d + 1) - toLocal;
        let high = -Infinity;
        let low = Infinity;
        let sum = 0;
        let rain = 0;
        const start = climateAt(midnight);
        const end = climateAt(midnight + 86400);
        for (const hour of hours) {
          const dt = midnight + hour * 3600;
          const climate = climateBetween(start, end, hour / 24);
          const w = synthesize({ lat, lon, dt, climate });
          high = Math.max(high, w.tempC);
          low = Math.min(low, w.tempC);
          sum += w.tempC;
          rain += w.precipRate * step;
          if (w.precipRate > 0) sums.wetHours[month] = (sums.wetHours[month] ?? 0) + 1;
        }
        hoursSeen[month] = (hoursSeen[month] ?? 0) + hours.length;
        days[month] = (days[month] ?? 0) + 1;
        sums.t[month] = (sums.t[month] ?? 0) + (high + low) / 2;
        sums.dtr[month] = (sums.dtr[month] ?? 0) + high - low;
        sums.p[month] = (sums.p[month] ?? 0) + rain;
        if (rain >= 1) sums.wetDays[month] = (sums.wetDays[month] ?? 0) + 1;
        daily.push({ month, meanC: sum / hours.length });
        highestC = Math.max(highestC, high);
        lowestC = Math.min(lowestC, low);
      }
    }
  }
  const perDay = (values: number[]): number[] => values.map((v, m) => v / (days[m] ?? 1));
  const perMonth = (values: number[]): number[] =>
    perDay(values).map((v, m) => v * (DAYS_IN_MONTH[m] ?? 30));
  return {
    tmean: perDay(sums.t),
    dtr: perDay(sums.dtr),
    precip: perMonth(sums.p),
    wetDays: perMonth(sums.wetDays),
    wetHours: sums.wetHours.map((v, m) => v / (hoursSeen[m] ?? 1)),
    daily,
    highestC,
    lowestC,
  };
}

export const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

/**
 * The climatology's own monthly means at a station, without the weather drawn around them: every
 * day of a (non-leap) year at local noon. What a long run of the weather averages to, less the
 * weather's sampling noise; cheap enough to cross-validate every station.
 */
export function climateMeans(
  climatology: Climatology,
  table: ClimateTable,
  station: Pick<ClimateStation, 'lat' | 'lon' | 'elevationM'>,
): Pick<StationRun, 'tmean' | 'dtr' | 'precip' | 'wetHours'> {
  const { lat, lon, elevationM } = station;
  const land = landShareAt(table, lat, lon);
  const toLocal = Math.round((lon / 15) * 3600);
  const means = {
    tmean: [] as number[],
    dtr: [] as number[],
    precip: [] as number[],
    wetHours: [] as number[],
  };
  for (let month = 0; month < 12; month++) {
    const length = daysInMonth(2027, month + 1);
    let t = 0;
    let dtr = 0;
    let mmPerDay = 0;
    let wet = 0;
    for (let d = 1; d <= length; d++) {
      const c = climatology.at(lat, lon, utc(2027, month + 1, d, 12) - toLocal, elevationM, land);
      t += c.tempC;
      dtr += c.dtrC;
      mmPerDay += c.rateMmH * 24;
      wet += c.wetShare;
    }
    means.tmean.push(t / length);
    means.dtr.push(dtr / length);
    means.precip.push((mmPerDay / length) * (DAYS_IN_MONTH[month] ?? 30));
    means.wetHours.push(wet / length);
  }
  return means;
}
