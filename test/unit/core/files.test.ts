import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError } from '../../../src/core/errors.js';
import { STALE_LOCK_MS, withFileLock, writeFileAtomic } from '../../../src/core/files.js';
import { thrown, useTempDir } from '../../helpers/tmp.js';

const tempDir = useTempDir();

/** A lock file as another process would have left it, last touched `ageMs` ago. */
function plantLock(path: string, ageMs: number): string {
  const lock = `${path}.lock`;
  writeFileSync(lock, '');
  const seconds = (Date.now() - ageMs) / 1000;
  utimesSync(lock, seconds, seconds);
  return lock;
}

describe('withFileLock', () => {
  it('holds the lock file while the action runs and removes it after, even when it throws', () => {
    const path = join(tempDir(), 'sub', 'keys.json');
    const seen: boolean[] = [];
    const result = withFileLock(path, () => {
      seen.push(existsSync(`${path}.lock`));
      return 'done';
    });
    expect(result).toBe('done');
    expect(
      thrown(() =>
        withFileLock(path, () => {
          seen.push(existsSync(`${path}.lock`));
          throw new Error('boom');
        }),
      ),
    ).toEqual(new Error('boom'));
    expect([seen, existsSync(`${path}.lock`)]).toEqual([[true, true], false]);
  });

  it('takes over a lock older than the stale limit', () => {
    const path = join(tempDir(), 'keys.json');
    const lock = plantLock(path, STALE_LOCK_MS + 1_000);
    expect(withFileLock(path, () => 'ran', 200)).toBe('ran');
    expect(existsSync(lock)).toBe(false);
  });

  it('waits for a younger lock, then gives up with a ConfigError and leaves the lock alone', () => {
    const path = join(tempDir(), 'keys.json');
    const lock = plantLock(path, STALE_LOCK_MS - 2_000);
    let ran = false;
    const started = Date.now();
    const error = thrown(() => withFileLock(path, () => (ran = true), 200));
    const waited = Date.now() - started;
    expect(error).toEqual(
      new ConfigError(
        `timed out waiting for the lock ${lock}`,
        'another weather is changing keys.json; try again (a lock left by a crashed process is taken over after 10 s)',
      ),
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect([ran, existsSync(lock)]).toEqual([false, true]);
    expect(waited).toBeGreaterThanOrEqual(200);
    expect(waited).toBeLessThan(2_000);
  });
});

describe('withFileLock at the stale limit', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A lock last touched at a whole second, and the clock frozen `ageMs` after it. */
  function lockAged(ageMs: number): string {
    const path = join(tempDir(), 'keys.json');
    const touched = 1_767_225_600;
    writeFileSync(`${path}.lock`, '');
    utimesSync(`${path}.lock`, touched, touched);
    vi.useFakeTimers({ now: touched * 1000 + ageMs, toFake: ['Date'] });
    return path;
  }

  it.each([
    ['exactly the limit: still held', STALE_LOCK_MS, 'ConfigError'],
    ['a millisecond past it: taken over', STALE_LOCK_MS + 1, 'ran'],
  ])('%s', (_what, ageMs, outcome) => {
    const path = lockAged(ageMs);
    // A deadline already past: the first look at the lock decides.
    let result: string;
    try {
      result = withFileLock(path, () => 'ran', -1);
    } catch (error) {
      result = error instanceof ConfigError ? 'ConfigError' : String(error);
    }
    expect(result).toBe(outcome);
  });
});

describe('withFileLock on a lock that cannot be created', () => {
  it('throws the file system error at once instead of waiting for the lock', () => {
    // The lock's name (the file's name plus .lock) is one character too long for the file system.
    const path = join(tempDir(), 'k'.repeat(251));
    const error = thrown(() => withFileLock(path, () => 'ran', 60_000)) as NodeJS.ErrnoException;
    expect([error.code, error instanceof ConfigError]).toEqual(['ENAMETOOLONG', false]);
  });
});

describe('writeFileAtomic', () => {
  /** Descriptors this process has open, where the system lists them. */
  function openDescriptors(): number {
    return readdirSync('/proc/self/fd').length;
  }

  it.runIf(existsSync('/proc/self/fd'))('closes the temporary file it wrote', () => {
    const dir = tempDir();
    writeFileAtomic(join(dir, 'warm-up.json'), '{}');
    const before = openDescriptors();
    for (let i = 0; i < 5; i++) writeFileAtomic(join(dir, `f${i}.json`), '{}');
    expect(openDescriptors()).toBe(before);
  });

  it('rethrows a failed rename and leaves no temporary file behind', () => {
    const dir = tempDir();
    // A non-empty folder where the file should go: the rename over it fails.
    mkdirSync(join(dir, 'settings.json', 'inside'), { recursive: true });
    const error = thrown(() => writeFileAtomic(join(dir, 'settings.json'), '{}'));
    expect((error as NodeJS.ErrnoException).code).toBe('EISDIR');
    expect(readdirSync(dir)).toEqual(['settings.json']);
  });

  it('replaces the contents whole', () => {
    const path = join(tempDir(), 'sub', 'settings.json');
    writeFileAtomic(path, 'old contents, longer than the new');
    writeFileAtomic(path, 'new');
    expect([readFileSync(path, 'utf8'), readdirSync(join(path, '..'))]).toEqual([
      'new',
      ['settings.json'],
    ]);
  });
});
