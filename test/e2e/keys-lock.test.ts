import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeHome, storedKeyNames, weather } from '../helpers/cli.js';

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
    expect(storedKeyNames(h)).toEqual(names);
    expect(existsSync(join(h, 'config', 'keys.json.lock'))).toBe(false);
  });
});
