import { NetworkError, UpstreamError } from '../core/errors.js';
import { redactUrl } from '../core/mask.js';
import type { Proxy } from './proxy.js';

/** No current observation comes near this; a bigger body is not one. */
export const MAX_BODY_BYTES = 1 << 20;

/** The headers every live request sends, whichever way it goes. */
export const REQUEST_HEADERS = { accept: '*/*', 'user-agent': 'weather-cli' } as const;

/** A body over MAX_BODY_BYTES: not an observation, and not worth a retry. */
export function tooLarge(url: string): UpstreamError {
  return new UpstreamError(
    `the response from ${redactUrl(url)} is larger than ${MAX_BODY_BYTES} bytes`,
  );
}

/** Errors of a connection to the proxy itself: the request never left for the API. */
const TO_PROXY = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * What a request that got no usable answer reports, whichever client made it (node:http for a
 * direct call, undici through a proxy): both name errors by the same system and llhttp codes.
 */
export function failure(
  error: unknown,
  url: string,
  timedOutAfterMs: number | undefined,
  proxy: Proxy | undefined,
): NetworkError | UpstreamError {
  const host = new URL(url).host;
  const via = proxy ? ` through the proxy ${proxy.where} (${proxy.variable})` : '';
  if (timedOutAfterMs !== undefined) {
    return new NetworkError(
      `no complete response from ${host}${via} within ${timedOutAfterMs / 1000}s`,
      'try again later, or raise --timeout',
      { cause: error },
    );
  }
  const coded = findCoded(error);
  const code = coded?.code;
  // Something answered, but not in HTTP: another service on that port, or plain HTTP on a TLS URL.
  if (code?.startsWith('HPE_')) {
    return new UpstreamError(
      `${host}${via} did not answer in HTTP: ${coded?.message ?? ''}`,
      'check the base URL: another service may be listening there',
      { cause: error },
    );
  }
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER') {
    return new UpstreamError(
      `${host}${via} did not answer in TLS (${code})`,
      'check the base URL: http:// rather than https://?',
      { cause: error },
    );
  }
  const reason =
    code === 'ECONNREFUSED'
      ? 'connection refused'
      : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
        ? 'host not found'
        : code === 'ECONNRESET' || code === 'UND_ERR_SOCKET'
          ? 'connection reset'
          : code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT'
            ? 'connection timed out'
            : (code ?? (error as Error).message);
  if (proxy && code !== undefined && TO_PROXY.has(code)) {
    return new NetworkError(
      `cannot reach the proxy ${proxy.where} (${proxy.variable}): ${reason}`,
      `check that the proxy is running, or change ${proxy.variable}`,
      { cause: error },
    );
  }
  return new NetworkError(
    `cannot reach ${host}${via}: ${reason}`,
    'check the network, or use --offline',
    {
      cause: error,
    },
  );
}

/** The first error along the chain of causes that carries a code, and its code. */
function findCoded(error: unknown): { code: string; message: string } | undefined {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && code !== 'UND_ERR') return { code, message: e.message };
    if (e instanceof AggregateError) return findCoded(e.errors[0]);
  }
  return undefined;
}
