import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, makeHome, ROOT, runCommand } from '../helpers/cli.js';

const run = promisify(execFile);
const VERSION = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }
).version;

const tmp = makeHome();
const stage = join(tmp.home, 'checkout');
const prefix = join(tmp.home, 'prefix');
let files: string[];
let tarball: string;

/** The single executable, anywhere in dist/ (dist/weather-linux-x64 and its kin). */
const isExecutable = (name: string) => /^weather-[a-z0-9]+-[a-z0-9]+$/.test(name);

/**
 * Packs a copy of the checkout, not the checkout itself: other e2e tests run bin/weather.js from
 * dist/ meanwhile, and `prepare` (run by `npm pack` unless --ignore-scripts) would delete and
 * rebuild it, executable included. dist/ was built from this source by the global setup.
 */
beforeAll(async () => {
  cpSync(ROOT, stage, {
    recursive: true,
    filter: (source) => {
      const path = relative(ROOT, source);
      return !/^(node_modules|\.git|coverage)(\/|$)/.test(path) && !isExecutable(basename(path));
    },
  });
  // What must never ship, whether or not a build left it there just now.
  mkdirSync(join(stage, 'node_modules', 'chalk'), { recursive: true });
  mkdirSync(join(stage, '.ci'), { recursive: true });
  for (const stray of [
    'node_modules/chalk/index.js',
    '.ci/run.sh',
    `dist/weather-${process.platform}-${process.arch}`,
    'dist/sea-config.json',
    'dist/weather.blob',
    'data/places.bin.1234.tmp',
  ]) {
    writeFileSync(join(stage, stray), 'not for the package\n');
  }
  const packed = await run(
    'npm',
    ['pack', '--json', '--ignore-scripts', '--pack-destination', tmp.home],
    { cwd: stage, env: cleanEnv(tmp.home) },
  );
  const [manifest] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
  if (!manifest) throw new Error(`npm pack printed no manifest: ${packed.stdout}`);
  tarball = join(tmp.home, manifest.filename);
  files = manifest.files.map((file) => file.path);
  await run(
    'npm',
    ['install', '--global', '--prefix', prefix, tarball, '--offline', '--no-audit', '--no-fund'],
    { cwd: tmp.home, env: cleanEnv(tmp.home, { npm_config_cache: join(tmp.home, 'npm-cache') }) },
  );
}, 120_000);

afterAll(() => {
  tmp.remove();
});

describe('the npm package', () => {
  it('holds exactly what runs, and its documentation', () => {
    const entries = new Set(files.map((path) => path.replace(/^(completions)\/.*/, '$1/')));
    expect([...entries].sort()).toEqual([
      'LICENSE',
      'NOTICE',
      'README.md',
      'bin/package.json',
      'bin/weather.js',
      'completions/',
      'data/README.md',
      'data/climate.bin',
      'data/local-names.bin',
      'data/names.bin',
      'data/places.bin',
      'data/zones.bin',
      'dist/licenses.txt',
      'dist/vendor/cli-table3.cjs',
      'dist/vendor/fast-xml-parser.cjs',
      'dist/vendor/undici.cjs',
      'dist/weather.cjs',
      'dist/weather.cjs.cache',
      'man/weather.1',
      'package.json',
      'schema/current.schema.json',
      'schema/scenario.schema.json',
    ]);
    expect(files.filter((path) => path.startsWith('completions/')).sort()).toEqual(
      readdirSync(join(stage, 'completions'))
        .map((name) => `completions/${name}`)
        .sort(),
    );
  });

  it('installs without the network and runs', async () => {
    const home = join(tmp.home, 'user');
    const weather = join(prefix, 'bin', 'weather');
    const env = cleanEnv(home);
    const version = await runCommand(weather, ['--version'], { env, cwd: tmp.home });
    expect(version).toMatchObject({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
    const args = ['--lat', '51.5', '--lon', '-0.1', '--offline', '--now', '2026-06-21T12:00:00Z'];
    const offline = await runCommand(weather, [...args, '-f', '{name} {sys.country}'], {
      env,
      cwd: tmp.home,
    });
    expect(offline).toMatchObject({ code: 0, stdout: 'Lambeth GB\n', stderr: '' });
  });

  it('installs the man page', () => {
    expect(existsSync(join(prefix, 'share', 'man', 'man1', 'weather.1'))).toBe(true);
  });
});
