import { mkdirSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { ConfigError } from './errors.js';
import { cannotWrite } from './files.js';
import { STALE_LOCK_MS, tryLock, type BusyLock, type HeldLock, type LockOptions } from './lock.js';

/**
 * Waiting for a lock file (lock.ts): by sleeping the thread, for the short read-change-write steps
 * on keys.json and config.json, or without blocking the event loop, for a cache entry whose
 * waiters watch for what the holder writes.
 */
export interface WaitOptions extends LockOptions {
  /** Give up (ConfigError) after waiting this long for a lock that is not stale. */
  readonly timeoutMs: number;
  /** What the owner is doing, for the message: "changing keys.json". */
  readonly doing: string;
}

/** The lock is held by a live process for longer than the caller can wait. */
export function lockTimeout(
  path: string,
  pid: number | undefined,
  options: WaitOptions,
): ConfigError {
  const who = pid === undefined ? 'another weather' : `another weather (pid ${pid})`;
  return new ConfigError(
    `timed out waiting for the lock ${path}`,
    `${who} is ${options.doing}; try again (a lock whose process has ended is taken over at once, any other after ${Math.round(options.maxHoldMs / 1000)} s)`,
  );
}

/**
 * One attempt. A folder where no lock file can be made is the environment's doing, not a bug: a
 * ConfigError naming `file`, the file the lock protects (or the lock itself, for the cache).
 */
function attempt(path: string, file: string, options: LockOptions): HeldLock | BusyLock {
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    return tryLock(path, options);
  } catch (error) {
    throw cannotWrite(file, error);
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** A short random pause, so that waiters do not retry in step. */
function pollDelay(): number {
  return 10 + Math.floor(Math.random() * 20);
}

/**
 * Runs `action` holding `<file>.lock`, so that two processes changing `file` one after the other
 * never lose each other's change. Waits by sleeping the thread: for short read-change-write steps.
 */
export function withLockSync<T>(
  file: string,
  action: () => T,
  options: Partial<WaitOptions> = {},
): T {
  const settings: WaitOptions = {
    maxHoldMs: STALE_LOCK_MS,
    timeoutMs: 5_000,
    doing: `changing ${basename(file)}`,
    ...options,
  };
  const path = `${file}.lock`;
  const deadline = Date.now() + settings.timeoutMs;
  for (;;) {
    const lock = attempt(path, file, settings);
    if (lock.held) {
      try {
        return action();
      } finally {
        lock.release();
      }
    }
    if (Date.now() > deadline) throw lockTimeout(path, lock.pid, settings);
    sleepSync(pollDelay());
  }
}

export type Waited<T> = { readonly lock: HeldLock } | { readonly value: T };

/**
 * Waits for the lock at `path` without blocking the event loop. Between attempts `poll` may end
 * the wait with a value: what the lock's holder produced, so that a waiter need not take the lock.
 */
export async function waitForLock<T>(
  path: string,
  poll: () => T | undefined | Promise<T | undefined>,
  options: WaitOptions,
): Promise<Waited<T>> {
  const deadline = Date.now() + options.timeoutMs;
  for (let delay = pollDelay(); ; delay = Math.min(delay * 2, 100 + pollDelay())) {
    const lock = attempt(path, path, options);
    if (lock.held) return { lock };
    const value = await poll();
    if (value !== undefined) return { value };
    if (Date.now() > deadline) throw lockTimeout(path, lock.pid, options);
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}
