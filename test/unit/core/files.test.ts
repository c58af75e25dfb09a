import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../../src/core/files.js';
import { useTempDir } from '../../helpers/tmp.js';

const tempDir = useTempDir();

describe('writeFileAtomic', () => {
  it('writes text or bytes with mode 0600 in a new folder of mode 0700, leaving nothing else', () => {
    const dir = join(tempDir(), 'made');
    writeFileAtomic(join(dir, 'a.txt'), 'héllo\n');
    writeFileAtomic(join(dir, 'b.bin'), new Uint8Array([0, 255, 10]));
    expect([
      readFileSync(join(dir, 'a.txt'), 'utf8'),
      [...readFileSync(join(dir, 'b.bin'))],
      statSync(join(dir, 'a.txt')).mode & 0o777,
      statSync(join(dir, 'b.bin')).mode & 0o777,
      statSync(dir).mode & 0o777,
      readdirSync(dir).sort(),
    ]).toEqual(['héllo\n', [0, 255, 10], 0o600, 0o600, 0o700, ['a.txt', 'b.bin']]);
  });
});
