/**
 * Typed errors and the one table that maps them to exit codes. Library code throws these; only
 * the CLI's top level turns them into an exit code and a `weather: ...` line on stderr.
 */
export const EXIT = {
  ok: 0,
  internal: 1,
  usage: 2,
  rejected: 3,
  auth: 4,
  rateLimited: 5,
  network: 6,
  upstream: 7,
  config: 8,
  output: 9,
  listen: 10,
  notSet: 11,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** Printed in `--help` and the README. */
export const EXIT_CODE_TABLE: readonly (readonly [ExitCode, string])[] = [
  [EXIT.ok, 'success'],
  [
    EXIT.internal,
    'unexpected internal error (a bug; stack trace with --verbose or WEATHER_DEBUG=1)',
  ],
  [EXIT.usage, 'usage error: bad flag or value, detected before any request'],
  [EXIT.rejected, 'the API rejected the request (400, or another 4xx but 401 and 429)'],
  [EXIT.auth, 'authentication failed (401: missing, invalid or inactive key)'],
  [EXIT.rateLimited, 'rate limited (429), or inside the wait a 429 asked for'],
  [
    EXIT.network,
    'network failure: DNS, refused, reset, timeout, a proxy that refuses the request (403, 407); or inside the back-off after failures in a row',
  ],
  [
    EXIT.upstream,
    'bad upstream response: 5xx, an answer that is not HTTP, or a body that is not a plausible observation or error',
  ],
  [
    EXIT.config,
    'configuration or storage error: an invalid config or key file, a file that cannot be written, a lock held too long, a malformed proxy variable',
  ],
  [
    EXIT.output,
    'the output cannot be written (a full disk, a closed file); a closed pipe is not an error',
  ],
  [EXIT.listen, 'weather serve cannot listen: the port is busy or the address is not available'],
  [
    EXIT.notSet,
    'weather config get: the key is not set (nothing on stdout; its default applies), as git config does',
  ],
];

export abstract class WeatherError extends Error {
  abstract readonly exitCode: ExitCode;
  /** At most one line that tells the user what to do next. */
  readonly hint: string | undefined;

  constructor(message: string, hint?: string, options?: { cause?: unknown }) {
    super(message, options);
    this.hint = hint;
  }
}

export class UsageError extends WeatherError {
  override readonly name = 'UsageError';
  readonly exitCode = EXIT.usage;
}

/** The API answered with an error status (4xx) and, usually, an error object. */
export class ApiError extends WeatherError {
  override readonly name = 'ApiError';
  readonly exitCode: ExitCode;
  readonly status: number;

  constructor(status: number, message: string, hint?: string) {
    super(message, hint);
    this.status = status;
    this.exitCode = status === 401 ? EXIT.auth : status === 429 ? EXIT.rateLimited : EXIT.rejected;
  }
}

export class NetworkError extends WeatherError {
  override readonly name = 'NetworkError';
  readonly exitCode = EXIT.network;
}

export class UpstreamError extends WeatherError {
  override readonly name = 'UpstreamError';
  readonly exitCode = EXIT.upstream;
}

export class ConfigError extends WeatherError {
  override readonly name = 'ConfigError';
  readonly exitCode = EXIT.config;
}

/** stdout (or the file it was sent to) refused the output: a full disk, a closed file. */
export class OutputError extends WeatherError {
  override readonly name = 'OutputError';
  readonly exitCode = EXIT.output;
}

/** `weather serve` could not listen where it was asked to. */
export class ListenError extends WeatherError {
  override readonly name = 'ListenError';
  readonly exitCode = EXIT.listen;
}
