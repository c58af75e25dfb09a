import {
  elevationOfCode,
  FAR_GRID,
  guideOfCode,
  INDEX_COLS,
  INDEX_DEG,
  INDEX_ROWS,
  LAND_GRID,
  LAPSE_C_PER_M,
  LOG_FLOOR,
  NEAR_GRID,
  Q,
  type PackedGrid,
  RADIUS_COLS,
  RADIUS_DEG,
  RADIUS_ROWS,
  REGIONAL,
  S,
  SCALARS,
  storedValue,
  temperatureGuideOfCode,
  type CellGrid,
  type ClimateGrids,
  type ClimateTable,
} from './climate-layout.js';
import { EARTH_RADIUS_KM, RAD, smoothstep, TROPICAL_YEAR_DAYS, wrapIndex } from './geo.js';

/**
 * The climate expected at a point for the time of year, interpolated from the stations of
 * data/climate.bin: each station within the support radius counts by its distance (a Shepard
 * weight that falls to zero at the radius, so the field is continuous and a station's own
 * coordinates give nearly its own normals), by how close its height is to the point's, and by how close
 * its land share is to the point's (an island station speaks for the sea around it, an inland one
 * for the inland). Temperature is compared at sea level and brought to the point's height by the
 * lapse rate; rather than the stations' weighted mean, it is the value at the point of a weighted
 * local regression on latitude, land share, height and the land share of the region (below), of
 * the stations' temperatures brought to the point by a gridded climatology (the temperature guide);
 * the daily range, wind and humidity are then scaled from the stations' land share to the point's
 * (the open sea has a quarter of an island's daily range and more wind).
 * Between mid-months the values are linear; the table's mid-month values make each month's mean the
 * station's normal.
 */

export interface Climate {
  /** 0 open sea … 1 inland. */
  readonly land: number;
  /** Ground height the climate is for, m. */
  readonly elevationM: number;
  /** Mean daily temperature at that height, °C. */
  readonly tempC: number;
  /** Mean daily temperature range, °C. */
  readonly dtrC: number;
  /** Mean precipitation rate over all hours, mm/h. */
  readonly rateMmH: number;
  /** Share of hours with precipitation. */
  readonly wetShare: number;
  /** Daily mean temperature minus the dew point, °C. */
  readonly dewDepressionC: number;
  readonly windMS: number;
  /** Mean cloud cover, 0 … 1. */
  readonly cloud: number;
  readonly annualRangeC: number;
  readonly annualPrecipMm: number;
  /** How much wetter than average the current time of year is, −1 … 1 (first harmonic). */
  readonly wetSeason: number;
  /** The year's wet-season strength, 0 … 1. */
  readonly seasonality: number;
  /** How much hotter the hottest summer air within reach is than the place's own, °C. */
  readonly heatContrastC: number;
  /** How hot and dry the summer is, 0 … 1 (climate-stations.ts, drySummer). */
  readonly drySummer: number;
  /** Share of land within NEAR_KM of the place (climate-stations.ts), 0 … 1. */
  readonly landNearby: number;
  /** Share of land within FAR_KM of the place (climate-stations.ts), 0 … 1. */
  readonly landFar: number;
}

/**
 * Where each per-station scalar the climate uses is among the stored ones (climate-layout.ts,
 * SCALARS), as plain numbers: the interpolation reads them on every call.
 */
const ANNUAL_RANGE = SCALARS.indexOf('annualRangeC');
const LOG_ANNUAL_PRECIP = SCALARS.indexOf('logAnnualPrecipMm');
const WET_SEASON_COS = SCALARS.indexOf('wetSeasonCos');
const WET_SEASON_SIN = SCALARS.indexOf('wetSeasonSin');
const HEAT_CONTRAST = SCALARS.indexOf('heatContrastC');
const DRY_SUMMER = SCALARS.indexOf('drySummer');

/**
 * Where weights fall off with height difference (m) and with land-share difference: tuned on the
 * validation split (test/e2e/climate-validation.test.ts), where a valley station is better told by
 * a valley station 300 km away than by a slope 50 km away, and a coast by a coast.
 */
const HEIGHT_SCALE_M = 350;
const LAND_SCALE = 0.2;
/**
 * Climate changes faster from north to south than from west to east (the zones of the general
 * circulation lie along the parallels), so distances could count a degree of latitude more than
 * the same distance along a parallel. The weighted mean this interpolation began with did (twice);
 * with the latitude in the local regression, which takes the north–south gradient itself, the plain
 * distance cross-validates better (five-fold, 1.45 °C RMS against 1.51 °C stretched twice).
 */
export const MERIDIONAL_STRETCH = 1;
const KM_PER_DEGREE = EARTH_RADIUS_KM * RAD;

/**
 * The interpolation's distance from a point to a station, km: equirectangular at the point's
 * latitude, a degree of latitude counted MERIDIONAL_STRETCH times.
 */
export function stretchedKm(
  lat: number,
  lon: number,
  stationLat: number,
  stationLon: number,
): number {
  let dLon = Math.abs(lon - stationLon) % 360;
  if (dLon > 180) dLon = 360 - dLon;
  const east = dLon * Math.cos(lat * RAD);
  const north = (lat - stationLat) * MERIDIONAL_STRETCH;
  return KM_PER_DEGREE * Math.sqrt(east * east + north * north);
}

