import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConsoleToken } from '../../../src/keys/console-token.js';
import { makeHome } from '../../helpers/cli.js';
import { runIn } from '../../helpers/io.js';

describe('the console token', () => {
  it('is stored as its hash only, and a new one replaces the old', () => {
    const { home, remove } = makeHome();
    try {
      const token = new ConsoleToken(join(home, 'config', 'console-token.json'));
      expect(token.matches('anything')).toBe(false);
      const first = token.issue(new Date(Date.UTC(2026, 0, 1)));
      const stored = readFileSync(token.path, 'utf8');
      expect(stored.replace(/[0-9a-f]{64}/, '<hash>')).toBe(
        '{\n  "sha256": "<hash>",\n  "issued": "2026-01-01T00:00:00.000Z"\n}\n',
      );
      expect(first).toMatch(/^[\w-]{43}$/);
      expect([token.matches(first), token.matches(`${first}x`), token.matches('')]).toEqual([
        true,
        false,
        false,
      ]);
      const second = token.issue(new Date());
      expect([token.matches(first), token.matches(second)]).toEqual([false, true]);
    } finally {
      remove();
    }
  });

  it('weather keys console-token prints a new one on stdout', async () => {
    const { home, remove } = makeHome();
    try {
      const result = await runIn(home, ['keys', 'console-token']);
      expect([result.code, result.stderr]).toEqual([
        0,
        'weather: the console token before this one no longer signs in\n',
      ]);
      const token = new ConsoleToken(join(home, 'config', 'console-token.json'));
      expect(token.matches(result.stdout.trimEnd())).toBe(true);
    } finally {
      remove();
    }
  });
});
