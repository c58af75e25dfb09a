import {
  FAR_GRID,
  GRID_COLS,
  GUIDE_FLOOR_MM,
  guideCode,
  GRID_DEG,
  GRID_ROWS,
  LAPSE_C_PER_M,
  LOG_FLOOR,
  NEAR_GRID,
  Q,
  QUANTITIES,
  RADIUS_COLS,
  RADIUS_DEG,
  RADIUS_ROWS,
  S,
  SCALARS,
  writeClimateTable,
  type CellGrid,
  type ClimateGrids,
  type SourceGrids,
  type Quantity,
  type TableStation,
} from './climate-layout.js';
import { landShareAt, regionalAt, stretchedKm } from './climatology.js';
import { distanceKm, EARTH_RADIUS_KM, normalizeLon, RAD, smoothstep, wrapIndex } from './geo.js';

/**
 * From the climate tables of data/climate/ to the stations of data/climate.bin: parsing, and the
 * preparation the world model relies on (values at mid-month that average back to the monthly
 * normals, precipitation as a rate and a share of wet hours, humidity as a dew-point depression,
 * temperature reduced to sea level), the stations made for the open ocean, and the support radius
 * of the interpolation. Used at build time (scripts/build-climate.mjs) and by the validation tests,
 * which build a table without the stations they hold out.
 */

