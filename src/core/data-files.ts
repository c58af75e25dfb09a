import { fstatSync, openSync, readSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

/** Fills `target` with the file's bytes from `position` on; throws when the file ends first. */
export type PositionedRead = (target: Uint8Array, position: number) => void;

/** A data file read in parts, as a lookup needs them. */
export interface PositionedFile {
  readonly size: number;
  readonly read: PositionedRead;
}

/**
 * data/ sits at the repository root: one level up from the bundle in dist/, two levels up from
 * this file in src/core/. A function, not a constant: the single
 * executable has no `import.meta.url` to resolve, and never asks.
 */
function installedDataDirectories(): URL[] {
  return [new URL('../data/', import.meta.url), new URL('../../data/', import.meta.url)];
}

/** The error of a data file that no candidate directory has; `advice` says how to get it. */
export function missingDataFile(name: string, advice: string): Error {
  return new Error(`data/${name} is missing: ${advice}`);
}

/**
 * Reads `data/<name>` from the first of `directories` that has it. Where data/ is depends on how
 * the program runs (from source, from the bundle in dist/, from a bundle run by hand beside a
 * checkout), so each entry point names its candidates; `advice` says how to get the file.
 */
export async function readDataFile(
  name: string,
  directories: readonly (string | URL)[],
  advice: string,
): Promise<Uint8Array> {
  for (const directory of directories) {
    try {
      return await readFile(new URL(name, directory));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw missingDataFile(name, advice);
}

/** Reads `data/<name>` of this installation. */
export function readInstalledDataFile(name: string, advice: string): Promise<Uint8Array> {
  return readDataFile(name, installedDataDirectories(), advice);
}

/**
 * Opens `data/<name>` of the first of `directories` that has it for positioned reads; undefined
 * when none has it. The file stays open for the life of the process.
 */
export function openDataFile(
  name: string,
  directories: readonly (string | URL)[],
): PositionedFile | undefined {
  for (const directory of directories) {
    let fd: number;
    try {
      fd = openSync(new URL(name, directory), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    return {
      size: fstatSync(fd).size,
      read: (target, position) => {
        for (let done = 0; done < target.length;) {
          const read = readSync(fd, target, done, target.length - done, position + done);
          if (read === 0) throw new Error(`data/${name} is truncated: run \`npm run build\``);
          done += read;
        }
      },
    };
  }
  return undefined;
}

/**
 * Whether this host stores numbers little-endian, as the data files do (all but a few hosts): a
 * typed array may then be a view of a file's bytes, with no copy.
 */
export const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * The first of 0…count−1 for which `below` is false (it holds for a run at the start), or count:
 * a binary search over a data file's sorted table.
 */
export function firstNotBelow(count: number, below: (i: number) => boolean): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (below(middle)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The header of a data file: its first bytes, and its u32 fields by name. */
export interface DataHeader<F extends string> {
  readonly bytes: Uint8Array;
  readonly field: (name: F) => number;
}

/**
 * Reads the header of a data file laid out as `fields` (little-endian u32 words from the start,
 * `magic` and `version` among them; `size` bytes in all when more follow), and checks that it is
 * a file of that layout: `what` names the file in the error when it is not.
 */
export function readHeader<F extends string>(
  read: PositionedRead,
  layout: {
    readonly fields: readonly (F | 'magic' | 'version')[];
    readonly magic: number;
    readonly version: number;
    readonly what: string;
    readonly size?: number;
  },
): DataHeader<F | 'magic' | 'version'> {
  const bytes = new Uint8Array(layout.size ?? 4 * layout.fields.length);
  read(bytes, 0);
  const view = new DataView(bytes.buffer);
  const field = (name: F | 'magic' | 'version'): number =>
    view.getUint32(4 * layout.fields.indexOf(name), true);
  if (field('magic') !== layout.magic || field('version') !== layout.version) {
    throw new Error(`${layout.what} has an unknown format; rebuild it with \`npm run build\``);
  }
  return { bytes, field };
}

/**
 * Positioned reads over `data/<name>` held in memory (a file read whole, an asset of the single
 * executable).
 */
export function readFromBytes(bytes: Uint8Array, name: string): PositionedRead {
  return (target, position) => {
    if (position + target.length > bytes.length) {
      throw new Error(`data/${name} is truncated: run \`npm run build\``);
    }
    target.set(bytes.subarray(position, position + target.length));
  };
}

/** Opens `data/<name>` of this installation for positioned reads; undefined when it is missing. */
export function openInstalledDataFile(name: string): PositionedFile | undefined {
  return openDataFile(name, installedDataDirectories());
}
