import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  openDataFile,
  openInstalledDataFile,
  readDataFile,
  readFromBytes,
  readHeader,
  readInstalledDataFile,
} from '../../../src/core/data-files.js';
import { useTempDir } from '../../helpers/tmp.js';

const tempDir = useTempDir();

/** A folder URL (with the trailing slash that `new URL(name, folder)` needs). */
function folder(path: string): URL {
  return pathToFileURL(`${path}/`);
}

async function outcome(promise: Promise<Uint8Array>): Promise<string> {
  try {
    return `read ${Buffer.from(await promise).toString('utf8')}`;
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    return `${(error as Error).name}${code ? ` ${code}` : ''}: ${(error as Error).message}`;
  }
}

describe('readDataFile', () => {
  it.each([
    ['the first folder that has it', [false, true, true], 'read 1'],
    ['the only folder that has it', [true, false, false], 'read 0'],
    ['none has it', [false, false, false], 'Error: data/places.bin is missing: run npm run build'],
  ])('%s', async (_what, has, expected) => {
    const root = tempDir();
    const folders = has.map((present, i) => {
      const dir = join(root, String(i));
      mkdirSync(dir);
      if (present) writeFileSync(join(dir, 'places.bin'), String(i));
      return folder(dir);
    });
    expect(await outcome(readDataFile('places.bin', folders, 'run npm run build'))).toBe(expected);
  });

  it('takes folders as paths in URLs or as URL strings', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'places.bin'), 'x');
    expect(await outcome(readDataFile('places.bin', [folder(dir).href], 'advice'))).toBe('read x');
  });

  it('stops at an error other than a missing file, rather than reading a later folder', async () => {
    const root = tempDir();
    // A folder where the file should be: EISDIR, not ENOENT.
    mkdirSync(join(root, 'a', 'places.bin'), { recursive: true });
    mkdirSync(join(root, 'b'));
    writeFileSync(join(root, 'b', 'places.bin'), 'b');
    const folders = [folder(join(root, 'a')), folder(join(root, 'b'))];
    expect(await outcome(readDataFile('places.bin', folders, 'advice'))).toBe(
      'Error EISDIR: EISDIR: illegal operation on a directory, read',
    );
  });
});

describe('openDataFile', () => {
  it('reads parts of the file of the first folder that has it', () => {
    const root = tempDir();
    const folders = ['a', 'b', 'c'].map((name, i) => {
      mkdirSync(join(root, name));
      if (i > 0) writeFileSync(join(root, name, 'names.bin'), `${name}:0123456789`);
      return folder(join(root, name));
    });
    const file = openDataFile('names.bin', folders);
    const part = new Uint8Array(4);
    file?.read(part, 5);
    expect([file?.size, Buffer.from(part).toString('utf8')]).toEqual([12, '3456']);
  });

  it('stops at a folder it cannot look into, rather than looking further', () => {
    const root = tempDir();
    // A "folder" that is a file: opening a name inside it fails with ENOTDIR, not ENOENT.
    writeFileSync(join(root, 'plain'), '');
    mkdirSync(join(root, 'later'));
    writeFileSync(join(root, 'later', 'names.bin'), '0123');
    expect(() =>
      openDataFile('names.bin', [folder(join(root, 'plain')), folder(join(root, 'later'))]),
    ).toThrow(expect.objectContaining({ code: 'ENOTDIR' }));
  });

  it('is undefined when no folder has the file', () => {
    const root = tempDir();
    expect(openDataFile('names.bin', [folder(join(root, 'none'))])).toBeUndefined();
  });

  it('says the file is truncated when a read runs past its end', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'names.bin'), '0123');
    const file = openDataFile('names.bin', [folder(dir)]);
    expect(() => file?.read(new Uint8Array(4), 2)).toThrow(
      'data/names.bin is truncated: run `npm run build`',
    );
  });
});

describe('readHeader', () => {
  const LAYOUT = {
    fields: ['magic', 'version', 'count'],
    magic: 0x57454154,
    version: 3,
    what: 'data/test.bin',
  } as const;
  const header = (...words: number[]): Uint8Array => {
    const bytes = new Uint8Array(4 * words.length);
    const view = new DataView(bytes.buffer);
    words.forEach((word, i) => view.setUint32(4 * i, word, true));
    return bytes;
  };

  it('reads the fields of a file of its layout', () => {
    const { field } = readHeader(readFromBytes(header(0x57454154, 3, 42), 'test.bin'), LAYOUT);
    expect([field('magic'), field('version'), field('count')]).toEqual([0x57454154, 3, 42]);
  });

  it.each([
    ['another magic number', header(0x57454155, 3, 42)],
    ['another version', header(0x57454154, 4, 42)],
  ])('refuses %s', (_what, bytes) => {
    expect(() => readHeader(readFromBytes(bytes, 'test.bin'), LAYOUT)).toThrow(
      'data/test.bin has an unknown format; rebuild it with `npm run build`',
    );
  });
});

describe('the data files of this installation', () => {
  // In a checkout, data/ is two folders up from src/core/ (one up from dist/ in the package).
  const zones = readFileSync(new URL('../../../data/zones.bin', import.meta.url));

  it('reads a file whole', async () => {
    expect(Buffer.from(await readInstalledDataFile('zones.bin', 'build it'))).toEqual(zones);
  });

  it('opens a file for positioned reads', () => {
    const file = openInstalledDataFile('zones.bin');
    const head = new Uint8Array(8);
    file?.read(head, 0);
    expect([file?.size, Buffer.from(head)]).toEqual([zones.length, zones.subarray(0, 8)]);
  });

  it('says how to get a file it does not have', async () => {
    await expect(readInstalledDataFile('nothing.bin', 'build it')).rejects.toThrow(
      'data/nothing.bin is missing: build it',
    );
    expect(openInstalledDataFile('nothing.bin')).toBeUndefined();
  });
});
