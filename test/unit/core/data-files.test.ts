import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openDataFile, readDataFile } from '../../../src/core/data-files.js';
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
