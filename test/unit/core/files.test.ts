import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, UsageError } from '../../../src/core/errors.js';
import { cannotWrite, describeSystemError, writeFileAtomic } from '../../../src/core/files.js';
import { thrown, useTempDir } from '../../helpers/tmp.js';

const tempDir = useTempDir();

/** A system error as node:fs throws it. */
function systemError(code: unknown): Error {
  return Object.assign(new Error(`${String(code)}: something, open '/x'`), { code });
}

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

  it('names the file when a folder stands in its place, and leaves no temporary file', () => {
    const dir = tempDir();
    const path = join(dir, 'keys.json');
    mkdirSync(path);
    const error = thrown(() => writeFileAtomic(path, '{}\n'));
    expect(error).toEqual(
      new ConfigError(
        `cannot write ${path}: it is a folder (EISDIR)`,
        'move what is in the way, or use another folder; what was stored before is unchanged',
      ),
    );
    expect([error instanceof ConfigError, readdirSync(dir), readdirSync(path)]).toEqual([
      true,
      ['keys.json'],
      [],
    ]);
  });

  it.skipIf(!existsSync('/proc/self/fd'))('leaves no file open', () => {
    const dir = tempDir();
    const open = () => readdirSync('/proc/self/fd').length;
    const before = open();
    writeFileAtomic(join(dir, 'a.txt'), 'a');
    expect(open()).toBe(before);
  });
});

describe('cannotWrite: what a failed write tells the user', () => {
  it.each([
    ['ENOSPC', 'no space left on device (ENOSPC)', 'free some space and try again'],
    ['EDQUOT', 'disk quota exceeded (EDQUOT)', 'free some space and try again'],
    ['EFBIG', 'file too large (EFBIG)', 'free some space and try again'],
    [
      'ENOTDIR',
      'a folder on the path is a file (ENOTDIR)',
      'move what is in the way, or use another folder',
    ],
    ['EISDIR', 'it is a folder (EISDIR)', 'move what is in the way, or use another folder'],
    ['EACCES', 'permission denied (EACCES)', 'make the folder writable, or use another one'],
    ['EROFS', 'read-only file system (EROFS)', 'make the folder writable, or use another one'],
    ['EAGAIN', 'EAGAIN', 'make the folder writable, or use another one'],
  ])('%s', (code, reason, hint) => {
    const cause = systemError(code);
    const error = cannotWrite('/home/u/.config/weather/keys.json', cause);
    expect(error).toEqual(
      new ConfigError(
        `cannot write /home/u/.config/weather/keys.json: ${reason}`,
        `${hint}; what was stored before is unchanged`,
      ),
    );
    expect([error instanceof ConfigError, (error as Error).cause]).toEqual([true, cause]);
  });

  it.each([
    ['an error of weather itself', new UsageError('bad', 'hint')],
    ['an error of Node that is not of the system', systemError('ERR_INVALID_ARG_TYPE')],
    ['an error whose code is not a string', systemError(28)],
    ['an error without a code', new Error('boom')],
    ['something that is not an error', 'boom'],
  ])('passes through %s as it is', (_what, error) => {
    expect(cannotWrite('/x', error)).toBe(error);
  });
});

describe('describeSystemError', () => {
  it.each([
    [systemError('EMFILE'), 'too many open files (EMFILE)'],
    [systemError('ECONNABORTED'), 'ECONNABORTED'],
    [new Error('no code here'), 'no code here'],
    ['a string', 'a string'],
    [42, '42'],
  ])('%s → %s', (error, text) => {
    expect(describeSystemError(error)).toBe(text);
  });
});
