import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { ConfigError } from './errors.js';

/**
 * Replaces `path` with `contents` so that a reader sees the old file or the new one, never half of
 * one: write a temporary file beside it with the final mode, flush it, rename it over.
 */
export function writeFileAtomic(path: string, contents: string, mode = 0o600): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = join(dirname(path), `.${randomBytes(6).toString('hex')}.tmp`);
  const fd = openSync(temporary, 'wx', mode);
  try {
    writeSync(fd, contents);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** A lock file older than this is taken to be left over from a crashed process. */
export const STALE_LOCK_MS = 10_000;

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Runs `action` holding an exclusive lock file next to `path`, so that two processes changing the
 * same file one after the other never lose each other's change. Another process holding the lock
 * past `timeoutMs` is the environment's doing, not a bug: a ConfigError says what to do.
 */
export function withFileLock<T>(path: string, action: () => T, timeoutMs = 5_000): T {
  const lock = `${path}.lock`;
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx', 0o600));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = lockAge(lock);
      if (age !== undefined && age > STALE_LOCK_MS) rmSync(lock, { force: true });
      else if (Date.now() > deadline) {
        throw new ConfigError(
          `timed out waiting for the lock ${lock}`,
          `another weather is changing ${basename(path)}; try again (a lock left by a crashed process is taken over after ${STALE_LOCK_MS / 1000} s)`,
        );
      } else sleepSync(20);
    }
  }
  try {
    return action();
  } finally {
    rmSync(lock, { force: true });
  }
}

function lockAge(lock: string): number | undefined {
  try {
    return Date.now() - statSync(lock).mtimeMs;
  } catch {
    return undefined;
  }
}
