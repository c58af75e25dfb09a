import type { Env } from '../core/env.js';

export interface Output {
  write(chunk: string | Uint8Array): void;
}

/**
 * Everything a command may touch outside itself. Tests pass buffers, a fixed clock and their own
 * environment; only `processIO` knows about the real process.
 */
export interface IO {
  readonly stdout: Output;
  readonly stderr: Output;
  readonly stdoutIsTTY: boolean;
  readonly stderrIsTTY: boolean;
  readonly columns: number;
  readonly env: Env;
  /** Wall clock, ms since the epoch. */
  now(): number;
  /** Resolves with the signal's name when the process is asked to stop (SIGINT or SIGTERM). */
  untilSignal(): Promise<string>;
}

export function processIO(): IO {
  // A reader that goes away (`weather | head -1`) is not an error worth a stack trace.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
  }
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdoutIsTTY: process.stdout.isTTY,
    stderrIsTTY: process.stderr.isTTY,
    columns: process.stdout.columns || 80,
    env: process.env,
    now: () => Date.now(),
    untilSignal: () =>
      new Promise((resolve) => {
        const stop = (signal: string): void => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          resolve(signal);
        };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
      }),
  };
}
