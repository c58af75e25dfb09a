import { ApiError, NetworkError, UpstreamError, type WeatherError } from '../core/errors.js';
import { formatAge } from '../core/localtime.js';
import type { Failures } from '../cache/failures.js';

/** How calls that failed before are told apart and reported by the runs that remember them. */

/** What the cache may stand in for: trouble on the way or at the server, not a refused request. */
export function staleMayAnswer(error: WeatherError): boolean {
  return (
    error instanceof NetworkError ||
    error instanceof UpstreamError ||
    (error instanceof ApiError && error.status === 429)
  );
}

/** The error of a window in which no request is made, in the words of its cause. */
export function windowError(failures: Failures, left: number, now: number): WeatherError {
  const { error, at } = failures.last;
  const ago = formatAge((now - at) / 1000);
  if (error.kind === 'api' && error.status === 429) {
    return new ApiError(
      429,
      `rate limited (429) ${ago} ago; retry after ${left}s`,
      'no request is made before then; poll less often, e.g. with --cache 10m',
    );
  }
  return new NetworkError(
    `${error.message} (${failures.networkFailures} failures in a row, the last ${ago} ago); retry after ${left}s`,
    'no request is made before then: the wait doubles after each failure, up to 15 min, and a success ends it',
  );
}
