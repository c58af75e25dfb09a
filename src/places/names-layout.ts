/**
 * The layout of data/names.bin, the index of place names behind `--place` and `weather places
 * search`, with its writer and its reader side by side. It holds, for every GeoNames place of the
 * world model, what a person needs to tell places apart (name, country, region, population,
 * coordinates), and a sorted list of folded names (fold.ts) pointing at them: the GeoNames name and
 * its ASCII form for every place, and the alternate names of places of 15,000 people or more.
 *
 * The file is read in parts: the head (header, region names and a sparse index of every
 * BLOCK_KEYS-th key) when the index opens, then one block of keys per lookup, then one record per
 * place found, so a lookup reads a few kilobytes of the 15 MB. Every number is read as
 * little-endian through a DataView, so the bytes mean the same on any host.
 *
 * A header of HEADER_WORDS u32 words (HEADER_FIELDS, then each section's byte offset in
 * SECTION_NAMES order), then the sections, each on a 4-byte boundary:
 * - regionStart, regionNames: the admin-1 codes, UTF-8, region 0 being none;
 * - blockStart: each block's byte offset in `blocks`, and the end;
 * - sparseStart, sparseKeys: the first key of each block, UTF-8;
 * - blocks: BLOCK_KEYS key entries each (the last one fewer), an entry being u16 key length, the
 *   key's bytes, u32 offset of its place's record in `records`, u16 length of that record, u32
 *   population of that place (a search reads the records of the most populous places only);
 * - records: per place, i32 latitude and i32 longitude in 1e-5 degrees, u32 population, u16
 *   country, u16 region, then the name's bytes.
 */

/** 'WNM1' read as a little-endian u32. */
const MAGIC = 0x314d4e57;
const VERSION = 2;
/**
 * Keys per block: a block is about 1.5 KB (one read per lookup), and the sparse index of the
 * blocks' first keys about 130 KB (read when the index opens).
 */
const BLOCK_KEYS = 64;
const HEADER_FIELDS = [
  'magic',
  'version',
  'places',
  'keys',
  'blockKeys',
  'regions',
  'regionBytes',
  'sparseKeyBytes',
  'blockBytes',
  'recordBytes',
] as const;
const SECTION_NAMES = [
  'regionStart',
  'regionNames',
  'blockStart',
  'sparseStart',
  'sparseKeys',
  'blocks',
  'records',
] as const;
const HEADER_BYTES = 4 * (HEADER_FIELDS.length + SECTION_NAMES.length);
const UNITS_PER_DEGREE = 1e5;
/** lat, lon, population, country, region. */
const RECORD_FIXED_BYTES = 16;
/** Key length, record offset and length, and population around each key of a block. */
const ENTRY_FIXED_BYTES = 12;

type Header = { readonly [F in (typeof HEADER_FIELDS)[number]]: number };
type SectionName = (typeof SECTION_NAMES)[number];

const blockCount = (h: Header): number => Math.ceil(h.keys / h.blockKeys);

/** Byte length of each section. */
const SIZES: { readonly [S in SectionName]: (h: Header) => number } = {
  regionStart: (h) => 4 * (h.regions + 1),
  regionNames: (h) => h.regionBytes,
  blockStart: (h) => 4 * (blockCount(h) + 1),
  sparseStart: (h) => 4 * (blockCount(h) + 1),
  sparseKeys: (h) => h.sparseKeyBytes,
  blocks: (h) => h.blockBytes,
  records: (h) => h.recordBytes,
};

const align = (n: number): number => Math.ceil(n / 4) * 4;

