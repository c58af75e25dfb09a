import { EnvHttpProxyAgent, request } from 'undici';
import { NetworkError, UpstreamError } from '../core/errors.js';
import { redactUrl } from '../core/mask.js';
import type { Env } from '../core/env.js';
import type { HttpResponse } from '../core/http.js';
import { WEATHER_ENDPOINT } from '../core/protocol.js';
import { queryString, type Query, type Transport } from './query.js';

/** No current observation comes near this; a bigger body is not one. */
export const MAX_BODY_BYTES = 1 << 20;
const RETRY_DELAYS_MS = [250, 750];

export interface LiveOptions {
  readonly baseUrl: string;
  /** For the whole call, retries included. */
  readonly timeoutMs: number;
  readonly env: Env;
  readonly sleep?: (ms: number) => Promise<void>;
}

/**
 * GET {base_url}/weather over HTTP with undici, through HTTP(S)_PROXY unless NO_PROXY says
 * otherwise. Network errors and 5xx are retried twice with backoff inside the timeout; any other
 * answer, 429 included, is returned as it is for the caller to report.
 */
export function createLiveTransport(options: LiveOptions): Transport {
  const { env } = options;
  const agent = new EnvHttpProxyAgent({
    // http:// goes to the proxy as an absolute-URI request, as curl and browsers do; many proxies
    // allow CONNECT only to port 443. https:// is tunnelled with CONNECT either way.
    proxyTunnel: false,
    ...defined('httpProxy', env.HTTP_PROXY ?? env.http_proxy),
    ...defined('httpsProxy', env.HTTPS_PROXY ?? env.https_proxy),
    ...defined('noProxy', env.NO_PROXY ?? env.no_proxy),
  });
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    target: base,
    async get(query: Query): Promise<HttpResponse> {
      const url = `${base}/${WEATHER_ENDPOINT}?${queryString(query)}`;
      const deadline = Date.now() + options.timeoutMs;
      for (let attempt = 0; ; attempt++) {
        const remaining = deadline - Date.now();
        const delay = RETRY_DELAYS_MS[attempt];
        try {
          const response = await attemptOnce(url, agent, remaining, options.timeoutMs);
          if (response.status < 500 || delay === undefined || deadline - Date.now() <= delay) {
            return response;
          }
        } catch (error) {
          const retryable = error instanceof NetworkError && Date.now() < deadline;
          if (!retryable || delay === undefined || deadline - Date.now() <= delay) throw error;
        }
        await sleep(delay);
      }
    },
    close: () => agent.close(),
  };
}

function defined<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value === undefined || value === '' ? {} : ({ [key]: value } as Record<K, string>);
}

async function attemptOnce(
  url: string,
  agent: EnvHttpProxyAgent,
  remainingMs: number,
  timeoutMs: number,
): Promise<HttpResponse> {
  const where = redactUrl(url);
  const signal = AbortSignal.timeout(Math.max(1, remainingMs));
  try {
    const response = await request(url, {
      method: 'GET',
      dispatcher: agent,
      signal,
      headers: { accept: '*/*', 'user-agent': 'weather-cli' },
    });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        response.body.destroy();
        throw new UpstreamError(
          `the response from ${where} is larger than ${MAX_BODY_BYTES} bytes`,
        );
      }
      chunks.push(chunk);
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    return { status: response.statusCode, headers, body: Buffer.concat(chunks) };
  } catch (error) {
    if (error instanceof UpstreamError) throw error;
    throw networkError(error, url, signal.aborted ? timeoutMs : undefined);
  }
}

function networkError(
  error: unknown,
  url: string,
  timedOutAfterMs: number | undefined,
): NetworkError {
  const host = new URL(url).host;
  if (timedOutAfterMs !== undefined) {
    return new NetworkError(
      `no complete response from ${host} within ${timedOutAfterMs / 1000}s`,
      'try again later, or raise --timeout',
      { cause: error },
    );
  }
  const code = findCode(error);
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
  return new NetworkError(
    `cannot reach ${host}: ${reason}`,
    'check the network, or use --offline',
    {
      cause: error,
    },
  );
}

function findCode(error: unknown): string | undefined {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && code !== 'UND_ERR') return code;
    if (e instanceof AggregateError) return findCode(e.errors[0]);
  }
  return undefined;
}
