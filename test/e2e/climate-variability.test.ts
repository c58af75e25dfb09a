import { beforeAll, describe, expect, it } from 'vitest';
import type { ClimateTable } from '../../src/world/climate-layout.js';
import {
  heatContrasts,
  warmestMeanMaxC,
  type ClimateStation,
} from '../../src/world/climate-stations.js';
import { Climatology, landShareAt } from '../../src/world/climatology.js';
import {
  climateRows,
  climateStations,
  productionTable,
  runStation,
  sum,
} from '../helpers/climate.js';

/**
 * How the model's weather varies, against data/climate/variability.tsv and extremes.tsv: the
 * standard deviation of the day-to-day change of the daily mean temperature by climate type and
 * season, and the highest and lowest temperatures of ten years at the reference cities.
 */

/** Where each region of variability.tsv lies: south, north, west, east. */
const REGIONS: Readonly<Record<string, readonly [number, number, number, number]>> = {
  'Maritime western Europe': [43, 60, -11, 10],
  'Central and eastern Europe': [45, 60, 10, 45],
  'Northern Europe and Fennoscandia': [58, 71, 5, 45],
  'Mediterranean Europe': [35, 46, -10, 30],
  'North American Great Plains and Prairies': [35, 56, -115, -90],
  'Eastern United States': [25, 43, -95, -70],
  'Siberia and the Russian interior': [50, 72, 60, 140],
  'Eastern China': [20, 42, 105, 125],
  'Humid tropics': [-15, 15, -180, 180],
  'Tropical savanna': [-25, 25, -180, 180],
  'Tropical highlands': [-25, 25, -180, 180],
  'Hot deserts': [-35, 35, -180, 180],
  'Southern mid-latitude coasts': [-50, -30, 110, 180],
  'Arctic coasts': [60, 90, -180, 180],
  'Antarctic interior and coast': [-90, -60, -180, 180],
};

const SEASON_MONTHS: Readonly<Record<string, readonly number[]>> = {
  DJF: [11, 0, 1],
  MAM: [2, 3, 4],
  JJA: [5, 6, 7],
  SON: [8, 9, 10],
  year: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
};

/** Stations of a band: its Köppen class inside its region, at most six, spread by id. */
function stationsOf(
  all: readonly ClimateStation[],
  region: string,
  koppen: string,
): ClimateStation[] {
  const [south, north, west, east] = REGIONS[region] ?? [0, 0, 0, 0];
  const inside = all.filter(
    (s) =>
      s.koppen === koppen && s.lat >= south && s.lat <= north && s.lon >= west && s.lon <= east,
  );
  const step = Math.max(1, Math.floor(inside.length / 6));
  return inside.filter((_, i) => i % step === 0).slice(0, 6);
}

function dayToDaySd(
  daily: readonly { month: number; meanC: number }[],
  months: readonly number[],
): number {
  const changes: number[] = [];
  for (let i = 1; i < daily.length; i++) {
    const [a, b] = [daily[i - 1], daily[i]];
    if (a && b && months.includes(a.month) && months.includes(b.month))
      changes.push(b.meanC - a.meanC);
  }
  const mean = sum(changes) / changes.length;
  return Math.sqrt(sum(changes.map((c) => (c - mean) ** 2)) / changes.length);
}

let table: ClimateTable;
let climatology: Climatology;
const stations = climateStations();
beforeAll(async () => {
  table = await productionTable();
  climatology = new Climatology(table);
});

/**
 * Bands the model's median station misses, and why; each must still be within a quarter of the
 * band's width of it. None now: the Mediterranean's winter (the spread grows with an annual range
 * that a dry summer's heating no longer inflates) and the High Plains' spring (the spread's spring
 * lag) were the last, and both sit within 0.01 and 0.07 °C of their bands' edges.
 */
const KNOWN_OUTSIDE: ReadonlySet<string> = new Set<string>([]);