const MONTH_COLUMNS = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
] as const;
/** February as 28.25 days: a normal spans leap years too. */
export const DAYS_IN_MONTH = [31, 28.25, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;
const NORMAL_QUANTITIES = ['tmean', 'dtr', 'precip', 'wetdays', 'rh', 'wind', 'cloud'] as const;
export type NormalQuantity = (typeof NORMAL_QUANTITIES)[number];
export const STATION_KINDS = ['coast', 'interior', 'island', 'highland', 'polar'] as const;
export type StationKind = (typeof STATION_KINDS)[number];

/** A station of stations.tsv with its normals.tsv rows. */
export interface ClimateStation {
  readonly id: string;
  readonly name: string;
  readonly country: string;
  readonly lat: number;
  readonly lon: number;
  readonly elevationM: number;
  readonly koppen: string;
  readonly kind: StationKind;
  readonly normals: Readonly<Record<NormalQuantity, readonly number[]>>;
}

function rowsOf(text: string): Record<string, string>[] {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const header = (lines[0] ?? '').split('\t');
  return lines.slice(1).map((line) => {
    const cells = line.split('\t');
    return Object.fromEntries(header.map((name, i) => [name, cells[i] ?? '']));
  });
}

function numberOf(text: string | undefined, what: string): number {
  const value = Number(text);
  if (text === undefined || text === '' || !Number.isFinite(value)) {
    throw new Error(`climate tables: ${what} is not a number: "${text ?? ''}"`);
  }
  return value;
}

const isKind = (kind: string): kind is StationKind =>
  (STATION_KINDS as readonly string[]).includes(kind);
const isQuantity = (q: string): q is NormalQuantity =>
  (NORMAL_QUANTITIES as readonly string[]).includes(q);

/** Stations with their normals, from the text of stations.tsv and normals.tsv. */
export function parseClimateTables(stationsTsv: string, normalsTsv: string): ClimateStation[] {
  const normals = new Map<string, Partial<Record<NormalQuantity, number[]>>>();
  for (const row of rowsOf(normalsTsv)) {
    const id = row['station_id'] ?? '';
    const quantity = row['quantity'] ?? '';
    if (!isQuantity(quantity)) continue;
    const values = MONTH_COLUMNS.map((m) => numberOf(row[m], `${id} ${quantity} ${m}`));
    normals.set(id, { ...normals.get(id), [quantity]: values });
  }
  return rowsOf(stationsTsv).map((row) => {
    const id = row['id'] ?? '';
    const kind = row['kind'] ?? '';
    const own = normals.get(id) ?? {};
    if (!isKind(kind)) throw new Error(`climate tables: ${id} has kind "${kind}"`);
    const complete = Object.fromEntries(
      NORMAL_QUANTITIES.map((q) => {
        const values = own[q];
        if (!values) throw new Error(`climate tables: ${id} has no ${q} row`);
        return [q, values];
      }),
    ) as Record<NormalQuantity, number[]>;
    return {
      id,
      name: row['name'] ?? '',
      country: row['country'] ?? '',
      lat: numberOf(row['lat'], `${id} lat`),
      lon: numberOf(row['lon'], `${id} lon`),
      elevationM: numberOf(row['elevation_m'], `${id} elevation`),
      koppen: row['koppen'] ?? '',
      kind,
      normals: complete,
    };
  });
}

/**
 * Values at mid-month such that the curve through them, linear between mid-months, averages to
 * `means` over each month: the month's mean of that curve is (p[i−1] + 6 p[i] + p[i+1]) / 8, a
 * diagonally dominant cyclic system that Jacobi iteration solves.
 */
export function midMonthValues(means: readonly number[]): number[] {
  let p = [...means];
  for (let iteration = 0; iteration < 60; iteration++) {
    p = p.map(
      (_, i) => (8 * (means[i] ?? 0) - (p[(i + 11) % 12] ?? 0) - (p[(i + 1) % 12] ?? 0)) / 6,
    );
  }
  return p;
}

/** Magnus formula over water: the exponent of saturation vapour pressure. */
export function magnus(tempC: number): number {
  return (17.625 * tempC) / (243.04 + tempC);
}

/** Relative humidity, percent (uncapped), of air at `tempC` with dew point `dewC`. */
export function relativeHumidity(tempC: number, dewC: number): number {
  return 100 * Math.exp(magnus(dewC) - magnus(tempC));
}

const SINE_DAY = Array.from({ length: 24 }, (_, h) => Math.sin((2 * Math.PI * h) / 24));

/**
 * The dew point follows the daily temperature cycle by this fraction of its swing: evaporation
 * moistens the afternoon air and dew dries the night's, so relative humidity swings less than it
 * would with a fixed dew point and a still night rarely saturates.
 */
export const DEW_FOLLOWS = 0.35;

/**
 * The dew-point depression below the daily mean temperature that gives a daily mean relative
 * humidity of `rh` when the temperature swings by `dtr` over the day (a sine) and the dew point
 * follows by DEW_FOLLOWS: humidity is highest at dawn and lowest in the afternoon, as observed.
 */
export function dewDepression(tmean: number, dtr: number, rh: number): number {
  const hours = SINE_DAY.map((s) => magnus(tmean + (dtr / 2) * s));
  const meanRh = (dew: number): number => {
    let sum = 0;
    SINE_DAY.forEach((s, h) => {
      const g = magnus(dew + DEW_FOLLOWS * (dtr / 2) * s);
      sum += Math.min(100, 100 * Math.exp(g - (hours[h] ?? 0)));
    });
    return sum / hours.length;
  };
  let low = tmean - 70;
  let high = tmean + dtr / 2;
  for (let k = 0; k < 32; k++) {
    const mid = (low + high) / 2;
    if (meanRh(mid) < rh) low = mid;
    else high = mid;
  }
  return tmean - (low + high) / 2;
}

/**
 * Hours of precipitation (≥ 0.1 mm/h) per wet day (≥ 1 mm) from the mean amount of a wet day:
 * long spells of light rain or snow in maritime and polar climates (7–8 hours for 2 mm), short
 * downpours in convective ones (about 2.5 hours for 25 mm); between them the logarithm, which
 * gives about 5.5 h for London (5.5 mm, some 600 hours of rain a year) and 4 h for Singapore
 * (12.6 mm).
 */
export function wetHoursPerWetDay(mmPerWetDay: number): number {
  return Math.min(8.5, Math.max(1.8, 9 - 2 * Math.log(Math.max(1, mmPerWetDay))));
}

/** Share of the month's hours with precipitation, from its total and its wet days. */
export function wetShare(precipMm: number, wetDays: number, days: number): number {
  if (precipMm <= 0) return 0;
  const wet = Math.max(wetDays, Math.min(precipMm / 2, 0.3));
  return Math.min(0.9, (wet * wetHoursPerWetDay(precipMm / wet)) / (24 * days));
}

/** The values stored for one month of a station, before they are made mid-month values. */
function monthlyQuantities(s: ClimateStation, m: number): Record<Quantity, number> {
  const n = s.normals;
  const days = DAYS_IN_MONTH[m] ?? 30;
  const tmean = n.tmean[m] ?? 0;
  const dtr = n.dtr[m] ?? 0;
  const precip = n.precip[m] ?? 0;
  return {
    seaLevelTempC: tmean + LAPSE_C_PER_M * s.elevationM,
    dtrC: dtr,
    logRateMmH: precip / (24 * days),
    logWetShare: wetShare(precip, n.wetdays[m] ?? 0, days),
    dewDepressionC: dewDepression(tmean, dtr, n.rh[m] ?? 70),
    windMS: n.wind[m] ?? 0,
    cloud: (n.cloud[m] ?? 50) / 100,
  };
}

const LIMITS: Readonly<Record<Quantity, readonly [number, number]>> = {
  seaLevelTempC: [-100, 100],
  dtrC: [0.2, 40],
  logRateMmH: [0, 100],
  logWetShare: [0, 0.9],
  dewDepressionC: [0, 60],
  windMS: [0.2, 40],
  cloud: [0, 1],
};

/** Mid-month values (12 × Q, month-major) of monthly means given per quantity. */
function tableValues(monthly: readonly Record<Quantity, number>[]): number[] {
  const values = new Array<number>(12 * Q).fill(0);
  QUANTITIES.forEach((q, k) => {
    const [low, high] = LIMITS[q];
    const mid = midMonthValues(monthly.map((m) => m[q]));
    const logarithmic = q === 'logRateMmH' || q === 'logWetShare';
    mid.forEach((v, m) => {
      const bounded = Math.min(high, Math.max(low, v));
      values[m * Q + k] = logarithmic ? Math.log(bounded + LOG_FLOOR) : bounded;
    });
  });
  return values;
}

/**
 * How hot and dry a station's summer is, 0 … 1: its three warmest months' mean precipitation
 * under DRY_SUMMER_MM (a month), where the warmest month's mean is hot enough for the bare, dry
 * ground to heat the air on its own (HOT_SUMMER_C). Where the summer is dry, part of the annual
 * range is that heating, not colder air in winter (weather.ts, dayToDaySpreadC).
 */
export function drySummer(tmean: readonly number[], precip: readonly number[]): number {
  const warmest = tmean
    .map((t, m) => ({ t, p: precip[m] ?? 0 }))
    .sort((a, b) => b.t - a.t)
    .slice(0, 3);
  const summerMm = warmest.reduce((sum, month) => sum + month.p, 0) / warmest.length;
  const hot = smoothstep(HOT_SUMMER_C[0], HOT_SUMMER_C[1], warmest[0]?.t ?? 0);
  return hot * (1 - smoothstep(DRY_SUMMER_MM[0], DRY_SUMMER_MM[1], summerMm));
}
/** Where a summer begins to count as hot and where it is fully so: the warmest month's mean, °C. */
const HOT_SUMMER_C = [18, 24] as const;
/** Where the warmest three months' mean precipitation is fully dry and where no longer, mm. */
const DRY_SUMMER_MM = [10, 40] as const;

function scalarsOf(
  tmean: readonly number[],
  precip: readonly number[],
  heatContrastC: number,
): number[] {
  const total = precip.reduce((a, b) => a + b, 0);
  let c = 0;
  let s = 0;
  precip.forEach((p, m) => {
    const angle = (2 * Math.PI * (m + 0.5)) / 12;
    c += p * Math.cos(angle);
    s += p * Math.sin(angle);
  });
  const scale = total > 0 ? 2 / total : 0;
  const out: Record<(typeof SCALARS)[number], number> = {
    annualRangeC: Math.max(...tmean) - Math.min(...tmean),
    logAnnualPrecipMm: Math.log(total + 1),
    wetSeasonCos: c * scale,
    wetSeasonSin: s * scale,
    heatContrastC,
    drySummer: drySummer(tmean, precip),
  };
  return SCALARS.map((k) => out[k]);
}

/** A station as the climate file stores it, but for its regional values (assembleClimateTable). */
type PreparedStation = Omit<TableStation, 'regional'>;

/**
 * A station of the tables as the climate file stores it; `land` is the grid's land share there,
 * `heatContrastC` its heatContrasts.
 */
export function tableStation(
  s: ClimateStation,
  land: number,
  heatContrastC: number,
): PreparedStation {
  const monthly = Array.from({ length: 12 }, (_, m) => monthlyQuantities(s, m));
  return {
    lat: s.lat,
    lon: s.lon,
    elevationM: s.elevationM,
    land,
    values: tableValues(monthly),
    scalars: scalarsOf(s.normals.tmean, s.normals.precip, heatContrastC),
  };
}

/**
 * Stations for the open ocean, where the nearest island may be thousands of kilometres away: on a
 * grid of about 900 km over the sea, wherever no real station is within 900 km, a station whose
 * climate is the weighted mean of the real island, coast and polar stations of about the same
 * latitude (Gaussian, 4°), nearer ones counting much more (e-folding 800 km: the sea off a
 * cold-current coast is not the open ocean of its latitude). Its daily range is cut to the open
 * sea's, which is about half a small island's.
 */
export function oceanStations(
  real: readonly { readonly station: ClimateStation; readonly table: PreparedStation }[],
  landAt: (lat: number, lon: number) => number,
): PreparedStation[] {
  const maritime = real.filter(
    ({ station }) => station.kind !== 'interior' && station.kind !== 'highland',
  );
  const out: PreparedStation[] = [];
  const stepDeg = 8;
  for (let lat = -76; lat <= 84; lat += stepDeg) {
    const cols = Math.max(1, Math.round((360 / stepDeg) * Math.cos((lat * Math.PI) / 180)));
    for (let c = 0; c < cols; c++) {
      const lon = -180 + (360 * (c + 0.5)) / cols;
      if (landAt(lat, lon) > 0) continue;
      if (real.some(({ station }) => distanceKm(lat, lon, station.lat, station.lon) < 900))
        continue;
      const values = new Array<number>(12 * Q).fill(0);
      const scalars = new Array<number>(S).fill(0);
      let total = 0;
      for (const { station, table } of maritime) {
        const dLat = (station.lat - lat) / 4;
        const w =
          Math.exp(-dLat * dLat) *
          Math.exp(-distanceKm(lat, lon, station.lat, station.lon) / 800) *
          (station.kind === 'island' ? 1 : 0.4) *
          (1 - 0.8 * table.land);
        if (w < 1e-9) continue;
        total += w;
        for (let k = 0; k < values.length; k++)
          values[k] = (values[k] ?? 0) + w * (table.values[k] ?? 0);
        for (let k = 0; k < S; k++) scalars[k] = (scalars[k] ?? 0) + w * (table.scalars[k] ?? 0);
      }
      if (total === 0) continue;
      const dtr = QUANTITIES.indexOf('dtrC');
      for (let k = 0; k < values.length; k++) {
        values[k] = (values[k] ?? 0) / total;
        if (k % Q === dtr) values[k] = Math.max(0.5, (values[k] ?? 0) * 0.5);
      }
      out.push({
        lat,
        lon,
        elevationM: 0,
        land: 0,
        values,
        scalars: scalars.map((v) => v / total),
      });
    }
  }
  return out;
}

/**
 * The support radius of the interpolation at each node of the radius grid: 1.8 times the distance
 * to the fifth nearest station, and at least the nearest one's plus 300 km, so that between the
 * nodes a station is almost always within it (climatology.ts looks farther where none is).
 */
export function supportRadii(stations: readonly PreparedStation[]): Uint16Array {
  const radii = new Uint16Array(RADIUS_ROWS * RADIUS_COLS);
  const marginKm = 300;
  for (let r = 0; r < RADIUS_ROWS; r++) {
    for (let c = 0; c < RADIUS_COLS; c++) {
      const lat = -90 + r * RADIUS_DEG;
      const lon = -180 + c * RADIUS_DEG;
      // The five smallest distances, kept sorted.
      const nearest = [Infinity, Infinity, Infinity, Infinity, Infinity];
      for (const s of stations) {
        const d = stretchedKm(lat, lon, s.lat, s.lon);
        if (d >= (nearest[4] ?? 0)) continue;
        let k = 4;
        while (k > 0 && (nearest[k - 1] ?? 0) > d) {
          nearest[k] = nearest[k - 1] ?? 0;
          k--;
        }
        nearest[k] = d;
      }
      const first = nearest[0] ?? 0;
      const fifth = nearest[4] ?? 0;
      radii[r * RADIUS_COLS + c] = Math.ceil(
        Math.min(8000, Math.max(1.8 * fifth, first + marginKm)),
      );
    }
  }
  return radii;
}

/**
 * The reaches of the regional land shares: how much land lies within a few hundred kilometres (a
 * coast open to the sea or a gulf's shore, a peninsula or the mainland behind it) and within a
 * thousand-odd (the heart of a continent or its edge). The temperature's local regression reads
 * both (climatology.ts): chosen by five-fold cross-validation, as its ridges were.
 */
export const NEAR_KM = 300;
export const FAR_KM = 1200;

/**
 * The land within `km` of each cell's centre, on a grid of coarser cells (NEAR_GRID, FAR_GRID),
 * from the 0.5° land grid: its cells are first averaged into the coarser ones, then weighted by
 * their area and by 1 − (d / km)², d the equirectangular distance between the cells' centres, so
 * that what is near counts most and nothing changes abruptly at the reach's edge. As `share`, the
 * weighted land share, 0 … 255. As `eastward`, the balance of that land between east and west: the
 * weighted mean of the land share times the sine of its bearing, −1 (all of it due west) … 1 (due
 * east), stored as 128 + 127 × balance. On a coast it tells which side the sea is on: windward or
 * leeward of the westerlies and the trades, which the share alone does not.
 */
export function regionalLand(
  land: Uint8Array,
  { deg, rows, cols }: CellGrid,
  km: number,
  part: 'share' | 'eastward' = 'share',
): Uint8Array {
  const per = Math.round(deg / GRID_DEG);
  if (per * rows !== GRID_ROWS || per * cols !== GRID_COLS) {
    throw new RangeError(`regional land: ${deg}° cells do not tile the land grid`);
  }
  const coarse = new Float64Array(rows * cols);
  for (let r = 0; r < GRID_ROWS; r++) {
    for (let c = 0; c < GRID_COLS; c++) {
      const k = Math.floor(r / per) * cols + Math.floor(c / per);
      coarse[k] = (coarse[k] ?? 0) + (land[r * GRID_COLS + c] ?? 0) / (per * per);
    }
  }
  const kmPerCell = EARTH_RADIUS_KM * RAD * deg;
  const latOf = (r: number): number => -90 + (r + 0.5) * deg;
  const reachRows = Math.ceil(km / kmPerCell);
  const eastward = part === 'eastward';
  const out = new Uint8Array(rows * cols);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      let weights = 0;
      let shares = 0;
      for (let r2 = Math.max(0, r - reachRows); r2 <= Math.min(rows - 1, r + reachRows); r2++) {
        const area = Math.cos(latOf(r2) * RAD);
        const north = (r2 - r) * kmPerCell;
        const east = kmPerCell * Math.cos(((latOf(r) + latOf(r2)) / 2) * RAD);
        const span = Math.min(Math.floor((cols - 1) / 2), Math.floor(km / Math.max(east, 1e-9)));
        for (let dc = -span; dc <= span; dc++) {
          const d2 = (dc * east) ** 2 + north * north;
          if (d2 >= km * km) continue;
          const w = area * (1 - d2 / (km * km));
          weights += w;
          const share = coarse[r2 * cols + wrapIndex(c + dc, cols)] ?? 0;
          // The sine of the bearing: the eastward offset over the distance (0 at the cell itself).
          shares += eastward ? (d2 > 0 ? (w * share * dc * east) / Math.sqrt(d2) : 0) : w * share;
        }
      }
      out[r * cols + c] = eastward
        ? Math.round(128 + (127 * shares) / (255 * weights))
        : Math.round(shares / weights);
    }
  }
  return out;
}

