/**
 * Reads the sections of data/places.bin (layout written by scripts/build-data.mjs) as typed-array
 * views over the file's bytes: nothing is parsed per place, so loading costs the same for 200k
 * places as for ten.
 */
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
}

const MAGIC = 0x314c5057; // 'WPL1'
const VERSION = 1;
const HEADER_BYTES = 80;

const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

type View<T> = new (buffer: ArrayBufferLike, byteOffset: number, length: number) => T;

/**
 * A typed view when the host is little-endian and the offset aligned (the normal case, no copy);
 * otherwise a copy decoded through a DataView.
 */
function section<T extends Int32Array | Uint32Array | Int16Array>(
  bytes: Uint8Array,
  offset: number,
  length: number,
  Kind: View<T> & { readonly BYTES_PER_ELEMENT: number },
  read: (view: DataView, at: number) => number,
): T {
  const size = Kind.BYTES_PER_ELEMENT;
  const at = bytes.byteOffset + offset;
  if (offset + length * size > bytes.length) throw new Error('places index is truncated');
  if (littleEndian && at % size === 0) return new Kind(bytes.buffer, at, length);
  const copy = new Kind(new ArrayBuffer(length * size), 0, length);
  const view = new DataView(bytes.buffer, at, length * size);
  for (let i = 0; i < length; i++) copy[i] = read(view, i * size);
  return copy;
}

export function readPlacesTable(bytes: Uint8Array): PlacesTable {
  if (bytes.length < HEADER_BYTES) throw new Error('places index is truncated');
  const header = new DataView(bytes.buffer, bytes.byteOffset, HEADER_BYTES);
  const word = (i: number): number => header.getUint32(4 * i, true);
  if (word(0) !== MAGIC || word(1) !== VERSION) {
    throw new Error('places index has an unknown format; rebuild it with `npm run build`');
  }
  const count = word(2);
  const latCells = word(3);
  const lonCells = word(4);
  const countryCount = word(5);
  const nameBytes = word(6);
  const [cellAt, latAt, lonAt, idAt, popAt, nameAt, elevAt, countryAt, codesAt, namesAt] = [
    7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
  ].map(word) as [number, number, number, number, number, number, number, number, number, number];

  const u32 = (v: DataView, at: number): number => v.getUint32(at, true);
  const i32 = (v: DataView, at: number): number => v.getInt32(at, true);
  const i16 = (v: DataView, at: number): number => v.getInt16(at, true);
  if (namesAt + nameBytes > bytes.length) throw new Error('places index is truncated');
  const codeBytes = bytes.subarray(codesAt, codesAt + 2 * countryCount);
  const countryCodes = Array.from({ length: countryCount }, (_, i) =>
    i === 0 ? '' : String.fromCharCode(codeBytes[2 * i] ?? 32, codeBytes[2 * i + 1] ?? 32),
  );
  return {
    count,
    latCells,
    lonCells,
    cellStart: section(bytes, cellAt, latCells * lonCells + 1, Uint32Array, u32),
    lat: section(bytes, latAt, count, Int32Array, i32),
    lon: section(bytes, lonAt, count, Int32Array, i32),
    id: section(bytes, idAt, count, Uint32Array, u32),
    population: section(bytes, popAt, count, Uint32Array, u32),
    nameStart: section(bytes, nameAt, count + 1, Uint32Array, u32),
    elevation: section(bytes, elevAt, count, Int16Array, i16),
    country: bytes.subarray(countryAt, countryAt + count),
    countryCodes,
    names: bytes.subarray(namesAt, namesAt + nameBytes),
  };
}
