import {
  closeSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { parseJsonObject } from './json-object.js';

/**
 * Lock files shared by processes: `keys.json.lock` and `config.json.lock` while a file is
 * changed, one per cache entry while it is fetched. A lock file is created with O_EXCL and holds
 * its owner: `{"pid","host","started","token"}`.
 *
 * A lock is stale when its owner has ended (same host, `kill(pid, 0)` says ESRCH) or it is older
 * than the lock's longest hold. Taking over a stale lock is atomic: the taker first claims the
 * right to break that one lock by creating `<lock>.break-<token>` with O_EXCL, which only one
 * process can do because the name belongs to that lock alone; then it checks that the lock still
 * holds that token and renames a lock file of its own over it. Nobody else can change the lock
 * meanwhile: plain acquirers fail on O_EXCL, other breakers on the claim. A claim is itself a lock
 * file, so a claim whose owner died is taken over the same way.
 */

/** The longest a process holds the lock of keys.json or config.json: a read and a write. */
export const STALE_LOCK_MS = 10_000;

interface Owner {
  readonly pid: number;
  readonly host: string;
  /** ms since the epoch */
  readonly started: number;
  readonly token: string;
}

export interface LockOptions {
  /** A lock older than this is taken over even when its owner still runs (hung, or elsewhere). */
  readonly maxHoldMs: number;
}

export interface HeldLock {
  readonly held: true;
  readonly path: string;
  /** Removes the lock, unless it was taken over meanwhile (then it is someone else's). */
  release(): void;
}

export interface BusyLock {
  readonly held: false;
  /** The owner's process id, when the lock file says it. */
  readonly pid: number | undefined;
}

/** How deep claims on claims may go before a taker waits instead: each level needs a crash. */
const MAX_CLAIM_DEPTH = 3;
const TOKEN = /^[0-9a-f]{16,64}$/;

function newOwner(): Owner {
  return {
    pid: process.pid,
    host: hostname(),
    started: Date.now(),
    token: randomBytes(12).toString('hex'),
  };
}

function ownerText(owner: Owner): string {
  return `${JSON.stringify(owner)}\n`;
}

function parseOwner(text: string): Owner | undefined {
  const value = parseJsonObject(text);
  if (!value) return undefined;
  const { pid, host, started, token } = value;
  if (
    typeof pid !== 'number' ||
    !Number.isSafeInteger(pid) ||
    pid <= 0 ||
    typeof host !== 'string' ||
    typeof started !== 'number' ||
    !Number.isFinite(started) ||
    typeof token !== 'string' ||
    !TOKEN.test(token)
  ) {
    return undefined;
  }
  return { pid, host, started, token };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

interface Seen {
  readonly token: string;
  readonly pid: number | undefined;
  readonly stale: boolean;
}

/**
 * Who holds the lock at `path`, or undefined when there is no lock. A file that does not hold an
 * owner (being written this instant, or damaged) is named by its inode and time, and is stale
 * only by age.
 */
function inspect(path: string, maxHoldMs: number): Seen | undefined {
  let text: string;
  let modified: number;
  let inode: number;
  try {
    text = readFileSync(path, 'utf8');
    const stat = statSync(path);
    modified = stat.mtimeMs;
    inode = stat.ino;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const owner = parseOwner(text);
  const now = Date.now();
  if (!owner) {
    return {
      token: `unnamed-${inode}-${Math.floor(modified)}`,
      pid: undefined,
      stale: now - modified > maxHoldMs,
    };
  }
  const ended = owner.host === hostname() && owner.pid !== process.pid && !isAlive(owner.pid);
  return { token: owner.token, pid: owner.pid, stale: ended || now - owner.started > maxHoldMs };
}

/** Creates the lock file with O_EXCL; false when it exists. */
function create(path: string, owner: Owner): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    // writeFileSync writes all of it or throws; writeSync may stop short (a file size limit).
    writeFileSync(fd, ownerText(owner));
  } catch (error) {
    closeSync(fd);
    rmSync(path, { force: true });
    throw error;
  }
  closeSync(fd);
  return true;
}

function held(path: string, token: string, maxHoldMs: number): HeldLock {
  return {
    held: true,
    path,
    release: () => {
      if (inspect(path, maxHoldMs)?.token === token) rmSync(path, { force: true });
    },
  };
}

/** Puts a lock file of `owner` at `path` in one step, whatever was there. */
function replace(path: string, owner: Owner): void {
  const temporary = `${path}.${owner.token}.tmp`;
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    try {
      writeFileSync(fd, ownerText(owner));
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

function attempt(path: string, maxHoldMs: number, depth: number): HeldLock | BusyLock {
  const owner = newOwner();
  if (create(path, owner)) return held(path, owner.token, maxHoldMs);
  const seen = inspect(path, maxHoldMs);
  // Released between the two steps: the next attempt may create it.
  if (!seen) return { held: false, pid: undefined };
  if (!seen.stale || depth >= MAX_CLAIM_DEPTH) return { held: false, pid: seen.pid };
  const claim = attempt(`${path}.break-${seen.token}`, maxHoldMs, depth + 1);
  if (!claim.held) return { held: false, pid: seen.pid };
  try {
    // Only the claim's holder may replace this lock, and only while it is the one judged stale.
    if (inspect(path, maxHoldMs)?.token !== seen.token) return { held: false, pid: undefined };
    replace(path, owner);
    return held(path, owner.token, maxHoldMs);
  } finally {
    claim.release();
  }
}

/**
 * One attempt to take the lock file at `path`, taking over a stale one; never waits. File system
 * errors other than "exists" (a read-only or missing folder) are thrown as they are.
 */
export function tryLock(path: string, options: LockOptions): HeldLock | BusyLock {
  return attempt(path, options.maxHoldMs, 0);
}

/** Removes the lock at `path` if it is stale, atomically as a takeover would; true if gone. */
export function removeIfStale(path: string, options: LockOptions): boolean {
  const seen = inspect(path, options.maxHoldMs);
  if (!seen) return true;
  if (!seen.stale) return false;
  const lock = tryLock(path, options);
  if (!lock.held) return false;
  lock.release();
  return true;
}