/** The warmest month's mean daily maximum (mean plus half the range), °C. */
export function warmestMeanMaxC(normals: Pick<ClimateStation['normals'], 'tmean' | 'dtr'>): number {
  return Math.max(...normals.tmean.map((t, m) => t + (normals.dtr[m] ?? 0) / 2));
}

/** The warmest month's mean daily maximum, brought to sea level (°C). */
function warmestMaxAtSeaLevel(s: Pick<ClimateStation, 'elevationM' | 'normals'>): number {
  return warmestMeanMaxC(s.normals) + LAPSE_C_PER_M * s.elevationM;
}

/** Beyond this, no air is counted as within reach of a heat wave (km). */
const HEAT_REACH_KM = 2500;
/** The distance (km) at which air hotter than a station's counts half. */
const HEAT_HALF_KM = 1000;
/** Points sampled along the way from the hotter air to a station, for the share of it over land. */
const PATH_SAMPLES = 10;
/** The share of the way over land from which the hotter air arrives whole. */
const OVER_LAND_WHOLE = 0.8;

/**
 * The share of the way from (lat1, lon1) to (lat2, lon2) over land: `landAt` at PATH_SAMPLES
 * points spaced evenly along it (straight in latitude and longitude, across the antimeridian the
 * short way: within HEAT_REACH_KM that is close enough to the great circle for a land share).
 */
