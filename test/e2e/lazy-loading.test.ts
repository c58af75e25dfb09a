import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Metafile } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { useUpstreamFaults } from '../helpers/upstream-faults.js';
import { BIN, cleanEnv, makeHome, ROOT, runCommand } from '../helpers/cli.js';

const { home, remove } = makeHome();
afterAll(remove);
const upstream = useUpstreamFaults();

/** The npm packages bundled into each file of dist/, from the metafile the build writes. */
const PACKAGES: ReadonlyMap<string, readonly string[]> = (() => {
  const meta = JSON.parse(readFileSync(join(ROOT, 'dist', 'meta.json'), 'utf8')) as Metafile;
  return new Map(
    Object.entries(meta.outputs).map(([file, output]) => [
      file.replace(/^.*?dist[^/]*\//, ''),
      [
        ...new Set(
          Object.keys(output.inputs).flatMap(
            (input) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1] ?? [],
          ),
        ),
      ],
    ]),
  );
})();

interface Loaded {
  /** dist/ files, by name without their content hash. */
  readonly files: string[];
  /** npm packages in those files. */
  readonly packages: string[];
}

/** What a command loaded from dist/ (bin/weather.js itself is CommonJS, not traced). */
async function loaded(args: readonly string[], env: Record<string, string> = {}): Promise<Loaded> {
  const trace = join(home, `trace-${args.join('-').replace(/\W+/g, '_')}.txt`);
  const run = await runCommand(
    process.execPath,
    ['--import', join(ROOT, 'test/helpers/trace-loads.mjs'), BIN, ...args],
    { env: cleanEnv(home, { WEATHER_TRACE_LOADS: trace, ...env }) },
  );
  expect(run.stderr).not.toContain('internal error');
  const urls = existsSync(trace) ? readFileSync(trace, 'utf8').split('\n') : [];
  const files = [
    ...new Set(
      urls.filter((url) => url.includes('/dist/')).map((url) => url.replace(/^.*\/dist\//, '')),
    ),
  ];
  const packages = new Set(files.flatMap((file) => PACKAGES.get(file) ?? []));
  return {
    files: files.map((file) => file.replace(/-[A-Z0-9]{8}\.js$/, '')).sort(),
    packages: [...packages].sort(),
  };
}

const OFFLINE = ['--lat', '1', '--lon', '2', '--offline', '--now', '0'];
const LIVE = ['--lat', '1', '--lon', '2', '--appid', 'k', '--timeout', '2'];

describe('a command loads only what it uses', () => {
  it('--version and -V load nothing from dist/', async () => {
    for (const args of [['--version'], ['-V']]) {
      expect(await loaded(args)).toEqual({ files: [], packages: [] });
    }
  });

  it.each([[['--help']], [['config', 'path']], [['completion', 'bash']]])(
    '%j loads commander and nothing else of node_modules',
    async (args) => {
      const { files, packages } = await loaded(args);
      expect(files).toContain('weather.js');
      expect(packages).toEqual(['commander']);
    },
  );

  it('--help and config do not load the world model or the server', async () => {
    for (const args of [['--help'], ['config', 'path']]) {
      const { files } = await loaded(args);
      expect(files.filter((f) => /chunks\/(world|handler|http|texts)$/.test(f))).toEqual([]);
    }
  });

  it('an offline call loads the world and one language, not the others', async () => {
    const { files } = await loaded([...OFFLINE, '-l', 'fr']);
    expect(files).toEqual(expect.arrayContaining(['chunks/world', 'chunks/handler', 'chunks/fr']));
    expect(files).not.toContain('chunks/de');
  });

  it('an offline call for a script (-o raw) loads no renderer, no XML library, no undici', async () => {
    const { packages } = await loaded([...OFFLINE, '-o', 'raw']);
    expect(packages).toEqual(['@photostructure/tz-lookup', 'commander']);
  });

  it.each([
    ['table', ['-o', 'table'], ['chalk', 'cli-table3']],
    ['summary', ['-o', 'summary'], ['chalk']],
    ['XML', ['-m', 'xml', '-o', 'raw'], ['fast-xml-parser']],
  ])('the %s output loads what it needs', async (_what, extra, needed) => {
    const { packages } = await loaded([...OFFLINE, ...extra]);
    expect(packages).toEqual(expect.arrayContaining(needed));
    expect(packages).not.toContain('undici');
  });

  it('a direct live call uses node:http, not undici', async () => {
    const { files, packages } = await loaded([
      ...LIVE,
      '-o',
      'raw',
      '--base-url',
      upstream.base('ok'),
    ]);
    expect(files).toContain('chunks/live');
    expect(files).not.toContain('chunks/world');
    expect(packages).toEqual(['commander']);
  });

  it('a live call through a proxy loads undici', async () => {
    const { packages } = await loaded([...LIVE, '--base-url', 'http://127.0.0.1:9/data/2.5'], {
      HTTP_PROXY: 'http://127.0.0.1:9',
    });
    expect(packages).toContain('undici');
  });
});
