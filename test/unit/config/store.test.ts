import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, UsageError } from '../../../src/core/errors.js';
import { ConfigStore } from '../../../src/config/store.js';
import { configDir } from '../../../src/config/paths.js';
import { readSettings } from '../../../src/config/read.js';
import { thrown, useTempDir } from '../../helpers/tmp.js';

const tempDir = useTempDir();

describe('ConfigStore', () => {
  it('stores validated settings in config.json with mode 0600', () => {
    const dir = tempDir();
    const store = new ConfigStore(dir);
    expect(store.read()).toEqual({});
    store.set('units', 'imperial');
    store.set('location', ' -33.87 , 151.21 ');
    store.set('timeout', '2.5');
    store.set('base_url', 'http://127.0.0.1:8080/data/2.5/');
    store.set('lang', 'PT_BR');
    store.set('appid', 'abc123');
    expect(new ConfigStore(dir).read()).toEqual({
      units: 'imperial',
      location: '-33.87,151.21',
      timeout: 2.5,
      base_url: 'http://127.0.0.1:8080/data/2.5',
      lang: 'pt_br',
      appid: 'abc123',
    });
    expect(store.path).toBe(join(dir, 'config.json'));
    expect(statSync(store.path).mode & 0o777).toBe(0o600);
    store.unset('units');
    expect(new ConfigStore(dir).read().units).toBeUndefined();
  });

  it.each([
    ['units', 'kelvin', 'invalid value for units: "kelvin" (allowed: standard, metric, imperial)'],
    [
      'location',
      '91,0',
      'invalid value for location: "91,0" (allowed: "lat,lon" with lat from -90 to 90 and lon from -180 to 180, e.g. 51.5,-0.1, or the name of a saved place)',
    ],
    [
      'location',
      '51.5',
      'invalid value for location: "51.5" (allowed: "lat,lon" with lat from -90 to 90 and lon from -180 to 180, e.g. 51.5,-0.1, or the name of a saved place)',
    ],
    [
      'timeout',
      '0',
      'invalid value for timeout: "0" (allowed: a number of seconds greater than 0 and at most 300)',
    ],
    [
      'timeout',
      'soon',
      'invalid value for timeout: "soon" (allowed: a number of seconds greater than 0 and at most 300)',
    ],
    [
      'base_url',
      'ftp://x',
      'invalid value for base_url: "ftp://x" (allowed: an http:// or https:// URL, e.g. https://api.openweathermap.org/data/2.5)',
    ],
    [
      'base_url',
      'http://x/?a=1',
      'invalid value for base_url: "http://x/?a=1" (allowed: a URL without ?query or #fragment)',
    ],
    [
      'appid',
      'has space',
      'invalid value for appid: "has space" (allowed: a non-empty key of printable characters)',
    ],
    ['appid', '', 'invalid value for appid: "" (allowed: a non-empty key of printable characters)'],
  ] as const)('rejects %s=%j with the allowed values named', (key, value, message) => {
    const store = new ConfigStore(tempDir());
    expect(() => store.set(key, value)).toThrow(new UsageError(message));
  });

  it('rejects unknown lang codes listing the valid ones', () => {
    expect(() => new ConfigStore(tempDir()).set('lang', 'xx')).toThrow(
      /allowed: af, ar, az, be, bg, ca, cz, da, de, el, en, es, eu, fa, fi, fr, gl, he, hi, hr, hu, id, is, it, ja, kr, ku, la, lt, mk, nl, no, pl, pt, pt_br, ro, ru, se, sk, sl, sp, sq, sr, sv, th, tr, ua, uk, vi, zh_cn, zh_tw, zu\)$/,
    );
  });

  it.each([
    ['not JSON', '{"units": "metric",', /is not valid JSON/],
    [
      'an invalid value',
      '{"units":"kelvin"}',
      /invalid units "kelvin" \(allowed: standard, metric, imperial\)/,
    ],
    [
      'a value of the wrong type',
      '{"timeout":{"s":1}}',
      /invalid timeout \{"s":1\} \(expected text, found \{"s":1\}\)/,
    ],
  ])('reports a file that is %s, naming it, and never rewrites it', (_what, text, message) => {
    const dir = tempDir();
    const path = join(dir, 'config.json');
    writeFileSync(path, text);
    const attempt = () => new ConfigStore(dir).read();
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(message);
    expect(attempt).toThrow(path);
    expect(readFileSync(path, 'utf8')).toBe(text);
  });

  it('lets `config set` repair the invalid value and keeps other members', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'config.json'), '{"units":"kelvin","future_setting":true}');
    new ConfigStore(dir).set('units', 'metric');
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'))).toEqual({
      units: 'metric',
      future_setting: true,
    });
  });
});

describe('config.json that is JSON but not an object', () => {
  it.each([
    ['[1,2]', 'an array'],
    ['null', 'null'],
    ['"metric"', 'a string'],
    ['5', 'a number'],
    ['true', 'a boolean'],
  ])('%s is refused by queries, set and unset, and never rewritten', (text, kind) => {
    const dir = tempDir();
    const path = join(dir, 'config.json');
    writeFileSync(path, text);
    const expected = new ConfigError(
      `config file ${path} holds ${kind}, not an object`,
      'fix or move the file; weather has left it untouched',
    );
    const store = new ConfigStore(dir);
    expect([
      thrown(() => readSettings(dir)),
      thrown(() => store.read()),
      thrown(() => store.set('units', 'metric')),
      thrown(() => store.unset('units')),
    ]).toEqual([expected, expected, expected, expected]);
    expect([readFileSync(path, 'utf8'), readdirSync(dir)]).toEqual([text, ['config.json']]);
  });
});

describe('a config folder that is not there means no settings, and a query creates nothing', () => {
  it('a missing folder', () => {
    const dir = join(tempDir(), 'missing', 'weather');
    expect(readSettings(dir)).toEqual({});
    expect(new ConfigStore(dir).read()).toEqual({});
    expect(existsSync(join(dir, '..'))).toBe(false);
  });

  it('a "folder" that is a file', () => {
    const file = join(tempDir(), 'file');
    writeFileSync(file, 'x');
    expect(readSettings(join(file, 'weather'))).toEqual({});
  });

  it('but a config.json that is a folder is an error', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'config.json'));
    expect(thrown(() => readSettings(dir))).toEqual(
      new ConfigError(
        `config file ${join(dir, 'config.json')} cannot be read: it is a folder (EISDIR)`,
        'fix or move the file; weather has left it untouched',
      ),
    );
  });
});

describe('writes that fail', () => {
  it('name the file and say what happened (a folder on the path is a file)', () => {
    const file = join(tempDir(), 'file');
    writeFileSync(file, 'x');
    const dir = join(file, 'weather');
    const error = thrown(() => new ConfigStore(dir).set('units', 'metric'));
    expect(error).toEqual(
      new ConfigError(
        `cannot write ${join(dir, 'config.json')}: a folder on the path is a file (ENOTDIR)`,
        'move what is in the way, or use another folder; what was stored before is unchanged',
      ),
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect(readFileSync(file, 'utf8')).toBe('x');
  });
});

describe('configDir', () => {
  it.each([
    [{ WEATHER_CONFIG_DIR: '/x/cfg', XDG_CONFIG_HOME: '/xdg' }, '/x/cfg'],
    [{ XDG_CONFIG_HOME: '/xdg' }, '/xdg/weather'],
    // The HOME of the environment given, not the process's.
    [{ HOME: '/home/someone' }, '/home/someone/.config/weather'],
  ])('%j → %s', (env, dir) => {
    expect(configDir(env)).toBe(dir);
  });
});