export function overLandShare(
  lat1: number,
  lon1: number,
  lat2: number,
  lon2: number,
  landAt: (lat: number, lon: number) => number,
): number {
  const dLon = normalizeLon(lon2 - lon1);
  let land = 0;
  for (let k = 0; k < PATH_SAMPLES; k++) {
    const f = (k + 0.5) / PATH_SAMPLES;
    land += landAt(lat1 + (lat2 - lat1) * f, normalizeLon(lon1 + dLon * f));
  }
  return land / PATH_SAMPLES;
}

/**
 * Each station's heat contrast, °C: how much hotter than its own the warmest month's afternoons
 * are within reach, the farther the less (half at HEAT_HALF_KM), compared at sea level, and the
 * less the more of the way is sea (as the square of the share over land, whole from
 * OVER_LAND_WHOLE of it, a sixth at a third): air that crosses the sea is cooled from below on
 * the way. A heat wave on a coast is the interior's air brought to it: Sydney's from inland New
 * South Wales, whose summer afternoons are 9–10 °C hotter 500 to 1,000 km away (Moree, Cobar,
 * Charleville: a contrast of 7 °C), London's and Paris's from Spain (Zaragoza's and Madrid's
 * 10–11 °C hotter, 1,050–1,100 km away: 4–5 °C). Biskra's afternoons are 11 °C hotter than
 * Marseille's, 960 km away, but three quarters of the way is the Mediterranean: 5.7 °C over land,
 * 0.6 °C as it is; Madrid's, over land, give Marseille 3.5 °C. Singapore has none worth the name
 * (1 °C).
 */
