import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { daysInMonth } from '../../src/core/instant.js';
import { readClimateTable, tableGrids, type ClimateTable } from '../../src/world/climate-layout.js';
import {
  assembleClimateTable,
  DAYS_IN_MONTH,
  TWIN_KM,
  validationSplit,
  wetShare,
  type ClimateStation,
} from '../../src/world/climate-stations.js';
import { Climatology, landShareAt } from '../../src/world/climatology.js';
import { distanceKm } from '../../src/world/geo.js';
import {
  climateBetween,
  climateMeans,
  climateStations,
  EVERY_HOUR,
  largestCityStations,
  productionTable,
  referenceCityStations,
  runStation,
  sum,
  tsvRows,
  type StationRun,
} from '../helpers/climate.js';
import { utc } from '../helpers/world.js';

/**
 * The model against normals it was not built from, four ways. Five-fold cross-validation of the
 * climatology: the stations are split into fifths (validationSplit: every fifth by Köppen class
 * and id hash, a station's twins with it), each fifth predicted by a climatology built from the
 * other four, and the climatology's own monthly means (without the weather, which averages to
 * them) compared with the normals of every station. And one fifth with the weather on top: the
 * model's weather at each station of the third fifth over thirty years (every tenth day, hourly),
 * as the normals are thirty-year means; a year's rain falls on a few dozen days with a long tail of
 * amounts, so a shorter sample's total scatters around the model's own mean, and the weather's
 * sampling adds about 0.3 °C RMS to the monthly means at this length. And the reference cities
 * (the fifteen of data/climate/extremes.tsv and the twelve of test/fixtures/climate-normals.tsv,
 * 22 stations), each held out with its twins from a climatology of every other station, scored on
 * the climatology's means and again with every hour of thirty years of the weather on top: the
 * places people ask for most, where the network is dense. And a second list of cities, the largest
 * of 30 countries, fixed by its rule before it was first scored, held out as the reference cities
 * are.
 * The issue's targets are in the comments; the thresholds asserted are what the model reaches,
 * so that a change making it worse fails. The errors come mostly from where the network is thin or the climate changes
 * within a few tens of kilometres: the Antarctic plateau, the basins of Mongolia and the Yukon,
 * cold-current coasts (Guerrero Negro, Lima, Easter Island), windward mountains (Cherrapunji).
 */

const RUN = { years: 30, everyDays: 10, hours: EVERY_HOUR };
/**
 * The cities' weather: every hour of thirty years, as their normals are. A sample of every tenth
 * day catches a tenth of a dry place's few storms, and its yearly total scatters by about ±16 %
 * around the thirty years' own (held out, Jeddah ×0.60 of its normal on every tenth day and ×0.75
 * on every day, Karachi ×1.77 and ×1.55): the cities are few enough to be run whole.
 */
const CITY_RUN = { years: 30, everyDays: 1, hours: EVERY_HOUR };
/** The stations of the climatology reproduce their own normals: a shorter run tells enough. */
const OWN_RUN = { years: 5, everyDays: 9, hours: EVERY_HOUR };
const WEATHER_AROUND_RUN = { years: 14, everyDays: 5, hours: [1, 5, 9, 13, 17, 21] };
const djf = (v: readonly number[]): number => (v[11] ?? 0) + (v[0] ?? 0) + (v[1] ?? 0);
const jja = (v: readonly number[]): number => (v[5] ?? 0) + (v[6] ?? 0) + (v[7] ?? 0);

interface Scores {
  readonly station: ClimateStation;
  readonly monthErrors: number[];
  readonly dtrRatio: number;
  readonly precipRatio: number;
  /** undefined without a strong wet season (the wetter of DJF and JJA twice the drier). */
  readonly seasonRight?: boolean;
  readonly wetHoursRatio: number;
}

/**
 * Share of hours with precipitation that the normals imply: the wet days times the hours of a wet
 * day for its mean amount (climate-stations.ts, after hourly records).
 */
function normalWetHours(s: ClimateStation): number {
  const hours = s.normals.wetdays.map(
    (wd, m) =>
      wetShare(s.normals.precip[m] ?? 0, wd, DAYS_IN_MONTH[m] ?? 30) *
      24 *
      (DAYS_IN_MONTH[m] ?? 30),
  );
  return sum(hours) / (24 * sum([...DAYS_IN_MONTH]));
}

