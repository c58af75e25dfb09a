/**
 * The layout of data/climate.bin, writer and reader side by side (as places-layout.ts does for the
 * places): scripts/build-climate.mjs prepares the stations and grids and calls writeClimateTable;
 * the world model opens the file with readClimateTable, which makes typed-array views over its
 * bytes, so loading parses nothing (the stations' monthly values are 16-bit codes, which the
 * interpolation decodes station by station as it first reads them: decoding all 90,000 at load
 * costs 5 MB of peak memory in compiling the loop).
 *
 * Little-endian throughout. A header of HEADER_WORDS u32 words (HEADER_FIELDS, then the byte offset
 * of each section in SECTIONS order), then the sections, each on a 4-byte boundary. A packed
 * section (a grid of bytes that deflates well: the land share, the elevation, the guides) is stored
 * as bands of BAND_ROWS rows, each deflated: a u32 count of bands, a u32 deflated length of each,
 * then the bands. The reader inflates a band when a point first reads a cell of it (PackedGrid):
 * inflating the six grids whole would add 7 ms to every offline call, and a call reads a few
 * bands.
 */
import { deflateSync, inflateSync } from 'node:zlib';
import { LITTLE_ENDIAN } from '../core/data-files.js';

/** 'WCL1' read as a little-endian u32. */
const MAGIC = 0x314c4357;
const VERSION = 9;
const HEADER_WORDS = 24;

/**
 * Per station and month, in this order (see climate-stations.ts for what each holds). The
 * precipitation rate and the share of wet hours are stored as logarithms (of the value plus
 * LOG_FLOOR): they are interpolated as logarithms, so one wet station does not drown its dry
 * neighbours.
 */
export const QUANTITIES = [
  'seaLevelTempC',
  'dtrC',
  'logRateMmH',
  'logWetShare',
  'dewDepressionC',
  'windMS',
  'cloud',
] as const;
export type Quantity = (typeof QUANTITIES)[number];
export const Q = QUANTITIES.length;

/**
 * The file stores each value as a signed 16-bit multiple of 1 / PER_UNIT of its quantity
 * (hundredths of a degree, thousandths of a logarithm and of the cloud cover): half
 * the size of 32-bit floats, and finer than the normals' own rounding.
 */
const PER_UNIT: Readonly<Record<Quantity, number>> = {
  seaLevelTempC: 100,
  dtrC: 100,
  logRateMmH: 1000,
  logWetShare: 1000,
  dewDepressionC: 100,
  windMS: 100,
  cloud: 1000,
};
const PER_UNIT_OF = QUANTITIES.map((q) => PER_UNIT[q]);

/**
 * Mean surface temperatures fall with height more slowly than the free atmosphere (6.5 °C/km):
 * station normals on slopes and plateaus give 5–6 °C/km. The table stores temperatures reduced to sea
 * level with this rate, and the interpolation favours stations at the point's own height (climatology.ts), so
 * the rate matters most where no station is near in height.
 */
export const LAPSE_C_PER_M = 0.0058;

/** About 26 mm a year: below it, precipitation is interpolated as if it were this much. */
export const LOG_FLOOR = 0.003;

/** Per station, constant over the year. */
export const SCALARS = [
  /** Warmest minus coldest monthly mean, °C. */
  'annualRangeC',
  /** log(mm a year + 1). */
  'logAnnualPrecipMm',
  /** First harmonic of the monthly precipitation over its mean: wet-season phase and strength. */
  'wetSeasonCos',
  'wetSeasonSin',
  /** How much hotter the hottest air within reach is than the station's own (heatContrast), °C. */
  'heatContrastC',
  /** How hot and dry the summer is, 0 … 1 (climate-stations.ts, drySummer). */
  'drySummer',
] as const;
export const S = SCALARS.length;

/** A grid of cells `deg` wide over the globe, rows from the south pole, columns from −180°. */
export interface CellGrid {
  readonly deg: number;
  readonly rows: number;
  readonly cols: number;
}
// Whole numbers of cells (`| 0`): small integers, which the hot path indexes the grids with faster
// than the same numbers held as floats.
const cellGrid = (deg: number): CellGrid => ({ deg, rows: (180 / deg) | 0, cols: (360 / deg) | 0 });
/** The land and elevation grids: 0.5° cells (720 × 360), their sizes also by name. */
export const LAND_GRID = cellGrid(0.5);
export const { deg: GRID_DEG, rows: GRID_ROWS, cols: GRID_COLS } = LAND_GRID;
/**
 * The regional land-share grids (the land share within a few hundred and within a thousand-odd
 * kilometres, climate-stations.ts): 1° and 2° cells.
 */