export function heatContrasts(
  stations: readonly Pick<ClimateStation, 'lat' | 'lon' | 'elevationM' | 'normals'>[],
  landAt: (lat: number, lon: number) => number,
): number[] {
  const hottest = stations.map(warmestMaxAtSeaLevel);
  return stations.map((station, i) => {
    const own = hottest[i] ?? 0;
    let contrast = 0;
    stations.forEach((other, j) => {
      const hotter = (hottest[j] ?? 0) - own;
      // Only a hotter station can raise the contrast, and the distance and the way are the
      // costly parts.
      if (hotter <= contrast) return;
      const km = distanceKm(station.lat, station.lon, other.lat, other.lon);
      if (km >= HEAT_REACH_KM) return;
      const reach = km / HEAT_HALF_KM;
      const arriving = hotter / (1 + reach * reach);
      if (arriving <= contrast) return;
      const land = overLandShare(station.lat, station.lon, other.lat, other.lon, landAt);
      const overLand = Math.min(1, land / OVER_LAND_WHOLE);
      contrast = Math.max(contrast, arriving * overLand * overLand);
    });
    return contrast;
  });
}

/**
 * The legend of the grey levels of Marble's precipitation maps (scripts/climate-guides.mjs):
 * level / 255 at each step, and the month's precipitation there, mm. Linear up to 127 mm (a level
 * is about a millimetre), then each step twice the last; 1024 mm is the legend's "or more", which the
 * few wetter cells (Cherrapunji's July) pass, as the doubling continued to the top level.
 */