function offsets(header: Header): { at: (section: SectionName) => number; size: number } {
  let next = HEADER_BYTES;
  const starts = SECTION_NAMES.map((name) => {
    const start = next;
    next = align(next + SIZES[name](header));
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

const sum = (list: readonly Uint8Array[]): number => list.reduce((n, b) => n + b.length, 0);

export function writeNamesTable(places: readonly NamedPlaceRecord[]): Uint8Array {
  const encoder = new TextEncoder();
  const names = places.map((p) => encoder.encode(p.name));
  const regionIndex = new Map<string, number>([['', 0]]);
  for (const p of places)
    if (!regionIndex.has(p.region)) regionIndex.set(p.region, regionIndex.size);
  const regions = [...regionIndex.keys()].map((r) => encoder.encode(r));
  if (regions.length > 0xffff) throw new RangeError('too many regions');
  const recordStart: number[] = [];
  let recordBytes = 0;
  for (const name of names) {
    recordStart.push(recordBytes);
    if (RECORD_FIXED_BYTES + name.length > 0xffff) throw new RangeError('a place name is too long');
    recordBytes += RECORD_FIXED_BYTES + name.length;
  }
  const entries: { key: Uint8Array; place: number }[] = [];
  places.forEach((p, place) => {
    for (const key of new Set(p.keys)) {
      if (key === '') continue;
      const bytes = encoder.encode(key);
      if (bytes.length > 0xffff) throw new RangeError('a place name is too long');
      entries.push({ key: bytes, place });
    }
  });
  // Equal keys: the most populous place first, so a prefix scan meets the big places early.
  entries.sort(
    (a, b) =>
      compareBytes(a.key, b.key) ||
      (places[b.place]?.population ?? 0) - (places[a.place]?.population ?? 0) ||
      a.place - b.place,
  );
  const firstKeys = entries.filter((_, i) => i % BLOCK_KEYS === 0).map((e) => e.key);
  const header: Header = {
    magic: MAGIC,
    version: VERSION,
    places: places.length,
    keys: entries.length,
    blockKeys: BLOCK_KEYS,
    regions: regions.length,
    regionBytes: sum(regions),
    sparseKeyBytes: sum(firstKeys),
    blockBytes: ENTRY_FIXED_BYTES * entries.length + sum(entries.map((e) => e.key)),
    recordBytes,
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
  strings('regionStart', 'regionNames', regions);
  strings('sparseStart', 'sparseKeys', firstKeys);
  let entryAt = at('blocks');
  entries.forEach((e, i) => {
    if (i % BLOCK_KEYS === 0)
      view.setUint32(at('blockStart') + (4 * i) / BLOCK_KEYS, entryAt - at('blocks'), true);
    view.setUint16(entryAt, e.key.length, true);
    bytes.set(e.key, entryAt + 2);
    entryAt += 2 + e.key.length;
    view.setUint32(entryAt, recordStart[e.place] ?? 0, true);
    view.setUint16(entryAt + 4, RECORD_FIXED_BYTES + (names[e.place]?.length ?? 0), true);
    view.setUint32(entryAt + 6, Math.min(places[e.place]?.population ?? 0, 0xffffffff), true);
    entryAt += ENTRY_FIXED_BYTES - 2;
  });
  view.setUint32(at('blockStart') + 4 * firstKeys.length, entryAt - at('blocks'), true);
  places.forEach((p, i) => {
    const record = at('records') + (recordStart[i] ?? 0);
    view.setInt32(record, Math.round(p.lat * UNITS_PER_DEGREE), true);
    view.setInt32(record + 4, Math.round(p.lon * UNITS_PER_DEGREE), true);
    view.setUint32(record + 8, Math.min(p.population, 0xffffffff), true);
    view.setUint16(record + 12, packCountry(p.country), true);
    view.setUint16(record + 14, regionIndex.get(p.region) ?? 0, true);
    bytes.set(names[i] ?? new Uint8Array(), record + RECORD_FIXED_BYTES);
  });
  return bytes;
}

/** `length` bytes of the file from byte `position`: a view of bytes in memory, or bytes just read. */
export type ReadAt = (position: number, length: number) => Uint8Array;

/** One key of the index and where its place's record is. */
export interface KeyEntry {
  readonly key: Uint8Array;
  /** Byte offset of the record in the records section: one per place. */
  readonly record: number;
  readonly recordLength: number;
  /** The place's, as in its record. */
  readonly population: number;
}

/** One place as the file holds it. */
export interface PlaceRecord {
  /** In 1e-5 degrees (UNITS_PER_DEGREE). */
  readonly lat: number;
  readonly lon: number;
  readonly population: number;
  /** Two ASCII letters as (first << 8 | second); 0: none (unpackCountry). */
  readonly country: number;
  readonly name: Uint8Array;
  readonly region: Uint8Array;
}

export interface NamesTable {
  readonly places: number;
  readonly keys: number;
  /** Keys per block; the key at index i is entry i % blockKeys of block i / blockKeys. */
  readonly blockKeys: number;
  readonly blocks: number;
  /** The first key of block `b`, from the sparse index read at open. */
  firstKey(b: number): Uint8Array;
  block(b: number): readonly KeyEntry[];
  /** The records the entries point at, in their order. */
  records(entries: readonly KeyEntry[]): PlaceRecord[];
}

export class NamesFormatError extends Error {}

/** u32 little-endian words of `bytes` from `at`. */
function words(bytes: Uint8Array, at: number, count: number): Uint32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Uint32Array(count);
  for (let i = 0; i < count; i++) out[i] = view.getUint32(at + 4 * i, true);
  return out;
}

/**
 * Decoded blocks and records are kept for the next lookups, up to this many (a few megabytes);
 * then forgotten all at once, so a long batch of names keeps its memory flat. A prefix search
 * walks at most a few hundred blocks.
 */
const KEPT_BLOCKS = 1024;
const KEPT_RECORDS = 8192;
/**
 * Records this close together are read at once: reading a few kilobytes more costs less than
 * another system call.
 */
const SPAN_GAP = 4096;

/** `compute`, remembering up to `limit` of its answers. */
function remembered<V>(limit: number, compute: (at: number) => V): (at: number) => V {
  const kept = new Map<number, V>();
  return (at) => {
    let value = kept.get(at);
    if (value === undefined) {
      if (kept.size >= limit) kept.clear();
      value = compute(at);
      kept.set(at, value);
    }
    return value;
  };
}

/**
 * Opens the names index of a file of `size` bytes read through `readAt`: the head now, the rest
 * as lookups ask. Throws NamesFormatError when the file is not one.
 */
export function openNamesTable(readAt: ReadAt, size: number): NamesTable {
  if (size < HEADER_BYTES) throw new NamesFormatError('names index is truncated');
  const head = words(readAt(0, HEADER_BYTES), 0, HEADER_FIELDS.length);
  const field = (f: (typeof HEADER_FIELDS)[number]) => head[HEADER_FIELDS.indexOf(f)] ?? 0;
  const header: Header = {
    magic: field('magic'),
    version: field('version'),
    places: field('places'),
    keys: field('keys'),
    blockKeys: field('blockKeys'),
    regions: field('regions'),
    regionBytes: field('regionBytes'),
    sparseKeyBytes: field('sparseKeyBytes'),
    blockBytes: field('blockBytes'),
    recordBytes: field('recordBytes'),
  };
  if (header.magic !== MAGIC || header.version !== VERSION || header.blockKeys === 0) {
    throw new NamesFormatError('names index has another format; run `npm run build`');
  }
  const { at, size: needed } = offsets(header);
  if (needed > size) throw new NamesFormatError('names index is truncated');
  const blocks = blockCount(header);
  // Everything before the blocks, in one read.
  const front = readAt(0, at('blocks'));
  const regionStart = words(front, at('regionStart'), header.regions + 1);
  const blockStart = words(front, at('blockStart'), blocks + 1);
  const sparseStart = words(front, at('sparseStart'), blocks + 1);
  const slice = (section: SectionName, from: number, to: number) =>
    front.subarray(at(section) + from, at(section) + to);
  const regions = Array.from({ length: header.regions }, (_, r) =>
    slice('regionNames', regionStart[r] ?? 0, regionStart[r + 1] ?? 0),
  );
  const blocksAt = at('blocks');
  const recordsAt = at('records');
  const block = remembered(KEPT_BLOCKS, (b): KeyEntry[] => {
    const from = blockStart[b] ?? 0;
    const bytes = readAt(blocksAt + from, (blockStart[b + 1] ?? from) - from);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const entries: KeyEntry[] = [];
    for (let p = 0; p < bytes.length;) {
      const length = view.getUint16(p, true);
      const key = bytes.subarray(p + 2, p + 2 + length);
      p += 2 + length;
      entries.push({
        key,
        record: view.getUint32(p, true),
        recordLength: view.getUint16(p + 4, true),
        population: view.getUint32(p + 6, true),
      });
      p += ENTRY_FIXED_BYTES - 2;
    }
    return entries;
  });
  /** The record at `at` of the bytes seen by `view`, `length` bytes long. */
  const decode = (view: DataView, at: number, length: number): PlaceRecord => ({
    lat: view.getInt32(at, true),
    lon: view.getInt32(at + 4, true),
    population: view.getUint32(at + 8, true),
    country: view.getUint16(at + 12, true),
    region: regions[view.getUint16(at + 14, true)] ?? new Uint8Array(),
    name: new Uint8Array(
      view.buffer,
      view.byteOffset + at + RECORD_FIXED_BYTES,
      length - RECORD_FIXED_BYTES,
    ),
  });
  const kept = new Map<number, PlaceRecord>();
  const records = (entries: readonly KeyEntry[]): PlaceRecord[] => {
    const out = entries.map((e) => kept.get(e.record));
    const wanted = out.flatMap((r, i) => (r === undefined ? [i] : []));
    const recordOf = (i: number | undefined) => entries[i ?? -1]?.record ?? 0;
    wanted.sort((a, b) => recordOf(a) - recordOf(b));
    // Records close together in the file come in one read: a prefix search wants thousands.
    for (let i = 0; i < wanted.length;) {
      const from = recordOf(wanted[i]);
      let to = from;
      let j = i;
      for (; j < wanted.length && recordOf(wanted[j]) - to <= SPAN_GAP; j++) {
        const e = entries[wanted[j] ?? -1];
        if (e !== undefined) to = Math.max(to, e.record + e.recordLength);
      }
      const bytes = readAt(recordsAt + from, to - from);
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      for (; i < j; i++) {
        const at = wanted[i] ?? -1;
        const e = entries[at];
        if (e === undefined) continue;
        const r = decode(view, e.record - from, e.recordLength);
        out[at] = r;
        if (kept.size >= KEPT_RECORDS) kept.clear();
        kept.set(e.record, r);
      }
    }
    return out.map((r) => {
      if (r === undefined) throw new RangeError('a record of the names index is missing');
      return r;
    });
  };
  return {
    places: header.places,
    keys: header.keys,
    blockKeys: header.blockKeys,
    blocks,
    firstKey: (b) => slice('sparseKeys', sparseStart[b] ?? 0, sparseStart[b + 1] ?? 0),
    block,
    records,
  };
}

/** The names index held whole in `bytes` (the contents of data/names.bin). */
export function readNamesTable(bytes: Uint8Array): NamesTable {
  return openNamesTable((position, length) => {
    if (position + length > bytes.length) throw new NamesFormatError('names index is truncated');
    return bytes.subarray(position, position + length);
  }, bytes.length);
}

export { compareBytes, UNITS_PER_DEGREE };