function score(
  station: ClimateStation,
  run: Pick<StationRun, 'tmean' | 'dtr' | 'precip' | 'wetHours'>,
): Scores {
  const n = station.normals;
  const strong =
    Math.max(djf(n.precip), jja(n.precip)) > 2 * Math.min(djf(n.precip), jja(n.precip)) &&
    sum(n.precip) > 100;
  const wetHours =
    sum(run.wetHours.map((w, m) => w * (DAYS_IN_MONTH[m] ?? 30))) / sum([...DAYS_IN_MONTH]);
  const normal = normalWetHours(station);
  return {
    station,
    monthErrors: run.tmean.map((t, m) => t - (n.tmean[m] ?? 0)),
    dtrRatio: sum(run.dtr) / sum(n.dtr),
    precipRatio: sum(run.precip) / Math.max(1, sum(n.precip)),
    ...(strong
      ? { seasonRight: djf(run.precip) > jja(run.precip) === djf(n.precip) > jja(n.precip) }
      : {}),
    wetHoursRatio: normal > 0.002 ? wetHours / normal : wetHours < 0.004 ? 1 : 99,
  };
}

const within = (ratio: number, factor: number): boolean => ratio <= factor && ratio >= 1 / factor;

function summary(scores: readonly Scores[]): Record<string, number> {
  const errors = scores.flatMap((s) => s.monthErrors);
  const strong = scores.filter((s) => s.seasonRight !== undefined);
  const share = (ok: (s: Scores) => boolean): number => scores.filter(ok).length / scores.length;
  return {
    stations: scores.length,
    tempRmsC: Math.sqrt(sum(errors.map((e) => e * e)) / errors.length),
    noMonthOver5C: share((s) => s.monthErrors.every((e) => Math.abs(e) <= 5)),
    dtrWithin30Percent: share((s) => Math.abs(s.dtrRatio - 1) <= 0.3),
    precipWithinFactor15: share((s) => within(s.precipRatio, 1.5)),
    strongWetSeasons: strong.length,
    wetSeasonRight: strong.filter((s) => s.seasonRight).length / strong.length,
    wetHoursWithinFactor2: share((s) => within(s.wetHoursRatio, 2)),
  };
}

/** A station's monthly mean temperature error, RMS over the twelve months, °C. */
const rmsOf = (s: Scores): number => Math.sqrt(sum(s.monthErrors.map((e) => e * e)) / 12);

/** Prints each station's scores (the `worst` by temperature RMS only, when given) and the summary. */
function report(title: string, scores: readonly Scores[], worst?: number): Record<string, number> {
  const shown =
    worst === undefined ? scores : [...scores].sort((a, b) => rmsOf(b) - rmsOf(a)).slice(0, worst);
  const lines = shown.map((s) => {
    const largest = Math.max(...s.monthErrors.map(Math.abs));
    return (
      `${s.station.name.slice(0, 30).padEnd(30)} ${s.station.koppen.padEnd(3)} ` +
      `T rms ${rmsOf(s).toFixed(1).padStart(4)} max ${largest.toFixed(1).padStart(4)}  ` +
      `DTR ×${s.dtrRatio.toFixed(2)}  P ×${s.precipRatio.toFixed(2)}  wet h ×${s.wetHoursRatio.toFixed(2)}` +
      (s.seasonRight === false ? '  wet season wrong' : '')
    );
  });
  const result = summary(scores);
  const fixed = Object.fromEntries(
    Object.entries(result).map(([k, v]) => [k, Number.isInteger(v) ? v : Number(v.toFixed(3))]),
  );
  console.log(`${title}\n${lines.join('\n')}\n${JSON.stringify(fixed)}`);
  return result;
}

/** A climatology of `training` alone, with the production table's grids. */
function climatologyOf(
  training: readonly ClimateStation[],
  production: ClimateTable,
): { table: ClimateTable; climatology: Climatology } {
  const table = readClimateTable(assembleClimateTable(training, tableGrids(production)));
  return { table, climatology: new Climatology(table) };
}