/**
 * The local regression of the sea-level temperature: around each point, the stations' values are
 * fitted, with the interpolation's weights, by a plane in the stations' offsets from the point:
 * latitude (per 10°), land share, height (per km), and the land share within NEAR_KM and within
 * FAR_KM (climate-stations.ts); its value at the point is the estimate. A weighted mean flattens
 * the gradients a point sits on: a coast between inland and island stations, a station at the
 * poleward edge of the ones around it, a town on a gulf between stations on the open coast and
 * ones deep in the continent. The land share counts a frozen sea as land (frozenLand): in winter
 * the shore of Baffin Bay or of the Kara Sea has the climate of the tundra, not of the open water
 * that keeps Nuuk or Tromsø mild. Each slope is held back towards zero by a ridge, this share of
 * the regression's total weight, so that a few stations in a line cannot tilt it wildly. Chosen by
 * five-fold cross-validation over the 1,059 stations the table then had (each fifth held out in
 * turn, validationSplit's folds as they then were): the interpolation alone then missed the
 * mid-month values by 1.45 °C RMS (the monthly means by 1.42 °C), against 1.71 °C with latitude,
 * land share and height alone and 1.78 °C for the weighted mean; the regional land shares are
 * worth 0.18 °C of that, the frozen sea 0.01–0.02 °C, the plain distance (see MERIDIONAL_STRETCH)
 * 0.06 °C. test/e2e/climate-validation.test.ts measures the table as it is now. The offsets are
 * scaled so that one unit of each is a comparable change of climate.
 */
const RIDGE = [0, 0.01, 0.1, 0.3, 0.01, 0.001] as const;
const FIT = RIDGE.length;
/** The offset of the regression that is the land share, whose value depends on the month. */
const LAND = 2;
const LAT_UNIT_DEG = 10;
const HEIGHT_UNIT_M = 1000;

/**
 * The logarithms of the precipitation rate and of the share of wet hours have a regression of
 * their own, on the temperature's weights: a plane in latitude, the land share within NEAR_KM,
 * the balance of that land between east and west and the precipitation guide (GUIDE_UNIT;
 * PRECIP_FIT offsets with the intercept; with the
 * temperature's other offsets it cross-validates worse), each slope held back by this share of the
 * total weight. A desert's edge falls off towards the desert, a monsoon coast is told from the
 * interior behind it, and a coast with the sea to its west from one with the sea to its east (the
 * westerlies' windward and lee, the trades' the other way round). Five-fold over the 1,059
 * stations it was chosen on, the yearly precipitation came within a factor of 1.5 at 71.9 % of
 * stations with latitude and land share (70.2 % with the weighted mean), the wetter of DJF/JJA
 * right at 98.0 % (97.2 %), the share of wet hours within a factor of 2 at 93.8 % (92.3 %).
 */
const PRECIP_RIDGE = 0.01;
const PRECIP_FIT = 5;
/** Where gather adds up the precipitation's moments: (rate, wet share) × (m0, m1), PRECIP_FIT each. */
const PRECIP_MOMENTS = 4 * PRECIP_FIT;
/**
 * The east–west balance of the land (−1 … 1) that is one unit of the regression's offset, which
 * sets how hard PRECIP_RIDGE holds its slope back. Five-fold, with RATE_SPREAD_SHARE: 75.4 % of
 * stations within a factor of 1.5 at 0.5 and at 0.25, whose freer slope overshoots more often
 * (Karachi, between the Arabian Sea and the Thar, ×1.9 at 0.5 and ×2.5 at 0.25).
 */
const EAST_UNIT = 0.5;
/**
 * The fifth offset of the precipitation regression: the precipitation guide (climate-stations.ts,
 * precipitationGuide), the logarithm of a month's precipitation in Legates and Willmott's 0.5°
 * climatology, whose gauges are twenty times this table's stations. The regression learns from the
 * stations around a point how their normals follow the guide, and carries that to the point: a
 * windward slope between two lee-side stations is as much wetter than they are as the guide says,
 * a desert's edge is where the guide has it. One unit is a factor of e in the guide. The guide has
 * December and July; a month's is between them in logarithms (GUIDE_DECEMBER_SHARE). Five-fold, the yearly
 * precipitation came within a factor of 1.5 at 84.7 % of stations in the prototype (74.1 %
 * without; 85.0 % with the two months' sum for every month) and the wetter of DJF and JJA right at
 * 99.6 % (98.0 % with the sum); test/e2e/climate-validation.test.ts measures the model.
 */
const GUIDE_UNIT = 1;
/**
 * The temperature guide (climate-layout.ts, temperatureGuideOfCode): each month's mean temperature
 * in Legates and Willmott's 0.5° climatology, December's and July's, taken between them as the
 * precipitation's guide is (GUIDE_DECEMBER_SHARE) and brought to sea level from the elevation
 * grid's height as the stations' temperatures are. The regression is of the stations' sea-level
 * temperatures less this share of how much warmer their guide is than the point's: the cold air
 * pooled in a basin between warmer slopes, the coast a cold current chills, the valley colder or
 * warmer than the stations around it are the guide's to say, through its many more stations.
 * Chosen by five-fold cross-validation over the 1,136 scores: 1.18 °C RMS and no month off by 5 °C
 * at 98.7 % of stations with 0.6 (0.5: 1.18 °C and 98.5 %; 0.75: 1.22 °C and 98.4 %; without the
 * guide 1.36 °C and 97.1 %); with the guide not brought to sea level, 1.31 °C.
 */
const TEMPERATURE_GUIDE_SHARE = 0.6;
/**
 * December's share of a month's guide (July's is the rest): 1 in December, 0 in July, linear in
 * the months between, the seven of the first half of the year and the five of the second.
 */
const GUIDE_DECEMBER_SHARE = Array.from({ length: 12 }, (_, m) =>
  m === 11 ? 1 : m <= 6 ? 1 - (m + 1) / 7 : (m - 6) / 5,
);
/** A month's guide from December's and July's, with `share` of December's (GUIDE_DECEMBER_SHARE). */
const monthsGuide = (share: number, december: number, july: number): number =>
  share * december + (1 - share) * july;
/**
 * The rate is interpolated as a weighted geometric mean of the stations' rates, month by month.
 * Where their wet seasons differ, a geometric mean misses each one's wettest months, so the year's
 * total comes out below the stations' own: five-fold, the median station's yearly precipitation
 * was ×0.95 of its normal. It is the gap between a lognormal's median and its mean, exp(σ² / 2):
 * the rate's logarithm gets this share of half the stations' weighted variance of it (nothing where
 * one station carries the weight, as at its own coordinates), chosen by five-fold
 * cross-validation: the median ratio becomes ×1.00, and the share within a factor of 1.5 goes from
 * 73.7 % to 75.4 % (72.5 % before the east–west balance).
 */