describe('day-to-day variability of the daily mean temperature', () => {
  const bands = climateRows('variability.tsv');

  it.each(bands)('$region, $koppen, $season: median station within the band', (band) => {
    const region = band['region'] ?? '';
    const koppen = band['koppen'] ?? '';
    const chosen = stationsOf(stations, region, koppen);
    expect(chosen.length, `${region} ${koppen}`).toBeGreaterThan(0);
    const months = SEASON_MONTHS[band['season'] ?? 'year'] ?? [];
    // Four years, every day, the daily mean from six samples of the local solar day.
    const sds = chosen
      .map((s) => {
        const run = runStation(climatology, table, s, {
          years: 4,
          everyDays: 1,
          hours: [1, 5, 9, 13, 17, 21],
        });
        return dayToDaySd(run.daily, months);
      })
      .sort((a, b) => a - b);
    const median = sds[Math.floor(sds.length / 2)] ?? 0;
    console.log(
      `${region} ${koppen} ${band['season']}: ${sds.map((x) => x.toFixed(2)).join(' ')} → ${median.toFixed(2)} ` +
        `(band ${band['sd_low_c']}–${band['sd_high_c']})`,
    );
    const [low, high] = [Number(band['sd_low_c']), Number(band['sd_high_c'])];
    const slack = KNOWN_OUTSIDE.has(`${region} ${koppen} ${band['season']}`) ? (high - low) / 4 : 0;
    expect(median).toBeGreaterThanOrEqual(low - slack);
    expect(median).toBeLessThanOrEqual(high + slack);
    if (slack > 0)
      expect(median < low || median > high, 'no longer outside: update KNOWN_OUTSIDE').toBe(true);
  });
});

describe('extremes over ten years at the reference cities', () => {
  const extremes = climateRows('extremes.tsv');
  const results: { city: string; ok: boolean }[] = [];

  it.each(extremes)('$city: highest and lowest of ten years', (row) => {
    const station = stations.find((s) => s.id === row['station_id']);
    expect(station, row['city']).toBeDefined();
    if (!station) return;
    // Every day of ten years, at the hours of the daily minimum and maximum.
    const run = runStation(climatology, table, station, {
      years: 10,
      everyDays: 1,
      hours: [4, 5, 6, 7, 14, 15, 16],
    });
    const [tmax, tmin] = [Number(row['tmax_c']), Number(row['tmin_c'])];
    const ok = Math.abs(run.highestC - tmax) <= 5 && Math.abs(run.lowestC - tmin) <= 5;
    results.push({ city: row['city'] ?? '', ok });
    console.log(
      `${row['city']}: model ${run.lowestC.toFixed(1)} … ${run.highestC.toFixed(1)} °C, ` +
        `recorded ${tmin} … ${tmax} °C (${row['period']})${ok ? '' : '  off by more than 5 °C'}`,
    );
    // Target: within ±5 °C of both; asserted: within ±15 °C, and the count below.
    expect(Math.abs(run.highestC - tmax)).toBeLessThanOrEqual(15);
    expect(Math.abs(run.lowestC - tmin)).toBeLessThanOrEqual(15);
  });

  // Sydney's, London's and Paris's maxima chose the heat waves' reach (weather.ts,
  // HEAT_WAVE_REACH), the fifteen maxima the latitude the regime's warm tail grows from
  // (weather.ts, tailsAt), and Tokyo's minimum how much a sea region calms the winter
  // (weather.ts, SEA_WINTER): the extremes are not an independent check of those three.
  it('all fifteen cities are within ±5 °C of both recorded extremes', () => {
    console.log(
      `within ±5 °C: ${results
        .filter((r) => r.ok)
        .map((r) => r.city)
        .join(', ')}`,
    );
    expect(results.filter((r) => r.ok).length).toBe(15);
  });
});

/**
 * The model's highest afternoon (`tmax`) or lowest morning (`tmin`) of ten years at the station
 * of a row of heat-records.tsv or cold-records.tsv, less the reading recorded there, °C.
 */
function offFromRecord(row: Record<string, string>, kind: 'tmax' | 'tmin'): number {
  const station = stations.find((s) => s.id === row['station_id']);
  expect(station, row['station']).toBeDefined();
  if (!station) return NaN;
  const hours = kind === 'tmax' ? [13, 14, 15, 16] : [3, 4, 5, 6, 7];
  const run = runStation(climatology, table, station, { years: 10, everyDays: 1, hours });
  const model = kind === 'tmax' ? run.highestC : run.lowestC;
  const recorded = Number(row[`${kind}_c`]);
  const off = model - recorded;
  console.log(
    `${row['station']}: model ${model.toFixed(1)} °C, ${row['what']} ${recorded} °C ` +
      `(${row[`${kind}_date`]}), ${off >= 0 ? '+' : ''}${off.toFixed(1)}`,
  );
  return off;
}

