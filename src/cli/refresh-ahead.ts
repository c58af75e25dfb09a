import type { Env } from '../core/env.js';
import { formatDuration } from '../core/duration.js';
import type { LiveCall } from './memory.js';

/**
 * `--refresh-ahead`: a run that answers from a cache entry past half its life starts this same
 * program in the background (Platform.startSelf) to fetch it again, so a status bar never waits
 * on the network. The background run is told by its environment; it takes the entry's fetch lock
 * without waiting, fetches unless another run did, and prints nothing.
 */

/** Set in the environment of the background run. */
export const REFRESH_CHILD_ENV = 'WEATHER_BACKGROUND_REFRESH';

/** The command line of the background run: the same request, and nothing to print. */
export function refreshArguments(call: LiveCall): string[] {
  const { query } = call;
  return [
    `--lat=${query.lat}`,
    `--lon=${query.lon}`,
    `--units=${query.units}`,
    `--lang=${query.lang}`,
    `--mode=${query.mode}`,
    `--base-url=${call.baseUrl}`,
    `--timeout=${call.timeoutMs / 1000}`,
    `--cache=${formatDuration(call.cache.freshSeconds)}`,
    '--output=raw',
  ];
}

/** Its environment: this run's, with the key (never on a command line, where ps shows it). */
export function refreshEnvironment(call: LiveCall, env: Env): Env {
  return { ...env, WEATHER_APPID: call.query.appid, [REFRESH_CHILD_ENV]: '1' };
}

export function isRefreshChild(env: Env): boolean {
  return env[REFRESH_CHILD_ENV] === '1';
}
