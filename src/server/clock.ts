import { NOW_HEADER } from '../core/protocol.js';
import type { HttpRequest } from '../core/http.js';
import { parseInstant } from '../core/instant.js';

/**
 * The model's clock for `weather serve`: the real one; frozen at `start` (`--now`); or, with a
 * speed, running from `start` (or from the moment it was made) that many times faster than the
 * wall clock (`--clock-speed 60`: a minute a second).
 */
export function modelClock(options: {
  readonly wall: () => number;
  readonly start?: number | undefined;
  readonly speed?: number | undefined;
}): () => number {
  const { wall, start, speed } = options;
  if (speed === undefined) return start === undefined ? wall : () => start;
  const wallAtStart = wall();
  const from = start ?? wallAtStart;
  return () => from + (wall() - wallAtStart) * speed;
}

function headerValue(request: HttpRequest): string | undefined {
  const value = request.headers[NOW_HEADER];
  return typeof value === 'string' ? value : value?.[0];
}

export type RequestClock =
  | { readonly ok: true; readonly now: () => number }
  | { readonly ok: false; readonly message: string };

/**
 * The clock for one request: X-Weather-Now when the server honours test headers (ISO 8601 or
 * Unix seconds, as `--now`), the server's clock otherwise.
 *
 * An answer cache keyed by the URL must not serve, nor store, an answer for a request this
 * header applies to (see `setsItsOwnClock`): the same URL has another answer at another moment.
 */
export function requestClock(
  request: HttpRequest,
  allowHeader: boolean,
  serverClock: () => number,
): RequestClock {
  const text = allowHeader ? headerValue(request) : undefined;
  if (text === undefined) return { ok: true, now: serverClock };
  const ms = parseInstant(text);
  if (ms === undefined) {
    return {
      ok: false,
      message: `X-Weather-Now: "${text}" is not ISO 8601 (2026-01-01T12:00:00Z) or Unix seconds`,
    };
  }
  return { ok: true, now: () => ms };
}

/** True when the request's answer depends on X-Weather-Now rather than on its URL alone. */
export function setsItsOwnClock(request: HttpRequest, allowHeader: boolean): boolean {
  return allowHeader && headerValue(request) !== undefined;
}