/**
 * Stations whose highest of ten model summers is known to lie more than 5 °C from the highest
 * reading found, and why; each must still be within 10 °C of it. Sochi's hotter air (Yerevan,
 * Kirkuk, Mosul) lies beyond the Caucasus, which the way's land share does not see. Adelaide's
 * comes from the interior 450–1,000 km away (Woomera, Oodnadatta) at a contrast of only 5 °C,
 * too little for the 18 °C its record stands above its January afternoons.
 */
const HEAT_KNOWN_OUTSIDE: ReadonlySet<string> = new Set(['Sochi', 'Adelaide-Kent Town']);

describe('heat waves against the highest readings of stations near hotter air', () => {
  // Stations with a large heat contrast: Spain's and California's, where heat waves came 6–10 °C
  // above anything recorded before the import was bent under the ceiling (weather.ts,
  // belowHeatCeiling), and cool coasts near a hot interior, which come 15–19 °C above their
  // warmest month's afternoons; and Lucknow before the monsoon, where the spread's spring lag
  // (weather.ts, spreadWinterness) adds heat.
  it.each(climateRows('heat-records.tsv'))(
    '$station: the highest of ten summers within ±5 °C of $tmax_c °C',
    (row) => {
      const off = offFromRecord(row, 'tmax');
      const known = HEAT_KNOWN_OUTSIDE.has(row['station'] ?? '');
      expect(Math.abs(off)).toBeLessThanOrEqual(known ? 10 : 5);
      if (known)
        expect(Math.abs(off), 'no longer outside: update HEAT_KNOWN_OUTSIDE').toBeGreaterThan(5);
    },
  );
});

describe('cold nights against the lowest readings of desert stations', () => {
  // Hot deserts at 20–37°, where the ten years' coldest morning came 2.5–4.4 °C below the lowest
  // ever recorded before a dry summer's heating was taken out of the annual range the spread
  // grows with (weather.ts, DRY_SUMMER_RANGE). A decade's lowest is at or above the all-time
  // record: 2 °C below it is allowed, and there is no bound above (many decades have no morning
  // near the record).
  it.each(climateRows('cold-records.tsv'))(
    '$station: the lowest of ten winters no more than 2 °C below $tmin_c °C',
    (row) => {
      expect(offFromRecord(row, 'tmin')).toBeGreaterThanOrEqual(-2);
    },
  );
});

describe('heat waves where a desert lies behind a cool coast', () => {
  // The twenty stations with the greatest heat contrast: California's, Namibia's and Chile's
  // cold-current coasts, with deserts 15–20 °C hotter a few hundred kilometres inland.
  it("bring no afternoon in ten years more than 22 °C above the warmest month's mean", () => {
    // Over the production table's land, as the build computes them.
    const contrasts = heatContrasts(stations, (lat, lon) => landShareAt(table, lat, lon));
    const steepest = stations
      .map((s, i) => ({ s, contrast: contrasts[i] ?? 0 }))
      .sort((a, b) => b.contrast - a.contrast)
      .slice(0, 20);
    const excesses = steepest.map(({ s, contrast }) => {
      const warmest = warmestMeanMaxC(s.normals);
      const run = runStation(climatology, table, s, { years: 10, everyDays: 1, hours: [14, 15] });
      return { name: s.name, contrast, excess: run.highestC - warmest };
    });
    console.log(
      excesses
        .map((e) => `${e.name}: contrast ${e.contrast.toFixed(1)}, +${e.excess.toFixed(1)} °C`)
        .join('\n'),
    );
    expect(steepest[0]?.contrast).toBeGreaterThan(18);
    // Sydney's record is 18.5 °C above its January afternoons (27.3 °C), the most of
    // extremes.tsv.
    for (const e of excesses) expect(e.excess, e.name).toBeLessThanOrEqual(22);
  });
});
