/**
 * The layout of data/places.bin, with its writer and its reader side by side so that the two
 * cannot drift apart. scripts/build-data.mjs reads the GeoNames table and hands the places to
 * writePlacesTable; the world model loads the file with readPlacesTable, which makes typed-array
 * views over the file's bytes: nothing is parsed per place, so loading costs the same for 200k
 * places as for ten.
 *
 * All numbers are little-endian. The file is a header of HEADER_WORDS u32 words (HEADER_FIELDS,
 * then the byte offset of each section in SECTIONS order, then zeros), followed by the sections,
 * each starting on an ALIGN-byte boundary.
 */

import { LITTLE_ENDIAN, type PositionedRead } from '../core/data-files.js';

/** 'WPL1' read as a little-endian u32. */
const MAGIC = 0x314c5057;
const VERSION = 2;
const HEADER_WORDS = 24;
const HEADER_BYTES = 4 * HEADER_WORDS;
const ALIGN = 4;

/** 1°×1° cells: cell = row * LON_CELLS + col, row = floor(lat) + 90, col = floor(lon) + 180. */
const LAT_CELLS = 180;
const LON_CELLS = 360;
/** Coordinates are stored as int32 in 1e-5 degrees. */
const UNITS_PER_DEGREE = 1e5;
/** Country codes are two ASCII letters; index 0 of the code table ('  ') means "no country". */
const COUNTRY_CODE = /^[A-Z]{2}$/;
const NO_COUNTRY = '  ';
/** Zone names are stored joined by this; index 0 of the zone table ('') means "no zone". */
const ZONE_SEPARATOR = '\n';

/** The header's leading words, in file order; the section offsets follow them. */
const HEADER_FIELDS = [
  'magic',
  'version',
  'count',
  'latCells',
  'lonCells',
  'countryCount',
  'nameBytes',
  'zoneCount',
  'zoneBytes',
] as const;
type Header = { readonly [F in (typeof HEADER_FIELDS)[number]]: number };
/** What the section lengths are counted from. */
type Counts = Omit<Header, 'magic' | 'version'>;

/** How one element type is stored, read as a typed array and written one value at a time. */
interface Element<T> {
  readonly bytes: number;
  read(bytes: Uint8Array, offset: number, length: number): T;
  write(view: DataView, at: number, value: number): void;
}

type TypedArray = Uint8Array | Uint16Array | Int16Array | Int32Array | Uint32Array;
type View<T> = (new (buffer: ArrayBufferLike, byteOffset: number, length: number) => T) & {
  readonly BYTES_PER_ELEMENT: number;
};

/**
 * Reads as a typed view when the host is little-endian and the offset aligned (the normal case,
 * no copy); otherwise as a copy decoded through a DataView. Writes check the range the way
 * Node's Buffer does.
 */
function element<T extends TypedArray>(
  Kind: View<T>,
  [min, max]: readonly [number, number],
  get: (view: DataView, at: number) => number,
  set: (view: DataView, at: number, value: number) => void,
): Element<T> {
  const size = Kind.BYTES_PER_ELEMENT;
  return {
    bytes: size,
    read(bytes, offset, length) {
      const at = bytes.byteOffset + offset;
      if (offset + length * size > bytes.length) throw new Error('places index is truncated');
      if (LITTLE_ENDIAN && at % size === 0) return new Kind(bytes.buffer, at, length);
      const copy = new Kind(new ArrayBuffer(length * size), 0, length);
      const view = new DataView(bytes.buffer, at, length * size);
      for (let i = 0; i < length; i++) copy[i] = get(view, i * size);
      return copy;
    },
    write(view, at, value) {
      if (value < min || value > max) throw new RangeError(`${value} is outside [${min}, ${max}]`);
      set(view, at, value);
    },
  };
}

const u8 = element(
  Uint8Array,
  [0, 0xff],
  (v, at) => v.getUint8(at),
  (v, at, x) => v.setUint8(at, x),
);
const u16 = element(
  Uint16Array,
  [0, 0xffff],
  (v, at) => v.getUint16(at, true),
  (v, at, x) => v.setUint16(at, x, true),
);
const i16 = element(
  Int16Array,
  [-0x8000, 0x7fff],
  (v, at) => v.getInt16(at, true),
  (v, at, x) => v.setInt16(at, x, true),
);
const i32 = element(
  Int32Array,
  [-0x80000000, 0x7fffffff],
  (v, at) => v.getInt32(at, true),
  (v, at, x) => v.setInt32(at, x, true),
);
const u32 = element(
  Uint32Array,
  [0, 0xffffffff],
  (v, at) => v.getUint32(at, true),
  (v, at, x) => v.setUint32(at, x, true),
);