const GUIDE_LEGEND: readonly (readonly [number, number])[] = [
  [0, 0],
  [0.5, 127],
  [0.75, 256],
  [0.87, 512],
  [0.93, 1024],
  [1, 2048],
];

/** A month's precipitation, mm, that grey level `level` (0 … 255) of those maps stands for. */
export function guideMillimetres(level: number): number {
  const f = level / 255;
  for (let k = 1; k < GUIDE_LEGEND.length; k++) {
    const [f0, p0] = GUIDE_LEGEND[k - 1] ?? [0, 0];
    const [f1, p1] = GUIDE_LEGEND[k] ?? [1, 0];
    if (f > f1) continue;
    const t = (f - f0) / (f1 - f0);
    return p0 < 127 ? p0 + (p1 - p0) * t : p0 * Math.pow(p1 / p0, t);
  }
  return GUIDE_LEGEND[GUIDE_LEGEND.length - 1]?.[1] ?? 0;
}

/**
 * A month's precipitation guide of data/climate.bin from the grey levels of its map (GRID_ROWS ×
 * GRID_COLS, rows from the south pole): the logarithm of the month's precipitation and
 * GUIDE_FLOOR_MM, as guideCode stores it. Legates and Willmott's climatology was built from some
 * 24,000 gauges, twenty times the stations of data/climate/: between the stations, the
 * precipitation regression (climatology.ts) follows its pattern, the wet windward slopes and the
 * dry lee, the desert's edge, and December's and July's tell which half of the year is the wet one.
 */