const RATE_SPREAD_SHARE = 0.375;

/**
 * The share of a sea that is frozen over in a month whose mean air temperature at sea level is
 * `tempC`: none above ICE_START_C, all below ICE_CLOSED_C, smooth between (chosen with the
 * regression's ridges; a sea freezes well after its air drops below zero).
 */
const ICE_START_C = -4;
const ICE_CLOSED_C = -20;
const frozenShare = (tempC: number): number =>
  // Most seas are open: no arithmetic for them on the hot path.
  tempC >= ICE_START_C ? 0 : smoothstep(ICE_START_C, ICE_CLOSED_C, tempC);

/** Land share `land` with the frozen share of its sea counted as land. */
const frozenLand = (land: number, seaLevelTempC: number): number =>
  land + (1 - land) * frozenShare(seaLevelTempC);

/**
 * Solves the system `a · x = b` in place by Gauss–Jordan elimination with partial pivoting (n
 * small, rows of `a` n long), leaving x in `b`; false when it is singular.
 */
function solveInPlace(a: Float64Array, b: Float64Array, n: number): boolean {
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) {
      if (Math.abs(a[r * n + c] ?? 0) > Math.abs(a[pivot * n + c] ?? 0)) pivot = r;
    }
    if (pivot !== c) {
      for (let k = 0; k < n; k++) {
        const t = a[c * n + k] ?? 0;
        a[c * n + k] = a[pivot * n + k] ?? 0;
        a[pivot * n + k] = t;
      }
      const t = b[c] ?? 0;
      b[c] = b[pivot] ?? 0;
      b[pivot] = t;
    }
    const d = a[c * n + c] ?? 0;
    if (!(Math.abs(d) > 1e-300)) return false;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const k = (a[r * n + c] ?? 0) / d;
      if (k === 0) continue;
      for (let j = c; j < n; j++) a[r * n + j] = (a[r * n + j] ?? 0) - k * (a[c * n + j] ?? 0);
      b[r] = (b[r] ?? 0) - k * (b[c] ?? 0);
    }
  }
  for (let r = 0; r < n; r++) b[r] = (b[r] ?? 0) / (a[r * n + r] ?? 1);
  return true;
}

/** x[0] of the solution of `a · x = b` (solveInPlace), or undefined when it is singular. */
function firstOfSolution(a: Float64Array, b: Float64Array, n: number): number | undefined {
  return solveInPlace(a, b, n) ? b[0] : undefined;
}

/** Keeps a station's weight finite at its own coordinates. */
const SOFTENING_KM = 8;
const DAY = 86400;
/** 2000-01-01T00:00Z: the year is measured from there, in tropical years. */
const YEAR_ORIGIN = 946684800;

/** A grid of bytes as a table holds it: whole, or packed in bands inflated as they are read. */
type GridBytes = Uint8Array | PackedGrid;
/** Grids `K` of a table, whole or packed. */
type Grids<K extends keyof ClimateGrids> = { readonly [P in K]: ClimateGrids[P] | GridBytes };

/**
 * Bilinear sample of a grid of cell-centred values (`deg` per cell, `rows` × `cols`, rows from the
 * south pole, columns from −180°).
 */
function sampleCells(
  grid: GridBytes,
  { deg, rows, cols }: CellGrid,
  decode: (v: number) => number,
  lat: number,
  lon: number,
): number {
  const y = Math.min(rows - 1, Math.max(0, (lat + 90) / deg - 0.5));
  const x = (lon + 180) / deg - 0.5;
  const r0 = Math.floor(y);
  const r1 = Math.min(rows - 1, r0 + 1);
  const c0f = Math.floor(x);
  const fy = y - r0;
  const fx = x - c0f;
  const c0 = wrapIndex(c0f, cols);
  const c1 = wrapIndex(c0f + 1, cols);
  // Uint8Array rather than PackedGrid: a script that bundles this module apart from
  // climate-layout.ts (scripts/condition-distribution.mjs) has a PackedGrid class of its own.
  const cells = grid instanceof Uint8Array ? grid : grid.rows(r0, r1);
  const v = (r: number, c: number): number => decode(cells[r * cols + c] ?? 0);
  return (
    (v(r0, c0) * (1 - fx) + v(r0, c1) * fx) * (1 - fy) +
    (v(r1, c0) * (1 - fx) + v(r1, c1) * fx) * fy
  );
}

const landOfByte = (v: number): number => v / 255;

/** Land share 0 … 1 at a point (bilinear between 0.5° cells). */
export function landShareAt(grids: Grids<'land'>, lat: number, lon: number): number {
  return sampleCells(grids.land, LAND_GRID, landOfByte, lat, lon);
}

const balanceOfByte = (v: number): number => (v - 128) / 127;

/** What regionalAt tells of a point, REGIONAL values. */
type Regional = readonly [
  near: number,
  far: number,
  east: number,
  guideDecember: number,
  guideJuly: number,
  temperatureDecember: number,
  temperatureJuly: number,
];

/**
 * Land share within NEAR_KM and within FAR_KM of a point, 0 … 1, the balance of the land
 * within NEAR_KM between east and west, −1 … 1 (climate-stations.ts, regionalLand), the
 * precipitation guides of December and July, and the temperature guides of December and July
 * brought to sea level from the elevation grid's height, °C (bilinear between 0.5° cells).
 */
