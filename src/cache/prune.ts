import { readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { removeIfStale } from '../core/lock.js';

/** Nothing in the cache is worth keeping after a week, so the folder never grows without bound. */
export const PRUNE_AFTER_MS = 7 * 86_400_000;
/** Listing the folder on every run of a status bar would be waste: once an hour is plenty. */
const PRUNE_EVERY_MS = 3_600_000;
const MARKER = '.pruned';

/** Only names the cache itself makes are ever removed: WEATHER_CACHE_DIR may hold other files. */
const RECORD = /^[0-9a-f]{64}\.(?:response|failures)$/;
const TEMPORARY =
  /^(?:\.[0-9a-f]{12}|[0-9a-f]{64}\.(?:response|failures)\.lock.*\.[0-9a-f]{24})\.tmp$/;
const LOCK = /^[0-9a-f]{64}\.(?:response|failures)\.lock(?:\.break-[0-9a-z-]+)*$/;

/**
 * Removes entries, records and leftovers (temporary files, locks of crashed runs) not modified
 * for a week, at most once an hour. Times are the file system's, so the wall clock is used.
 */
export function pruneIfDue(dir: string): void {
  const now = Date.now();
  const marker = join(dir, MARKER);
  try {
    if (now - statSync(marker).mtimeMs < PRUNE_EVERY_MS) return;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // No folder yet: nothing to prune.
    if (code === 'ENOTDIR') return;
    if (code !== 'ENOENT') throw error;
  }
  try {
    writeFileSync(marker, '', { mode: 0o600 });
    utimesSync(marker, now / 1000, now / 1000);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const modified = statSync(path, { throwIfNoEntry: false })?.mtimeMs;
    if (modified === undefined || now - modified <= PRUNE_AFTER_MS) continue;
    if (RECORD.test(name) || TEMPORARY.test(name)) rmSync(path, { force: true });
    else if (LOCK.test(name)) removeIfStale(path, { maxHoldMs: PRUNE_AFTER_MS });
  }
}