interface Section<T> {
  readonly element: Element<T>;
  readonly length: (counts: Counts) => number;
}

/** The sections in file order, with their element type and length. */
const SECTIONS = {
  /** First record of each cell, plus one past the last. */
  cellStart: { element: u32, length: (c) => c.latCells * c.lonCells + 1 },
  /** 1e-5 degrees. */
  lat: { element: i32, length: (c) => c.count },
  lon: { element: i32, length: (c) => c.count },
  /** GeoNames id. */
  id: { element: u32, length: (c) => c.count },
  population: { element: u32, length: (c) => c.count },
  /** Byte offset of each name in `names`, plus the end of the last. */
  nameStart: { element: u32, length: (c) => c.count + 1 },
  /** Metres above sea level. */
  elevation: { element: i16, length: (c) => c.count },
  /** Index into `countryCodes`; 0 means none. */
  country: { element: u8, length: (c) => c.count },
  /** Two ASCII bytes per code. */
  countryCodes: { element: u8, length: (c) => 2 * c.countryCount },
  /** UTF-8. */
  names: { element: u8, length: (c) => c.nameBytes },
  /** Index into `zoneNames`; 0 means none. */
  zone: { element: u16, length: (c) => c.count },
  /** UTF-8 IANA zone names joined by ZONE_SEPARATOR, '' first. */
  zoneNames: { element: u8, length: (c) => c.zoneBytes },
} satisfies Record<string, Section<TypedArray>>;
/** Object properties keep the order they were written in: SECTIONS' order is the file's. */
const SECTION_ORDER: readonly Section<TypedArray>[] = Object.values(SECTIONS);

const align = (n: number): number => Math.ceil(n / ALIGN) * ALIGN;

/** Where each section starts (by its index in SECTION_ORDER), and the size of the whole file. */
function layoutOf(counts: Counts): { offsets: number[]; size: number } {
  const offsets: number[] = [];
  let at = HEADER_BYTES;
  for (const { element, length } of SECTION_ORDER) {
    offsets.push(at);
    at = align(at + element.bytes * length(counts));
  }
  return { offsets, size: at };
}

/** The 1°×1° cell holding a point: row (from the south pole) × LON_CELLS + column (from -180°). */
export function cellOf(lat: number, lon: number): number {
  const row = Math.min(LAT_CELLS - 1, Math.max(0, Math.floor(lat) + 90));
  const col = (((Math.floor(lon) + 180) % LON_CELLS) + LON_CELLS) % LON_CELLS;
  return row * LON_CELLS + col;
}

/** One place as writePlacesTable takes it. */
export interface PlaceRecord {
  /** GeoNames id. */
  readonly id: number;
  readonly name: string;
  /** Degrees. */
  readonly lat: number;
  readonly lon: number;
  /** ISO 3166-1 alpha-2 in capitals; anything else is stored as "no country". */
  readonly country: string;
  readonly population: number;
  /** Metres above sea level. */
  readonly elevation: number;
  /** IANA time zone the place keeps; '' when unknown. */
  readonly zone: string;
}

/**
 * The bytes of a places file holding `places`. Places are sorted by cell, then latitude, then id,
 * so the same places give the same bytes whatever their order; population and elevation are
 * clamped to what their columns hold.
 */