/** The scores of the climatology's own means at `heldOut`, from a climatology of `training`. */
function scoreHeldOut(
  training: readonly ClimateStation[],
  heldOut: readonly ClimateStation[],
  production: ClimateTable,
): Scores[] {
  const { table, climatology } = climatologyOf(training, production);
  return heldOut.map((s) => score(s, climateMeans(climatology, table, s)));
}

describe('the climate of stations held out of the climatology', () => {
  let result: Record<string, number> = {};
  beforeAll(async () => {
    const production = await productionTable();
    const { training, heldOut } = validationSplit(climateStations());
    const table: ClimateTable = readClimateTable(
      assembleClimateTable(training, tableGrids(production)),
    );
    const climatology = new Climatology(table);
    const scores = heldOut.map((s) => score(s, runStation(climatology, table, s, RUN)));
    result = report('held-out stations (30 years, every 10th day, hourly)', scores);
  }, 480_000);

  it('holds out a fifth of the stations, every climate type with five or more stations', () => {
    const all = climateStations();
    const { training, heldOut } = validationSplit(all);
    expect([training.length, heldOut.length]).toStrictEqual([906, 228]);
    // No held-out station has a twin in the table (another station of the same town).
    const twins = heldOut.flatMap((h) =>
      training
        .filter((t) => distanceKm(h.lat, h.lon, t.lat, t.lon) < TWIN_KM)
        .map((t) => `${h.name} / ${t.name}`),
    );
    expect(twins).toStrictEqual([]);
    const classes = new Map<string, number>();
    for (const s of all) classes.set(s.koppen, (classes.get(s.koppen) ?? 0) + 1);
    for (const [koppen, count] of classes) {
      if (count >= 5)
        expect(
          heldOut.some((s) => s.koppen === koppen),
          koppen,
        ).toBe(true);
    }
  });

  // Target: RMS ≤ 1.5 °C over 12 months and no month off by more than 5 °C at any station.
  it('monthly mean temperature: RMS under 1.3 °C, no month off by 5 °C at 98.5 % of stations', () => {
    expect(result['tempRmsC']).toBeLessThan(1.3);
    expect(result['noMonthOver5C']).toBeGreaterThanOrEqual(0.985);
  });

  // Target: the mean daily range within ±30 %.
  it('mean daily range within ±30 % at 89 % of stations', () => {
    expect(result['dtrWithin30Percent']).toBeGreaterThanOrEqual(0.89);
  });

  // Target: within a factor of 1.5 for 80 % of stations.
  it('yearly precipitation within a factor of 1.5 at 82.5 % of stations', () => {
    expect(result['precipWithinFactor15']).toBeGreaterThanOrEqual(0.825);
  });

  // Target: right for every station with a strong wet season.
  it('the wetter of DJF and JJA right at every station with a strong wet season', () => {
    expect(result['wetSeasonRight']).toBe(1);
  });

  // Target: within a factor of 2.
  it('share of wet hours within a factor of 2 at 97 % of stations', () => {
    expect(result['wetHoursWithinFactor2']).toBeGreaterThanOrEqual(0.97);
  });
});

/**
 * Each station's five-fold scores as they were when last accepted (BASELINE_FILE), so that a
 * change that makes one station much worse fails even when the shares over all stations, which
 * the other tests assert, stay where they were or improve. Tolerances: the monthly temperature
 * RMS may grow by 0.2 °C, and the daily range, the precipitation and the wet hours may move
 * 10 % further from the normal (as the distance of the logarithm of their ratio from 0); within
 * them, changes are the interpolation's ordinary give and take. A deliberate trade-off is accepted
 * by writing the file anew: WEATHER_UPDATE_BASELINE=1 npx vitest run
 * test/e2e/climate-validation.test.ts -t five-fold, and its diff shows which stations moved.
 */
const BASELINE_FILE = fileURLToPath(new URL('../fixtures/five-fold-baseline.tsv', import.meta.url));
const BASELINE_COLUMNS = ['fold', 'id', 'name', 'temp_rms_c', 'dtr', 'precip', 'wet_hours'];
const RMS_TOLERANCE_C = 0.2;
const RATIO_TOLERANCE = Math.log(1.1);

interface BaselineRow {
  readonly fold: number;
  readonly id: string;
  readonly name: string;
  readonly tempRmsC: number;
  /** The ratios to the normals: daily range, precipitation, wet hours. */
  readonly ratios: readonly [number, number, number];
}

