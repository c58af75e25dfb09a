import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeHome } from '../../helpers/cli.js';
import { runIn, useHome } from '../../helpers/io.js';

const { home } = useHome();

describe('weather config', () => {
  it('sets, gets, lists, unsets and masks the key', async () => {
    const { home: h, remove: r } = makeHome();
    try {
      const secret = '0123456789abcdef0123456789abcdef';
      expect((await runIn(h, ['config', 'set', 'appid', secret])).code).toBe(0);
      expect((await runIn(h, ['config', 'set', 'location', '-33.87,151.21'])).code).toBe(0);
      expect((await runIn(h, ['config', 'get', 'appid'])).stdout).toBe(
        '0123************************cdef\n',
      );
      expect((await runIn(h, ['config', 'get', 'appid', '--show'])).stdout).toBe(`${secret}\n`);
      expect((await runIn(h, ['config', 'list'])).stdout).toBe(
        'appid=0123************************cdef\nlocation=-33.87,151.21\n',
      );
      const unset = await runIn(h, ['config', 'get', 'units']);
      expect([unset.code, unset.stdout, unset.stderr]).toEqual([
        11,
        '',
        'weather: units is not set (default: metric)\n',
      ]);
      const path = (await runIn(h, ['config', 'path'])).stdout;
      expect(path).toBe(`${join(h, 'config', 'config.json')}\n`);
      expect(statSync(path.trim()).mode & 0o777).toBe(0o600);
      expect((await runIn(h, ['config', 'unset', 'appid'])).code).toBe(0);
      expect((await runIn(h, ['config', 'list'])).stdout).toBe('location=-33.87,151.21\n');
    } finally {
      r();
    }
  });

  it('rejects invalid values and unknown keys with the allowed ones named', async () => {
    const bad = await runIn(home, ['config', 'set', 'units', 'kelvin']);
    expect([bad.code, bad.stderr]).toEqual([
      2,
      'weather: invalid value for units: "kelvin" (allowed: standard, metric, imperial)\n',
    ]);
    const unknown = await runIn(home, ['config', 'get', 'colour']);
    expect([unknown.code, unknown.stderr]).toEqual([
      2,
      'weather: unknown config key "colour" (valid keys: appid, units, temp_unit, wind_unit, pressure_unit, lang, location, base_url, timeout, cache, stale_ok, icons)\n',
    ]);
  });
});