export function precipitationGuide(levels: Uint8Array): Uint8Array {
  const cells = GRID_ROWS * GRID_COLS;
  if (levels.length !== cells) throw new RangeError(`a precipitation map must have ${cells} cells`);
  return levels.map((level) => guideCode(Math.log(guideMillimetres(level) + GUIDE_FLOOR_MM)));
}

/**
 * The climate file for `stations` over the given grids of the world: the stations prepared, the
 * open ocean's stations added, the support radii and the regional land shares computed.
 */
export function assembleClimateTable(
  stations: readonly ClimateStation[],
  grids: SourceGrids,
): Uint8Array {
  const landAt = (lat: number, lon: number): number => landShareAt(grids, lat, lon);
  const contrasts = heatContrasts(stations, landAt);
  const real = stations.map((station, i) => ({
    station,
    table: tableStation(station, landAt(station.lat, station.lon), contrasts[i] ?? 0),
  }));
  const prepared = [...real.map((r) => r.table), ...oceanStations(real, landAt)];
  const regional = regionalGrids(grids.land);
  const world = { ...grids, ...regional };
  // At the coordinates as the file stores them, 32-bit, where the interpolation measures from.
  const all = prepared.map((s) => ({
    ...s,
    regional: regionalAt(world, Math.fround(s.lat), Math.fround(s.lon)),
  }));
  return writeClimateTable(all, {
    ...grids,
    radiusKm: supportRadii(all),
    ...regional,
  });
}

