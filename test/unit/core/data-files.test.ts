import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readDataFile } from '../../../src/core/data-files.js';
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