export function regionalAt(
  grids: Grids<
    | 'landNear'
    | 'landFar'
    | 'landEast'
    | 'elevation'
    | 'guideDecember'
    | 'guideJuly'
    | 'temperatureDecember'
    | 'temperatureJuly'
  >,
  lat: number,
  lon: number,
): Regional {
  const toSeaLevel = LAPSE_C_PER_M * gridElevationAt(grids, lat, lon);
  return [
    sampleCells(grids.landNear, NEAR_GRID, landOfByte, lat, lon),
    sampleCells(grids.landFar, FAR_GRID, landOfByte, lat, lon),
    sampleCells(grids.landEast, NEAR_GRID, balanceOfByte, lat, lon),
    sampleCells(grids.guideDecember, LAND_GRID, guideOfCode, lat, lon),
    sampleCells(grids.guideJuly, LAND_GRID, guideOfCode, lat, lon),
    sampleCells(grids.temperatureDecember, LAND_GRID, temperatureGuideOfCode, lat, lon) +
      toSeaLevel,
    sampleCells(grids.temperatureJuly, LAND_GRID, temperatureGuideOfCode, lat, lon) + toSeaLevel,
  ];
}

/** Ground height at a point from the elevation grid, m (bilinear between 0.5° cells). */
export function gridElevationAt(grids: Grids<'elevation'>, lat: number, lon: number): number {
  return sampleCells(grids.elevation, LAND_GRID, elevationOfCode, lat, lon);
}

function radiusAt(table: ClimateTable, lat: number, lon: number): number {
  const y = Math.min(RADIUS_ROWS - 1.000001, (lat + 90) / RADIUS_DEG);
  const x = (lon + 180) / RADIUS_DEG;
  const r0 = Math.floor(y);
  const c0f = Math.floor(x);
  const fy = y - r0;
  const fx = x - c0f;
  const c0 = wrapIndex(c0f, RADIUS_COLS);
  const c1 = wrapIndex(c0f + 1, RADIUS_COLS);
  const g = table.radiusKm;
  const v = (r: number, c: number): number => g[r * RADIUS_COLS + c] ?? 0;
  return (
    (v(r0, c0) * (1 - fx) + v(r0, c1) * fx) * (1 - fy) +
    (v(r0 + 1, c0) * (1 - fx) + v(r0 + 1, c1) * fx) * fy
  );
}

/** Scaling of the daily range, wind and dew-point depression between sea (0) and land (1). */
const rangeOverLand = (land: number): number => 0.3 + 0.7 * land;
const windOverLand = (land: number): number => 1.5 - 0.5 * land;
const dryingOverLand = (land: number): number => 0.6 + 0.4 * land;

export class Climatology {
  private readonly sum = new Float64Array(2 * Q + S);
  /**
   * The local regression's weighted cross products of the offsets (with month m0's land share),
   * those of month m1's land share, and the offsets' with the temperatures of months m0 and m1.
   */
  private readonly normal = new Float64Array(FIT * FIT);
  private readonly landRow = new Float64Array(FIT);
  private readonly moments = new Float64Array(2 * FIT);
  /**
   * The precipitation regression's weighted sums of each logarithm, and of it times the latitude,
   * the near land share and the east–west balance offsets: rate m0, wet share m0, rate m1, wet
   * share m1.
   */
  private readonly precipMoments = new Float64Array(PRECIP_MOMENTS);
  /**
   * The weighted cross products of the east–west balance offset with the intercept, the latitude,
   * the near land share and itself (the others are the temperature's, in `normal`).
   */
  private readonly eastRow = new Float64Array(PRECIP_FIT - 1);
  /**
   * The weighted cross products of the precipitation guide's offset with the intercept, the
   * latitude, the near land share, the east–west balance and itself: month m0's, then m1's.
   */
  private readonly guideRow = new Float64Array(2 * PRECIP_FIT);
  /**
   * The precipitation regression's system and the first column of its inverse, for months m0 and
   * m1 (whose guides differ).
   */
  private readonly precipSystem = new Float64Array(PRECIP_FIT * PRECIP_FIT);
  private readonly precipFirst = new Float64Array(2 * PRECIP_FIT);
  private readonly precipColumn = new Float64Array(PRECIP_FIT);
  /** The lowest and highest of each of those logarithms among the stations. */
  private readonly precipRange = new Float64Array(8);
  /** The weighted sums of the squared logarithms of the rate of months m0 and m1. */
  private readonly rateSquares = new Float64Array(2);
  /** The regression's logarithms at the point, in precipMoments' order (fitPrecipitation). */
  private readonly precipLogs = new Float64Array(4);
  private readonly system = new Float64Array(FIT * FIT);
  private readonly right = new Float64Array(FIT);

  /** The stations' monthly values, decoded from the table's codes as gather first needs them. */
  private readonly values: Float32Array;
  /**
   * Each station's regionalAt, as the table stores it (REGIONAL a station): its land share within
   * NEAR_KM and within FAR_KM, its east–west balance, its precipitation and temperature guides.
   */
  private readonly regional: Float32Array;
  private readonly decoded: Uint8Array;

  constructor(private readonly table: ClimateTable) {
    this.values = new Float32Array(table.codes.length);
    this.regional = table.regional;
    this.decoded = new Uint8Array(table.count);
  }

  private decodeStation(i: number): void {
    const end = (i + 1) * 12 * Q;
    for (let k = i * 12 * Q; k < end; k++) this.values[k] = storedValue(this.table.codes, k);
    this.decoded[i] = 1;
  }

  land(lat: number, lon: number): number {
    return landShareAt(this.table, lat, lon);
  }

  elevation(lat: number, lon: number): number {
    return gridElevationAt(this.table, lat, lon);
  }