export const NEAR_GRID = cellGrid(1);
export const FAR_GRID = cellGrid(2);
/** Nodes of the support-radius grid: every 2.5°, latitude −90…90 (73 rows), longitude −180…177.5. */
export const RADIUS_DEG = 2.5;
export const RADIUS_COLS = 144;
export const RADIUS_ROWS = 73;
/** Cells of the station index: 5°. */
export const INDEX_DEG = 5;
export const INDEX_COLS = 72;
export const INDEX_ROWS = 36;

/**
 * Elevation is stored as one byte on a square-root scale, which keeps steps of a few metres near
 * sea level and under 50 m at 5,000 m: code k stands for ELEVATION_TOP_M · (k/255)².
 */
const ELEVATION_TOP_M = 7000;
export function elevationCode(metres: number): number {
  return Math.round(255 * Math.sqrt(Math.min(1, Math.max(0, metres) / ELEVATION_TOP_M)));
}
export function elevationOfCode(code: number): number {
  const k = code / 255;
  return ELEVATION_TOP_M * k * k;
}

/**
 * The precipitation guide (climate-stations.ts, precipitationGuide) is the logarithm of a month's
 * precipitation and GUIDE_FLOOR_MM, December's and July's, stored as one byte in steps of
 * 1 / GUIDE_PER_UNIT from the floor's logarithm: 0 … 213 spans 0 … 2,048 mm.
 */
export const GUIDE_FLOOR_MM = 10;
const GUIDE_PER_UNIT = 40;
const GUIDE_BASE = Math.log(GUIDE_FLOOR_MM);
export function guideCode(logMm: number): number {
  return Math.min(255, Math.max(0, Math.round((logMm - GUIDE_BASE) * GUIDE_PER_UNIT)));
}
export function guideOfCode(code: number): number {
  return GUIDE_BASE + code / GUIDE_PER_UNIT;
}

/**
 * The temperature guide (climatology.ts, TEMPERATURE_GUIDE_SHARE) is December's and July's mean
 * temperature as the grey level of Marble's maps (scripts/climate-guides.mjs), stored as it is:
 * level 0 stands for the legend's lowest, −69 °C, and 255 for its highest, 42 °C, linearly between
 * (the stations' normals confirm it: about 0.43 °C a level from the Antarctic plateau to the Sahara).
 */
const TEMPERATURE_GUIDE_LOW_C = -69;
const TEMPERATURE_GUIDE_HIGH_C = 42;
export function temperatureGuideOfCode(code: number): number {
  return (
    TEMPERATURE_GUIDE_LOW_C + ((TEMPERATURE_GUIDE_HIGH_C - TEMPERATURE_GUIDE_LOW_C) * code) / 255
  );
}

export function indexCellOf(lat: number, lon: number): number {
  const row = Math.min(INDEX_ROWS - 1, Math.max(0, Math.floor((lat + 90) / INDEX_DEG)));
  const col = Math.min(INDEX_COLS - 1, Math.max(0, Math.floor((lon + 180) / INDEX_DEG)));
  return row * INDEX_COLS + col;
}

/** One station as the table stores it (real or made for the open ocean). */
export interface TableStation {
  readonly lat: number;
  readonly lon: number;
  readonly elevationM: number;
  /** Land share of the grid at the station, 0 … 1. */
  readonly land: number;
  /** 12 months × Q quantities, month-major: values at mid-month (see climate-stations.ts). */
  readonly values: ArrayLike<number>;
  /** S scalars. */
  readonly scalars: ArrayLike<number>;
  /**
   * REGIONAL values of the region around the station (climatology.ts, regionalAt, at the
   * coordinates as stored), worked out when the table is built: read from the grids on every
   * offline call, they would inflate the bands of the packed grids wherever stations are.
   */
  readonly regional: ArrayLike<number>;
}

/** What climatology.ts, regionalAt, tells of a place: values a station (TableStation). */
export const REGIONAL = 7;

