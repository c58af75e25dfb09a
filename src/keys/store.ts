import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { ConfigError } from '../core/errors.js';
import { cannotWrite, describeSystemError, writeFileAtomic } from '../core/files.js';
import { withLockSync } from '../core/lock-wait.js';

/**
 * API keys of the embedded implementation, kept in `keys.json` in the config directory. A key is
 * Active or Inactive (the spec's two states); an Inactive or unknown key gets 401.
 */
export type KeyStatus = 'active' | 'inactive';

export interface ApiKey {
  readonly key: string;
  readonly name: string;
  readonly status: KeyStatus;
  /** ISO 8601 */
  readonly created: string;
}

export interface KeyLookup {
  status(key: string): KeyStatus | undefined;
  /**
   * A number that changes whenever the keys may have changed, for what is derived from them and
   * kept (a redacted log line); absent when nothing derived from the keys may be kept.
   */
  revision?(): number;
}

function isApiKey(value: unknown): value is ApiKey {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.key === 'string' &&
    v.key !== '' &&
    typeof v.name === 'string' &&
    (v.status === 'active' || v.status === 'inactive') &&
    typeof v.created === 'string'
  );
}

export function parseKeys(text: string, path: string): ApiKey[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ConfigError(
      `key file ${path} is not valid JSON`,
      'fix or move the file; it was left untouched',
    );
  }
  const keys = (data as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys) || !keys.every(isApiKey)) {
    throw new ConfigError(
      `key file ${path} does not hold a list of keys`,
      'fix or move the file; it was left untouched',
    );
  }
  return keys.map(({ key, name, status, created }) => ({ key, name, status, created }));
}

export class KeyFile {
  constructor(readonly path: string) {}

  read(): ApiKey[] {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw new ConfigError(`cannot read key file ${this.path}: ${describeSystemError(error)}`);
    }
    return parseKeys(text, this.path);
  }

  /** Read, change and write back under a lock; the change sees the latest file. */
  private update<T>(change: (keys: ApiKey[]) => { keys: ApiKey[]; result: T }): T {
    try {
      return withLockSync(this.path, () => {
        const { keys, result } = change(this.read());
        writeFileAtomic(this.path, `${JSON.stringify({ keys }, null, 2)}\n`);
        return result;
      });
    } catch (error) {
      // The lock file too is a write: a read-only folder fails there first.
      throw cannotWrite(this.path, error);
    }
  }

  create(name: string, now: Date): ApiKey {
    const created: ApiKey = {
      key: randomBytes(16).toString('hex'),
      name,
      status: 'active',
      created: now.toISOString(),
    };
    return this.update((keys) => ({ keys: [...keys, created], result: created }));
  }

  setStatus(reference: string, status: KeyStatus): ApiKey {
    return this.update((keys) => {
      const target = findKey(keys, reference);
      const changed = { ...target, status };
      return { keys: keys.map((k) => (k.key === target.key ? changed : k)), result: changed };
    });
  }

  delete(reference: string): ApiKey {
    return this.update((keys) => {
      const target = findKey(keys, reference);
      return { keys: keys.filter((k) => k.key !== target.key), result: target };
    });
  }
}

/** No key has this value or name. */
export class UnknownKeyError extends Error {
  override readonly name = 'UnknownKeyError';
  constructor(readonly reference: string) {
    super('no such API key');
  }
}

/** More than one key has this name, so the name does not say which. */
export class AmbiguousKeyError extends Error {
  override readonly name = 'AmbiguousKeyError';
  constructor(
    readonly reference: string,
    readonly count: number,
  ) {
    super(`${count} keys are named "${reference}"`);
  }
}

/** A key given by its full value or by its name (when no other key has that name). */
export function findKey(keys: readonly ApiKey[], reference: string): ApiKey {
  const byKey = keys.find((k) => k.key === reference);
  if (byKey) return byKey;
  const byName = keys.filter((k) => k.name === reference && reference !== '');
  if (byName.length === 1 && byName[0]) return byName[0];
  if (byName.length > 1) throw new AmbiguousKeyError(reference, byName.length);
  throw new UnknownKeyError(reference);
}

/**
 * The server's view of the key file: re-read whenever the file changes, checked at most every
 * `intervalMs`, so `weather keys disable` takes effect on a running server within a second. If the
 * file becomes unreadable the last good keys stay in force and `onError` hears about it once.
 */
export function watchKeyFile(
  file: KeyFile,
  options: { intervalMs?: number; now?: () => number; onError?: (error: Error) => void } = {},
): KeyLookup {
  const intervalMs = options.intervalMs ?? 250;
  const now = options.now ?? Date.now;
  let checkedAt = -Infinity;
  let signature = '';
  let statuses = new Map<string, KeyStatus>();
  let reported = false;
  let revision = 0;

  const refresh = (): void => {
    checkedAt = now();
    let current = 'missing';
    try {
      const s = statSync(file.path);
      current = `${s.ino}:${s.size}:${s.mtimeMs}`;
    } catch {
      // A missing file means no keys.
    }
    if (current === signature) return;
    try {
      statuses = new Map(file.read().map((k) => [k.key, k.status]));
      revision++;
      signature = current;
      reported = false;
    } catch (error) {
      if (!reported) options.onError?.(error as Error);
      reported = true;
    }
  };

  return {
    status(key: string): KeyStatus | undefined {
      if (now() - checkedAt >= intervalMs) refresh();
      return statuses.get(key);
    },
    revision(): number {
      if (now() - checkedAt >= intervalMs) refresh();
      return revision;
    },
  };
}
