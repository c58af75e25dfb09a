import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/core/errors.js';
import {
  baseUrlIgnoredNotice,
  NO_KEY_NOTICE,
  planCurrent,
  type CurrentFlags,
} from '../../../src/cli/plan.js';
import type { StoredSettings } from '../../../src/config/settings.js';

const HERE = { lat: 51.5, lon: -0.1 };
const DEFAULT = 'https://api.openweathermap.org/data/2.5';

/** Flags as commander hands them over: with the table's defaults applied. */
function plan(
  flags: Partial<CurrentFlags>,
  env: Record<string, string> = {},
  stored: StoredSettings = {},
  tty = false,
) {
  return planCurrent({ mode: 'json', ...flags }, env, stored, tty);
}

describe('where the observation comes from', () => {
  it.each([
    [
      'no key anywhere: embedded, with a notice',
      {},
      {},
      {},
      { kind: 'embedded', now: undefined },
      undefined,
      NO_KEY_NOTICE,
    ],
    [
      '--offline: embedded, quietly',
      { offline: true },
      {},
      { appid: 'k' },
      { kind: 'embedded', now: undefined },
      undefined,
      undefined,
    ],
    [
      '--offline --now',
      { offline: true, now: 5000 },
      {},
      {},
      { kind: 'embedded', now: 5000 },
      undefined,
      undefined,
    ],
    [
      'config appid: live',
      {},
      {},
      { appid: 'cfg' },
      { kind: 'live', baseUrl: DEFAULT },
      'cfg',
      undefined,
    ],
    [
      'env beats config',
      {},
      { WEATHER_APPID: 'env' },
      { appid: 'cfg' },
      { kind: 'live', baseUrl: DEFAULT },
      'env',
      undefined,
    ],
    [
      'flag beats env',
      { appid: 'flag' },
      { WEATHER_APPID: 'env' },
      { appid: 'cfg' },
      { kind: 'live', baseUrl: DEFAULT },
      'flag',
      undefined,
    ],
    [
      'empty env is unset',
      {},
      { WEATHER_APPID: '' },
      { appid: 'cfg' },
      { kind: 'live', baseUrl: DEFAULT },
      'cfg',
      undefined,
    ],
    [
      'config base_url',
      {},
      {},
      { appid: 'k', base_url: 'http://cfg/data/2.5' },
      { kind: 'live', baseUrl: 'http://cfg/data/2.5' },
      'k',
      undefined,
    ],
    [
      'env base URL beats config',
      {},
      { WEATHER_BASE_URL: 'http://env/data/2.5/' },
      { appid: 'k', base_url: 'http://cfg' },
      { kind: 'live', baseUrl: 'http://env/data/2.5' },
      'k',
      undefined,
    ],
    [
      'flag base URL beats env',
      { baseUrl: 'http://flag' },
      { WEATHER_BASE_URL: 'http://env' },
      { appid: 'k' },
      { kind: 'live', baseUrl: 'http://flag' },
      'k',
      undefined,
    ],
    [
      '--base-url without a key: embedded, saying the URL is ignored',
      { baseUrl: 'http://flag' },
      {},
      {},
      { kind: 'embedded', now: undefined },
      undefined,
      baseUrlIgnoredNotice('--base-url'),
    ],
    [
      'WEATHER_BASE_URL without a key',
      {},
      { WEATHER_BASE_URL: 'http://env' },
      {},
      { kind: 'embedded', now: undefined },
      undefined,
      baseUrlIgnoredNotice('WEATHER_BASE_URL'),
    ],
    [
      'a stored base_url without a key',
      {},
      {},
      { base_url: 'http://cfg' },
      { kind: 'embedded', now: undefined },
      undefined,
      baseUrlIgnoredNotice('the stored base_url'),
    ],
    [
      '--offline --base-url: embedded, quietly',
      { offline: true, baseUrl: 'http://flag' },
      {},
      {},
      { kind: 'embedded', now: undefined },
      undefined,
      undefined,
    ],
  ] as const)('%s', (_what, flags, env, stored, source, appid, notice) => {
    const p = plan({ ...HERE, ...flags }, env, stored);
    expect(p.source).toEqual(source);
    expect(p.query.appid).toBe(appid);
    expect(p.notice).toBe(notice);
  });
});

