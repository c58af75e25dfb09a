/**
 * The layout of data/names.bin, the index of place names behind `--place` and `weather places
 * search`, with its writer and its reader side by side. It holds, for every GeoNames place of the
 * world model, what a person needs to tell places apart (name, country, region, population,
 * coordinates), and a sorted list of folded names (fold.ts) pointing at them: the GeoNames name and
 * its ASCII form for every place, and the alternate names of places of 15,000 people or more.
 * Reading makes typed-array views over the bytes: nothing is parsed per place.
 *
 * Little-endian. A header of HEADER_WORDS u32 words (HEADER_FIELDS, then each section's byte
 * offset in SECTIONS order), then the sections, each on a 4-byte boundary.
 */

/** 'WNM1' read as a little-endian u32. */
const MAGIC = 0x314d4e57;
const VERSION = 1;
const HEADER_FIELDS = [
  'magic',
  'version',
  'places',
  'keys',
  'keyBytes',
  'nameBytes',
  'regions',
  'regionBytes',
] as const;
const SECTION_NAMES = [
  'lat',
  'lon',
  'population',
  'country',
  'region',
  'nameStart',
  'names',
  'regionStart',
  'regionNames',
  'keyStart',
  'keyBytes',
  'keyPlace',
] as const;
const HEADER_WORDS = HEADER_FIELDS.length + SECTION_NAMES.length;
const UNITS_PER_DEGREE = 1e5;

type Header = { readonly [F in (typeof HEADER_FIELDS)[number]]: number };
type SectionName = (typeof SECTION_NAMES)[number];

/** Element size and length of each section. */
const SIZES: { readonly [S in SectionName]: readonly [number, (h: Header) => number] } = {
  lat: [4, (h) => h.places],
  lon: [4, (h) => h.places],
  population: [4, (h) => h.places],
  /** Two ASCII letters as (first << 8 | second); 0: none. */
  country: [2, (h) => h.places],
  /** Index into the region names; 0: none. */
  region: [2, (h) => h.places],
  nameStart: [4, (h) => h.places + 1],
  names: [1, (h) => h.nameBytes],
  regionStart: [4, (h) => h.regions + 1],
  regionNames: [1, (h) => h.regionBytes],
  keyStart: [4, (h) => h.keys + 1],
  keyBytes: [1, (h) => h.keyBytes],
  keyPlace: [4, (h) => h.keys],
};

const align = (n: number): number => Math.ceil(n / 4) * 4;

function offsets(header: Header): { at: (section: SectionName) => number; size: number } {
  let next = 4 * HEADER_WORDS;
  const starts = SECTION_NAMES.map((name) => {
    const start = next;
    const [bytes, length] = SIZES[name];
    next = align(next + bytes * length(header));
    return start;
  });
  return { at: (section) => starts[SECTION_NAMES.indexOf(section)] ?? 0, size: next };
}

/** One place as writeNamesTable takes it. */
export interface NamedPlaceRecord {
  readonly name: string;
  readonly lat: number;
  readonly lon: number;
  /** ISO 3166-1 alpha-2, or '' for none. */
  readonly country: string;
  /** GeoNames admin-1 code ('IL', '11'), or ''. */
  readonly region: string;
  readonly population: number;
  /** Folded names (fold.ts) this place is found by. */
  readonly keys: readonly string[];
}

function packCountry(code: string): number {
  return /^[A-Z]{2}$/.test(code) ? (code.charCodeAt(0) << 8) | code.charCodeAt(1) : 0;
}

export function unpackCountry(packed: number): string {
  return packed === 0 ? '' : String.fromCharCode(packed >> 8, packed & 0xff);
}

/** Byte order of UTF-8, which is the order the reader's binary search compares in. */
function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

