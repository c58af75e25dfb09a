import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError } from '../../../src/core/errors.js';
import { removeIfStale, STALE_LOCK_MS, tryLock } from '../../../src/core/lock.js';
import { waitForLock, withLockSync } from '../../../src/core/lock-wait.js';
import { endedPid, plantLock } from '../../helpers/locks.js';
import { thrown, useTempDir } from '../../helpers/tmp.js';

const tempDir = useTempDir();
const OPTIONS = { maxHoldMs: STALE_LOCK_MS };
/** pid 1 runs on every machine and is never this process: a live owner. */
const LIVE = 1;
let endedOnce: number | undefined;
/** One ended process for the tests below: starting one costs more than all they do. */
const ENDED = (): number => (endedOnce ??= endedPid());

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
    const cpu = process.cpuUsage();
    const error = thrown(() => withLockSync(path, () => (ran = true), { timeoutMs: 200 }));
    const waited = Date.now() - started;
    const { user, system } = process.cpuUsage(cpu);
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
    // It sleeps between attempts: a waiter that spun would burn a core for the whole wait.
    expect((user + system) / 1000).toBeLessThan(waited / 2);
  });

  it('names no pid when the lock file does not say whose it is', () => {
    const path = join(tempDir(), 'keys.json');
    writeFileSync(`${path}.lock`, '');
    expect(thrown(() => withLockSync(path, () => 'ran', { timeoutMs: 0 }))).toEqual(
      new ConfigError(
        `timed out waiting for the lock ${path}.lock`,
        'another weather is changing keys.json; try again (a lock whose process has ended is taken over at once, any other after 10 s)',
      ),
    );
  });

  it('names the file it protects when its lock is a folder', () => {
    const path = join(tempDir(), 'keys.json');
    mkdirSync(`${path}.lock`);
    const error = thrown(() => withLockSync(path, () => 'ran'));
    expect(error).toEqual(
      new ConfigError(
        `cannot write ${path}: it is a folder (EISDIR)`,
        'move what is in the way, or use another folder; what was stored before is unchanged',
      ),
    );
    expect(error).toBeInstanceOf(ConfigError);
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

describe('what a lock file says about its owner', () => {
  const A16 = 'aaaaaaaaaaaaaaaa';
  /** An owner that, read as written, has ended: its lock would be taken over at once. */
  const owner = (changed: Record<string, unknown>) =>
    JSON.stringify({ pid: ENDED(), host: hostname(), started: Date.now(), token: A16, ...changed });

  it.each([
    ['pid 0', () => owner({ pid: 0 })],
    ['a negative pid', () => owner({ pid: -7 })],
    ['a pid with a fraction', () => owner({ pid: ENDED() + 0.5 })],
    ['a host that is not a string', () => owner({ host: 7 })],
    [
      'a start that is not finite',
      () => owner({ started: 1 }).replace('"started":1', '"started":1e999'),
    ],
    ['a token in upper case', () => owner({ token: A16.toUpperCase() })],
    ['a token that is a number', () => owner({ token: 1234567890123456 })],
    ['a token with something before it', () => owner({ token: `x${A16}` })],
    ['a token with something after it', () => owner({ token: `${A16}x` })],
    ['a token too short', () => owner({ token: A16.slice(1) })],
    ['a token too long', () => owner({ token: 'a'.repeat(65) })],
    ['an array', () => `[${owner({})}]`],
  ])('%s: no owner, so a young lock is busy, whoever wrote it', (_what, text) => {
    const dir = tempDir();
    const lock = join(dir, 'x.lock');
    writeFileSync(lock, text());
    expect(tryLock(lock, OPTIONS)).toEqual({ held: false, pid: undefined });
    expect(readdirSync(dir)).toEqual(['x.lock']);
  });

  it('reads the longest valid token, and a lock whose owner ended is taken over', () => {
    const dir = tempDir();
    const lock = join(dir, 'x.lock');
    writeFileSync(lock, owner({ token: 'f'.repeat(64) }));
    const taken = tryLock(lock, OPTIONS);
    expect(taken.held).toBe(true);
    if (taken.held) taken.release();
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('breaking a stale lock, step by step', () => {
  it('names the claim on a lock without an owner by its inode and time, as every taker does', () => {
    const dir = tempDir();
    const lock = join(dir, 'x.lock');
    writeFileSync(lock, '{"pid":');
    const old = (Date.now() - STALE_LOCK_MS - 1_000) / 1000;
    utimesSync(lock, old, old);
    const { ino, mtimeMs } = statSync(lock);
    const claim = `x.lock.break-unnamed-${ino}-${Math.floor(mtimeMs)}`;
    plantLock(join(dir, claim), { pid: LIVE, token: 'bbbbbbbbbbbbbbbb' });
    expect(tryLock(lock, OPTIONS)).toEqual({ held: false, pid: undefined });
    expect(readdirSync(dir).sort()).toEqual(['x.lock', claim]);
  });

  /** A stale lock and `claims` claims on it, each left by a process that crashed. */
  function crashedChain(dir: string, claims: number): string[] {
    const tokens = ['a', 'b', 'c', 'd'].map((c) => c.repeat(16));
    const paths = [join(dir, 'x.lock')];
    for (let level = 1; level <= claims; level++) {
      paths.push(`${paths[level - 1] ?? ''}.break-${tokens[level - 1] ?? ''}`);
    }
    const pid = ENDED();
    paths.forEach((path, level) => plantLock(path, { pid, token: tokens[level] ?? '' }));
    return paths;
  }

  it('takes over through two levels of crashed claims, and cleans them all up', () => {
    const dir = tempDir();
    const [lock = ''] = crashedChain(dir, 2);
    const taken = tryLock(lock, OPTIONS);
    expect([taken.held, readdirSync(dir)]).toEqual([true, ['x.lock']]);
    if (taken.held) taken.release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('waits at the third level of crashed claims, changing nothing', () => {
    const dir = tempDir();
    const paths = crashedChain(dir, 3);
    const before = paths.map((path) => readFileSync(path, 'utf8'));
    const seen = tryLock(paths[0] ?? '', OPTIONS);
    expect([seen.held, paths.map((path) => readFileSync(path, 'utf8'))]).toEqual([false, before]);
    expect(readdirSync(dir)).toHaveLength(4);
  });

  it.skipIf(!existsSync('/proc/self/fd'))(
    'leaves no file open after taking a lock, taking one over or releasing one',
    () => {
      const dir = tempDir();
      const open = () => readdirSync('/proc/self/fd').length;
      const before = open();
      const fresh = tryLock(join(dir, 'a.lock'), OPTIONS);
      const stale = tryLock(plantLock(join(dir, 'b.lock'), { pid: LIVE, started: 0 }), OPTIONS);
      if (fresh.held) fresh.release();
      if (stale.held) stale.release();
      expect([fresh.held, stale.held, open(), readdirSync(dir)]).toEqual([true, true, before, []]);
    },
  );

  it('releases quietly a lock whose file someone removed meanwhile', () => {
    const dir = tempDir();
    const lock = join(dir, 'x.lock');
    const mine = tryLock(lock, OPTIONS);
    rmSync(lock);
    if (mine.held) mine.release();
    expect([mine.held, readdirSync(dir)]).toEqual([true, []]);
  });

  it('throws the error of a folder that does not exist, as it is', () => {
    const lock = join(tempDir(), 'missing', 'x.lock');
    const error = thrown(() => tryLock(lock, OPTIONS));
    expect([(error as NodeJS.ErrnoException).code, (error as Error).message]).toEqual([
      'ENOENT',
      `ENOENT: no such file or directory, open '${lock}'`,
    ]);
  });
});

describe('removeIfStale', () => {
  it('says a lock that is not there is gone', () => {
    const dir = tempDir();
    expect([removeIfStale(join(dir, 'x.lock'), OPTIONS), readdirSync(dir)]).toEqual([true, []]);
  });

  it('leaves a stale lock that another process is breaking', () => {
    const dir = tempDir();
    const lock = plantLock(join(dir, 'x.lock'), { pid: LIVE, started: 0, token: 'a'.repeat(16) });
    plantLock(`${lock}.break-${'a'.repeat(16)}`, { pid: LIVE, token: 'b'.repeat(16) });
    expect([removeIfStale(lock, OPTIONS), readdirSync(dir).sort()]).toEqual([
      false,
      ['x.lock', `x.lock.break-${'a'.repeat(16)}`],
    ]);
  });
});

describe('waitForLock, on a clock of its own', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('polls after a short random pause, doubling up to about a tenth of a second, then gives up', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 1), toFake: ['Date', 'setTimeout'] });
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const lock = plantLock(join(tempDir(), 'x.lock'), { pid: LIVE });
    const start = Date.now();
    const polls: number[] = [];
    const options = { ...OPTIONS, timeoutMs: 300, doing: 'fetching an entry' };
    const waiting = waitForLock(lock, () => void polls.push(Date.now() - start), options).then(
      () => 'taken',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(1_000);
    expect([await Promise.race([waiting, Promise.resolve('still waiting')]), polls]).toEqual([
      new ConfigError(
        `timed out waiting for the lock ${lock}`,
        'another weather (pid 1) is fetching an entry; try again (a lock whose process has ended is taken over at once, any other after 10 s)',
      ),
      [0, 20, 60, 140, 260, 380],
    ]);
  });
});
