import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { STALE_LOCK_MS } from '../../src/core/files.js';
import { makeHome, weather } from '../helpers/cli.js';

const WRITERS = 12;

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

function storedNames(h: string): string[] {
  const file = JSON.parse(readFileSync(join(h, 'config', 'keys.json'), 'utf8')) as {
    keys: { name: string }[];
  };
  return file.keys.map((k) => k.name).sort();
}

describe('the key file lock between processes', () => {
  it(`loses no key when ${WRITERS} processes create keys at once`, async () => {
    const h = home();
    const names = Array.from({ length: WRITERS }, (_, i) => `k${String(i).padStart(2, '0')}`);
    const runs = await Promise.all(
      names.map((name) =>
        weather(h, ['keys', 'create', '--name', name], {}, { timeoutMs: 15_000 }),
      ),
    );
    expect(runs.map((r) => [r.code, r.stderr, /^[0-9a-f]{32}\n$/.test(r.stdout)])).toEqual(
      names.map(() => [0, '', true]),
    );
    expect(storedNames(h)).toEqual(names);
    expect(existsSync(join(h, 'config', 'keys.json.lock'))).toBe(false);
  });

  it('takes over a lock left by a crashed process once it is older than the stale limit', async () => {
    const h = home();
    const lock = join(h, 'config', 'keys.json.lock');
    mkdirSync(join(h, 'config'), { recursive: true });
    writeFileSync(lock, '');
    const old = (Date.now() - STALE_LOCK_MS - 5_000) / 1000;
    utimesSync(lock, old, old);
    // Bounded well below the five seconds a live lock is waited for: the stale one goes at once.
    const r = await weather(
      h,
      ['keys', 'create', '--name', 'after-crash'],
      {},
      { timeoutMs: 4_000 },
    );
    expect([r.code, r.stderr, /^[0-9a-f]{32}\n$/.test(r.stdout)]).toEqual([0, '', true]);
    expect(storedNames(h)).toEqual(['after-crash']);
    expect(existsSync(lock)).toBe(false);
  });
});