export interface ClimateGrids {
  /** GRID_ROWS × GRID_COLS land share, 0 … 255. */
  readonly land: Uint8Array;
  /** GRID_ROWS × GRID_COLS elevation codes. */
  readonly elevation: Uint8Array;
  /** GRID_ROWS × GRID_COLS precipitation guide codes (guideCode) of December and of July. */
  readonly guideDecember: Uint8Array;
  readonly guideJuly: Uint8Array;
  /** GRID_ROWS × GRID_COLS temperature guide codes (temperatureGuideOfCode), December and July. */
  readonly temperatureDecember: Uint8Array;
  readonly temperatureJuly: Uint8Array;
  /** RADIUS_ROWS × RADIUS_COLS support radius of the interpolation, whole km. */
  readonly radiusKm: Uint16Array;
  /** NEAR_GRID's land share within NEAR_KM (climate-stations.ts), 0 … 255. */
  readonly landNear: Uint8Array;
  /** FAR_GRID's land share within FAR_KM, 0 … 255. */
  readonly landFar: Uint8Array;
  /**
   * NEAR_GRID's balance of the land within NEAR_KM between east and west (climate-stations.ts,
   * regionalLand), −1 … 1 stored as 128 + 127 × balance.
   */
  readonly landEast: Uint8Array;
}

/** Rows of a packed grid deflated together: 5° of the 0.5° grids. */
const BAND_ROWS = 10;
const DAMAGED = 'climate table is damaged; rebuild it with `npm run build`';

/**
 * A packed grid as the table holds it: `cells` is the whole grid, whose bands are inflated as
 * `rows` is first asked for them (before that they hold zeros).
 */
export class PackedGrid {
  readonly cells: Uint8Array;
  private readonly ready: Uint8Array;

  constructor(
    private readonly bands: readonly Uint8Array[],
    private readonly cols: number,
    rows: number,
  ) {
    this.cells = new Uint8Array(rows * cols);
    this.ready = new Uint8Array(bands.length);
  }

  /** The cells, with the bands that hold rows r0 and r1 inflated. */
  rows(r0: number, r1: number): Uint8Array {
    const b0 = (r0 / BAND_ROWS) | 0;
    const b1 = (r1 / BAND_ROWS) | 0;
    if (this.ready[b0] === 0) this.inflate(b0);
    if (this.ready[b1] === 0) this.inflate(b1);
    return this.cells;
  }

  /** Every cell. */
  whole(): Uint8Array {
    for (let b = 0; b < this.bands.length; b++) if (this.ready[b] === 0) this.inflate(b);
    return this.cells;
  }

  private inflate(band: number): void {
    const at = band * BAND_ROWS * this.cols;
    const length = Math.min(BAND_ROWS * this.cols, this.cells.length - at);
    let cells: Uint8Array;
    try {
      cells = inflateSync(this.bands[band] ?? new Uint8Array());
    } catch {
      throw new Error(DAMAGED);
    }
    if (cells.length !== length) throw new Error(DAMAGED);
    this.cells.set(cells, at);
    this.ready[band] = 1;
  }
}

/**
 * The grids a table stores packed, which are also the grids of the world itself: the stations'
 * table is assembled over them (climate-stations.ts, assembleClimateTable).
 */
const PACKED = [
  'land',
  'elevation',
  'guideDecember',
  'guideJuly',
  'temperatureDecember',
  'temperatureJuly',
] as const;
type PackedName = (typeof PACKED)[number];
export type SourceGrids = Pick<ClimateGrids, PackedName>;

export interface ClimateTable
  extends Omit<ClimateGrids, PackedName>, Readonly<Record<PackedName, PackedGrid>> {
  readonly count: number;
  /** lat, lon, elevation (m), land share: 4 per station, in index-cell order. */
  readonly stations: Float32Array;
  /** 12 months × Q quantities a station, month-major, as 16-bit codes: see storedValue. */
  readonly codes: Int16Array;
  readonly scalars: Float32Array;
  /** REGIONAL values a station (TableStation). */
  readonly regional: Float32Array;
  /** First station of each index cell, plus one past the last. */
  readonly cellStart: Uint16Array;
}

