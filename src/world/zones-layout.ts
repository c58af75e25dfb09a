/**
 * The layout of data/zones.bin: the UTC offsets of every time zone the world model can name, as
 * the transitions between them, with the writer and the reader side by side so the two cannot
 * drift apart. scripts/build-zones.mjs finds the transitions with ICU at build time; the world
 * model reads one zone's transitions when it is first asked about, so a query never starts ICU's
 * date formatting (10–15 ms on the first use in a process).
 *
 * All numbers are little-endian. The file is a header of HEADER_WORDS u32 words (HEADER_FIELDS,
 * then the tzdata version as ASCII, zero-padded), then the directory: per zone, in name order,
 * the byte offset of its transitions and how many there are (two u32); then the zone names,
 * UTF-8, each ended by a newline; then the transitions, a block per distinct list (zones whose
 * offsets never differ in the covered span share one): the instants (u32 Unix seconds, ascending,
 * the first 0), then the offsets in force from each instant on (i32 seconds east of UTC).
 */
import { readHeader, type PositionedRead } from '../core/data-files.js';

/** 'WZN1' read as a little-endian u32. */
const MAGIC = 0x314e5a57;
const VERSION = 1;
const HEADER_FIELDS = [
  'magic',
  'version',
  'zoneCount',
  /** The last second the transitions cover (the first is 0, 1970-01-01T00:00:00Z). */
  'coveredUntil',
  'directoryAt',
  'namesAt',
  'namesBytes',
  'transitionsAt',
] as const;
const TZ_VERSION_BYTES = 16;
const HEADER_BYTES = 4 * HEADER_FIELDS.length + TZ_VERSION_BYTES;
const DIRECTORY_ENTRY_BYTES = 8;

/** Unix seconds as the file holds them: u32, so 1970-01-01 up to 2106-02-07. */
export const LAST_COVERED_SECOND = 0xffffffff;

/** One zone as writeZonesTable takes it. */
export interface ZoneRecord {
  readonly name: string;
  /**
   * From which instant on (Unix seconds) which offset (seconds east of UTC) holds, ascending;
   * the first at 0.
   */
  readonly transitions: readonly (readonly [at: number, offset: number])[];
}

/**
 * The bytes of a zones file. `tzVersion` is the tzdata version the transitions came from
 * (`process.versions.tz` of the node that found them).
 */
export function writeZonesTable(
  zones: readonly ZoneRecord[],
  tzVersion: string,
  coveredUntil = LAST_COVERED_SECOND,
): Uint8Array {
  if (!/^[\x20-\x7e]*$/.test(tzVersion) || tzVersion.length > TZ_VERSION_BYTES) {
    throw new Error(`tzdata version "${tzVersion}" does not fit the header`);
  }
  const sorted = [...zones].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const [i, zone] of sorted.entries()) {
    if (zone.name.includes('\n') || zone.name === sorted[i - 1]?.name) {
      throw new Error(`zone name "${zone.name}" is repeated or holds a newline`);
    }
    const [first] = zone.transitions;
    if (first?.[0] !== 0) throw new Error(`${zone.name}: the first transition must be at 0`);
    zone.transitions.forEach(([at], k) => {
      const before = zone.transitions[k - 1]?.[0] ?? -1;
      if (!Number.isInteger(at) || at <= before || at > coveredUntil) {
        throw new Error(`${zone.name}: transition ${k} at ${at} is out of order or range`);
      }
    });
  }
  const names = new TextEncoder().encode(sorted.map((zone) => `${zone.name}\n`).join(''));
  const directoryAt = HEADER_BYTES;
  const namesAt = directoryAt + DIRECTORY_ENTRY_BYTES * sorted.length;
  const transitionsAt = namesAt + names.length + ((4 - (names.length % 4)) % 4);

  /** Where each distinct list of transitions starts, by its text. */
  const blocks = new Map<string, number>();
  let size = transitionsAt;
  const entries = sorted.map((zone) => {
    const key = zone.transitions.join(';');
    let at = blocks.get(key);
    if (at === undefined) {
      at = size;
      blocks.set(key, at);
      size += 8 * zone.transitions.length;
    }
    return { at, count: zone.transitions.length, transitions: zone.transitions };
  });

  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  const header: Record<(typeof HEADER_FIELDS)[number], number> = {
    magic: MAGIC,
    version: VERSION,
    zoneCount: sorted.length,
    coveredUntil,
    directoryAt,
    namesAt,
    namesBytes: names.length,
    transitionsAt,
  };
  HEADER_FIELDS.forEach((field, i) => view.setUint32(4 * i, header[field], true));
  for (let i = 0; i < tzVersion.length; i++)
    bytes[4 * HEADER_FIELDS.length + i] = tzVersion.charCodeAt(i);
  entries.forEach(({ at, count, transitions }, i) => {
    view.setUint32(directoryAt + DIRECTORY_ENTRY_BYTES * i, at, true);
    view.setUint32(directoryAt + DIRECTORY_ENTRY_BYTES * i + 4, count, true);
    transitions.forEach(([instant, offset], k) => {
      view.setUint32(at + 4 * k, instant, true);
      view.setInt32(at + 4 * (count + k), offset, true);
    });
  });
  bytes.set(names, namesAt);
  return bytes;
}

