import { spawn, spawnSync, type StdioOptions } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, ROOT, runCommand, type Run } from '../helpers/cli.js';
import { startFaultServer, type FaultServer } from '../helpers/fault-server.js';
import { current } from '../helpers/fixtures.js';

/**
 * Every environment a service account can put weather in: no home, read-only and closed folders,
 * a full disk, an output that cannot be written, a log that cannot be written.
 */

const NOBODY = 65_534;
const IS_ROOT = process.getuid?.() === 0;
const has = (tool: string): boolean => spawnSync(tool, ['--version']).status === 0;

/**
 * How to run a command as an unprivileged user: as we are, when we are not root (permissions
 * then apply to us); through setpriv as nobody when we are root (root ignores them).
 */
const AS_UNPRIVILEGED: readonly string[] | undefined = !IS_ROOT
  ? []
  : has('setpriv')
    ? ['setpriv', `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups']
    : undefined;
const UNPRIVILEGED =
  AS_UNPRIVILEGED === undefined ? 'skipped: root without setpriv' : 'unprivileged';

const PATH = process.env.PATH ?? '/usr/bin:/bin';

/**
 * A node the unprivileged user can start: this one, or a copy of it when it lives in a folder
 * closed to that user (a node installed into a private temporary folder, as CI does for Node 22).
 */
function runnableNode(): string {
  const [command, ...rest] = AS_UNPRIVILEGED ?? [];
  if (command === undefined) return process.execPath;
  if (spawnSync(command, [...rest, 'test', '-x', process.execPath]).status === 0) {
    return process.execPath;
  }
  const dir = mkdtempSync(join(tmpdir(), 'weather-env-node-'));
  made.push(dir);
  chmodSync(dir, 0o755);
  const node = join(dir, 'node');
  copyFileSync(process.execPath, node);
  chmodSync(node, 0o755);
  return node;
}

/** `weather args` as the unprivileged user, with only the environment given (`env -i`). */
function asUser(args: readonly string[], env: Record<string, string>): Promise<Run> {
  const prefix = AS_UNPRIVILEGED ?? [];
  const vars = Object.entries({ PATH, LANG: 'C.UTF-8', TZ: 'UTC', ...env }).map(
    ([k, v]) => `${k}=${v}`,
  );
  const [command = 'env', ...rest] = [...prefix, 'env', '-i', ...vars, NODE, BIN, ...args];
  return runCommand(command, rest, { env: {} });
}

/** A folder the unprivileged user owns (and nobody else can enter). */
function userDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'weather-env-'));
  made.push(dir);
  if (IS_ROOT) chownSync(dir, NOBODY, NOBODY);
  return dir;
}
const made: string[] = [];
const NODE = runnableNode();

/** Files in a folder, as root sees them. */
function listing(dir: string): string[] {
  return readdirSync(dir).sort();
}

let upstream: FaultServer;

beforeAll(async () => {
  upstream = await startFaultServer({
    ok: [
      {
        status: 200,
        body: current('programmatordev_capture2026_current_lisbon_latlon_metric_success.json'),
        headers: { 'content-type': 'application/json; charset=utf-8' },
      },
    ],
  });
});

afterAll(async () => {
  await upstream.close();
  for (const dir of made) {
    chmodSync(dir, 0o700);
    for (const name of readdirSync(dir)) chmodSync(join(dir, name), 0o700);
    rmSync(dir, { recursive: true, force: true });
  }
});

const OFFLINE = [
  '--lat',
  '51.5',
  '--lon',
  '-0.1',
  '--offline',
  '--now',
  '1767268800',
  '-f',
  '{name} {dt}',
];
const CANNOT_WRITE =
  'hint: make the folder writable, or use another one; what was stored before is unchanged\n';

describe.skipIf(AS_UNPRIVILEGED === undefined)(
  `HOME=/nonexistent as a service account (${UNPRIVILEGED})`,
  () => {
    const env = { HOME: '/nonexistent' };

    it('answers --offline and creates nothing', async () => {
      const r = await asUser(OFFLINE, env);
      expect([r.code, r.stdout, r.stderr]).toEqual([0, 'Lambeth 1767268800\n', '']);
      expect(existsSync('/nonexistent')).toBe(false);
    });

    it('answers a live query against a local server', async () => {
      const r = await asUser(
        [
          '--lat',
          '38.7223',
          '--lon',
          '-9.1393',
          '--appid',
          'k',
          '--base-url',
          upstream.base('ok'),
          '-f',
          '{name}',
        ],
        env,
      );
      expect([r.code, r.stdout, r.stderr]).toEqual([0, 'Socorro\n', '']);
    });

    it('has no settings, and says why it cannot store one', async () => {
      const [get, set, keys] = await Promise.all([
        asUser(['config', 'get', 'units'], env),
        asUser(['config', 'set', 'units', 'imperial'], env),
        asUser(['keys', 'create'], env),
      ]);
      expect([get.code, get.stdout, get.stderr]).toEqual([
        11,
        '',
        'weather: units is not set (default: metric)\n',
      ]);
      expect([set.code, set.stderr]).toEqual([
        8,
        `weather: cannot write /nonexistent/.config/weather/config.json: permission denied (EACCES)\n${CANNOT_WRITE}`,
      ]);
      expect([keys.code, keys.stderr]).toEqual([
        8,
        `weather: cannot write /nonexistent/.config/weather/keys.json: permission denied (EACCES)\n${CANNOT_WRITE}`,
      ]);
    });
  },
);

describe.skipIf(AS_UNPRIVILEGED === undefined)(
  `closed and read-only folders (${UNPRIVILEGED})`,
  () => {
    /** A config folder holding config.json {"units":"imperial"}, then given `mode`. */
    function configFolder(mode: number, fileMode = 0o600): { dir: string; file: string } {
      const dir = join(userDir(), 'config');
      mkdirSync(dir);
      const file = join(dir, 'config.json');
      writeFileSync(file, '{"units":"imperial"}');
      if (IS_ROOT) {
        chownSync(dir, NOBODY, NOBODY);
        chownSync(file, NOBODY, NOBODY);
      }
      chmodSync(file, fileMode);
      chmodSync(dir, mode);
      return { dir, file };
    }

    it('a read-only folder: settings are read, writes fail naming the file, nothing is lost', async () => {
      const { dir, file } = configFolder(0o555);
      const env = { HOME: '/nonexistent', WEATHER_CONFIG_DIR: dir };
      const get = await asUser(['config', 'get', 'units'], env);
      const set = await asUser(['config', 'set', 'units', 'metric'], env);
      const keys = await asUser(['keys', 'create'], env);
      expect([get.code, get.stdout]).toEqual([0, 'imperial\n']);
      expect([set.code, set.stderr]).toEqual([
        8,
        `weather: cannot write ${file}: permission denied (EACCES)\n${CANNOT_WRITE}`,
      ]);
      expect([keys.code, keys.stderr]).toEqual([
        8,
        `weather: cannot write ${join(dir, 'keys.json')}: permission denied (EACCES)\n${CANNOT_WRITE}`,
      ]);
      expect([readFileSync(file, 'utf8'), listing(dir)]).toEqual([
        '{"units":"imperial"}',
        ['config.json'],
      ]);
    });

    it('a folder closed to this user means no settings', async () => {
      const { dir } = configFolder(0o000);
      const env = { HOME: '/nonexistent', WEATHER_CONFIG_DIR: dir };
      const [query, get] = await Promise.all([
        asUser(OFFLINE, env),
        asUser(['config', 'get', 'units'], env),
      ]);
      expect([query.code, query.stdout, query.stderr]).toEqual([0, 'Lambeth 1767268800\n', '']);
      expect([get.code, get.stderr]).toEqual([11, 'weather: units is not set (default: metric)\n']);
    });

    it('a config file that cannot be read is an error, not silently other settings', async () => {
      const { dir, file } = configFolder(0o755, 0o000);
      const r = await asUser(OFFLINE, { HOME: '/nonexistent', WEATHER_CONFIG_DIR: dir });
      expect([r.code, r.stdout, r.stderr]).toEqual([
        8,
        '',
        `weather: config file ${file} cannot be read: permission denied (EACCES)\n` +
          'hint: fix or move the file; weather has left it untouched\n',
      ]);
    });
  },
);

/** Runs weather with its own stdin, stdout and stderr (a file descriptor, a pipe, 'ignore'). */
function withStdio(
  args: readonly string[],
  stdio: StdioOptions,
  env: NodeJS.ProcessEnv,
  wrap: readonly string[] = [],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const [command = process.execPath, ...rest] = [...wrap, process.execPath, BIN, ...args];
  const child = spawn(command, rest, { stdio, env, cwd: ROOT });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`weather ${args.join(' ')} did not finish in 15 s`));
    }, 15_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('a full disk', () => {
  /** A config folder with config.json and one key already stored. */
  async function stored(): Promise<{ dir: string; env: NodeJS.ProcessEnv; before: string[] }> {
    const home = userDir();
    const dir = join(home, 'config');
    const env = cleanEnv(home);
    await runCommand(process.execPath, [BIN, 'config', 'set', 'units', 'imperial'], { env });
    await runCommand(process.execPath, [BIN, 'keys', 'create', '--name', 'first'], { env });
    return {
      dir,
      env,
      before: [
        readFileSync(join(dir, 'config.json'), 'utf8'),
        readFileSync(join(dir, 'keys.json'), 'utf8'),
      ],
    };
  }

  function after(dir: string): string[] {
    return [
      readFileSync(join(dir, 'config.json'), 'utf8'),
      readFileSync(join(dir, 'keys.json'), 'utf8'),
    ];
  }

  it.skipIf(!has('prlimit'))(
    `files that cannot grow (RLIMIT_FSIZE)${has('prlimit') ? '' : ': skipped, no prlimit'}`,
    async () => {
      const { dir, env, before } = await stored();
      const limit = ['prlimit', `--fsize=${statSync(join(dir, 'keys.json')).size + 8}`];
      const keys = await withStdio(
        ['keys', 'create', '--name', 'second'],
        ['ignore', 'pipe', 'pipe'],
        env,
        limit,
      );
      const set = await withStdio(
        ['config', 'set', 'location', '51.5,-0.1'],
        ['ignore', 'pipe', 'pipe'],
        env,
        ['prlimit', '--fsize=10'],
      );
      const hint = 'hint: free some space and try again; what was stored before is unchanged\n';
      expect([keys.code, keys.stderr]).toEqual([
        8,
        `weather: cannot write ${join(dir, 'keys.json')}: file too large (EFBIG)\n${hint}`,
      ]);
      expect([set.code, set.stderr]).toEqual([
        8,
        `weather: cannot write ${join(dir, 'config.json')}: file too large (EFBIG)\n${hint}`,
      ]);
      expect([after(dir), listing(dir)]).toEqual([before, ['config.json', 'keys.json']]);
    },
  );

  const mount =
    IS_ROOT && has('mount') ? 'a full tmpfs' : 'a full tmpfs: skipped, needs root to mount';
  it.skipIf(!IS_ROOT || !has('mount'))(mount, async () => {
    const disk = userDir();
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k,mode=0755', 'tmpfs', disk]);
    if (mounted.status !== 0) {
      console.warn(`skipped: cannot mount a tmpfs here (${mounted.stderr.toString().trim()})`);
      return;
    }
    try {
      const env = cleanEnv(disk, { WEATHER_CONFIG_DIR: join(disk, 'config') });
      const dir = join(disk, 'config');
      await runCommand(process.execPath, [BIN, 'config', 'set', 'units', 'imperial'], { env });
      await runCommand(process.execPath, [BIN, 'keys', 'create', '--name', 'first'], { env });
      const before = after(dir);
      const filler = openSync(join(disk, 'filler'), 'w');
      try {
        for (;;) writeFileSync(filler, Buffer.alloc(4096, 1));
      } catch {
        // The disk is full.
      } finally {
        closeSync(filler);
      }
      const set = await runCommand(process.execPath, [BIN, 'config', 'set', 'units', 'metric'], {
        env,
      });
      const keys = await runCommand(process.execPath, [BIN, 'keys', 'create', '--name', 'second'], {
        env,
      });
      const hint = 'hint: free some space and try again; what was stored before is unchanged\n';
      expect([set.code, set.stderr]).toEqual([
        8,
        `weather: cannot write ${join(dir, 'config.json')}: no space left on device (ENOSPC)\n${hint}`,
      ]);
      expect([keys.code, keys.stderr]).toEqual([
        8,
        `weather: cannot write ${join(dir, 'keys.json')}: no space left on device (ENOSPC)\n${hint}`,
      ]);
      expect([after(dir), listing(dir)]).toEqual([before, ['config.json', 'keys.json']]);
    } finally {
      spawnSync('umount', [disk]);
    }
  });
});

const READ_ONLY =
  IS_ROOT && has('mount')
    ? 'a read-only file system'
    : 'a read-only file system: skipped, needs root to mount';
it.skipIf(!IS_ROOT || !has('mount'))(READ_ONLY, async () => {
  const disk = userDir();
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=64k', 'tmpfs', disk]);
  if (mounted.status !== 0) {
    console.warn(`skipped: cannot mount a tmpfs here (${mounted.stderr.toString().trim()})`);
    return;
  }
  try {
    const env = cleanEnv(disk, { WEATHER_CONFIG_DIR: disk });
    const set = await runCommand(process.execPath, [BIN, 'config', 'set', 'units', 'metric'], {
      env,
    });
    const query = await runCommand(process.execPath, [BIN, ...OFFLINE], { env });
    expect([set.code, set.stderr, query.code, query.stdout]).toEqual([
      8,
      `weather: cannot write ${join(disk, 'config.json')}: read-only file system (EROFS)\n${CANNOT_WRITE}`,
      0,
      'Lambeth 1767268800\n',
    ]);
  } finally {
    spawnSync('umount', [disk]);
  }
});

describe('output that cannot be written', () => {
  it('stdout to a full disk (/dev/full): one line, exit 9', async () => {
    const full = openSync('/dev/full', 'w');
    try {
      const r = await withStdio(OFFLINE, ['ignore', full, 'pipe'], cleanEnv(userDir()));
      expect([r.code, r.stderr]).toEqual([
        9,
        'weather: cannot write the output: no space left on device (ENOSPC)\n',
      ]);
    } finally {
      closeSync(full);
    }
  });

  it('a reader that went away (closed pipe): silent, exit 0', async () => {
    const env = cleanEnv(userDir());
    const args = [BIN, ...OFFLINE.slice(0, -2), '-o', 'raw'];
    const child = spawn(process.execPath, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env,
      cwd: ROOT,
    });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect([code, stderr]).toEqual([0, '']);
  });

  it('weather serve keeps serving when its log (stderr) cannot be written', async () => {
    const home = userDir();
    const env = cleanEnv(home);
    const created = await runCommand(process.execPath, [BIN, 'keys', 'create'], { env });
    const key = created.stdout.trim();
    const full = openSync('/dev/full', 'w');
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0'], {
      stdio: ['ignore', 'pipe', full],
      env,
      cwd: ROOT,
    });
    closeSync(full);
    const { stdout } = child;
    if (!stdout) throw new Error('stdout is a pipe');
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        const timer = setTimeout(() => reject(new Error('no URL in 10 s')), 10_000);
        stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString('utf8');
          if (out.includes('\n')) {
            clearTimeout(timer);
            resolve(out.split('\n')[0] ?? '');
          }
        });
      });
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        statuses.push(
          await new Promise<number>((resolve, reject) => {
            request(`${url}/weather?lat=1&lon=2&appid=${key}`, (response) => {
              response.resume();
              resolve(response.statusCode ?? 0);
            })
              .on('error', reject)
              .end();
          }),
        );
      }
      child.kill('SIGTERM');
      const code = await new Promise((resolve) => child.on('close', resolve));
      expect([statuses, code]).toEqual([[200, 200, 200], 0]);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