/** A station in its fold: twins held out in two folds are two rows. */
const keyOf = (r: Pick<BaselineRow, 'fold' | 'id'>): string => `${r.fold} ${r.id}`;

function baselineRow(fold: number, s: Scores): BaselineRow {
  const round = (v: number, digits: number): number => Number(v.toFixed(digits));
  return {
    fold,
    id: s.station.id,
    name: s.station.name,
    tempRmsC: round(rmsOf(s), 2),
    ratios: [round(s.dtrRatio, 3), round(s.precipRatio, 3), round(s.wetHoursRatio, 3)],
  };
}

function formatBaseline(rows: readonly BaselineRow[]): string {
  const lines = rows.map((r) =>
    [r.fold, r.id, r.name, r.tempRmsC.toFixed(2), ...r.ratios.map((v) => v.toFixed(3))].join('\t'),
  );
  return `${BASELINE_COLUMNS.join('\t')}\n${lines.join('\n')}\n`;
}

function parseBaseline(text: string): Map<string, BaselineRow> {
  expect(text.slice(0, text.indexOf('\n')).split('\t')).toStrictEqual(BASELINE_COLUMNS);
  return new Map(
    tsvRows(text).map((cells) => {
      const row: BaselineRow = {
        fold: Number(cells['fold']),
        id: cells['id'] ?? '',
        name: cells['name'] ?? '',
        tempRmsC: Number(cells['temp_rms_c']),
        ratios: [Number(cells['dtr']), Number(cells['precip']), Number(cells['wet_hours'])],
      };
      return [keyOf(row), row];
    }),
  );
}

/** How a station got worse than its baseline beyond the tolerances, or undefined. */
function worseThan(now: BaselineRow, before: BaselineRow): string | undefined {
  const problems: string[] = [];
  if (now.tempRmsC > before.tempRmsC + RMS_TOLERANCE_C)
    problems.push(`T rms ${before.tempRmsC.toFixed(2)} → ${now.tempRmsC.toFixed(2)} °C`);
  ['DTR', 'P', 'wet h'].forEach((label, i) => {
    const [a, b] = [before.ratios[i] ?? 1, now.ratios[i] ?? 1];
    if (Math.abs(Math.log(b)) > Math.abs(Math.log(a)) + RATIO_TOLERANCE)
      problems.push(`${label} ×${a.toFixed(2)} → ×${b.toFixed(2)}`);
  });
  return problems.length > 0 ? `${now.name} (${keyOf(now)}): ${problems.join(', ')}` : undefined;
}

/** The distance from `station` to the nearest of `others`, km. */
function nearestDistanceKm(
  station: Pick<ClimateStation, 'lat' | 'lon'>,
  others: readonly Pick<ClimateStation, 'lat' | 'lon'>[],
): number {
  return Math.min(...others.map((o) => distanceKm(station.lat, station.lon, o.lat, o.lon)));
}

/** Bands of the distance to the nearest station of the training set, km: [from, to). */
const NEIGHBOUR_BANDS: readonly (readonly [number, number])[] = [
  [0, 100],
  [100, 200],
  [200, 300],
  [300, 500],
  [500, Infinity],
];

/**
 * The share of stations with the yearly precipitation within a factor of 1.5, by how far the
 * nearest station the climatology kept is: how much a denser network could be expected to gain
 * (printed, for the notes on the validation).
 */
function precipitationByNeighbour(scores: readonly Scores[], nearestKm: readonly number[]): string {
  const lines = NEIGHBOUR_BANDS.map(([from, to]) => {
    const band = scores.filter((_, i) => (nearestKm[i] ?? 0) >= from && (nearestKm[i] ?? 0) < to);
    const good = band.filter((s) => within(s.precipRatio, 1.5)).length;
    const share = band.length > 0 ? `${((100 * good) / band.length).toFixed(1)} %` : '—';
    const label = to === Infinity ? `${from} km or more` : `${from}–${to} km`;
    return `  ${label.padEnd(16)} ${String(band.length).padStart(5)} stations  ${share}`;
  });
  return `yearly precipitation within ×1.5, by the distance to the nearest training station:\n${lines.join('\n')}`;
}