describe('query values', () => {
  it.each([
    ['defaults: metric, en, json', {}, {}, { units: 'metric', lang: 'en', mode: 'json' }],
    [
      'config units and lang',
      {},
      { units: 'imperial', lang: 'de' },
      { units: 'imperial', lang: 'de', mode: 'json' },
    ],
    [
      'flags beat config',
      { units: 'standard', lang: 'ua', mode: 'xml' },
      { units: 'imperial', lang: 'de' },
      { units: 'standard', lang: 'ua', mode: 'xml' },
    ],
  ] as const)('%s', (_what, flags, stored, expected) => {
    const { query } = plan({ ...HERE, ...flags }, {}, stored);
    expect({ units: query.units, lang: query.lang, mode: query.mode }).toEqual(expected);
  });

  it.each([
    ['flags', { lat: -33.9, lon: 151.2 }, {}, [-33.9, 151.2]],
    ['config location', {}, { location: '51.5,-0.1' }, [51.5, -0.1]],
    ['flags beat config', { lat: 0, lon: 0 }, { location: '51.5,-0.1' }, [0, 0]],
  ] as const)('location from %s', (_what, flags, stored, [lat, lon]) => {
    const { query } = plan(flags, {}, stored);
    expect([query.lat, query.lon]).toEqual([lat, lon]);
  });

  it.each([
    [{}, {}, 10_000],
    [{}, { timeout: 3 }, 3_000],
    [{ timeout: 0.5 }, { timeout: 3 }, 500],
  ])('timeout %j %j → %s ms', (flags, stored, ms) => {
    expect(plan({ ...HERE, ...flags }, {}, stored).timeoutMs).toBe(ms);
  });
});

describe('how it is printed', () => {
  it.each([
    ['table on a terminal', {}, true, { kind: 'table' }],
    ['raw on a pipe', {}, false, { kind: 'raw' }],
    ['--output wins on a terminal', { output: 'summary' }, true, { kind: 'summary' }],
    ['--output wins on a pipe', { output: 'table' }, false, { kind: 'table' }],
    ['html is raw on a terminal', { mode: 'html' }, true, { kind: 'raw' }],
    ['html with --output raw', { mode: 'html', output: 'raw' }, true, { kind: 'raw' }],
    ['xml decodes for a table', { mode: 'xml' }, true, { kind: 'table' }],
  ] as const)('%s', (_what, flags, tty, expected) => {
    expect(plan({ ...HERE, ...flags }, {}, {}, tty).printing).toEqual(expected);
  });

  it('parses --format into a template', () => {
    expect(plan({ ...HERE, format: '{name}' }).printing).toEqual({
      kind: 'template',
      template: {
        parts: [
          {
            kind: 'field',
            path: 'name',
            fallback: undefined,
            spec: { fill: ' ', align: undefined, width: 0, precision: undefined, zeros: false },
          },
        ],
      },
    });
  });
});

describe('usage errors, before any request', () => {
  it.each([
    [
      'no location',
      {},
      {},
      {},
      '--lat and --lon are required (latitude -90 to 90, longitude -180 to 180)',
    ],
    ['only --lat', { lat: 1 }, {}, {}, '--lat and --lon must be given together'],
    [
      'only --lon, with a config location',
      { lon: 1 },
      {},
      { location: '1,2' },
      '--lat and --lon must be given together',
    ],
    [
      '--format with --output',
      { ...HERE, format: '{name}', output: 'raw' },
      {},
      {},
      '--format and --output cannot be combined',
    ],
    [
      '--format with html',
      { ...HERE, format: '{name}', mode: 'html' },
      {},
      {},
      '--format needs --mode json or xml; html is printed raw',
    ],
    [
      'html as a table',
      { ...HERE, mode: 'html', output: 'table' },
      {},
      {},
      '--mode html is printed raw; --output table needs json or xml',
    ],
    [
      '--now against the live service',
      { ...HERE, now: 1 },
      {},
      { appid: 'k' },
      '--now sets the clock of the embedded implementation; add --offline',
    ],
    ['a bad template', { ...HERE, format: '{nope}' }, {}, {}, 'unknown field {nope} in --format'],
  ] as const)('%s', (_what, flags, env, stored, message) => {
    expect(() => plan(flags, env, stored)).toThrow(UsageError);
    expect(() => plan(flags, env, stored)).toThrow(message);
  });

  it('names an invalid WEATHER_BASE_URL', () => {
    expect(() => plan(HERE, { WEATHER_BASE_URL: 'ftp://x' }, { appid: 'k' })).toThrow(
      new UsageError(
        'WEATHER_BASE_URL "ftp://x" is not valid (allowed: an http:// or https:// URL, e.g. https://api.openweathermap.org/data/2.5)',
      ),
    );
  });
});