  /**
   * Adds up the weighted values of months m0 and m1 and the scalars of the stations within
   * `radius` into `this.sum`, and the local regression's sums; returns the total weight, the
   * weighted land share and the regression's total weight.
   */
  private gather(
    lat: number,
    lon: number,
    z: number,
    l: number,
    regional: Regional,
    m0: number,
    m1: number,
    radius: number,
  ): { total: number; landSum: number; fitTotal: number } {
    const t = this.table;
    const sum = this.sum;
    sum.fill(0);
    const normal = this.normal;
    const landRow = this.landRow;
    const moments = this.moments;
    const precipMoments = this.precipMoments;
    const eastRow = this.eastRow;
    const guideRow = this.guideRow;
    const [near, far, eastward, guideDecember, guideJuly, warmthDecember, warmthJuly] = regional;
    // Each month's share of December's guide, and the point's guides of each month.
    const december0 = GUIDE_DECEMBER_SHARE[m0] ?? 0;
    const december1 = GUIDE_DECEMBER_SHARE[m1] ?? 0;
    const guide0 = monthsGuide(december0, guideDecember, guideJuly);
    const guide1 = monthsGuide(december1, guideDecember, guideJuly);
    const warmth0 = monthsGuide(december0, warmthDecember, warmthJuly);
    const warmth1 = monthsGuide(december1, warmthDecember, warmthJuly);
    const stationRegional = this.regional;
    normal.fill(0);
    landRow.fill(0);
    moments.fill(0);
    precipMoments.fill(0);
    eastRow.fill(0);
    guideRow.fill(0);
    let rateSquares0 = 0;
    let rateSquares1 = 0;
    // The lowest and highest logarithm of each among the stations, for fitPrecipitation's bounds.
    let lowR0 = Infinity;
    let highR0 = -Infinity;
    let lowS0 = Infinity;
    let highS0 = -Infinity;
    let lowR1 = Infinity;
    let highR1 = -Infinity;
    let lowS1 = Infinity;
    let highS1 = -Infinity;
    let total = 0;
    let landSum = 0;
    let fitTotal = 0;
    // Stations within the radius are within radius / MERIDIONAL_STRETCH degrees of latitude, and
    // within the longitude span that the radius covers at the point's latitude.
    const cosLat = Math.cos(lat * RAD);
    const latReach = radius / (KM_PER_DEGREE * MERIDIONAL_STRETCH);
    const firstRow = Math.max(0, Math.floor((lat - latReach + 90) / INDEX_DEG));
    const lastRow = Math.min(INDEX_ROWS - 1, Math.floor((lat + latReach + 90) / INDEX_DEG));
    const lonReach = radius / (KM_PER_DEGREE * Math.max(cosLat, 1e-6));
    const allColumns = lonReach >= 180;
    const firstCol = allColumns ? 0 : Math.floor((lon - lonReach + 180) / INDEX_DEG);
    const cols = allColumns
      ? INDEX_COLS
      : Math.min(INDEX_COLS, Math.floor((lon + lonReach + 180) / INDEX_DEG) - firstCol + 1);
    const stride = 12 * Q;
    const st = t.stations;
    const values = this.values;
    const decoded = this.decoded;
    const scalars = t.scalars;
    const reach = radius / KM_PER_DEGREE;
    const reach2 = reach * reach;
    for (let row = firstRow; row <= lastRow; row++) {
      for (let k = 0; k < cols; k++) {
        const cell = row * INDEX_COLS + wrapIndex(firstCol + k, INDEX_COLS);
        const end = t.cellStart[cell + 1] ?? 0;
        for (let i = t.cellStart[cell] ?? 0; i < end; i++) {
          // The stretched distance in degrees, as stretchedKm measures it.
          const north = (lat - (st[4 * i] ?? 0)) * MERIDIONAL_STRETCH;
          let dLon = Math.abs(lon - (st[4 * i + 1] ?? 0));
          if (dLon > 180) dLon = 360 - dLon;
          const east = dLon * cosLat;
          const d2 = north * north + east * east;
          if (d2 >= reach2) continue;
          if (decoded[i] === 0) this.decodeStation(i);
          const km = KM_PER_DEGREE * Math.sqrt(d2);
          const fade = 1 - km / radius;
          const dh = (z - (st[4 * i + 2] ?? 0)) / HEIGHT_SCALE_M;
          const stationLand = st[4 * i + 3] ?? 0;
          const dl = (l - stationLand) / LAND_SCALE;
          // Distance to the power 1.5: a second station of the same region still counts when the
          // nearest is much nearer, which cross-validates better than the inverse square.
          const softened = Math.sqrt(km * km + SOFTENING_KM * SOFTENING_KM);
          const root = Math.sqrt(softened);
          const w = (fade * fade) / (softened * root * (1 + dh * dh) * (1 + dl * dl));
          total += w;
          // The regression's weights fall with the distance itself: a plane needs the farther
          // stations that a mean would let the nearest outvote.
          const wFit = w * root;
          fitTotal += wFit;
          landSum += w * stationLand;
          const a = i * stride + m0 * Q;
          const b = i * stride + m1 * Q;
          // The station's own sea-level temperatures, and as the regression reads them: less the
          // guide's share of how much warmer the temperature guide has the station than the point.
          const own0 = values[a] ?? 0;
          const own1 = values[b] ?? 0;
          const stationWarmthDecember = stationRegional[REGIONAL * i + 5] ?? 0;
          const stationWarmthJuly = stationRegional[REGIONAL * i + 6] ?? 0;
          const t0 =
            own0 -
            TEMPERATURE_GUIDE_SHARE *
              (monthsGuide(december0, stationWarmthDecember, stationWarmthJuly) - warmth0);
          const t1 =
            own1 -
            TEMPERATURE_GUIDE_SHARE *
              (monthsGuide(december1, stationWarmthDecember, stationWarmthJuly) - warmth1);
          // The offsets from the point, but the land share as it is (localFit centres it on the
          // point's, which depends on the month). The sums are written out rather than looped
          // over (FIT offsets, LAND the third): this is the hot path of every observation.
          const x1 = ((st[4 * i] ?? 0) - lat) / LAT_UNIT_DEG;
          const x2 = frozenLand(stationLand, own0);
          const x3 = ((st[4 * i + 2] ?? 0) - z) / HEIGHT_UNIT_M;
          const x4 = (stationRegional[REGIONAL * i] ?? 0) - near;
          const x5 = (stationRegional[REGIONAL * i + 1] ?? 0) - far;
          const x6 = ((stationRegional[REGIONAL * i + 2] ?? 0) - eastward) / EAST_UNIT;
          const stationDecember = stationRegional[REGIONAL * i + 3] ?? 0;
          const stationJuly = stationRegional[REGIONAL * i + 4] ?? 0;
          const x7 = (monthsGuide(december0, stationDecember, stationJuly) - guide0) / GUIDE_UNIT;
          const x8 = (monthsGuide(december1, stationDecember, stationJuly) - guide1) / GUIDE_UNIT;
          const land1 = frozenLand(stationLand, own1);
          const w1 = wFit * x1;
          const w2 = wFit * x2;
          const w3 = wFit * x3;
          const w4 = wFit * x4;
          const w5 = wFit * x5;
          const v2 = wFit * land1;
          normal[0] = (normal[0] ?? 0) + wFit;
          normal[1] = (normal[1] ?? 0) + wFit * x1;
          normal[2] = (normal[2] ?? 0) + wFit * x2;
          normal[3] = (normal[3] ?? 0) + wFit * x3;
          normal[4] = (normal[4] ?? 0) + wFit * x4;
          normal[5] = (normal[5] ?? 0) + wFit * x5;
          normal[7] = (normal[7] ?? 0) + w1 * x1;
          normal[8] = (normal[8] ?? 0) + w1 * x2;
          normal[9] = (normal[9] ?? 0) + w1 * x3;
          normal[10] = (normal[10] ?? 0) + w1 * x4;
          normal[11] = (normal[11] ?? 0) + w1 * x5;
          normal[14] = (normal[14] ?? 0) + w2 * x2;
          normal[15] = (normal[15] ?? 0) + w2 * x3;
          normal[16] = (normal[16] ?? 0) + w2 * x4;
          normal[17] = (normal[17] ?? 0) + w2 * x5;
          normal[21] = (normal[21] ?? 0) + w3 * x3;
          normal[22] = (normal[22] ?? 0) + w3 * x4;
          normal[23] = (normal[23] ?? 0) + w3 * x5;
          normal[28] = (normal[28] ?? 0) + w4 * x4;
          normal[29] = (normal[29] ?? 0) + w4 * x5;
          normal[35] = (normal[35] ?? 0) + w5 * x5;
          moments[0] = (moments[0] ?? 0) + wFit * t0;
          moments[1] = (moments[1] ?? 0) + w1 * t0;
          moments[2] = (moments[2] ?? 0) + w2 * t0;
          moments[3] = (moments[3] ?? 0) + w3 * t0;
          moments[4] = (moments[4] ?? 0) + w4 * t0;
          moments[5] = (moments[5] ?? 0) + w5 * t0;
          landRow[0] = (landRow[0] ?? 0) + wFit * land1;
          moments[6] = (moments[6] ?? 0) + wFit * t1;
          landRow[1] = (landRow[1] ?? 0) + w1 * land1;
          moments[7] = (moments[7] ?? 0) + w1 * t1;
          landRow[2] = (landRow[2] ?? 0) + v2 * land1;
          moments[8] = (moments[8] ?? 0) + v2 * t1;
          landRow[3] = (landRow[3] ?? 0) + w3 * land1;
          moments[9] = (moments[9] ?? 0) + w3 * t1;
          landRow[4] = (landRow[4] ?? 0) + w4 * land1;
          moments[10] = (moments[10] ?? 0) + w4 * t1;
          landRow[5] = (landRow[5] ?? 0) + w5 * land1;
          moments[11] = (moments[11] ?? 0) + w5 * t1;
          // The rate and the wet share (quantities 2 and 3) of months m0 and m1, written out too.
          const r0 = values[a + 2] ?? 0;
          const s0 = values[a + 3] ?? 0;
          const r1 = values[b + 2] ?? 0;
          const s1 = values[b + 3] ?? 0;
          const w6 = wFit * x6;
          const w7 = wFit * x7;
          const w8 = wFit * x8;
          eastRow[0] = (eastRow[0] ?? 0) + w6;
          eastRow[1] = (eastRow[1] ?? 0) + w6 * x1;
          eastRow[2] = (eastRow[2] ?? 0) + w6 * x4;
          eastRow[3] = (eastRow[3] ?? 0) + w6 * x6;
          guideRow[0] = (guideRow[0] ?? 0) + w7;
          guideRow[1] = (guideRow[1] ?? 0) + w7 * x1;
          guideRow[2] = (guideRow[2] ?? 0) + w7 * x4;
          guideRow[3] = (guideRow[3] ?? 0) + w7 * x6;
          guideRow[4] = (guideRow[4] ?? 0) + w7 * x7;
          guideRow[5] = (guideRow[5] ?? 0) + w8;
          guideRow[6] = (guideRow[6] ?? 0) + w8 * x1;
          guideRow[7] = (guideRow[7] ?? 0) + w8 * x4;
          guideRow[8] = (guideRow[8] ?? 0) + w8 * x6;
          guideRow[9] = (guideRow[9] ?? 0) + w8 * x8;
          precipMoments[0] = (precipMoments[0] ?? 0) + wFit * r0;
          precipMoments[1] = (precipMoments[1] ?? 0) + w1 * r0;
          precipMoments[2] = (precipMoments[2] ?? 0) + w4 * r0;
          precipMoments[3] = (precipMoments[3] ?? 0) + w6 * r0;
          precipMoments[4] = (precipMoments[4] ?? 0) + w7 * r0;
          precipMoments[5] = (precipMoments[5] ?? 0) + wFit * s0;
          precipMoments[6] = (precipMoments[6] ?? 0) + w1 * s0;
          precipMoments[7] = (precipMoments[7] ?? 0) + w4 * s0;
          precipMoments[8] = (precipMoments[8] ?? 0) + w6 * s0;
          precipMoments[9] = (precipMoments[9] ?? 0) + w7 * s0;
          precipMoments[10] = (precipMoments[10] ?? 0) + wFit * r1;
          precipMoments[11] = (precipMoments[11] ?? 0) + w1 * r1;
          precipMoments[12] = (precipMoments[12] ?? 0) + w4 * r1;
          precipMoments[13] = (precipMoments[13] ?? 0) + w6 * r1;
          precipMoments[14] = (precipMoments[14] ?? 0) + w8 * r1;
          precipMoments[15] = (precipMoments[15] ?? 0) + wFit * s1;
          precipMoments[16] = (precipMoments[16] ?? 0) + w1 * s1;
          precipMoments[17] = (precipMoments[17] ?? 0) + w4 * s1;
          precipMoments[18] = (precipMoments[18] ?? 0) + w6 * s1;
          precipMoments[19] = (precipMoments[19] ?? 0) + w8 * s1;
          if (r0 < lowR0) lowR0 = r0;
          if (r0 > highR0) highR0 = r0;
          if (s0 < lowS0) lowS0 = s0;
          if (s0 > highS0) highS0 = s0;
          if (r1 < lowR1) lowR1 = r1;
          if (r1 > highR1) highR1 = r1;
          if (s1 < lowS1) lowS1 = s1;
          if (s1 > highS1) highS1 = s1;
          rateSquares0 += wFit * r0 * r0;
          rateSquares1 += wFit * r1 * r1;
          // The temperature (quantity 0) as the regression reads it, the rest as they are.
          sum[0] = (sum[0] ?? 0) + w * t0;
          sum[Q] = (sum[Q] ?? 0) + w * t1;
          for (let q = 1; q < Q; q++) {
            sum[q] = (sum[q] ?? 0) + w * (values[a + q] ?? 0);
            sum[Q + q] = (sum[Q + q] ?? 0) + w * (values[b + q] ?? 0);
          }
          for (let s = 0; s < S; s++) {
            sum[2 * Q + s] = (sum[2 * Q + s] ?? 0) + w * (scalars[i * S + s] ?? 0);
          }
        }
      }
    }
    const range = this.precipRange;
    range[0] = lowR0;
    range[1] = highR0;
    range[2] = lowS0;
    range[3] = highS0;
    range[4] = lowR1;
    range[5] = highR1;
    range[6] = lowS1;
    range[7] = highS1;
    this.rateSquares[0] = rateSquares0;
    this.rateSquares[1] = rateSquares1;
    return { total, landSum, fitTotal };
  }

