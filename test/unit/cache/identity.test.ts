import { describe, expect, it } from 'vitest';
import { entryName, keyIdentity, type CachedRequest } from '../../../src/cache/identity.js';

const REQUEST: CachedRequest = {
  baseUrl: 'https://api.openweathermap.org/data/2.5',
  appid: 'feedfacefeedfacefeedfacefeedface',
  lat: 51.5,
  lon: -0.1,
  units: 'metric',
  lang: 'en',
  mode: 'json',
};

describe('cache names', () => {
  it('are hashes that never hold the key', () => {
    const names = [entryName(REQUEST), keyIdentity(REQUEST.baseUrl, REQUEST.appid)];
    expect(names.map((n) => /^[0-9a-f]{64}$/.test(n) && !n.includes(REQUEST.appid))).toEqual([
      true,
      true,
    ]);
  });

  it.each([
    ['the same place to 4 decimals', { lat: 51.50004 }, true],
    ['a place 5th-decimal apart rounding away', { lat: 51.50005 }, false],
    ['another key', { appid: 'other' }, false],
    ['another base URL', { baseUrl: 'http://127.0.0.1:8080/data/2.5' }, false],
    ['other units', { units: 'imperial' }, false],
    ['another language', { lang: 'de' }, false],
    ['another mode', { mode: 'xml' }, false],
  ] as const)('%s: same entry %s', (_what, change, same) => {
    expect(entryName({ ...REQUEST, ...change }) === entryName(REQUEST)).toBe(same);
  });

  it('round -0 and 0 to the same place', () => {
    const at = (lat: number, lon: number) => entryName({ ...REQUEST, lat, lon });
    expect(at(0.00001, -0.00001)).toBe(at(0, 0));
  });
});