describe('five-fold cross-validation of the climatology', () => {
  let result: Record<string, number> = {};
  const rows: BaselineRow[] = [];
  beforeAll(async () => {
    const production = await productionTable();
    const all = climateStations();
    const scores: Scores[] = [];
    const nearestKm: number[] = [];
    for (let fold = 0; fold < 5; fold++) {
      const { training, heldOut } = validationSplit(all, fold);
      const foldScores = scoreHeldOut(training, heldOut, production);
      scores.push(...foldScores);
      rows.push(...foldScores.map((s) => baselineRow(fold, s)));
      nearestKm.push(...heldOut.map((h) => nearestDistanceKm(h, training)));
    }
    result = report('every fifth held out in turn, the climatology alone (worst 20)', scores, 20);
    console.log(precipitationByNeighbour(scores, nearestKm));
  }, 240_000);

  it('makes no station worse than its accepted baseline beyond the tolerances', () => {
    if (process.env['WEATHER_UPDATE_BASELINE'] === '1') {
      writeFileSync(BASELINE_FILE, formatBaseline(rows));
      console.log(`wrote ${rows.length} stations to ${BASELINE_FILE}`);
    }
    const baseline = parseBaseline(readFileSync(BASELINE_FILE, 'utf8'));
    const worse = rows.flatMap((r) => {
      const before = baseline.get(keyOf(r));
      const problem =
        before === undefined
          ? `${r.name} (${keyOf(r)}): not in the baseline`
          : worseThan(r, before);
      return problem === undefined ? [] : [problem];
    });
    const seen = new Set(rows.map(keyOf));
    const gone = [...baseline.keys()].filter((key) => !seen.has(key));
    console.log(
      `against the baseline: ${worse.length} worse, ${gone.length} gone` +
        (worse.length + gone.length > 0
          ? `\n${[...worse, ...gone.map((k) => `${k}: gone`)].join('\n')}`
          : ''),
    );
    expect(worse).toStrictEqual([]);
    expect(gone).toStrictEqual([]);
  });

  it('holds out every station once (its twins with it: a few twice)', () => {
    expect(result['stations']).toBe(1136);
  });

  // Target: RMS ≤ 1.5 °C over 12 months and no month off by more than 5 °C at any station.
  it('monthly mean temperature: RMS under 1.2 °C, no month off by 5 °C at 98.5 % of stations', () => {
    expect(result['tempRmsC']).toBeLessThan(1.2);
    expect(result['noMonthOver5C']).toBeGreaterThanOrEqual(0.985);
  });

  // Targets: within a factor of 1.5 for 80 % of stations; the wetter season right everywhere.
  it('yearly precipitation within a factor of 1.5 at 85 %, the wetter season at 99.5 %', () => {
    expect(result['precipWithinFactor15']).toBeGreaterThanOrEqual(0.85);
    expect(result['wetSeasonRight']).toBeGreaterThanOrEqual(0.995);
  });

  // Targets: the daily range within ±30 %, the share of wet hours within a factor of 2.
  it('daily range within ±30 % at 92 % and wet hours within a factor of 2 at 96 %', () => {
    expect(result['dtrWithin30Percent']).toBeGreaterThanOrEqual(0.92);
    expect(result['wetHoursWithinFactor2']).toBeGreaterThanOrEqual(0.96);
  });
});

/**
 * Each city's station held out in turn with its twins (other stations of the same town) from a
 * climatology of every other station, scored on the climatology's own means and with the weather.
 */
async function eachHeldOut(
  cities: readonly ClimateStation[],
  all: readonly ClimateStation[],
): Promise<{ scores: Scores[]; weatherScores: Scores[] }> {
  const production = await productionTable();
  const scores: Scores[] = [];
  const weatherScores: Scores[] = [];
  for (const city of cities) {
    const training = all.filter((s) => distanceKm(city.lat, city.lon, s.lat, s.lon) >= TWIN_KM);
    const { table, climatology } = climatologyOf(training, production);
    scores.push(score(city, climateMeans(climatology, table, city)));
    weatherScores.push(score(city, runStation(climatology, table, city, CITY_RUN)));
  }
  return { scores, weatherScores };
}

