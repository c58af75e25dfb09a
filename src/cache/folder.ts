import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../core/files.js';
import { withLockSync } from '../core/lock-wait.js';
import { decodeEntry, encodeEntry, type CachedResponse } from './entry.js';
import { decodeFailures, encodeFailures, type Failures } from './failures.js';

/**
 * The cache folder: `<name>.response` per request (entry.ts), `<key>.failures` per key
 * (failures.ts), and their `.lock` files while they change. Files are 0600 in a folder of 0700.
 * File system errors (a folder that cannot be written) are thrown as they are: the caller decides
 * to go on without the cache.
 */
export class CacheFolder {
  constructor(readonly dir: string) {}

  entryPath(name: string): string {
    return join(this.dir, `${name}.response`);
  }

  /** Held by the one run that fetches `name`; the others wait for what it writes. */
  fetchLockPath(name: string): string {
    return `${this.entryPath(name)}.lock`;
  }

  private failuresPath(key: string): string {
    return join(this.dir, `${key}.failures`);
  }

  private ensure(): void {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
  }

  readEntry(name: string): CachedResponse | undefined {
    const bytes = readIfThere(this.entryPath(name));
    return bytes === undefined ? undefined : decodeEntry(bytes);
  }

  writeEntry(name: string, entry: CachedResponse): void {
    this.ensure();
    writeFileAtomic(this.entryPath(name), encodeEntry(entry));
  }

  readFailures(key: string): Failures | undefined {
    const bytes = readIfThere(this.failuresPath(key));
    return bytes === undefined ? undefined : decodeFailures(bytes.toString('utf8'));
  }

  /** Read, change and write back under a lock; undefined removes the record. */
  updateFailures(
    key: string,
    change: (previous: Failures | undefined) => Failures | undefined,
  ): void {
    const path = this.failuresPath(key);
    this.ensure();
    withLockSync(
      path,
      () => {
        const next = change(this.readFailures(key));
        if (next) writeFileAtomic(path, encodeFailures(next));
        else rmSync(path, { force: true });
      },
      { doing: 'recording a failed call' },
    );
  }

  /** After a success: forget failures, without touching the disk when there are none. */
  clearFailures(key: string): void {
    if (readIfThere(this.failuresPath(key)) !== undefined)
      this.updateFailures(key, () => undefined);
  }
}

function readIfThere(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw error;
  }
}
