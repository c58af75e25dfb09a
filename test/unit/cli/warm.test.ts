import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { warmOfflineQuery } from '../../../src/cli/warm.js';

const DATA = fileURLToPath(new URL('../../../data/', import.meta.url));

// The query src/sea.ts runs while the single executable's snapshot is built; the build itself is
// test/e2e/single-executable.test.ts.
describe('the query that warms the startup snapshot', () => {
  it('answers from the data it is given', async () => {
    const read: string[] = [];
    await warmOfflineQuery(async (name) => {
      read.push(name);
      return readFile(`${DATA}${name}`);
    });
    expect(read.sort()).toStrictEqual(['climate.bin', 'places.bin', 'zones.bin']);
  });

  it('fails, saying so, when the query fails', async () => {
    await expect(
      warmOfflineQuery((name) => Promise.reject(new Error(`no ${name} here`))),
    ).rejects.toStrictEqual(
      new Error(
        [
          'weather --offline --lat 51.5 --lon -0.1 -o raw exited with 1 while the snapshot was built:',
          'weather: internal error: no places.bin here',
          'hint: this is a bug; run again with --verbose for details, and report it',
          '',
        ].join('\n'),
      ),
    );
  });
});