/** What a list of cities reaches, on the climatology alone or with the weather on top. */
interface CityRun {
  readonly run: string;
  readonly scores: () => Record<string, number>;
  /** The temperature's RMS stays under this, °C. */
  readonly rms: number;
  /** Cities with no month off by 5 °C. */
  readonly noMonth: number;
  /** Cities with the yearly precipitation within a factor of 1.5. */
  readonly precip: number;
  /** Cities with the share of wet hours within a factor of 2. */
  readonly wetHours: number;
  /** Cities with a strong wet season that have the wetter of DJF and JJA right. */
  readonly wetSeasons: number;
}

/**
 * The issue's targets, each asserted at what a list of cities reaches (counts of cities), so that
 * a change making the model worse there fails.
 */
function describeCityTargets(
  { cities, strongWetSeasons }: { cities: number; strongWetSeasons: number },
  runs: readonly CityRun[],
): void {
  describe.each(runs)('$run', ({ scores, rms, noMonth, precip, wetHours, wetSeasons }) => {
    // Target: RMS ≤ 1.5 °C over 12 months and no month off by more than 5 °C at any city.
    it(`monthly mean temperature: RMS under ${rms} °C, no month off by 5 °C at ${noMonth} of ${cities} cities`, () => {
      expect(scores()['tempRmsC']).toBeLessThan(rms);
      expect(scores()['noMonthOver5C']).toBeGreaterThanOrEqual(noMonth / cities);
    });

    // Targets: within a factor of 1.5 for 80 % of cities; the wetter season right at every city.
    it(`yearly precipitation within a factor of 1.5 at ${precip} of ${cities}, the wetter season at ${wetSeasons} of ${strongWetSeasons}`, () => {
      expect(scores()['strongWetSeasons']).toBe(strongWetSeasons);
      expect(scores()['precipWithinFactor15']).toBeGreaterThanOrEqual(precip / cities);
      expect(scores()['wetSeasonRight']).toBeGreaterThanOrEqual(wetSeasons / strongWetSeasons);
    });

    // Targets: the daily range within ±30 %, the share of wet hours within a factor of 2.
    it(`daily range within ±30 % at every city, wet hours within a factor of 2 at ${wetHours} of ${cities}`, () => {
      expect(scores()['dtrWithin30Percent']).toBe(1);
      expect(scores()['wetHoursWithinFactor2']).toBeGreaterThanOrEqual(wetHours / cities);
    });
  });
}

describe('the reference cities, each held out in turn', () => {
  let result: Record<string, number> = {};
  let withWeather: Record<string, number> = {};
  beforeAll(async () => {
    const all = climateStations();
    const { scores, weatherScores } = await eachHeldOut(referenceCityStations(all), all);
    result = report('the reference cities, each held out in turn, the climatology alone', scores);
    withWeather = report(
      'the reference cities, each held out in turn, with weather (30 years, every hour)',
      weatherScores,
    );
  }, 480_000);

  it('holds out the 22 cities of extremes.tsv and climate-normals.tsv', () => {
    expect(result['stations']).toBe(22);
  });

  // The same targets on the climatology alone and with the weather on top: a city's thirty years
  // scatter around the climatology's mean, the rain most (by about ±10 % in the yearly total, as
  // thirty real years do around a longer mean), so the weather's bounds are a little looser.
  describeCityTargets({ cities: 22, strongWetSeasons: 12 }, [
    {
      run: 'the climatology alone',
      scores: () => result,
      rms: 0.85,
      noMonth: 22,
      precip: 22,
      wetSeasons: 12,
      wetHours: 22,
    },
    {
      run: 'with weather',
      scores: () => withWeather,
      rms: 0.9,
      noMonth: 22,
      precip: 22,
      wetSeasons: 12,
      wetHours: 22,
    },
  ]);
});

/**
 * A second list, fixed by its rule (largestCityStations) before it was first scored and disjoint
 * from the reference cities, around one of which (Cairo) the network was densified: of each
 * country's largest city with a station, the 30 most populous, one city per country. Scored as the
 * reference cities are, against the issue's targets themselves.
 */
