import { mkdtempSync, readFileSync } from 'node:fs';
import { Module } from 'node:module';
import { Script } from 'node:vm';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useUpstreamFaults } from '../helpers/upstream-faults.js';
import { BIN, cleanEnv, makeHome, ROOT, runCommand } from '../helpers/cli.js';
import { loadedModules, type Loaded } from '../helpers/loaded-modules.js';

const { home, remove } = makeHome();
afterAll(remove);
const upstream = useUpstreamFaults();

/** What a command ran of dist/ (bin/weather.js itself is not part of it). */
async function loaded(args: readonly string[], env: Record<string, string> = {}): Promise<Loaded> {
  const coverage = mkdtempSync(join(home, 'coverage-'));
  const run = await runCommand(process.execPath, [BIN, ...args], {
    env: cleanEnv(home, { NODE_V8_COVERAGE: coverage, ...env }),
  });
  expect(run.stderr).not.toContain('internal error');
  return loadedModules(join(ROOT, 'dist'), coverage);
}

/** The modules of a folder of src/ among those loaded. */
const under = (folder: string, { modules }: Loaded): string[] =>
  modules.filter((m) => m.startsWith(`src/${folder}/`));

const OFFLINE = ['--lat', '1', '--lon', '2', '--offline', '--now', '0'];
const LIVE = ['--lat', '1', '--lon', '2', '--appid', 'k', '--timeout', '2'];

describe('a command loads only what it uses', () => {
  it('--version and -V load nothing from dist/', async () => {
    for (const args of [['--version'], ['-V']]) {
      expect(await loaded(args)).toEqual({ files: [], modules: [], packages: [] });
    }
  });

  it.each([[['--help']], [['config', 'path']], [['completion', 'bash']]])(
    '%j loads commander and nothing else of node_modules',
    async (args) => {
      const { files, packages } = await loaded(args);
      expect(files).toEqual(['weather.cjs']);
      expect(packages).toEqual(['commander']);
    },
  );

  it('--help and config do not load the world model or the server', async () => {
    for (const args of [['--help'], ['config', 'path']]) {
      const run = await loaded(args);
      // The names of the faults are part of `serve`'s options, hence of the help.
      expect([under('world', run), under('server', run)]).toEqual([
        [],
        ['src/server/faults/spec.ts'],
      ]);
      // The check can fail: the CLI's own modules are seen.
      expect(run.modules).toContain('src/cli/program.ts');
    }
  });

  it('an offline call loads the world and one language, not the others', async () => {
    const { modules } = await loaded([...OFFLINE, '-l', 'fr']);
    expect(modules).toEqual(
      expect.arrayContaining([
        'src/world/index.ts',
        'src/server/handler.ts',
        'src/world/i18n/lang/fr.json',
      ]),
    );
    expect(modules.filter((m) => m.startsWith('src/world/i18n/lang/'))).toEqual([
      'src/world/i18n/lang/fr.json',
    ]);
  });

  it('an offline call for a script (-o raw) loads no renderer, no XML library, no undici', async () => {
    const run = await loaded([...OFFLINE, '-o', 'raw']);
    expect(run.packages).toEqual(['@photostructure/tz-lookup', 'commander']);
    expect(run.files).toEqual(['weather.cjs']);
    const renderers = ['bars', 'colour', 'context', 'summary', 'table', 'width'];
    expect(renderers.filter((name) => run.modules.includes(`src/render/${name}.ts`))).toEqual([]);
    expect(run.modules).toContain('src/cli/commands/current.ts');
  });

  it.each([
    ['table', ['-o', 'table'], ['chalk', 'cli-table3'], ['vendor/cli-table3.cjs', 'weather.cjs']],
    ['summary', ['-o', 'summary'], ['chalk'], ['weather.cjs']],
    [
      'XML',
      ['-m', 'xml', '-o', 'raw'],
      ['fast-xml-parser'],
      ['vendor/fast-xml-parser.cjs', 'weather.cjs'],
    ],
  ])('the %s output loads what it needs', async (_what, extra, needed, files) => {
    const run = await loaded([...OFFLINE, ...extra]);
    expect(run.packages).toEqual(expect.arrayContaining(needed));
    expect(run.packages).not.toContain('undici');
    expect(run.files).toEqual(files);
  });

  it('a direct live call uses node:http, not undici', async () => {
    const run = await loaded([...LIVE, '-o', 'raw', '--base-url', upstream.base('ok')]);
    expect(run.modules).toContain('src/client/live.ts');
    expect(under('world', run)).toEqual([]);
    expect(run.packages).toEqual(['commander']);
    expect(run.files).toEqual(['weather.cjs']);
  });

  it('a live call through a proxy loads undici', async () => {
    const run = await loaded([...LIVE, '--base-url', 'http://127.0.0.1:9/data/2.5'], {
      HTTP_PROXY: 'http://127.0.0.1:9',
    });
    expect(run.packages).toContain('undici');
    expect(run.files).toContain('vendor/undici.cjs');
  });
});

describe('the code cache of dist/weather.cjs', () => {
  // Accepted by the V8 that built dist/; another (CI's Node 22 pass runs Node 20's build) rejects
  // it, and bin/weather.js compiles the source instead, as every other test here shows.
  const file = join(ROOT, 'dist', 'weather.cjs');
  const builtBy = readFileSync(`${file}.cache.v8`, 'utf8').trim();
  it(`is ${builtBy === process.versions.v8 ? 'accepted' : 'rejected'} by this node's V8 (${process.versions.v8}; built by ${builtBy})`, () => {
    const script = new Script(Module.wrap(readFileSync(file, 'utf8')), {
      filename: 'dist/weather.cjs',
      cachedData: readFileSync(`${file}.cache`),
    });
    expect(script.cachedDataRejected).toBe(builtBy !== process.versions.v8);
  });
});
