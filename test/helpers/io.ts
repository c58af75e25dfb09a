import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { main, type IO } from '../../src/cli/main.js';
import type { Env, Platform } from '../../src/core/env.js';
import type { Running } from './cli.js';
import { TEST_PLATFORM } from './world.js';

/**
 * The in-process test double of the process, as gh's `iostreams.Test()`: stdout and stderr are
 * buffers, the clock and the environment are the test's, and a signal is sent by calling `stop`.
 */
export interface TestIO extends IO {
  out(): string;
  err(): string;
  outBytes(): Buffer;
  /** Delivers SIGINT or SIGTERM to whatever waits in `untilSignal`. */
  stop(signal?: string): void;
  /** Resolves with the match once stdout matches `pattern`; rejects after `ms`. */
  untilOut(pattern: RegExp, ms: number): Promise<RegExpExecArray>;
}

export interface TestIOOptions {
  readonly env?: Env;
  /** The wall clock, ms since the epoch; a function for a clock that moves. */
  readonly now?: number | (() => number);
  readonly stdoutIsTTY?: boolean;
  readonly stderrIsTTY?: boolean;
  readonly columns?: number;
  /** The waits of retries and of --watch; by default none (they return at once). */
  readonly sleep?: (ms: number) => Promise<void>;
}

let testHome: string | undefined;

/**
 * An environment without HOME gets a home folder of the test process: the code under test falls
 * back to HOME for its config and cache folders, and must never find the real user's there.
 */
function withTestHome(env: Env): Env {
  if (env.HOME !== undefined) return env;
  testHome ??= mkdtempSync(join(tmpdir(), 'weather-test-home-'));
  return { ...env, HOME: testHome };
}

export function testIO(options: TestIOOptions = {}): TestIO {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const written = new Set<() => void>();
  const sink = (into: Buffer[]) => ({
    write: (chunk: string | Uint8Array) => {
      into.push(Buffer.from(chunk));
      for (const notify of written) notify();
    },
  });
  const stdout = () => Buffer.concat(out).toString('utf8');
  const waiting: ((signal: string) => void)[] = [];
  const now = options.now ?? Date.now;
  return {
    stdout: sink(out),
    stderr: sink(err),
    stdoutIsTTY: options.stdoutIsTTY ?? false,
    stderrIsTTY: options.stderrIsTTY ?? false,
    columns: options.columns ?? 80,
    env: withTestHome(options.env ?? {}),
    now: typeof now === 'number' ? () => now : now,
    untilSignal: () => new Promise((resolve) => waiting.push(resolve)),
    // Retries of live calls go on at once: what is tested is that they happen, not the wait.
    sleep: options.sleep ?? (() => Promise.resolve()),
    out: stdout,
    err: () => Buffer.concat(err).toString('utf8'),
    outBytes: () => Buffer.concat(out),
    stop: (signal = 'SIGTERM') => {
      for (const resolve of waiting.splice(0)) resolve(signal);
    },
    untilOut: (pattern, ms) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(stdout());
          if (!match) return;
          done();
          resolve(match);
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`stdout did not match ${String(pattern)} within ${ms} ms`));
        }, ms);
        const done = () => {
          clearTimeout(timer);
          written.delete(check);
        };
        written.add(check);
        check();
      }),
  };
}

/** A temporary home with its own config folder, removed after the file's tests. */
export function useHome(): { readonly home: string; readonly env: Env } {
  const home = mkdtempSync(join(tmpdir(), 'weather-test-'));
  afterAll(() => rmSync(home, { recursive: true, force: true }));
  return { home, env: homeEnv(home) };
}

/** The environment a test run gets: its own HOME, config and cache folders, UTF-8, nothing else. */
export function homeEnv(home: string, extra: Env = {}): Env {
  return {
    HOME: home,
    LANG: 'C.UTF-8',
    WEATHER_CONFIG_DIR: join(home, 'config'),
    WEATHER_CACHE_DIR: join(home, 'cache'),
    ...extra,
  };
}

export interface Result {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly stdoutBytes: Buffer;
}

/** Runs `weather` in process with `argv`, as the binary would, and collects what it printed. */
export async function run(
  argv: readonly string[],
  options: TestIOOptions = {},
  platform: Platform = TEST_PLATFORM,
): Promise<Result> {
  const io = testIO(options);
  const code = await main(argv, io, platform);
  return { code, stdout: io.out(), stderr: io.err(), stdoutBytes: io.outBytes() };
}

/** `run` in `home`'s environment, as `weather(home, argv, extra)` in test/helpers/cli.ts spawns it. */
export function runIn(home: string, argv: readonly string[], extra: Env = {}): Promise<Result> {
  return run(argv, { env: homeEnv(home, extra) });
}

/**
 * `weather serve --port 0 …` in the test's process, as `serve` in test/helpers/cli.ts spawns it:
 * resolves once the URL line is printed; `stop` delivers the signal through the TestIO.
 */
export async function serveInProcess(
  home: string,
  args: readonly string[] = [],
  extra: Env = {},
): Promise<Running> {
  const io = testIO({ env: homeEnv(home, extra) });
  const exited = main(['serve', '--port', '0', ...args], io, TEST_PLATFORM);
  const early = exited.then((code) => {
    throw new Error(`weather serve exited with ${code}; stderr: ${io.err()}`);
  });
  const listening = io.untilOut(/^(.*)\n/, 10_000);
  // Whichever of the two loses the race is nobody's error: once it listens, its exit is
  // `stop`'s to await; once it has exited, the URL will never come.
  early.catch(() => undefined);
  listening.catch(() => undefined);
  let url: string;
  try {
    [, url = ''] = await Promise.race([listening, early]);
  } catch (error) {
    io.stop();
    throw error;
  }
  return {
    url,
    stderr: () => io.err(),
    stop: async (signal = 'SIGTERM') => {
      io.stop(signal);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('weather serve did not stop in 10 s')), 10_000);
      });
      try {
        return await Promise.race([exited, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