describe('a second list of cities: the largest of 30 countries, each held out in turn', () => {
  const CITIES = 30;
  let result: Record<string, number> = {};
  let withWeather: Record<string, number> = {};
  beforeAll(async () => {
    const all = climateStations();
    const chosen = (await largestCityStations(all, CITIES)).map(({ station }) => station);
    const { scores, weatherScores } = await eachHeldOut(chosen, all);
    result = report('the largest cities of 30 countries, the climatology alone', scores);
    withWeather = report(
      'the largest cities of 30 countries, with weather (30 years, every hour)',
      weatherScores,
    );
  }, 480_000);

  it('takes the largest city with a station of each country, one city per station', async () => {
    const chosen = await largestCityStations(climateStations(), CITIES);
    expect(chosen.map(({ city }) => `${city.name} ${city.country}`)).toStrictEqual([
      'Beijing CN',
      'Lagos NG',
      'Istanbul TR',
      'São Paulo BR',
      'Mexico City MX',
      'Karachi PK',
      'Dhaka BD',
      'Ho Chi Minh City VN',
      'Jakarta ID',
      'Bengaluru IN',
      'Kinshasa CD',
      'Lima PE',
      'Bogotá CO',
      'Baghdad IQ',
      'Tehran IR',
      'Abidjan CI',
      'Johannesburg ZA',
      'Dar es Salaam TZ',
      'Saint Petersburg RU',
      'Alexandria EG',
      'Bangkok TH',
      'Melbourne AU',
      'Santiago CL',
      'Jeddah SA',
      'Yangon MM',
      'Kabul AF',
      'Los Angeles US',
      'Busan KR',
      'Dubai AE',
      'Berlin DE',
    ]);
  });

  // The issue's targets, which this list meets on the climatology alone and with the weather's
  // thirty years on top: precipitation within a factor of 1.5 at 80 % of cities (27 of 30 on the
  // climatology: Bengaluru and Kinshasa too dry, Karachi too wet; 25 of 30 with the weather: also
  // Los Angeles and Dar es Salaam too dry, Tehran too wet, and Kinshasa just in); the wetter season
  // right at every city; no month off by 5 °C at any city (since the temperature guide: Tehran's
  // July was 5.1 °C too warm before it); wet hours within a factor of 2 at every city (Karachi ×1.89
  // with the weather; ×2.17 on every tenth day, before the cities' weather was run whole). The
  // thresholds asserted are what the model reaches, as elsewhere in this file.
  describeCityTargets({ cities: CITIES, strongWetSeasons: 23 }, [
    {
      run: 'the climatology alone',
      scores: () => result,
      rms: 1.1,
      noMonth: 30,
      precip: 27,
      wetSeasons: 23,
      wetHours: 30,
    },
    {
      run: 'with weather',
      scores: () => withWeather,
      rms: 1.15,
      noMonth: 30,
      precip: 25,
      wetSeasons: 23,
      wetHours: 30,
    },
  ]);
});

describe('the climate of the stations the climatology was built from', () => {
  let result: Record<string, number> = {};
  let wetDayRatios: number[] = [];
  beforeAll(async () => {
    const table = await productionTable();
    const climatology = new Climatology(table);
    // Every fourth station keeps the test fast; the weather is what is tested here.
    const stations = climateStations().filter((_, i) => i % 4 === 0);
    const runs = stations.map((s) => ({ s, run: runStation(climatology, table, s, OWN_RUN) }));
    result = report(
      'stations of the climatology (every fourth)',
      runs.map(({ s, run }) => score(s, run)),
    );
    wetDayRatios = runs
      .filter(({ s }) => sum(s.normals.wetdays) >= 10)
      .map(({ s, run }) => sum(run.wetDays) / sum(s.normals.wetdays))
      .sort((a, b) => a - b);
  }, 240_000);

  it('reproduces the monthly means within 1 °C RMS, with weather on top', () => {
    expect(result['tempRmsC']).toBeLessThan(1);
    expect(result['noMonthOver5C']).toBe(1);
  });

  it('reproduces the daily range, the precipitation and its hours', () => {
    expect(result['dtrWithin30Percent']).toBe(1);
    expect(result['precipWithinFactor15']).toBeGreaterThanOrEqual(0.8);
    expect(result['wetSeasonRight']).toBeGreaterThanOrEqual(0.95);
    expect(result['wetHoursWithinFactor2']).toBeGreaterThanOrEqual(0.9);
  });

  it('reproduces the number of wet days (≥ 1 mm) within a third for the median station', () => {
    const median = wetDayRatios[Math.floor(wetDayRatios.length / 2)] ?? 0;
    console.log(`wet days, model over normal: median ${median.toFixed(2)}`);
    expect(median).toBeGreaterThan(0.67);
    expect(median).toBeLessThan(1.33);
  });
});

