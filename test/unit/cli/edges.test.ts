import { describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/core/errors.js';
import { runIn, useHome } from '../../helpers/io.js';
import { NOW, TOKYO as TOKYO_AT } from '../../helpers/tokyo.js';

const { home } = useHome();
const LONG = 'x'.repeat(5000);

describe("commander's edges", () => {
  it.each([
    [['help', 'nothing'], 'weather: unknown command "nothing"\nhint: see: weather --help\n'],
    [['help', 'confg'], 'weather: unknown command "confg"\nhint: did you mean config?\n'],
    [
      ['help', 'config', 'nothing'],
      'weather: unknown command "nothing"\nhint: see: weather --help\n',
    ],
  ])('%j says the command is unknown, in one line', async (args, stderr) => {
    const r = await runIn(home, args);
    expect([r.code, r.stdout, r.stderr]).toEqual([EXIT.usage, '', stderr]);
  });

  it.each([
    [
      ['config', 'set', 'units', 'metric', 'imperial'],
      'weather: config set takes 2 arguments, and "imperial" is one too many\nhint: usage: weather config set <key> <value>\n',
    ],
    [
      ['config', 'get', 'units', 'lang'],
      'weather: config get takes 1 argument, and "lang" is one too many\nhint: usage: weather config get <key>\n',
    ],
    [
      ['keys', 'list', 'all'],
      'weather: keys list takes no arguments, and "all" is one too many\nhint: usage: weather keys list\n',
    ],
  ])('%j: extra arguments are a usage error', async (args, stderr) => {
    const r = await runIn(home, args);
    expect([r.code, r.stdout, r.stderr]).toEqual([EXIT.usage, '', stderr]);
  });

  it.each([
    [
      ['--lat', '1', 'config', 'path'],
      'weather: --lat is an option of weather itself, not of config path\nhint: leave it out, or see: weather config path --help\n',
    ],
    [
      ['-u', 'imperial', 'config', 'get', 'units'],
      'weather: --units is an option of weather itself, not of config get\nhint: leave it out, or see: weather config get --help\n',
    ],
    [
      ['--no-color', 'keys', 'list'],
      'weather: --no-color is an option of weather itself, not of keys list\nhint: leave it out, or see: weather keys list --help\n',
    ],
  ])('%j: an option before a command that does not take it is an error', async (args, stderr) => {
    const r = await runIn(home, args);
    expect([r.code, r.stdout, r.stderr]).toEqual([EXIT.usage, '', stderr]);
  });

  it('--verbose may come before any command', async () => {
    const r = await runIn(home, ['--verbose', 'config', 'get', 'appid']);
    expect([r.code, r.stdout, r.stderr]).toEqual([EXIT.notSet, '', 'weather: appid is not set\n']);
  });

  it('config get tells an unset key (exit 11) from a set one', async () => {
    const h = `${home}/get`;
    const unset = await runIn(h, ['config', 'get', 'units']);
    expect([unset.code, unset.stdout]).toEqual([EXIT.notSet, '']);
    expect((await runIn(h, ['config', 'set', 'units', 'metric'])).code).toBe(EXIT.ok);
    const set = await runIn(h, ['config', 'get', 'units']);
    expect([set.code, set.stdout, set.stderr]).toEqual([EXIT.ok, 'metric\n', '']);
  });

  it.each([
    [['--frobnicate'], 'weather: unknown option "--frobnicate"\nhint: see: weather --help\n'],
    [
      ['config', 'get', 'nope'],
      'weather: unknown config key "nope" (valid keys: appid, units, temp_unit, wind_unit, pressure_unit, lang, location, base_url, timeout, cache, stale_ok, icons)\n',
    ],
    [['completion', 'tcsh'], 'weather: shell must be one of bash, zsh, fish, got "tcsh"\n'],
  ])('%j quotes in double quotes', async (args, stderr) => {
    const r = await runIn(home, args);
    expect([r.code, r.stderr]).toEqual([EXIT.usage, stderr]);
  });

  it.each([
    [['--lat', '1', '--lon', '2', '--lang', 'xx']],
    [['config', 'set', 'lang', 'xx']],
    [['--lat', '1', '--lon', '2', '--offline', '--format', '{nope}']],
    [['--lat', LONG]],
    [['config', 'get', LONG]],
    [['config', 'set', 'units', LONG]],
    [['--lat', '1', '--lon', '2', '--offline', '--format', `{${LONG}}`]],
    [[`--${LONG}`]],
    [[LONG]],
    [['help', LONG]],
  ])('keeps the error line of %# under 200 characters', async (args) => {
    const r = await runIn(home, args);
    const [message = ''] = r.stderr.split('\n');
    expect([r.code, message.length < 200, r.stderr.includes(LONG)]).toEqual([
      EXIT.usage,
      true,
      false,
    ]);
  });

  it.each([
    [
      ['--lat', LONG],
      `weather: --lat must be a number from -90 to 90, got "${'x'.repeat(40)}…" (5000 characters)\n`,
    ],
    [
      [LONG],
      `weather: unknown command "${'x'.repeat(40)}…" (5000 characters)\nhint: see: weather --help\n`,
    ],
    [
      ['config', 'set', 'units', LONG],
      `weather: invalid value for units: "${'x'.repeat(40)}…" (5000 characters) (allowed: standard, metric, imperial)\n`,
    ],
  ])('does not echo a 5,000-character argument in full (%#)', async (args, stderr) => {
    const r = await runIn(home, args);
    expect([r.code, r.stderr]).toEqual([EXIT.usage, stderr]);
  });

  it('moves a long list to the hint', async () => {
    const r = await runIn(home, ['config', 'set', 'lang', 'xx']);
    expect(r.stderr).toBe(
      'weather: invalid value for lang: "xx"\nhint: allowed: af, ar, az, be, bg, ca, cz, da, de, el, en, es, eu, fa, fi, fr, gl, he, hi, hr, hu, id, is, it, ja, kr, ku, la, lt, mk, nl, no, pl, pt, pt_br, ro, ru, se, sk, sl, sp, sq, sr, sv, th, tr, ua, uk, vi, zh_cn, zh_tw, zu\n',
    );
  });
});

describe('--pressure-unit', () => {
  const TOKYO = [...TOKYO_AT, '--offline', '--now', NOW];

  it.each([['inHg'], ['INHG'], ['inhg']])('%s shows inches of mercury', async (unit) => {
    const r = await runIn(home, [
      ...TOKYO,
      '-u',
      'imperial',
      '-o',
      'summary',
      '--pressure-unit',
      unit,
    ]);
    expect([r.code, r.stdout.split('\n')[3]]).toEqual([
      EXIT.ok,
      'Humidity 73%, pressure 29.97 inHg',
    ]);
  });

  it('is hPa by default, also with imperial units', async () => {
    const r = await runIn(home, [...TOKYO, '-u', 'imperial', '-o', 'summary']);
    expect([r.code, r.stdout.split('\n')[3]]).toEqual([EXIT.ok, 'Humidity 73%, pressure 1015 hPa']);
  });

  it('rejects other units', async () => {
    const r = await runIn(home, [...TOKYO, '--pressure-unit', 'mbar']);
    expect([r.code, r.stderr]).toEqual([
      EXIT.usage,
      'weather: --pressure-unit must be one of hPa, inHg, got "mbar"\n',
    ]);
  });
});
