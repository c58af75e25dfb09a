import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STALE_LOCK_MS } from '../../../src/core/lock.js';
import { storedKeyNames } from '../../helpers/cli.js';
import { runIn } from '../../helpers/io.js';
import { useTempDir } from '../../helpers/tmp.js';

// Many processes at once on one key file: test/e2e/keys-lock.test.ts.
const home = useTempDir();

describe('the key file lock', () => {
  it('takes over a lock left by a crashed process once it is older than the stale limit', async () => {
    const h = home();
    const lock = join(h, 'config', 'keys.json.lock');
    mkdirSync(join(h, 'config'), { recursive: true });
    writeFileSync(lock, '');
    const old = (Date.now() - STALE_LOCK_MS - 5_000) / 1000;
    utimesSync(lock, old, old);
    // Bounded well below the five seconds a live lock is waited for: the stale one goes at once.
    const started = Date.now();
    const r = await runIn(h, ['keys', 'create', '--name', 'after-crash']);
    expect(Date.now() - started).toBeLessThan(4_000);
    expect([r.code, r.stderr, /^[0-9a-f]{32}\n$/.test(r.stdout)]).toEqual([0, '', true]);
    expect(storedKeyNames(h)).toEqual(['after-crash']);
    expect(existsSync(lock)).toBe(false);
  });
});