describe('the weather around the climatology', () => {
  it('has rain as many hours, and as much of it, as the climatology says, on average over stations', async () => {
    const table = await productionTable();
    const climatology = new Climatology(table);
    const yearly = (perMonth: readonly number[]): number =>
      sum(perMonth.map((v, m) => v * (DAYS_IN_MONTH[m] ?? 30)));
    // Every 13th station: the weather every fourth hour of every fifth day for fourteen years,
    // against the climatology's own monthly means.
    const ratios = climateStations()
      .filter((s, i) => i % 13 === 0 && sum(s.normals.precip) > 50)
      .map((s) => {
        const run = runStation(climatology, table, s, WEATHER_AROUND_RUN);
        const means = climateMeans(climatology, table, s);
        return {
          amount: sum(run.precip) / sum(means.precip),
          hours: yearly(run.wetHours) / yearly(means.wetHours),
        };
      });
    // The mean of the stations' ratios: a station's sample of heavy-tailed amounts falls short of
    // its expected total more often than not, so the median ratio would sit below 1 with no bias.
    const mean = (values: number[]): number => sum(values) / values.length;
    const [amount, hours] = [mean(ratios.map((r) => r.amount)), mean(ratios.map((r) => r.hours))];
    console.log(
      `${ratios.length} stations, weather over climatology: amount ${amount.toFixed(3)}, wet hours ${hours.toFixed(3)}`,
    );
    expect(amount).toBeGreaterThan(0.96);
    expect(amount).toBeLessThan(1.04);
    expect(hours).toBeGreaterThan(0.96);
    expect(hours).toBeLessThan(1.04);
  }, 60_000);
});

describe('the hourly climate runStation takes between the ends of each day', () => {
  it('is the climatology’s own at every hour to within a tenth of a degree, its months’ to far less', async () => {
    const table = await productionTable();
    const climatology = new Climatology(table);
    let worstHourC = 0;
    let worstMonthC = 0;
    let worstMonthRain = 0;
    let worstWetShare = 0;
    // Every 50th station, every hour of 2026.
    for (const s of climateStations().filter((_, i) => i % 50 === 0)) {
      const land = landShareAt(table, s.lat, s.lon);
      const at = (dt: number) => climatology.at(s.lat, s.lon, dt, s.elevationM, land);
      for (let month = 1; month <= 12; month++) {
        let [tempBetween, tempExact, rainBetween, rainExact, hours] = [0, 0, 0, 0, 0];
        for (let day = 1; day <= daysInMonth(2026, month); day++) {
          const midnight = utc(2026, month, day);
          const [start, end] = [at(midnight), at(midnight + 86400)];
          for (let hour = 0; hour < 24; hour++, hours++) {
            const exact = at(midnight + hour * 3600);
            const between = climateBetween(start, end, hour / 24);
            worstHourC = Math.max(worstHourC, Math.abs(between.tempC - exact.tempC));
            worstWetShare = Math.max(worstWetShare, Math.abs(between.wetShare - exact.wetShare));
            tempBetween += between.tempC;
            tempExact += exact.tempC;
            rainBetween += between.rateMmH;
            rainExact += exact.rateMmH;
          }
        }
        worstMonthC = Math.max(worstMonthC, Math.abs(tempBetween - tempExact) / hours);
        // As a share of the month's rain, or of a millimetre in the driest months.
        worstMonthRain = Math.max(
          worstMonthRain,
          Math.abs(rainBetween - rainExact) / Math.max(1, rainExact),
        );
      }
    }
    console.log(
      `between the ends of the day: an hour's temperature within ${worstHourC.toFixed(3)} °C, a month's within ${worstMonthC.toFixed(4)} °C, a month's rain within ${(100 * worstMonthRain).toFixed(3)} %, the share of wet hours within ${worstWetShare.toFixed(4)}`,
    );
    expect(worstHourC).toBeLessThan(0.1);
    expect(worstMonthC).toBeLessThan(0.01);
    expect(worstMonthRain).toBeLessThan(0.005);
    expect(worstWetShare).toBeLessThan(0.001);
  }, 120_000);
});
