import { randomBytes } from 'node:crypto';
import { ApiError, NetworkError, UpstreamError, type WeatherError } from '../core/errors.js';
import { asObject, parseJsonObject } from '../core/json-object.js';
import { redactUrl } from '../core/mask.js';

/**
 * What runs remember about failed calls for one key at one base URL: the last failure (so that
 * runs waiting for the same call report the same thing), and a window in which no request is
 * made: the server's Retry-After after a 429, a growing back-off after network failures in a row.
 */
export interface Failures {
  /** Network failures in a row; any answer from the server ends the run. */
  readonly networkFailures: number;
  /** No request before this, ms since the epoch (0: none). */
  readonly until: number;
  readonly last: {
    /** Tells one failure from the next, whatever the clocks say. */
    readonly id: string;
    /** ms since the epoch */
    readonly at: number;
    readonly error: StoredError;
  };
}

/** A failure as its run reported it, to be reported again in the same words. */
export type StoredError =
  | { readonly kind: 'network' | 'upstream'; readonly message: string; readonly hint?: string }
  | {
      readonly kind: 'api';
      readonly status: number;
      readonly message: string;
      readonly hint?: string;
    };

/** The first network failure may be a blip: back off from the second, 30 s doubling to 15 min. */
export const BACKOFF_FIRST_SECONDS = 30;
export const BACKOFF_MAX_SECONDS = 900;

export function backoffSeconds(networkFailures: number): number {
  if (networkFailures < 2) return 0;
  return Math.min(BACKOFF_MAX_SECONDS, BACKOFF_FIRST_SECONDS * 2 ** (networkFailures - 2));
}

function stored(error: WeatherError): StoredError | undefined {
  const text = { message: redactUrl(error.message), ...(error.hint ? { hint: error.hint } : {}) };
  if (error instanceof NetworkError) return { kind: 'network', ...text };
  if (error instanceof UpstreamError) return { kind: 'upstream', ...text };
  if (error instanceof ApiError) return { kind: 'api', status: error.status, ...text };
  return undefined;
}

export function recall(error: StoredError): WeatherError {
  switch (error.kind) {
    case 'network':
      return new NetworkError(error.message, error.hint);
    case 'upstream':
      return new UpstreamError(error.message, error.hint);
    case 'api':
      return new ApiError(error.status, error.message, error.hint);
  }
}

/**
 * The record after `error` at `at`: a 429 opens the server's window, a network failure the
 * back-off for its place in the run, anything else only becomes the last failure. Undefined for
 * errors that are not the server's or the network's.
 */
export function afterFailure(
  previous: Failures | undefined,
  error: WeatherError,
  at: number,
  retryAfterSeconds: number | undefined,
): Failures | undefined {
  const kept = stored(error);
  if (!kept) return undefined;
  const networkFailures = kept.kind === 'network' ? (previous?.networkFailures ?? 0) + 1 : 0;
  const wait =
    kept.kind === 'api' && kept.status === 429
      ? (retryAfterSeconds ?? 0)
      : backoffSeconds(networkFailures);
  return {
    networkFailures,
    until: wait > 0 ? at + wait * 1000 : 0,
    last: { id: randomBytes(8).toString('hex'), at, error: kept },
  };
}

/** Whole seconds left in the window at `now`, or undefined when requests may be made. */
export function secondsLeft(failures: Failures | undefined, now: number): number | undefined {
  if (!failures || failures.until <= now) return undefined;
  return Math.ceil((failures.until - now) / 1000);
}

export function encodeFailures(failures: Failures): string {
  return `${JSON.stringify(failures)}\n`;
}

function storedError(value: unknown): StoredError | undefined {
  const fields = asObject(value);
  if (!fields) return undefined;
  const { kind, status, message, hint } = fields;
  if (typeof message !== 'string' || (hint !== undefined && typeof hint !== 'string')) {
    return undefined;
  }
  const text = { message, ...(hint === undefined ? {} : { hint }) };
  if (kind === 'network' || kind === 'upstream') return { kind, ...text };
  if (kind === 'api' && typeof status === 'number' && Number.isInteger(status)) {
    return { kind, status, ...text };
  }
  return undefined;
}

/** The record in `text`, or undefined when it is not one (damaged records are forgotten). */
export function decodeFailures(text: string): Failures | undefined {
  const value = parseJsonObject(text);
  if (!value) return undefined;
  const { networkFailures, until } = value;
  const last = asObject(value.last);
  if (!last) return undefined;
  const { id, at, error } = last;
  const kept = storedError(error);
  if (
    typeof networkFailures !== 'number' ||
    !Number.isInteger(networkFailures) ||
    networkFailures < 0 ||
    typeof until !== 'number' ||
    !Number.isFinite(until) ||
    typeof id !== 'string' ||
    typeof at !== 'number' ||
    !Number.isFinite(at) ||
    !kept
  ) {
    return undefined;
  }
  return { networkFailures, until, last: { id, at, error: kept } };
}
