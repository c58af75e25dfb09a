import { readFile } from 'node:fs/promises';

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
  throw new Error(`data/${name} is missing: ${advice}`);
}

/**
 * Reads `data/<name>` of this installation: data/ sits at the repository root, one level up from
 * the bundle in dist/ and two from this file in src/core/.
 */
export function readInstalledDataFile(name: string, advice: string): Promise<Uint8Array> {
  return readDataFile(
    name,
    [new URL('../data/', import.meta.url), new URL('../../data/', import.meta.url)],
    advice,
  );
}