  /**
   * The local regression's sea-level temperature at the point for month m0 (`month` 0) or m1 (1),
   * from what `gather` added up, with the land share centred on the point's, `pointLand`;
   * undefined if the system is singular. The ridge leaves the intercept free, so centring the
   * land share after the sums changes only the intercept, which is the estimate.
   */
  private localFit(total: number, month: 0 | 1, pointLand: number): number | undefined {
    const a = this.system;
    const b = this.right;
    const normal = this.normal;
    const landRow = this.landRow;
    const moment = (p: number): number => this.moments[month * FIT + p] ?? 0;
    // The uncentred cross product of offsets p and k for the month.
    const cross = (p: number, k: number): number =>
      month === 1 && (p === LAND || k === LAND)
        ? (landRow[p === LAND ? k : p] ?? 0)
        : (normal[Math.min(p, k) * FIT + Math.max(p, k)] ?? 0);
    for (let p = 0; p < FIT; p++) {
      for (let k = p; k < FIT; k++) {
        let v = cross(p, k);
        if (p === LAND && k === LAND) {
          v += pointLand * (pointLand * cross(0, 0) - 2 * cross(0, LAND));
        } else if (p === LAND || k === LAND) {
          v -= pointLand * cross(0, p === LAND ? k : p);
        }
        v += p === k ? (RIDGE[p] ?? 0) * total : 0;
        a[p * FIT + k] = v;
        a[k * FIT + p] = v;
      }
      b[p] = moment(p) - (p === LAND ? pointLand * moment(0) : 0);
    }
    return firstOfSolution(a, b, FIT);
  }