/** The transitions of one zone, as the reader keeps them. */
interface Transitions {
  readonly at: Float64Array;
  readonly offset: Int32Array;
}

/** A zones file opened for lookups. */
export interface ZonesFile {
  /** The tzdata version the file was made from. */
  readonly tzVersion: string;
  /** The zone names the file holds, in order. */
  readonly zones: readonly string[];
  /**
   * The offset of `zone` from UTC at `unixSeconds`, in seconds; undefined when the file does not
   * hold the zone or the instant.
   */
  offsetAt(zone: string, unixSeconds: number): number | undefined;
  /** The instants `zone`'s offset changes at, from 0 on; undefined for a zone not held. */
  changes(zone: string): readonly number[] | undefined;
}

/**
 * Opens a zones file for lookups: the header, the directory and the names are read at once (a few
 * kilobytes); a zone's transitions are read when it is first asked about, and kept.
 */
export function openZonesFile(read: PositionedRead): ZonesFile {
  const { bytes: head, field } = readHeader(read, {
    fields: HEADER_FIELDS,
    magic: MAGIC,
    version: VERSION,
    what: 'zones table',
    size: HEADER_BYTES,
  });
  const tzVersion = String.fromCharCode(
    ...head.subarray(4 * HEADER_FIELDS.length).filter((byte) => byte !== 0),
  );
  const zoneCount = field('zoneCount');
  const coveredUntil = field('coveredUntil');
  const directoryAt = field('directoryAt');
  const namesAt = field('namesAt');
  // The directory and the names are contiguous: one read.
  const index = new Uint8Array(namesAt - directoryAt + field('namesBytes'));
  read(index, directoryAt);
  const directory = new DataView(index.buffer, 0, namesAt - directoryAt);
  const zones = new TextDecoder().decode(index.subarray(namesAt - directoryAt)).split('\n');
  zones.pop();
  if (zones.length !== zoneCount) throw new Error('zones table is damaged');
  const position = new Map(zones.map((name, i) => [name, i]));
  const loaded = new Map<string, Transitions>();

  function transitionsOf(zone: string): Transitions | undefined {
    const known = loaded.get(zone);
    if (known !== undefined) return known;
    const i = position.get(zone);
    if (i === undefined) return undefined;
    const at = directory.getUint32(DIRECTORY_ENTRY_BYTES * i, true);
    const count = directory.getUint32(DIRECTORY_ENTRY_BYTES * i + 4, true);
    const block = new Uint8Array(8 * count);
    read(block, at);
    const view = new DataView(block.buffer);
    const transitions: Transitions = {
      at: Float64Array.from({ length: count }, (_, k) => view.getUint32(4 * k, true)),
      offset: Int32Array.from({ length: count }, (_, k) => view.getInt32(4 * (count + k), true)),
    };
    loaded.set(zone, transitions);
    return transitions;
  }

  return {
    tzVersion,
    zones,
    offsetAt(zone, unixSeconds) {
      if (!(unixSeconds >= 0 && unixSeconds <= coveredUntil)) return undefined;
      const transitions = transitionsOf(zone);
      if (transitions === undefined) return undefined;
      const { at, offset } = transitions;
      // The last transition at or before the instant (the first is at 0).
      let low = 0;
      let high = at.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >>> 1;
        if ((at[middle] ?? Infinity) <= unixSeconds) low = middle;
        else high = middle - 1;
      }
      return offset[low];
    },
    changes(zone) {
      const transitions = transitionsOf(zone);
      return transitions && [...transitions.at];
    },
  };
}
