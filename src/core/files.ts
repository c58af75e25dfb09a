import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { ConfigError, WeatherError } from './errors.js';

/** What the system's error codes mean to people, for messages that name a file or a stream. */
const REASONS: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'file too large',
  ENOTDIR: 'a folder on the path is a file',
  EISDIR: 'it is a folder',
  ENAMETOOLONG: 'the name is too long',
  ELOOP: 'too many symbolic links',
  EIO: 'input/output error',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files',
  EBUSY: 'the file is busy',
};

/** The errno code of a system error, if it is one. */
export function errorCode(error: unknown): string | undefined {
  const code = error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** `no space left on device (ENOSPC)`: what a system error means, and its code for searching. */
export function describeSystemError(error: unknown): string {
  const code = errorCode(error);
  if (code === undefined) return error instanceof Error ? error.message : String(error);
  const reason = REASONS[code];
  return reason === undefined ? code : `${reason} (${code})`;
}

const FULL = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);

/**
 * A file that could not be written is the environment's doing (a read-only folder, a full disk),
 * never a bug: a ConfigError that names the file. Errors that are not system errors pass through.
 */
export function cannotWrite(path: string, error: unknown): unknown {
  if (error instanceof WeatherError) return error;
  const code = errorCode(error);
  if (code === undefined || code.startsWith('ERR_')) return error;
  const hint = FULL.has(code)
    ? 'free some space and try again; what was stored before is unchanged'
    : code === 'ENOTDIR' || code === 'EISDIR'
      ? 'move what is in the way, or use another folder; what was stored before is unchanged'
      : 'make the folder writable, or use another one; what was stored before is unchanged';
  return new ConfigError(`cannot write ${path}: ${describeSystemError(error)}`, hint, {
    cause: error,
  });
}

/**
 * Replaces `path` with `contents` so that a reader sees the old file or the new one, never half of
 * one: write a temporary file beside it with the final mode, flush it, rename it over. When any
 * step fails the temporary file is removed and a ConfigError names `path`.
 */
export function writeFileAtomic(path: string, contents: string | Uint8Array, mode = 0o600): void {
  // node:crypto is loaded by the runs that write, not by every run that reports an error.
  const { randomBytes } = process.getBuiltinModule('node:crypto');
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    const fd = openSync(temporary, 'wx', mode);
    try {
      writeFileSync(fd, contents);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  } catch (error) {
    removeQuietly(temporary);
    throw cannotWrite(path, error);
  }
}

/** Cleanup after a failure must not hide the failure. */
function removeQuietly(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch {
    // Nothing more can be done: the folder refuses changes.
  }
}