/** The regional grids of each land grid assembleClimateTable has seen (see regionalGrids). */
const regionalOfLand = new WeakMap<
  Uint8Array,
  Pick<ClimateGrids, 'landNear' | 'landFar' | 'landEast'>
>();

/**
 * The regional land grids derived from a land grid. They depend on nothing else, so they are
 * worked out once per land grid: the validation tests assemble a table for every training set
 * (five folds and each city held out in turn) over the same land grid, at a third of a second each.
 */
function regionalGrids(land: Uint8Array): Pick<ClimateGrids, 'landNear' | 'landFar' | 'landEast'> {
  let grids = regionalOfLand.get(land);
  if (grids === undefined) {
    grids = {
      landNear: regionalLand(land, NEAR_GRID, NEAR_KM),
      landFar: regionalLand(land, FAR_GRID, FAR_KM),
      landEast: regionalLand(land, NEAR_GRID, NEAR_KM, 'eastward'),
    };
    regionalOfLand.set(land, grids);
  }
  return grids;
}

/** FNV-1a of a string: a stable, well-spread order that does not follow the tables' order. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Stations this close are of the same town (a city's observatory and its airport). */
export const TWIN_KM = 25;

/**
 * The validation split: a fifth of the stations held out, spread over the climate types. Within
 * each Köppen class the stations are ordered by a hash of their id and every fifth is held out
 * (the `fold`-th of each five, 0 … 4; the tests hold out the third), so every class of five or
 * more stations loses a fifth, which ones is decided by nothing a model could be tuned to, and a
 * station added to the table moves only the stations of its own class. A held-out station's twins
 * (within TWIN_KM) are held out with it, so that no town is predicted from itself.
 */
export function validationSplit<T extends Pick<ClimateStation, 'id' | 'koppen' | 'lat' | 'lon'>>(
  stations: readonly T[],
  fold = 2,
): { readonly training: T[]; readonly heldOut: T[] } {
  const ordered = [...stations].sort(
    (a, b) => a.koppen.localeCompare(b.koppen) || fnv1a(a.id) - fnv1a(b.id),
  );
  // Every fifth of each class, counting the class's stations in their hash order.
  const countInClass = new Map<string, number>();
  const chosen = ordered.filter((s) => {
    const place = countInClass.get(s.koppen) ?? 0;
    countInClass.set(s.koppen, place + 1);
    return place % 5 === fold;
  });
  // A chosen station is its own twin (0 km), so this holds out the chosen and their twins.
  const isTwin = (t: T): boolean =>
    chosen.some((h) => distanceKm(h.lat, h.lon, t.lat, t.lon) < TWIN_KM);
  const heldOut = new Set(ordered.filter(isTwin));
  return {
    training: ordered.filter((t) => !heldOut.has(t)),
    heldOut: ordered.filter((t) => heldOut.has(t)),
  };
}
