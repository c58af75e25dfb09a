import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BIN = join(ROOT, 'bin', 'weather.js');

export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly stdoutBytes: Buffer;
}

/**
 * A clean environment for a spawned `weather`: its own config and cache folders and HOME, no
 * proxies, no colour settings, UTC unless a test says otherwise. Nothing of the user's leaks in.
 */
export function cleanEnv(
  home: string,
  extra: Record<string, string | undefined> = {},
): NodeJS.ProcessEnv {
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: home,
    LANG: 'C.UTF-8',
    TZ: 'UTC',
    WEATHER_CONFIG_DIR: join(home, 'config'),
    WEATHER_CACHE_DIR: join(home, 'cache'),
    ...extra,
  };
  // `undefined` in `extra` removes a variable.
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined));
}

export function makeHome(): { home: string; remove: () => void } {
  const home = mkdtempSync(join(tmpdir(), 'weather-e2e-'));
  return { home, remove: () => rmSync(home, { recursive: true, force: true }) };
}

/** Runs a command to completion, bounded in time. */
export function runCommand(
  command: string,
  args: readonly string[],
  options: { env: NodeJS.ProcessEnv; cwd?: string; input?: string; timeoutMs?: number },
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args], { env: options.env, cwd: options.cwd ?? ROOT });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(
          `${command} ${args.join(' ')} did not finish in ${options.timeoutMs ?? 15_000} ms`,
        ),
      );
    }, options.timeoutMs ?? 15_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const stdoutBytes = Buffer.concat(out);
      resolve({
        code,
        stdout: stdoutBytes.toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        stdoutBytes,
      });
    });
    // A child may exit before reading its input; that is not the test's failure.
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}

/** Runs `bin/weather.js` with `args` in a clean environment rooted at `home`. */
export function weather(
  home: string,
  args: readonly string[],
  extraEnv: Record<string, string | undefined> = {},
  options: { timeoutMs?: number; cwd?: string } = {},
): Promise<Run> {
  return runCommand(process.execPath, [BIN, ...args], {
    env: cleanEnv(home, extraEnv),
    ...options,
  });
}

/** A running `weather serve`, in a process of its own or in the test's. */
export interface Running {
  readonly url: string;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  /** SIGTERM, then the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface Served extends Running {
  readonly child: ChildProcessWithoutNullStreams;
}

/** Starts `weather serve --port 0 …` and waits for the URL line on stdout. */
export function serve(
  home: string,
  args: readonly string[] = [],
  extraEnv: Record<string, string> = {},
): Promise<Served> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], {
    env: cleanEnv(home, extraEnv),
    cwd: ROOT,
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`weather serve printed no URL in 10 s; stderr: ${err}`));
    }, 10_000);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const newline = out.indexOf('\n');
      if (newline < 0) return;
      clearTimeout(timer);
      resolve({
        url: out.slice(0, newline),
        child,
        stderr: () => err,
        stop: async (signal = 'SIGTERM') => {
          child.kill(signal);
          const timeout = setTimeout(() => child.kill('SIGKILL'), 10_000);
          const code = await exited;
          clearTimeout(timeout);
          return code;
        },
      });
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`weather serve exited with ${code}; stderr: ${err}`));
    });
  });
}

/** The key `weather serve` created when there were none (printed on stderr). */
export function createdKey(stderr: string): string {
  const match = /one was created: ([0-9a-f]{32})/.exec(stderr);
  if (!match?.[1]) throw new Error(`no created key in: ${stderr}`);
  return match[1];
}

/** The names of the keys in a home's key file, sorted. */
export function storedKeyNames(home: string): string[] {
  const file = JSON.parse(readFileSync(join(home, 'config', 'keys.json'), 'utf8')) as {
    keys: { name: string }[];
  };
  return file.keys.map((k) => k.name).sort();
}

/**
 * A home folder and a `weather serve` in it for one test file: started before its tests, stopped
 * and removed after. `key` is the key the server created. `start` runs it: a process by default,
 * serveInProcess (test/helpers/io.ts) for the unit tests.
 */
export function useServer(
  args: readonly string[],
  start: (home: string, args: readonly string[]) => Promise<Running> = serve,
): {
  readonly home: string;
  server(): Running;
  key(): string;
} {
  const { home, remove } = makeHome();
  let served: Running | undefined;
  let key = '';
  beforeAll(async () => {
    served = await start(home, args);
    key = createdKey(served.stderr());
  });
  afterAll(async () => {
    await served?.stop();
    remove();
  });
  return {
    home,
    server: () => {
      if (!served) throw new Error('the server starts in beforeAll');
      return served;
    },
    key: () => key,
  };
}
