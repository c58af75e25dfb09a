import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BIN,
  cleanEnv,
  createdKey,
  makeHome,
  ROOT,
  runCommand,
  serve,
  type Run,
  type Served,
} from '../helpers/cli.js';
import { startProxy } from '../helpers/proxy-server.js';

const NOW = '2026-06-21T12:00:00Z';
const VERSION = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }
).version;
const OFFLINE = ['--lat', '51.5', '--lon', '-0.1', '--offline', '--now', NOW];
const BERLIN = ['--lat', '52.52', '--lon', '13.41', '--offline', '--now', NOW];

// The executable runs from a copy in a folder of its own, with no data/ beside it and no node on
// PATH: what it needs must be inside it.
const work = makeHome();
const exe = join(work.home, 'weather');
const emptyPath = join(work.home, 'path');
// Both builds share one home, emptied before each run, so file paths in messages agree.
const state = makeHome();
const env = cleanEnv(state.home, { PATH: emptyPath });
const serverHome = makeHome();
let server: Served | undefined;
let baseUrl: string;
let key: string;

beforeAll(async () => {
  try {
    execFileSync(process.execPath, [join(ROOT, 'scripts/package.mjs')], {
      cwd: ROOT,
      stdio: 'pipe',
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`npm run package failed:\n${String(stdout)}${String(stderr)}`);
  }
  copyFileSync(join(ROOT, 'dist', `weather-${process.platform}-${process.arch}`), exe);
  chmodSync(exe, 0o755);
  mkdirSync(emptyPath);
  server = await serve(serverHome.home, ['--now', NOW, '--rate-limit', '0']);
  baseUrl = server.url;
  key = createdKey(server.stderr());
}, 180_000);

afterAll(async () => {
  await server?.stop();
  for (const folder of [work, state, serverHome]) folder.remove();
});

function fresh(): void {
  for (const folder of ['config', 'cache']) {
    rmSync(join(state.home, folder), { recursive: true, force: true });
  }
}

async function both(
  args: readonly string[],
  extraEnv: Record<string, string> = {},
): Promise<{ sea: Run; npm: Run }> {
  const options = { env: { ...env, ...extraEnv }, cwd: work.home };
  fresh();
  const sea = await runCommand(exe, args, options);
  fresh();
  const npm = await runCommand(process.execPath, [BIN, ...args], options);
  return { sea, npm };
}

const visible = ({ code, stdout, stderr }: Run) => ({ code, stdout, stderr });

describe('the single executable (npm run package)', () => {
  it('runs where there is no node on PATH', async () => {
    expect(spawnSync('/bin/sh', ['-c', 'command -v node'], { env }).status).not.toBe(0);
    const run = await runCommand(exe, ['--version'], { env, cwd: work.home });
    expect(visible(run)).toEqual({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
  });

  const cases: { args: readonly string[]; code: number }[] = [
    { args: ['--version'], code: 0 },
    { args: ['--help'], code: 0 },
    { args: ['serve', '--help'], code: 0 },
    { args: [...OFFLINE, '-o', 'raw'], code: 0 },
    { args: [...OFFLINE, '-o', 'table'], code: 0 },
    { args: [...OFFLINE, '-o', 'summary'], code: 0 },
    { args: [...OFFLINE, '--mode', 'xml'], code: 0 },
    { args: [...BERLIN, '--lang', 'de', '-o', 'summary'], code: 0 },
    {
      args: [...OFFLINE, '-f', '{name}: {main.temp:.0}{temp_unit} {weather.0.description}'],
      code: 0,
    },
    { args: ['--lat', '91', '--lon', '0', '--offline'], code: 2 },
  ];
  for (const { args, code } of cases) {
    it(`prints what bin/weather.js prints: weather ${args.join(' ')}`, async () => {
      const { sea, npm } = await both(args);
      expect(visible(sea)).toEqual(visible(npm));
      // Failing alike is no pass.
      expect(npm.code).toBe(code);
      expect(code === 0 ? npm.stdout : npm.stderr).not.toBe('');
    });
  }

  it('makes live calls as bin/weather.js does', async () => {
    for (const output of ['raw', 'table']) {
      const args = ['--lat', '48.86', '--lon', '2.35', '--base-url', baseUrl, '--appid', key];
      const { sea, npm } = await both([...args, '-o', output]);
      expect(visible(sea)).toEqual(visible(npm));
      expect(npm.code).toBe(0);
    }
  });

  it('makes live calls through an HTTP proxy as bin/weather.js does (undici, loaded on first use)', async () => {
    const proxy = await startProxy();
    try {
      const args = ['--lat', '35.68', '--lon', '139.69', '--base-url', baseUrl, '--appid', key];
      const { sea, npm } = await both([...args, '-f', '{name}'], { HTTP_PROXY: proxy.url });
      expect([visible(sea), visible(npm)]).toEqual([
        { code: 0, stdout: 'Hatsudai\n', stderr: '' },
        { code: 0, stdout: 'Hatsudai\n', stderr: '' },
      ]);
      expect(proxy.seen.map(({ method, target }) => `${method} ${target.split('?')[0]}`)).toEqual([
        `GET ${baseUrl}/weather`,
        `GET ${baseUrl}/weather`,
      ]);
    } finally {
      await proxy.close();
    }
  });

  it('starts itself, with no node anywhere, to refresh the cache ahead', async () => {
    fresh();
    const args = ['--lat', '40.4', '--lon', '-3.7', '--base-url', baseUrl, '--appid', key];
    const cached = [...args, '--cache', '4s', '-f', '{name}'];
    const asked = () =>
      server
        ?.stderr()
        .split('\n')
        .filter((line) => line.includes('lat=40.4'));
    const first = await runCommand(exe, cached, { env, cwd: work.home });
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const second = await runCommand(exe, [...cached, '--refresh-ahead'], { env, cwd: work.home });
    expect([visible(first), visible(second)]).toEqual([
      { code: 0, stdout: 'Arganzuela\n', stderr: '' },
      { code: 0, stdout: 'Arganzuela\n', stderr: '' },
    ]);
    const deadline = Date.now() + 10_000;
    while ((asked()?.length ?? 0) < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(asked()?.length).toBe(2);
    // The detached refresh still writes what it got: wait for it to let go of the entry's lock.
    const locked = (): boolean =>
      readdirSync(join(state.home, 'cache')).some((name) => name.endsWith('.lock'));
    while (locked() && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(locked()).toBe(false);
  });

  it('serves the API, and stops on SIGTERM with exit code 0', async () => {
    fresh();
    const child = spawn(exe, ['serve', '--port', '0', '--now', NOW], { env, cwd: work.home });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString('utf8');
          if (out.includes('\n')) resolve(out.slice(0, out.indexOf('\n')));
        });
        void exited.then((code) => {
          reject(new Error(`serve exited with ${code}: ${stderr}`));
        });
      });
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/data\/2\.5$/);
      const response = await fetch(`${url}/weather?lat=51.5&lon=-0.1&appid=${createdKey(stderr)}`);
      const body = (await response.json()) as { name: string; dt: number };
      expect([response.status, body.name, body.dt]).toEqual([
        200,
        'Lambeth',
        Date.parse(NOW) / 1000,
      ]);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});