  /**
   * The first column of the inverse of the precipitation regression's system for month m0
   * (`month` 0) or m1 (1), into that month's part of `precipFirst`; false when it is singular.
   */
  private precipInverse(fitTotal: number, month: 0 | 1): boolean {
    const n = this.normal;
    const e = this.eastRow;
    const guideRow = this.guideRow;
    const o = month * PRECIP_FIT;
    const g = (p: number): number => guideRow[o + p] ?? 0;
    const a = this.precipSystem;
    const ridge = PRECIP_RIDGE * fitTotal;
    // Rows and columns: intercept, latitude, near land share (the temperature's offsets 0, 1 and
    // 4, whose cross products `normal` holds), east–west balance, precipitation guide.
    const F = PRECIP_FIT;
    a[0] = n[0] ?? 0;
    a[1] = a[F] = n[1] ?? 0;
    a[2] = a[2 * F] = n[4] ?? 0;
    a[3] = a[3 * F] = e[0] ?? 0;
    a[4] = a[4 * F] = g(0);
    a[F + 1] = (n[7] ?? 0) + ridge;
    a[F + 2] = a[2 * F + 1] = n[10] ?? 0;
    a[F + 3] = a[3 * F + 1] = e[1] ?? 0;
    a[F + 4] = a[4 * F + 1] = g(1);
    a[2 * F + 2] = (n[28] ?? 0) + ridge;
    a[2 * F + 3] = a[3 * F + 2] = e[2] ?? 0;
    a[2 * F + 4] = a[4 * F + 2] = g(2);
    a[3 * F + 3] = (e[3] ?? 0) + ridge;
    a[3 * F + 4] = a[4 * F + 3] = g(3);
    a[4 * F + 4] = g(4) + ridge;
    const column = this.precipColumn;
    column.fill(0);
    column[0] = 1;
    const solved = solveInPlace(a, column, F);
    this.precipFirst.set(column, o);
    return solved;
  }

