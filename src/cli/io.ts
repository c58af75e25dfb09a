import type { Env } from '../core/env.js';
import { OutputError } from '../core/errors.js';
import { describeSystemError, errorCode } from '../core/files.js';

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
  /**
   * Writes to stderr like `stderr.write`, resolving once the chunk is handed over (or dropped);
   * lets a long-running command write in batches without waiting for the reader. Absent where
   * stderr is a buffer, which never makes anyone wait.
   */
  readonly writeStderr?: (chunk: string) => Promise<void>;
  readonly stdoutIsTTY: boolean;
  readonly stderrIsTTY: boolean;
  readonly columns: number;
  readonly env: Env;
  /** Wall clock, ms since the epoch. */
  now(): number;
  /**
   * Resolves once everything written to stdout has been handed over; rejects with an OutputError
   * when it could not be. Test buffers never fail, so they need none.
   */
  settle?(): Promise<void>;
  /** Standard input, for commands that read it (`weather batch`); absent: nothing to read. */
  readonly stdin?: NodeJS.ReadableStream;
  /** Resolves with the signal's name when the process is asked to stop (SIGINT or SIGTERM). */
  untilSignal(): Promise<string>;
  /** Whether stdout's reader went away (`weather --watch 1m | head -3`); absent: it never does. */
  stdoutClosed?(): boolean;
  /** Waits between retries of a live call; absent: real time (tests pass one that does not wait). */
  readonly sleep?: (ms: number) => Promise<void>;
}

/**
 * stdout as commands use it. A reader that goes away (`weather | head -1`) is not an error: the
 * rest is dropped silently. Any other failure (a full disk, a closed file) is an OutputError,
 * thrown by the next write or by `settle`; Node reports it asynchronously, after the write.
 */
export function guardStdout(stream: NodeJS.WritableStream): Output & {
  settle(): Promise<void>;
  closed(): boolean;
} {
  let failure: unknown;
  let closed = false;
  let last: Promise<void> = Promise.resolve();
  const note = (error: unknown): void => {
    if (errorCode(error) === 'EPIPE') closed = true;
    else failure ??= error;
  };
  const check = (): void => {
    if (failure !== undefined) {
      throw new OutputError(`cannot write the output: ${describeSystemError(failure)}`);
    }
  };
  stream.on('error', note);
  return {
    write(chunk) {
      check();
      if (closed) return;
      last = new Promise((resolve) => {
        stream.write(chunk, (error) => {
          if (error) note(error);
          resolve();
        });
      });
    },
    async settle() {
      await last;
      check();
    },
    closed: () => closed,
  };
}

/**
 * stderr as commands use it: its own failure has nowhere to be reported, so from then on what is
 * written is dropped. `weather serve` keeps serving when its access log cannot be written.
 */
export function guardStderr(stream: NodeJS.WritableStream): Output & {
  readonly written: (chunk: string) => Promise<void>;
} {
  let failed = false;
  stream.on('error', () => (failed = true));
  const write = (chunk: string | Uint8Array, done?: () => void): void => {
    if (failed) {
      done?.();
      return;
    }
    stream.write(chunk, (error) => {
      failed ||= Boolean(error);
      done?.();
    });
  };
  return {
    write: (chunk) => write(chunk),
    written: (chunk) => new Promise((resolve) => write(chunk, resolve)),
  };
}

export function processIO(): IO {
  const stdout = guardStdout(process.stdout);
  const stderr = guardStderr(process.stderr);
  return {
    stdout,
    stderr,
    writeStderr: stderr.written,
    settle: () => stdout.settle(),
    stdoutClosed: () => stdout.closed(),
    stdin: process.stdin,
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
