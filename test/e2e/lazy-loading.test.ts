import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, makeHome, ROOT, runCommand } from '../helpers/cli.js';

const { home, remove } = makeHome();
afterAll(remove);

/** The dist/ files a command loaded, by name without their content hash. */
async function loaded(args: readonly string[]): Promise<string[]> {
  const trace = join(home, `trace-${args.join('-').replace(/\W+/g, '_')}.txt`);
  const run = await runCommand(
    process.execPath,
    ['--import', join(ROOT, 'test/helpers/trace-loads.mjs'), BIN, ...args],
    { env: cleanEnv(home, { WEATHER_TRACE_LOADS: trace }) },
  );
  expect(run.stderr).not.toContain('internal error');
  return [
    ...new Set(
      readFileSync(trace, 'utf8')
        .split('\n')
        .filter((url) => url.includes('/dist/'))
        .map((url) => url.replace(/^.*\/dist\//, '').replace(/-[A-Z0-9]{8}\.js$/, '')),
    ),
  ].sort();
}

describe('a command loads only what it uses', () => {
  it.each([
    [['--version']],
    [['--help']],
    [['config', 'path']],
    [['completion', 'bash']],
    [['--lat', '1', '--lon', '2', '--offline', '--now', '0']],
  ])('%j does not load undici (the live transport)', async (args) => {
    const files = await loaded(args);
    expect(files).toContain('weather.js');
    expect(files).not.toContain('chunks/live');
  });

  it('--version and config do not load the world model or the server', async () => {
    for (const args of [['--version'], ['config', 'path']]) {
      const files = await loaded(args);
      expect(files.filter((f) => /chunks\/(world|handler|http|texts)$/.test(f))).toEqual([]);
    }
  });

  it('an offline call loads the world and one language, not the others', async () => {
    const files = await loaded(['--lat', '1', '--lon', '2', '--offline', '--now', '0', '-l', 'fr']);
    expect(files).toEqual(expect.arrayContaining(['chunks/world', 'chunks/handler', 'chunks/fr']));
    expect(files).not.toContain('chunks/de');
  });

  it('a live call loads undici', async () => {
    const files = await loaded([
      '--lat',
      '1',
      '--lon',
      '2',
      '--appid',
      'k',
      '--base-url',
      'http://127.0.0.1:9/data/2.5',
      '--timeout',
      '1',
    ]);
    expect(files).toContain('chunks/live');
    expect(files).not.toContain('chunks/world');
  });
});