  /**
   * The precipitation regression's values at the point, into `precipLogs` in precipMoments'
   * order: a month's system (intercept, latitude, near land share, east–west balance, that month's
   * guide) is the same for its rate and its wet share, so the first column of its inverse is found
   * once a month (precipInverse) and each value is its dot product with a right side, kept within
   * the stations' own. Where the system is singular, the
   * weighted means of `sum` (`total`) instead.
   */
  private fitPrecipitation(fitTotal: number, total: number): void {
    const m = this.precipMoments;
    const logs = this.precipLogs;
    const first = this.precipFirst;
    const singular = !this.precipInverse(fitTotal, 0) || !this.precipInverse(fitTotal, 1);
    // A plane in logarithms can run away where the point lies beyond its stations (the pole, a
    // coast with all its stations inland): no wetter than the wettest station, no drier than the
    // driest.
    const range = this.precipRange;
    for (let k = 0; k < 4; k++) {
      if (singular) {
        // Rate and wet share (quantities 2 and 3) of months m0 and m1, as gather summed them.
        logs[k] = (this.sum[(k < 2 ? 0 : Q) + 2 + (k & 1)] ?? 0) / total;
        continue;
      }
      // Months m0 (k 0 and 1) and m1 (k 2 and 3) each have their own system.
      const column = (k >> 1) * PRECIP_FIT;
      let fitted = 0;
      for (let p = 0; p < PRECIP_FIT; p++) {
        fitted += (first[column + p] ?? 0) * (m[PRECIP_FIT * k + p] ?? 0);
      }
      if ((k & 1) === 0) {
        // The rate (k 0 and 2, months m0 and m1): the spread's share (RATE_SPREAD_SHARE), before
        // the bounds, so that it never takes a point beyond the wettest of its stations.
        const mean = (m[PRECIP_FIT * k] ?? 0) / fitTotal;
        const squares = (this.rateSquares[k >> 1] ?? 0) / fitTotal;
        fitted += (RATE_SPREAD_SHARE * Math.max(0, squares - mean * mean)) / 2;
      }
      logs[k] = Math.min(range[2 * k + 1] ?? 0, Math.max(range[2 * k] ?? 0, fitted));
    }
  }

  /**
   * The climate at (lat, lon) for Unix time `dt`, at ground height `elevationM` (the elevation
   * grid's when absent) and land share `land` (the land grid's when absent).
   */
  at(lat: number, lon: number, dt: number, elevationM?: number, land?: number): Climate {
    const z = elevationM ?? this.elevation(lat, lon);
    const l = land ?? this.land(lat, lon);
    const months = ((((dt - YEAR_ORIGIN) / DAY / TROPICAL_YEAR_DAYS) % 1) + 1) % 1;
    const position = months * 12 - 0.5;
    const m0 = wrapIndex(Math.floor(position), 12);
    const m1 = (m0 + 1) % 12;
    const f = position - Math.floor(position);

    const sum = this.sum;
    const regional = regionalAt(this.table, lat, lon);
    let radius = radiusAt(this.table, lat, lon);
    let found = this.gather(lat, lon, z, l, regional, m0, m1, radius);
    // The radius grid keeps a station within reach almost everywhere; where it does not (far out
    // at sea between the grid's nodes), look farther.
    while (found.total === 0 && radius < 20000) {
      radius *= 2;
      found = this.gather(lat, lon, z, l, regional, m0, m1, radius);
    }
    const { total, landSum, fitTotal } = found;
    if (total === 0) throw new Error(`climate table has no station near ${lat}, ${lon}`);
    const value = (q: number): number => ((sum[q] ?? 0) * (1 - f) + (sum[Q + q] ?? 0) * f) / total;
    // The precipitation's logarithms (quantities 2 and 3) from their regression, back from
    // logarithms, then between the months.
    this.fitPrecipitation(fitTotal, total);
    const logs = this.precipLogs;
    const precipitation = (q: 2 | 3): number =>
      Math.max(0, Math.exp(logs[q - 2] ?? 0) * (1 - f) + Math.exp(logs[q] ?? 0) * f - LOG_FLOOR);
    const scalar = (s: number): number => (sum[2 * Q + s] ?? 0) / total;
    // The point's land share with its sea frozen as the stations' weighted mean temperature says.
    const fit0 = this.localFit(fitTotal, 0, frozenLand(l, (sum[0] ?? 0) / total));
    const fit1 = this.localFit(fitTotal, 1, frozenLand(l, (sum[Q] ?? 0) / total));
    const seaLevelTempC =
      fit0 === undefined || fit1 === undefined ? value(0) : fit0 * (1 - f) + fit1 * f;
    const stationLand = landSum / total;
    const wetCos = scalar(WET_SEASON_COS);
    const wetSin = scalar(WET_SEASON_SIN);
    const angle = 2 * Math.PI * months;
    return {
      land: l,
      elevationM: z,
      tempC: seaLevelTempC - LAPSE_C_PER_M * z,
      dtrC: (value(1) * rangeOverLand(l)) / rangeOverLand(stationLand),
      rateMmH: precipitation(2),
      wetShare: precipitation(3),
      dewDepressionC: (value(4) * dryingOverLand(l)) / dryingOverLand(stationLand),
      windMS: (value(5) * windOverLand(l)) / windOverLand(stationLand),
      cloud: value(6),
      annualRangeC: scalar(ANNUAL_RANGE),
      annualPrecipMm: Math.exp(scalar(LOG_ANNUAL_PRECIP)) - 1,
      wetSeason: wetCos * Math.cos(angle) + wetSin * Math.sin(angle),
      seasonality: Math.min(1, Math.hypot(wetCos, wetSin)),
      heatContrastC: scalar(HEAT_CONTRAST),
      drySummer: scalar(DRY_SUMMER),
      landNearby: regional[0],
      landFar: regional[1],
    };
  }
}
