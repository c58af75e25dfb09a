import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Replaces `path` with `contents` so that a reader sees the old file or the new one, never half of
 * one: write a temporary file beside it with the final mode, flush it, rename it over.
 */
export function writeFileAtomic(path: string, contents: string | Uint8Array, mode = 0o600): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = join(dirname(path), `.${randomBytes(6).toString('hex')}.tmp`);
  const bytes = typeof contents === 'string' ? Buffer.from(contents, 'utf8') : contents;
  const fd = openSync(temporary, 'wx', mode);
  try {
    for (let done = 0; done < bytes.byteLength;) done += writeSync(fd, bytes, done);
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
