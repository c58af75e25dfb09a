import { existsSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/core/errors.js';
import { STALE_LOCK_MS, withFileLock } from '../../../src/core/files.js';
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