export function writePlacesTable(places: readonly PlaceRecord[]): Uint8Array {
  const rows = places.map((p) => ({
    id: p.id,
    name: p.name,
    lat: Math.round(p.lat * UNITS_PER_DEGREE),
    lon: Math.round(p.lon * UNITS_PER_DEGREE),
    country: p.country,
    population: Math.min(0xffffffff, Math.max(0, p.population)),
    elevation: Math.min(0x7fff, Math.max(-0x8000, Math.round(p.elevation))),
    zone: p.zone,
    cell: cellOf(p.lat, p.lon),
  }));
  rows.sort((a, b) => a.cell - b.cell || a.lat - b.lat || a.id - b.id);

  const codes = [...new Set(rows.map((r) => r.country).filter((c) => COUNTRY_CODE.test(c)))];
  codes.sort();
  const countryIndex = new Map(codes.map((code, i) => [code, i + 1]));
  const zones = [...new Set(rows.map((r) => r.zone).filter((z) => z !== ''))];
  zones.sort();
  if (zones.some((z) => z.includes(ZONE_SEPARATOR)))
    throw new RangeError('zone name with a newline');
  const zoneIndex = new Map(zones.map((zone, i) => [zone, i + 1]));
  const encoder = new TextEncoder();
  const names = rows.map((r) => encoder.encode(r.name));
  const zoneNames = encoder.encode(['', ...zones].join(ZONE_SEPARATOR));
  const counts: Counts = {
    count: rows.length,
    latCells: LAT_CELLS,
    lonCells: LON_CELLS,
    countryCount: codes.length + 1,
    nameBytes: names.reduce((sum, b) => sum + b.length, 0),
    zoneCount: zones.length + 1,
    zoneBytes: zoneNames.length,
  };

  const { offsets, size } = layoutOf(counts);
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  const header: Header = { magic: MAGIC, version: VERSION, ...counts };
  HEADER_FIELDS.forEach((field, i) => u32.write(view, 4 * i, header[field]));
  offsets.forEach((offset, i) => u32.write(view, 4 * (HEADER_FIELDS.length + i), offset));
  const start = (section: Section<TypedArray>): number =>
    offsets[SECTION_ORDER.indexOf(section)] ?? 0;
  /** Writes the i-th element of a section. */
  const column = (section: Section<TypedArray>) => {
    const { element } = section;
    const at = start(section);
    return (i: number, value: number): void => element.write(view, at + element.bytes * i, value);
  };

  const cellStart = column(SECTIONS.cellStart);
  let row = 0;
  for (let cell = 0; cell <= LAT_CELLS * LON_CELLS; cell++) {
    while (row < rows.length && (rows[row]?.cell ?? Infinity) < cell) row++;
    cellStart(cell, row);
  }
  const lat = column(SECTIONS.lat);
  const lon = column(SECTIONS.lon);
  const id = column(SECTIONS.id);
  const population = column(SECTIONS.population);
  const nameStart = column(SECTIONS.nameStart);
  const elevation = column(SECTIONS.elevation);
  const country = column(SECTIONS.country);
  const zone = column(SECTIONS.zone);
  const namesAt = start(SECTIONS.names);
  let nameOffset = 0;
  rows.forEach((r, i) => {
    lat(i, r.lat);
    lon(i, r.lon);
    id(i, r.id);
    population(i, r.population);
    nameStart(i, nameOffset);
    elevation(i, r.elevation);
    country(i, countryIndex.get(r.country) ?? 0);
    zone(i, zoneIndex.get(r.zone) ?? 0);
    const name = names[i] ?? new Uint8Array();
    bytes.set(name, namesAt + nameOffset);
    nameOffset += name.length;
  });
  nameStart(rows.length, nameOffset);
  const countryCodes = column(SECTIONS.countryCodes);
  [NO_COUNTRY, ...codes].forEach((code, i) => {
    countryCodes(2 * i, code.charCodeAt(0));
    countryCodes(2 * i + 1, code.charCodeAt(1));
  });
  bytes.set(zoneNames, start(SECTIONS.zoneNames));
  return bytes;
}

/** The sections of a places file, as typed arrays over its bytes. */
export interface PlacesTable {
  readonly count: number;
  readonly latCells: number;
  readonly lonCells: number;
  /** First record of each cell (row * lonCells + col), plus one past the last. */
  readonly cellStart: Uint32Array;
  /** 1e-5 degrees. */
  readonly lat: Int32Array;
  readonly lon: Int32Array;
  readonly id: Uint32Array;
  readonly population: Uint32Array;
  readonly nameStart: Uint32Array;
  readonly elevation: Int16Array;
  readonly country: Uint8Array;
  /** Indexed by `country[i]`; '' at index 0. */
  readonly countryCodes: readonly string[];
  readonly names: Uint8Array;
  readonly zone: Uint16Array;
  /** Indexed by `zone[i]`; '' at index 0. */
  readonly zoneNames: readonly string[];
}

/** The header's counts and section offsets; throws when the bytes are no places index. */
function readHeader(head: Uint8Array): {
  counts: Counts;
  offsetOf: (s: Section<TypedArray>) => number;
} {
  if (head.length < HEADER_BYTES) throw new Error('places index is truncated');
  const header = new DataView(head.buffer, head.byteOffset, HEADER_BYTES);
  const word = (i: number): number => header.getUint32(4 * i, true);
  const field = (name: (typeof HEADER_FIELDS)[number]): number => word(HEADER_FIELDS.indexOf(name));
  if (field('magic') !== MAGIC || field('version') !== VERSION) {
    throw new Error('places index has an unknown format; rebuild it with `npm run build`');
  }
  const counts: Counts = {
    count: field('count'),
    latCells: field('latCells'),
    lonCells: field('lonCells'),
    countryCount: field('countryCount'),
    nameBytes: field('nameBytes'),
    zoneCount: field('zoneCount'),
    zoneBytes: field('zoneBytes'),
  };
  return { counts, offsetOf: (s) => word(HEADER_FIELDS.length + SECTION_ORDER.indexOf(s)) };
}

function countryCodesOf(codes: Uint8Array, counts: Counts): string[] {
  return Array.from({ length: counts.countryCount }, (_, i) =>
    i === 0 ? '' : String.fromCharCode(codes[2 * i] ?? 32, codes[2 * i + 1] ?? 32),
  );
}

