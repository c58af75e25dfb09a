/**
 * The layout of data/local-names.bin: the names places have in the API's languages, where those
 * differ from the name the places index gives them, with the writer and the reader side by side
 * so that the two cannot drift apart. scripts/build-local-names.mjs finds the names; the world
 * model reads the index when a language other than English first asks, and a language's names
 * when a place of the file is first asked about in it.
 *
 * All numbers are little-endian. The file is a header of HEADER_FIELDS (u32 each); then the index:
 * the language codes (ASCII, each ended by a newline, zero-padded to 4 bytes), the GeoNames ids of
 * the places (u32, ascending) and the directory (per language, in the order of the codes, the byte
 * offset and length of its block); then one block per language: where each place's name starts in
 * the block's text (u32 per place, plus the end of the last, counted from the text's start), then
 * the text (UTF-8). A place with no name in a language has an empty one there.
 */
import {
  firstNotBelow,
  LITTLE_ENDIAN,
  readHeader,
  type PositionedRead,
} from '../core/data-files.js';

/** 'WLN1' read as a little-endian u32. */
const MAGIC = 0x314e4c57;
const VERSION = 1;
const HEADER_FIELDS = [
  'magic',
  'version',
  'placeCount',
  'languageCount',
  'languagesBytes',
  /** Where the index ends and the first block starts. */
  'blocksAt',
] as const;
const HEADER_BYTES = 4 * HEADER_FIELDS.length;
const DIRECTORY_ENTRY_BYTES = 8;

const pad4 = (n: number): number => n + ((4 - (n % 4)) % 4);

/** One place as writeLocalNamesTable takes it: its names by `lang` code, only those it has. */
export interface LocalNamesRecord {
  /** GeoNames id. */
  readonly id: number;
  readonly names: Readonly<Record<string, string>>;
}

/** The bytes of a local names file of `places` in `languages` (the API's canonical codes). */
export function writeLocalNamesTable(
  languages: readonly string[],
  places: readonly LocalNamesRecord[],
): Uint8Array {
  if (languages.some((code) => !/^[a-z_]+$/.test(code))) {
    throw new Error(`language codes must be lower-case letters: ${languages.join(', ')}`);
  }
  const sorted = [...places].sort((a, b) => a.id - b.id);
  sorted.forEach((place, i) => {
    if (!Number.isInteger(place.id) || place.id <= (sorted[i - 1]?.id ?? 0)) {
      throw new Error(`place ${place.id} is repeated or not a GeoNames id`);
    }
  });
  const encoder = new TextEncoder();
  const codes = encoder.encode(languages.map((code) => `${code}\n`).join(''));
  const idsAt = HEADER_BYTES + pad4(codes.length);
  const directoryAt = idsAt + 4 * sorted.length;
  const blocksAt = directoryAt + DIRECTORY_ENTRY_BYTES * languages.length;

  const blocks = languages.map((code) => {
    const names = sorted.map((place) => encoder.encode(place.names[code] ?? ''));
    const textAt = 4 * (sorted.length + 1);
    const block = new Uint8Array(pad4(textAt + names.reduce((sum, n) => sum + n.length, 0)));
    const view = new DataView(block.buffer);
    let at = 0;
    names.forEach((name, i) => {
      view.setUint32(4 * i, at, true);
      block.set(name, textAt + at);
      at += name.length;
    });
    view.setUint32(4 * sorted.length, at, true);
    return block;
  });

  const bytes = new Uint8Array(blocksAt + blocks.reduce((sum, block) => sum + block.length, 0));
  const view = new DataView(bytes.buffer);
  const header: Record<(typeof HEADER_FIELDS)[number], number> = {
    magic: MAGIC,
    version: VERSION,
    placeCount: sorted.length,
    languageCount: languages.length,
    languagesBytes: codes.length,
    blocksAt,
  };
  HEADER_FIELDS.forEach((field, i) => view.setUint32(4 * i, header[field], true));
  bytes.set(codes, HEADER_BYTES);
  sorted.forEach((place, i) => view.setUint32(idsAt + 4 * i, place.id, true));
  let at = blocksAt;
  blocks.forEach((block, k) => {
    view.setUint32(directoryAt + DIRECTORY_ENTRY_BYTES * k, at, true);
    view.setUint32(directoryAt + DIRECTORY_ENTRY_BYTES * k + 4, block.length, true);
    bytes.set(block, at);
    at += block.length;
  });
  return bytes;
}

