import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../../src/cli/program.js';
import { UsageError } from '../../../src/core/errors.js';

/** argv → the options and arguments each command receives, through the real commander program. */
async function parse(
  argv: readonly string[],
): Promise<{ command: string; args: readonly string[]; options: Record<string, unknown> }> {
  const out: string[] = [];
  let seen:
    { command: string; args: readonly string[]; options: Record<string, unknown> } | undefined;
  const record = (name: string) => async (command: Command) => {
    seen = { command: name, args: command.processedArgs, options: { ...command.opts() } };
    return 0;
  };
  const io = {
    stdout: { write: (s: string) => out.push(s) },
    stderr: { write: (s: string) => out.push(s) },
    columns: 80,
  };
  const names = [
    '',
    'config set',
    'config get',
    'config list',
    'keys create',
    'keys disable',
    'serve',
    'completion',
  ];
  const program = buildProgram(io, Object.fromEntries(names.map((n) => [n, record(n)])));
  await program.parseAsync([...argv], { from: 'user' });
  if (!seen) throw new Error(`no action ran for ${argv.join(' ')}`);
  return seen;
}

describe('argv → options', () => {
  it.each([
    [['--lat', '51.5', '--lon', '-0.1'], { lat: 51.5, lon: -0.1, mode: 'json' }],
    [['--lat=-33.87', '--lon=151.21'], { lat: -33.87, lon: 151.21, mode: 'json' }],
    [['--lat', '-90', '--lon', '180'], { lat: -90, lon: 180, mode: 'json' }],
    [
      ['-u', 'imperial', '-l', 'UA', '-m', 'xml', '-o', 'summary'],
      { units: 'imperial', lang: 'ua', mode: 'xml', output: 'summary' },
    ],
    [
      ['--units=Metric', '--mode=JSON', '--output=RAW'],
      { units: 'metric', mode: 'json', output: 'raw' },
    ],
    [['-f', '{main.temp}'], { format: '{main.temp}', mode: 'json' }],
    [
      ['--appid', 'k', '--base-url', 'http://127.0.0.1:8080/data/2.5/', '--timeout', '2.5'],
      { appid: 'k', baseUrl: 'http://127.0.0.1:8080/data/2.5', timeout: 2.5, mode: 'json' },
    ],
    [
      ['--offline', '--now', '2026-01-01T12:00:00Z'],
      { offline: true, now: 1767268800000, mode: 'json' },
    ],
    [['--now', '1767268800'], { now: 1767268800000, mode: 'json' }],
    [['--no-color'], { color: false, mode: 'json' }],
    [['--color'], { color: true, mode: 'json' }],
    [['--verbose'], { verbose: true, mode: 'json' }],
    [[], { mode: 'json' }],
  ])('%j', async (argv, options) => {
    expect(await parse(argv)).toEqual({
      command: '',
      args: [],
      options,
    });
  });

  it.each([
    [
      ['config', 'set', 'location', '-33.87,151.21'],
      'config set',
      ['location', '-33.87,151.21'],
      {},
    ],
    [['config', 'set', 'units', 'imperial'], 'config set', ['units', 'imperial'], {}],
    [['config', 'get', 'appid', '--show'], 'config get', ['appid'], { show: true }],
    [['config', 'list'], 'config list', [], {}],
    [['keys', 'create', '--name', 'ci'], 'keys create', [], { name: 'ci' }],
    [['keys', 'disable', 'ci'], 'keys disable', ['ci'], {}],
    [
      ['serve', '--host', '0.0.0.0', '--port', '0', '--rate-limit', '600', '--now', '0'],
      'serve',
      [],
      { host: '0.0.0.0', port: 0, rateLimit: 600, maxConnections: 1024, now: 0 },
    ],
    [
      ['serve'],
      'serve',
      [],
      { host: '127.0.0.1', port: 8080, rateLimit: 60, maxConnections: 1024 },
    ],
    [['completion', 'zsh'], 'completion', ['zsh'], {}],
  ])('%j', async (argv, command, args, options) => {
    expect(await parse(argv)).toEqual({ command, args, options });
  });

  it.each([
    [['--lat', '90.5'], '--lat must be a number from -90 to 90, got "90.5"'],
    [['--lon', 'west'], '--lon must be a number from -180 to 180, got "west"'],
    [['--units', 'kelvin'], '--units must be one of standard, metric, imperial, got "kelvin"'],
    [
      ['--timeout', '-1'],
      '--timeout: "-1" is not valid (allowed: a number of seconds greater than 0 and at most 300)',
    ],
    [
      ['--base-url', 'file:///etc'],
      '--base-url: "file:///etc" is not valid (allowed: an http:// or https:// URL, e.g. https://api.openweathermap.org/data/2.5)',
    ],
    [['--appid', ''], '--appid must not be empty'],
    [['serve', '--port', '70000'], '--port must be a whole number from 0 to 65535, got "70000"'],
    [
      ['serve', '--rate-limit', '1.5'],
      '--rate-limit must be a whole number from 0 to 1000000, got "1.5"',
    ],
    [
      ['serve', '--max-connections', '0'],
      '--max-connections must be a whole number from 1 to 1000000, got "0"',
    ],
    [
      ['config', 'get', 'colour'],
      'unknown config key "colour" (valid keys: appid, units, temp_unit, wind_unit, pressure_unit, lang, location, base_url, timeout, cache, stale_ok, icons)',
    ],
    [['completion', 'tcsh'], 'shell must be one of bash, zsh, fish, got "tcsh"'],
  ])('%j is a usage error', async (argv, message) => {
    const error = await parse(argv).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toEqual(new UsageError(message));
  });

  it('is a usage error for an unknown option, with commander’s code', async () => {
    const error = await parse(['--wind']).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'commander.unknownOption', exitCode: 1 });
  });
});
