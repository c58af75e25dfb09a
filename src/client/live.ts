import { NetworkError, UpstreamError } from '../core/errors.js';
import type { Env } from '../core/env.js';
import type { HttpResponse } from '../core/http.js';
import { WEATHER_ENDPOINT } from '../core/protocol.js';
import { getDirect } from './direct.js';
import { failure } from './failure.js';
import { proxyFor } from './proxy.js';
import { queryString, type Query, type Transport } from './query.js';

const RETRY_DELAYS_MS = [250, 750];

export interface LiveOptions {
  readonly baseUrl: string;
  /** For the whole call, retries included. */
  readonly timeoutMs: number;
  readonly env: Env;
  readonly sleep?: (ms: number) => Promise<void>;
}

/**
 * GET {base_url}/weather over HTTP: directly with node:http (direct.ts), or with undici through the
 * proxy the environment names (proxy.ts, via-proxy.ts); undici is loaded only then. Network errors
 * and 5xx are retried twice with backoff inside the timeout; any other answer, 429 included, is
 * returned as it is for the caller to report. A proxy's own refusal (407, 403, a tunnel it will
 * not open) is reported as the proxy's, and not retried.
 */
export async function createLiveTransport(options: LiveOptions): Promise<Transport> {
  const base = options.baseUrl.replace(/\/+$/, '');
  const proxy = proxyFor(new URL(base), options.env);
  const proxied = proxy && (await import('./via-proxy.js')).proxiedClient(proxy);
  const attempt = proxied ? proxied.attempt : attemptDirect;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  return {
    target: base,
    async get(query: Query): Promise<HttpResponse> {
      const url = `${base}/${WEATHER_ENDPOINT}?${queryString(query)}`;
      const deadline = Date.now() + options.timeoutMs;
      for (let tries = 0; ; tries++) {
        const remaining = deadline - Date.now();
        const delay = RETRY_DELAYS_MS[tries];
        let answer: HttpResponse | NetworkError;
        try {
          answer = await attempt(url, remaining, options.timeoutMs);
        } catch (error) {
          const retryable = error instanceof NetworkError && Date.now() < deadline;
          if (!retryable || delay === undefined || deadline - Date.now() <= delay) throw error;
          await sleep(delay);
          continue;
        }
        if (answer instanceof NetworkError) throw answer;
        if (answer.status < 500 || delay === undefined || deadline - Date.now() <= delay) {
          return answer;
        }
        await sleep(delay);
      }
    },
    ...(proxied ? { close: () => proxied.close() } : {}),
  };
}

/** One request without a proxy; errors are mapped as for undici's (failure.ts). */
async function attemptDirect(
  url: string,
  remainingMs: number,
  timeoutMs: number,
): Promise<HttpResponse> {
  const signal = AbortSignal.timeout(Math.max(1, remainingMs));
  try {
    return await getDirect(url, signal);
  } catch (error) {
    if (error instanceof UpstreamError) throw error;
    throw failure(error, url, signal.aborted ? timeoutMs : undefined, undefined);
  }
}