type Stored = Float32Array | Int16Array | Uint16Array | Uint8Array;
interface Kind {
  readonly BYTES_PER_ELEMENT: number;
  new (length: number): Stored;
  new (buffer: ArrayBufferLike, byteOffset: number, length: number): Stored;
}
type Counts = { readonly count: number };
const SECTIONS: readonly {
  readonly name: keyof ClimateGrids | keyof Omit<ClimateTable, 'count'>;
  readonly kind: Kind;
  readonly length: (c: Counts) => number;
  /** Stored deflated (bytes only). */
  readonly packed?: true;
}[] = [
  { name: 'stations', kind: Float32Array, length: (c) => 4 * c.count },
  { name: 'codes', kind: Int16Array, length: (c) => 12 * Q * c.count },
  { name: 'scalars', kind: Float32Array, length: (c) => S * c.count },
  { name: 'regional', kind: Float32Array, length: (c) => REGIONAL * c.count },
  { name: 'cellStart', kind: Uint16Array, length: () => INDEX_ROWS * INDEX_COLS + 1 },
  { name: 'radiusKm', kind: Uint16Array, length: () => RADIUS_ROWS * RADIUS_COLS },
  ...PACKED.map((name) => ({
    name,
    kind: Uint8Array,
    length: () => GRID_ROWS * GRID_COLS,
    packed: true as const,
  })),
  { name: 'landNear', kind: Uint8Array, length: () => NEAR_GRID.rows * NEAR_GRID.cols },
  { name: 'landFar', kind: Uint8Array, length: () => FAR_GRID.rows * FAR_GRID.cols },
  { name: 'landEast', kind: Uint8Array, length: () => NEAR_GRID.rows * NEAR_GRID.cols },
];
const HEADER_FIELDS = ['magic', 'version', 'count'] as const;

/** Where each section's bytes start when they are `sizes` bytes long, and the file's size. */
function offsetsOf(sizes: readonly number[]): { offsets: number[]; size: number } {
  let at = 4 * HEADER_WORDS;
  const offsets = sizes.map((bytes) => {
    const start = at;
    at = Math.ceil((at + bytes) / 4) * 4;
    return start;
  });
  return { offsets, size: at };
}

/** The k-th value of a table's `codes` (month-major, Q a month), in its quantity's unit. */
export function storedValue(codes: ArrayLike<number>, k: number): number {
  return (codes[k] ?? 0) / (PER_UNIT_OF[k % Q] ?? 1);
}

/** The stored code of the k-th value of a station (month-major, Q a month). */
function quantized(value: number, k: number): number {
  const code = Math.round(value * (PER_UNIT_OF[k % Q] ?? 1));
  if (!(Math.abs(code) <= 0x7fff)) {
    throw new RangeError(`climate table: ${QUANTITIES[k % Q]} ${value} does not fit in 16 bits`);
  }
  return code;
}

/** The bytes of a climate file. Stations are sorted by index cell, so their order does not matter. */
export function writeClimateTable(
  stations: readonly TableStation[],
  grids: ClimateGrids,
): Uint8Array {
  if (stations.length > 0xffff) throw new RangeError('too many stations for a u16 index');
  const sorted = stations
    .map((s) => ({ s, cell: indexCellOf(s.lat, s.lon) }))
    .sort((a, b) => a.cell - b.cell || a.s.lat - b.s.lat || a.s.lon - b.s.lon);
  const count = sorted.length;
  const data: Record<string, ArrayLike<number>> = {
    stations: sorted.flatMap(({ s }) => [s.lat, s.lon, s.elevationM, s.land]),
    codes: sorted.flatMap(({ s }) => Array.from(s.values, quantized)),
    scalars: sorted.flatMap(({ s }) => Array.from(s.scalars)),
    regional: sorted.flatMap(({ s }) => Array.from(s.regional)),
    cellStart: Array.from({ length: INDEX_ROWS * INDEX_COLS + 1 }, (_, cell) => {
      const first = sorted.findIndex((x) => x.cell >= cell);
      return first < 0 ? count : first;
    }),
    radiusKm: grids.radiusKm,
    ...packedRecord((name) => grids[name]),
    landNear: grids.landNear,
    landFar: grids.landFar,
    landEast: grids.landEast,
  };
  const payloads = SECTIONS.map((section) => {
    const values = data[section.name] ?? [];
    if (values.length !== section.length({ count })) {
      throw new RangeError(`climate table: ${section.name} has ${values.length} values`);
    }
    const typed = new section.kind(values.length);
    typed.set(Array.from(values));
    const raw = new Uint8Array(typed.buffer);
    return section.packed ? packedBands(raw) : raw;
  });
  const { offsets, size } = offsetsOf(payloads.map((p) => p.length));
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  [MAGIC, VERSION, count].forEach((word, i) => view.setUint32(4 * i, word, true));
  payloads.forEach((payload, i) => {
    const at = offsets[i] ?? 0;
    view.setUint32(4 * (HEADER_FIELDS.length + i), at, true);
    bytes.set(payload, at);
  });
  return bytes;
}

