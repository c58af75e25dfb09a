import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STALE_LOCK_MS } from '../../src/core/lock.js';
import { makeHome, ROOT, weather } from '../helpers/cli.js';
import { endedPid, plantLock } from '../helpers/locks.js';

const RACERS = 20;

let remove: (() => void) | undefined;
afterEach(() => {
  remove?.();
  remove = undefined;
});

function home(): string {
  const made = makeHome();
  remove = made.remove;
  return made.home;
}

/** Locks a crashed process left behind: its pid has ended, and it is not old. */
function plantCrashed(config: string, file: string): void {
  plantLock(join(config, `${file}.lock`), { pid: endedPid() });
}

describe('keys.json and config.json between processes', () => {
  it(`lose nothing when ${RACERS} keys create and ${RACERS} config set race past stale locks`, async () => {
    const h = home();
    const config = join(h, 'config');
    plantCrashed(config, 'keys.json');
    plantCrashed(config, 'config.json');
    const names = Array.from({ length: RACERS }, (_, i) => `k${String(i).padStart(2, '0')}`);
    const settings = Array.from({ length: RACERS }, (_, i) => {
      const values: readonly (readonly [string, string])[] = [
        ['appid', `key-${i}`],
        ['units', ['standard', 'metric', 'imperial'][i % 3] ?? 'metric'],
        ['lang', ['en', 'de', 'fr'][i % 3] ?? 'en'],
        ['location', `${i},${i}`],
        ['base_url', `http://h${i}.example/data/2.5`],
        ['timeout', `${i + 1}`],
        ['cache', `${i + 1}m`],
        ['stale_ok', `${i + 1}h`],
      ];
      return values[i % values.length] ?? ['units', 'metric'];
    });
    const runs = await Promise.all([
      ...names.map((name) =>
        weather(h, ['keys', 'create', '--name', name], {}, { timeoutMs: 30_000 }),
      ),
      ...settings.map(([key, value]) =>
        weather(h, ['config', 'set', key, value], {}, { timeoutMs: 30_000 }),
      ),
    ]);
    expect(runs.map((r) => [r.code, r.stderr])).toEqual(runs.map(() => [0, '']));
    const keys = JSON.parse(readFileSync(join(config, 'keys.json'), 'utf8')) as {
      keys: { name: string }[];
    };
    expect(keys.keys.map((k) => k.name).sort()).toEqual(names);
    const stored = JSON.parse(readFileSync(join(config, 'config.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    // Every key set is there, with one of the values written to it.
    expect(Object.keys(stored).sort()).toEqual([...new Set(settings.map(([key]) => key))].sort());
    for (const [key, value] of Object.entries(stored)) {
      const written = settings.filter(([k]) => k === key).map(([, v]) => v);
      expect(written.map((v) => (key === 'timeout' ? Number(v) : v))).toContain(value);
    }
    expect(readdirSync(config).sort()).toEqual(['config.json', 'keys.json']);
  });
});

describe('a stale lock that many processes race to break', () => {
  const bundle = makeHome();
  const holder = join(bundle.home, 'lock-holder.mjs');
  afterAll(() => bundle.remove());

  beforeAll(async () => {
    await build({
      entryPoints: [join(ROOT, 'test/helpers/lock-holder.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: holder,
      logLevel: 'warning',
    });
  });

  it.each([
    ['whose owner has ended', () => ({ pid: endedPid() })],
    [
      'older than the longest hold',
      () => ({ pid: 1, started: Date.now() - STALE_LOCK_MS - 5_000 }),
    ],
  ])('%s: exactly one process holds it at a time', async (_what, owner) => {
    const dir = home();
    const file = join(dir, 'shared.json');
    const log = join(dir, 'log');
    const go = join(dir, 'go');
    writeFileSync(log, '');
    plantLock(`${file}.lock`, owner());
    const children = Array.from({ length: RACERS }, () =>
      spawn(process.execPath, [holder, file, log, go], { cwd: dir }),
    );
    const ready = children.map(
      (child) =>
        new Promise<void>((resolve, reject) => {
          child.stdout.once('data', () => resolve());
          child.once('error', reject);
        }),
    );
    const exited = children.map(
      (child) => new Promise<number | null>((resolve) => child.on('close', resolve)),
    );
    await Promise.all(ready);
    writeFileSync(go, '');
    expect(await Promise.all(exited)).toEqual(children.map(() => 0));
    const lines = readFileSync(log, 'utf8').trim().split('\n');
    const holders = lines.filter((_, i) => i % 2 === 0).map((line) => line.split(' ')[0]);
    // Every "in" is followed by the same process's "out": no two holders at once.
    expect(lines).toEqual(holders.flatMap((pid) => [`${pid} in`, `${pid} out`]));
    expect(new Set(holders).size).toBe(RACERS);
    expect(readdirSync(dir).sort()).toEqual(['go', 'log']);
  });
});
