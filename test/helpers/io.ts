import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { main, type IO } from '../../src/cli/main.js';
import type { Env, Platform } from '../../src/core/env.js';
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
}

export interface TestIOOptions {
  readonly env?: Env;
  /** The wall clock, ms since the epoch; a function for a clock that moves. */
  readonly now?: number | (() => number);
  readonly stdoutIsTTY?: boolean;
  readonly stderrIsTTY?: boolean;
  readonly columns?: number;
}

export function testIO(options: TestIOOptions = {}): TestIO {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const sink = (into: Buffer[]) => ({
    write: (chunk: string | Uint8Array) => void into.push(Buffer.from(chunk)),
  });
  const waiting: ((signal: string) => void)[] = [];
  const now = options.now ?? Date.now;
  return {
    stdout: sink(out),
    stderr: sink(err),
    stdoutIsTTY: options.stdoutIsTTY ?? false,
    stderrIsTTY: options.stderrIsTTY ?? false,
    columns: options.columns ?? 80,
    env: options.env ?? {},
    now: typeof now === 'number' ? () => now : now,
    untilSignal: () => new Promise((resolve) => waiting.push(resolve)),
    out: () => Buffer.concat(out).toString('utf8'),
    err: () => Buffer.concat(err).toString('utf8'),
    outBytes: () => Buffer.concat(out),
    stop: (signal = 'SIGTERM') => {
      for (const resolve of waiting.splice(0)) resolve(signal);
    },
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