export function writeNamesTable(places: readonly NamedPlaceRecord[]): Uint8Array {
  const encoder = new TextEncoder();
  const names = places.map((p) => encoder.encode(p.name));
  const regionIndex = new Map<string, number>([['', 0]]);
  for (const p of places)
    if (!regionIndex.has(p.region)) regionIndex.set(p.region, regionIndex.size);
  const regions = [...regionIndex.keys()].map((r) => encoder.encode(r));
  if (regions.length > 0xffff) throw new RangeError('too many regions');
  const entries: { key: Uint8Array; place: number }[] = [];
  places.forEach((p, place) => {
    for (const key of new Set(p.keys))
      if (key !== '') entries.push({ key: encoder.encode(key), place });
  });
  // Equal keys: the most populous place first, so a prefix scan meets the big places early.
  entries.sort(
    (a, b) =>
      compareBytes(a.key, b.key) ||
      (places[b.place]?.population ?? 0) - (places[a.place]?.population ?? 0) ||
      a.place - b.place,
  );
  const sum = (list: readonly Uint8Array[]) => list.reduce((n, b) => n + b.length, 0);
  const header: Header = {
    magic: MAGIC,
    version: VERSION,
    places: places.length,
    keys: entries.length,
    keyBytes: sum(entries.map((e) => e.key)),
    nameBytes: sum(names),
    regions: regions.length,
    regionBytes: sum(regions),
  };
  const { at, size } = offsets(header);
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  HEADER_FIELDS.forEach((f, i) => view.setUint32(4 * i, header[f], true));
  SECTION_NAMES.forEach((s, i) => view.setUint32(4 * (HEADER_FIELDS.length + i), at(s), true));
  const strings = (start: SectionName, into: SectionName, list: readonly Uint8Array[]) => {
    let offset = 0;
    list.forEach((b, i) => {
      view.setUint32(at(start) + 4 * i, offset, true);
      bytes.set(b, at(into) + offset);
      offset += b.length;
    });
    view.setUint32(at(start) + 4 * list.length, offset, true);
  };
  places.forEach((p, i) => {
    view.setInt32(at('lat') + 4 * i, Math.round(p.lat * UNITS_PER_DEGREE), true);
    view.setInt32(at('lon') + 4 * i, Math.round(p.lon * UNITS_PER_DEGREE), true);
    view.setUint32(at('population') + 4 * i, Math.min(p.population, 0xffffffff), true);
    view.setUint16(at('country') + 2 * i, packCountry(p.country), true);
    view.setUint16(at('region') + 2 * i, regionIndex.get(p.region) ?? 0, true);
  });
  strings('nameStart', 'names', names);
  strings('regionStart', 'regionNames', regions);
  strings(
    'keyStart',
    'keyBytes',
    entries.map((e) => e.key),
  );
  entries.forEach((e, i) => view.setUint32(at('keyPlace') + 4 * i, e.place, true));
  return bytes;
}

export interface NamesTable {
  readonly places: number;
  readonly keys: number;
  readonly lat: Int32Array;
  readonly lon: Int32Array;
  readonly population: Uint32Array;
  readonly country: Uint16Array;
  readonly region: Uint16Array;
  readonly nameStart: Uint32Array;
  readonly names: Uint8Array;
  readonly regionStart: Uint32Array;
  readonly regionNames: Uint8Array;
  readonly keyStart: Uint32Array;
  readonly keyBytes: Uint8Array;
  readonly keyPlace: Uint32Array;
}

const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

export class NamesFormatError extends Error {}

/** Views over the bytes of data/names.bin; throws NamesFormatError when they are not one. */
export function readNamesTable(input: Uint8Array): NamesTable {
  if (!littleEndian) throw new NamesFormatError('the names index needs a little-endian machine');
  // Typed views need aligned offsets: a Buffer from Node's pool may start anywhere.
  const bytes = input.byteOffset % 4 === 0 ? input : input.slice();
  if (bytes.length < 4 * HEADER_WORDS) throw new NamesFormatError('names index is truncated');
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, HEADER_WORDS);
  const field = (f: (typeof HEADER_FIELDS)[number]) => words[HEADER_FIELDS.indexOf(f)] ?? 0;
  const header: Header = {
    magic: field('magic'),
    version: field('version'),
    places: field('places'),
    keys: field('keys'),
    keyBytes: field('keyBytes'),
    nameBytes: field('nameBytes'),
    regions: field('regions'),
    regionBytes: field('regionBytes'),
  };
  if (header.magic !== MAGIC || header.version !== VERSION) {
    throw new NamesFormatError('names index has another format; run `npm run build`');
  }
  const { at, size } = offsets(header);
  if (size > bytes.length) throw new NamesFormatError('names index is truncated');
  const base = bytes.byteOffset;
  const u32 = (s: SectionName) => new Uint32Array(bytes.buffer, base + at(s), SIZES[s][1](header));
  const u16 = (s: SectionName) => new Uint16Array(bytes.buffer, base + at(s), SIZES[s][1](header));
  const u8 = (s: SectionName) => new Uint8Array(bytes.buffer, base + at(s), SIZES[s][1](header));
  return {
    places: header.places,
    keys: header.keys,
    lat: new Int32Array(bytes.buffer, base + at('lat'), header.places),
    lon: new Int32Array(bytes.buffer, base + at('lon'), header.places),
    population: u32('population'),
    country: u16('country'),
    region: u16('region'),
    nameStart: u32('nameStart'),
    names: u8('names'),
    regionStart: u32('regionStart'),
    regionNames: u8('regionNames'),
    keyStart: u32('keyStart'),
    keyBytes: u8('keyBytes'),
    keyPlace: u32('keyPlace'),
  };
}

export { compareBytes, UNITS_PER_DEGREE };