function zoneNamesOf(bytes: Uint8Array, counts: Counts): string[] {
  const zones = new TextDecoder().decode(bytes).split(ZONE_SEPARATOR);
  if (zones.length !== counts.zoneCount) throw new Error('places index has a damaged zone table');
  return zones;
}

export function readPlacesTable(bytes: Uint8Array): PlacesTable {
  const { counts, offsetOf } = readHeader(bytes);
  const section = <T extends TypedArray>(s: Section<T>): T =>
    s.element.read(bytes, offsetOf(s), s.length(counts));
  return {
    count: counts.count,
    latCells: counts.latCells,
    lonCells: counts.lonCells,
    cellStart: section(SECTIONS.cellStart),
    lat: section(SECTIONS.lat),
    lon: section(SECTIONS.lon),
    id: section(SECTIONS.id),
    population: section(SECTIONS.population),
    nameStart: section(SECTIONS.nameStart),
    elevation: section(SECTIONS.elevation),
    country: section(SECTIONS.country),
    countryCodes: countryCodesOf(section(SECTIONS.countryCodes), counts),
    names: section(SECTIONS.names),
    zone: section(SECTIONS.zone),
    zoneNames: zoneNamesOf(section(SECTIONS.zoneNames), counts),
  };
}

/**
 * A places file read a range of places at a time: the header, the cell table, the country codes
 * and the zone names at once (about 270 kB), the per-place columns only for the places `load` is asked for,
 * and a name only when it is asked for. An offline lookup needs a few cells, not 7 MB.
 */
export interface PlacesFile extends Omit<PlacesTable, 'names'> {
  /** Reads places [start, end) of every per-place column (their name offsets included). */
  load(start: number, end: number): void;
  /** The UTF-8 name of a loaded place. */
  nameBytes(i: number): Uint8Array;
}

/** Opens a places file for positioned reads; undefined on a big-endian host (read it whole). */
export function openPlacesFile(read: PositionedRead): PlacesFile | undefined {
  if (!LITTLE_ENDIAN) return undefined;
  const head = new Uint8Array(HEADER_BYTES);
  read(head, 0);
  const { counts, offsetOf } = readHeader(head);
  const bytesOf = (s: Section<TypedArray>): Uint8Array =>
    new Uint8Array(s.element.bytes * s.length(counts));
  const whole = <T extends TypedArray>(s: Section<T>): T => {
    const bytes = bytesOf(s);
    read(bytes, offsetOf(s));
    return s.element.read(bytes, 0, s.length(counts));
  };
  // Zero-filled until loaded; the memory of a part never loaded is never touched.
  const empty = <T extends TypedArray>(s: Section<T>): T =>
    s.element.read(bytesOf(s), 0, s.length(counts));
  const columns = {
    lat: empty(SECTIONS.lat),
    lon: empty(SECTIONS.lon),
    id: empty(SECTIONS.id),
    population: empty(SECTIONS.population),
    nameStart: empty(SECTIONS.nameStart),
    elevation: empty(SECTIONS.elevation),
    country: empty(SECTIONS.country),
    zone: empty(SECTIONS.zone),
  };
  const fill = (s: Section<TypedArray>, array: TypedArray, start: number, end: number): void => {
    const size = s.element.bytes;
    read(
      new Uint8Array(array.buffer, array.byteOffset + start * size, (end - start) * size),
      offsetOf(s) + start * size,
    );
  };
  const namesAt = offsetOf(SECTIONS.names);
  return {
    count: counts.count,
    latCells: counts.latCells,
    lonCells: counts.lonCells,
    cellStart: whole(SECTIONS.cellStart),
    countryCodes: countryCodesOf(whole(SECTIONS.countryCodes), counts),
    zoneNames: zoneNamesOf(whole(SECTIONS.zoneNames), counts),
    ...columns,
    load(start, end) {
      if (start >= end) return;
      fill(SECTIONS.lat, columns.lat, start, end);
      fill(SECTIONS.lon, columns.lon, start, end);
      fill(SECTIONS.id, columns.id, start, end);
      fill(SECTIONS.population, columns.population, start, end);
      fill(SECTIONS.nameStart, columns.nameStart, start, end + 1);
      fill(SECTIONS.elevation, columns.elevation, start, end);
      fill(SECTIONS.country, columns.country, start, end);
      fill(SECTIONS.zone, columns.zone, start, end);
    },
    nameBytes(i) {
      const from = columns.nameStart[i] ?? 0;
      const bytes = new Uint8Array((columns.nameStart[i + 1] ?? from) - from);
      read(bytes, namesAt + from);
      return bytes;
    },
  };
}
