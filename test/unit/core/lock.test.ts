import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/core/errors.js';
import { removeIfStale, STALE_LOCK_MS, tryLock } from '../../../src/core/lock.js';
import { waitForLock, withLockSync } from '../../../src/core/lock-wait.js';
import { endedPid, plantLock } from '../../helpers/locks.js';
import { thrown, useTempDir } from '../../helpers/tmp.js';

const tempDir = useTempDir();
const OPTIONS = { maxHoldMs: STALE_LOCK_MS };
/** pid 1 runs on every machine and is never this process: a live owner. */
const LIVE = 1;

describe('withLockSync', () => {
  it('holds <file>.lock while the action runs and removes it after, even when it throws', () => {
    const path = join(tempDir(), 'sub', 'keys.json');
    const seen: string[] = [];
    const owner = () => {
      const { pid, token } = JSON.parse(readFileSync(`${path}.lock`, 'utf8')) as {
        pid: number;
        token: string;
      };
      seen.push(`${pid === process.pid} ${/^[0-9a-f]{24}$/.test(token)}`);
    };
    expect(withLockSync(path, () => (owner(), 'done'))).toBe('done');
    expect(
      thrown(() =>
        withLockSync(path, () => {
          owner();
          throw new Error('boom');
        }),
      ),
    ).toEqual(new Error('boom'));
    expect([seen, readdirSync(join(path, '..'))]).toEqual([['true true', 'true true'], []]);
  });

  it('takes over at once a lock whose owner has ended, and leaves no claim behind', () => {
    const dir = tempDir();
    const path = join(dir, 'keys.json');
    plantLock(`${path}.lock`, { pid: endedPid() });
    const started = Date.now();
    expect(withLockSync(path, () => 'ran', { timeoutMs: 200 })).toBe('ran');
    expect(Date.now() - started).toBeLessThan(200);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('takes over a lock older than the longest hold even when its owner runs', () => {
    const dir = tempDir();
    const path = join(dir, 'keys.json');
    plantLock(`${path}.lock`, { pid: LIVE, started: Date.now() - STALE_LOCK_MS - 1_000 });
    expect(withLockSync(path, () => 'ran', { timeoutMs: 200 })).toBe('ran');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('judges a lock from another host by its age only', () => {
    const path = join(tempDir(), 'keys.json');
    const lock = plantLock(`${path}.lock`, { pid: endedPid(), host: 'elsewhere.example' });
    expect(tryLock(lock, OPTIONS)).toEqual({ held: false, pid: expect.any(Number) as number });
    expect(existsSync(lock)).toBe(true);
  });

  it('waits for a live owner, then gives up with a ConfigError and leaves the lock alone', () => {
    const path = join(tempDir(), 'keys.json');
    const lock = plantLock(`${path}.lock`, { pid: LIVE });
    const before = readFileSync(lock, 'utf8');
    let ran = false;
    const started = Date.now();
    const error = thrown(() => withLockSync(path, () => (ran = true), { timeoutMs: 200 }));
    const waited = Date.now() - started;
    expect(error).toEqual(
      new ConfigError(
        `timed out waiting for the lock ${lock}`,
        'another weather (pid 1) is changing keys.json; try again (a lock whose process has ended is taken over at once, any other after 10 s)',
      ),
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect([ran, readFileSync(lock, 'utf8')]).toEqual([false, before]);
    expect(waited).toBeGreaterThanOrEqual(200);
    expect(waited).toBeLessThan(2_000);
  });

  it('names the file it protects when no lock file can be made beside it', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'file'), '');
    const path = join(dir, 'file', 'config', 'keys.json');
    const error = thrown(() => withLockSync(path, () => 'ran'));
    expect(error).toEqual(
      new ConfigError(
        `cannot write ${path}: a folder on the path is a file (ENOTDIR)`,
        'move what is in the way, or use another folder; what was stored before is unchanged',
      ),
    );
    expect(error).toBeInstanceOf(ConfigError);
  });

  it('treats a lock file without an owner as being written: busy while young, stale when old', () => {
    const path = join(tempDir(), 'keys.json');
    const lock = `${path}.lock`;
    writeFileSync(lock, '');
    expect(tryLock(lock, OPTIONS)).toEqual({ held: false, pid: undefined });
    const old = (Date.now() - STALE_LOCK_MS - 1_000) / 1000;
    utimesSync(lock, old, old);
    expect(withLockSync(path, () => 'ran', { timeoutMs: 200 })).toBe('ran');
    expect(readdirSync(join(path, '..'))).toEqual([]);
  });
});

describe('taking over a stale lock', () => {
  it('is refused while another process holds the claim to break it', () => {
    const dir = tempDir();
    const lock = plantLock(join(dir, 'x.lock'), { pid: endedPid(), token: 'aaaaaaaaaaaaaaaa' });
    plantLock(`${lock}.break-aaaaaaaaaaaaaaaa`, { pid: LIVE, token: 'bbbbbbbbbbbbbbbb' });
    expect(tryLock(lock, OPTIONS)).toEqual({ held: false, pid: expect.any(Number) as number });
    expect(readdirSync(dir).sort()).toEqual(['x.lock', 'x.lock.break-aaaaaaaaaaaaaaaa']);
  });

  it('takes over a claim whose owner has ended too, and cleans up both', () => {
    const dir = tempDir();
    const lock = plantLock(join(dir, 'x.lock'), { pid: endedPid(), token: 'aaaaaaaaaaaaaaaa' });
    plantLock(`${lock}.break-aaaaaaaaaaaaaaaa`, {
      pid: endedPid(),
      token: 'bbbbbbbbbbbbbbbb',
    });
    const taken = tryLock(lock, OPTIONS);
    expect(taken.held).toBe(true);
    expect(readdirSync(dir)).toEqual(['x.lock']);
    if (taken.held) taken.release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('never removes a lock that someone else took over meanwhile', () => {
    const dir = tempDir();
    const lock = join(dir, 'x.lock');
    const mine = tryLock(lock, OPTIONS);
    plantLock(lock, { pid: LIVE, token: 'cccccccccccccccc' });
    if (mine.held) mine.release();
    expect(JSON.parse(readFileSync(lock, 'utf8'))).toMatchObject({ token: 'cccccccccccccccc' });
  });

  it('removeIfStale removes only stale locks', () => {
    const dir = tempDir();
    const dead = plantLock(join(dir, 'dead.lock'), { pid: endedPid() });
    const live = plantLock(join(dir, 'live.lock'), { pid: LIVE });
    expect([removeIfStale(dead, OPTIONS), removeIfStale(live, OPTIONS)]).toEqual([true, false]);
    expect(readdirSync(dir)).toEqual(['live.lock']);
  });
});

describe('waitForLock', () => {
  it('ends the wait with what poll finds, or takes the lock once it is free', async () => {
    const dir = tempDir();
    const lock = plantLock(join(dir, 'x.lock'), { pid: LIVE });
    const options = { ...OPTIONS, timeoutMs: 2_000, doing: 'testing' };
    let polls = 0;
    const found = await waitForLock(lock, () => (++polls >= 3 ? 'value' : undefined), options);
    expect([found, polls]).toEqual([{ value: 'value' }, 3]);
    setTimeout(() => removeIfStale(lock, { maxHoldMs: 0 }), 50);
    const waited = await waitForLock(lock, () => undefined, options);
    expect('lock' in waited && waited.lock.held).toBe(true);
    if ('lock' in waited) waited.lock.release();
    expect(readdirSync(dir)).toEqual([]);
  });
});