/** A grid's bytes as a packed section: its bands of BAND_ROWS rows, each deflated (see above). */
function packedBands(raw: Uint8Array): Uint8Array {
  const bandBytes = BAND_ROWS * GRID_COLS;
  const bands: Uint8Array[] = [];
  for (let at = 0; at < raw.length; at += bandBytes) {
    bands.push(deflateSync(raw.subarray(at, at + bandBytes), { level: 9 }));
  }
  const head = 4 * (1 + bands.length);
  const packed = new Uint8Array(head + bands.reduce((n, b) => n + b.length, 0));
  const view = new DataView(packed.buffer);
  view.setUint32(0, bands.length, true);
  let at = head;
  bands.forEach((band, i) => {
    view.setUint32(4 * (1 + i), band.length, true);
    packed.set(band, at);
    at += band.length;
  });
  return packed;
}

/** The packed section at byte `at` of `bytes`, a grid of GRID_ROWS × GRID_COLS. */
function packedGrid(bytes: Uint8Array, at: number): PackedGrid {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const word = (k: number): number => {
    if (at + 4 * (k + 1) > bytes.length) throw new Error('climate table is truncated');
    return view.getUint32(at + 4 * k, true);
  };
  const count = word(0);
  if (count !== Math.ceil(GRID_ROWS / BAND_ROWS)) throw new Error(DAMAGED);
  const bands: Uint8Array[] = [];
  let start = at + 4 * (1 + count);
  for (let i = 0; i < count; i++) {
    const length = word(1 + i);
    if (start + length > bytes.length) throw new Error('climate table is truncated');
    bands.push(bytes.subarray(start, start + length));
    start += length;
  }
  return new PackedGrid(bands, GRID_COLS, GRID_ROWS);
}

export function readClimateTable(bytes: Uint8Array): ClimateTable {
  const header = new DataView(
    bytes.buffer,
    bytes.byteOffset,
    Math.min(bytes.length, 4 * HEADER_WORDS),
  );
  if (
    bytes.length < 4 * HEADER_WORDS ||
    header.getUint32(0, true) !== MAGIC ||
    header.getUint32(4, true) !== VERSION
  ) {
    throw new Error('climate table has an unknown format; rebuild it with `npm run build`');
  }
  const counts = { count: header.getUint32(8, true) };
  const offsetAt = (i: number): number => header.getUint32(4 * (HEADER_FIELDS.length + i), true);
  const indexOf = (name: (typeof SECTIONS)[number]['name']): number =>
    SECTIONS.findIndex((s) => s.name === name);
  const read = (i: number): Stored => {
    const entry = SECTIONS[i];
    if (!entry) throw new Error('climate table: no such section');
    const length = entry.length(counts);
    const size = entry.kind.BYTES_PER_ELEMENT;
    const at = offsetAt(i);
    if (at + length * size > bytes.length) throw new Error('climate table is truncated');
    const start = bytes.byteOffset + at;
    if (LITTLE_ENDIAN && start % size === 0) return new entry.kind(bytes.buffer, start, length);
    // A big-endian host, or bytes that do not start on a word boundary: copy and decode.
    const copy = new entry.kind(length);
    const view = new DataView(bytes.buffer, start, length * size);
    for (let k = 0; k < length; k++) {
      copy[k] =
        size === 4
          ? view.getFloat32(4 * k, true)
          : size === 2
            ? view.getUint16(2 * k, true)
            : view.getUint8(k);
    }
    return copy;
  };
  /** The section `name`, which must be of the typed array `kind`. */
  const section = <K extends Stored>(
    name: (typeof SECTIONS)[number]['name'],
    kind: new (length: number) => K,
  ): K => {
    const a = read(indexOf(name));
    if (!(a instanceof kind)) throw new Error('climate table: section type');
    return a;
  };
  const packed = packedRecord((name) => packedGrid(bytes, offsetAt(indexOf(name))));
  return {
    count: counts.count,
    stations: section('stations', Float32Array),
    codes: section('codes', Int16Array),
    scalars: section('scalars', Float32Array),
    regional: section('regional', Float32Array),
    cellStart: section('cellStart', Uint16Array),
    radiusKm: section('radiusKm', Uint16Array),
    ...packed,
    landNear: section('landNear', Uint8Array),
    landFar: section('landFar', Uint8Array),
    landEast: section('landEast', Uint8Array),
  };
}

/** The grids of a table as writeClimateTable takes them, to build another table over them. */
export function tableGrids(table: ClimateTable): SourceGrids {
  return packedRecord((name) => table[name].whole());
}

/** A record of the packed grids' names, each value made by `make`. */
function packedRecord<T>(make: (name: PackedName) => T): Readonly<Record<PackedName, T>> {
  const record = {} as Record<PackedName, T>;
  for (const name of PACKED) record[name] = make(name);
  return record;
}