/**
 * `count` little-endian u32 from `at` (a multiple of 4) of bytes read into a buffer of their own:
 * a view of them on a little-endian host (all but a few), else a copy.
 */
function u32s(bytes: Uint8Array, at: number, count: number): Uint32Array {
  if (LITTLE_ENDIAN) return new Uint32Array(bytes.buffer, bytes.byteOffset + at, count);
  const view = new DataView(bytes.buffer, bytes.byteOffset + at, 4 * count);
  return Uint32Array.from({ length: count }, (_, i) => view.getUint32(4 * i, true));
}

/** A local names file opened for lookups. */
export interface LocalNamesFile {
  /** The `lang` codes the file has names in, in file order. */
  readonly languages: readonly string[];
  /** The GeoNames ids of the places the file names, ascending. */
  readonly ids: Uint32Array;
  /** The name of place `id` in `lang`; undefined when the file has none. */
  nameOf(id: number, lang: string): string | undefined;
}

/** One language's block as the reader keeps it. */
interface Block {
  readonly starts: Uint32Array;
  readonly text: Uint8Array;
}

/**
 * Opens a local names file: the header and the index are read at once (a few kilobytes); a
 * language's block when a place of the file is first asked about in that language, and kept.
 */
export function openLocalNamesFile(read: PositionedRead): LocalNamesFile {
  const { field } = readHeader(read, {
    fields: HEADER_FIELDS,
    magic: MAGIC,
    version: VERSION,
    what: 'local names table',
  });
  const placeCount = field('placeCount');
  const languageCount = field('languageCount');
  const languagesBytes = field('languagesBytes');
  const index = new Uint8Array(field('blocksAt') - HEADER_BYTES);
  read(index, HEADER_BYTES);
  const view = new DataView(index.buffer);
  const decoder = new TextDecoder();
  const languages = decoder.decode(index.subarray(0, languagesBytes)).split('\n');
  languages.pop();
  if (languages.length !== languageCount) throw new Error('local names table is damaged');
  const idsAt = pad4(languagesBytes);
  const ids = u32s(index, idsAt, placeCount);
  const directoryAt = idsAt + 4 * placeCount;
  /** The blocks read so far, by language; undefined for a language the file does not have. */
  const blocks = new Map<string, Block | undefined>();

  function readBlock(lang: string): Block | undefined {
    const k = languages.indexOf(lang);
    if (k < 0) return undefined;
    const entry = directoryAt + DIRECTORY_ENTRY_BYTES * k;
    const bytes = new Uint8Array(view.getUint32(entry + 4, true));
    read(bytes, view.getUint32(entry, true));
    return { starts: u32s(bytes, 0, placeCount + 1), text: bytes.subarray(4 * (placeCount + 1)) };
  }

  return {
    languages,
    ids,
    nameOf(id, lang) {
      const low = firstNotBelow(ids.length, (i) => (ids[i] ?? Infinity) < id);
      if (ids[low] !== id) return undefined;
      if (!blocks.has(lang)) blocks.set(lang, readBlock(lang));
      const block = blocks.get(lang);
      if (block === undefined) return undefined;
      const start = block.starts[low] ?? 0;
      const end = block.starts[low + 1] ?? start;
      return end > start ? decoder.decode(block.text.subarray(start, end)) : undefined;
    },
  };
}
