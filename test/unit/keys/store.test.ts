import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/core/errors.js';
import {
  AmbiguousKeyError,
  KeyFile,
  UnknownKeyError,
  watchKeyFile,
} from '../../../src/keys/store.js';
import { thrown, useTempDir } from '../../helpers/tmp.js';

const tempDir = useTempDir();
const NOW = new Date('2026-11-22T10:00:00.000Z');

describe('KeyFile', () => {
  it('creates random 32-hex-character Active keys, mode 0600', () => {
    const file = new KeyFile(join(tempDir(), 'sub', 'keys.json'));
    const a = file.create('laptop', NOW);
    const b = file.create('', NOW);
    expect(a.key).toMatch(/^[0-9a-f]{32}$/);
    expect(b.key).not.toBe(a.key);
    expect(file.read()).toEqual([
      { key: a.key, name: 'laptop', status: 'active', created: '2026-11-22T10:00:00.000Z' },
      { key: b.key, name: '', status: 'active', created: '2026-11-22T10:00:00.000Z' },
    ]);
    expect(statSync(file.path).mode & 0o777).toBe(0o600);
  });

  it('moves keys between Active and Inactive, and deletes them, by key or name', () => {
    const file = new KeyFile(join(tempDir(), 'keys.json'));
    const a = file.create('ci', NOW);
    expect(file.setStatus(a.key, 'inactive').status).toBe('inactive');
    expect(file.read()[0]?.status).toBe('inactive');
    expect(file.setStatus('ci', 'active').status).toBe('active');
    expect(file.delete('ci').key).toBe(a.key);
    expect(file.read()).toEqual([]);
  });

  it('names the problem when a key is unknown or a name is ambiguous', () => {
    const file = new KeyFile(join(tempDir(), 'keys.json'));
    file.create('twin', NOW);
    file.create('twin', NOW);
    expect(thrown(() => file.setStatus('twin', 'inactive'))).toEqual(
      new AmbiguousKeyError('twin', 2),
    );
    expect(thrown(() => file.delete('0123456789abcdef0123456789abcdef'))).toEqual(
      new UnknownKeyError('0123456789abcdef0123456789abcdef'),
    );
    expect(thrown(() => file.delete('nope'))).toEqual(new UnknownKeyError('nope'));
  });

  it('reads a missing file as no keys and never creates one by reading', () => {
    const file = new KeyFile(join(tempDir(), 'keys.json'));
    expect(file.read()).toEqual([]);
    expect(() => statSync(file.path)).toThrow();
  });

  it.each([
    ['not JSON', '{oops', 'is not valid JSON'],
    ['no list', '{"keys": 5}', 'does not hold a list of keys'],
    [
      'a bad status',
      '{"keys":[{"key":"k","name":"","status":"paused","created":"x"}]}',
      'does not hold a list of keys',
    ],
  ])('reports a file that is %s and leaves it untouched', (_what, text, reason) => {
    const path = join(tempDir(), 'keys.json');
    writeFileSync(path, text);
    const file = new KeyFile(path);
    expect(thrown(() => file.read())).toEqual(
      new ConfigError(`key file ${path} ${reason}`, 'fix or move the file; it was left untouched'),
    );
    expect(() => file.create('x', NOW)).toThrow(ConfigError);
    expect(readFileSync(path, 'utf8')).toBe(text);
  });

  it('loses no key when two writers take turns (lock file)', () => {
    const path = join(tempDir(), 'keys.json');
    const created = Array.from(
      { length: 20 },
      (_, i) => new KeyFile(path).create(`k${i}`, NOW).key,
    );
    expect(new KeyFile(path).read().map((k) => k.key)).toEqual(created);
  });
});

describe('watchKeyFile', () => {
  it('sees a change after the check interval, and keeps the last good keys on a broken file', () => {
    const path = join(tempDir(), 'keys.json');
    const file = new KeyFile(path);
    const key = file.create('', NOW).key;
    let clock = 0;
    const errors: string[] = [];
    const lookup = watchKeyFile(file, {
      intervalMs: 250,
      now: () => clock,
      onError: (e) => errors.push(e.message),
    });
    expect(lookup.status(key)).toBe('active');
    file.setStatus(key, 'inactive');
    clock = 100;
    expect(lookup.status(key)).toBe('active'); // not checked again yet
    clock = 250;
    expect(lookup.status(key)).toBe('inactive');
    writeFileSync(path, 'garbage');
    clock = 600;
    expect(lookup.status(key)).toBe('inactive');
    clock = 900;
    expect(lookup.status(key)).toBe('inactive');
    expect(errors).toEqual([`key file ${path} is not valid JSON`]);
    expect(lookup.status('unknown')).toBeUndefined();
  });
});
