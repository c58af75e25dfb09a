import { Agent, errors, ProxyAgent, request, type Dispatcher } from 'undici';
import { NetworkError, UpstreamError } from '../core/errors.js';
import { redactUrl } from '../core/mask.js';
import type { Env } from '../core/env.js';
import type { HttpResponse } from '../core/http.js';
import { WEATHER_ENDPOINT } from '../core/protocol.js';
import { decodeErrorObject } from './decode/error.js';
import { proxyFor, type Proxy } from './proxy.js';
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
 * GET {base_url}/weather over HTTP with undici, through the proxy the environment names (see
 * proxy.ts). Network errors and 5xx are retried twice with backoff inside the timeout; any other
 * answer, 429 included, is returned as it is for the caller to report. A proxy's own refusal
 * (407, 403, a tunnel it will not open) is reported as the proxy's, and not retried.
 */
export function createLiveTransport(options: LiveOptions): Transport {
  const base = options.baseUrl.replace(/\/+$/, '');
  const host = new URL(base).host;
  const proxy = proxyFor(new URL(base), options.env);
  // http:// goes to the proxy as an absolute-URI request, as curl and browsers do; many proxies
  // allow CONNECT only to port 443. https:// is tunnelled with CONNECT either way.
  const agent: Dispatcher = proxy
    ? new ProxyAgent({ uri: proxy.url.href, proxyTunnel: false })
    : new Agent();
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  return {
    target: base,
    async get(query: Query): Promise<HttpResponse> {
      const url = `${base}/${WEATHER_ENDPOINT}?${queryString(query)}`;
      const deadline = Date.now() + options.timeoutMs;
      for (let attempt = 0; ; attempt++) {
        const remaining = deadline - Date.now();
        const delay = RETRY_DELAYS_MS[attempt];
        let answer: HttpResponse | NetworkError;
        try {
          answer = await attemptOnce(url, agent, remaining, options.timeoutMs, proxy);
        } catch (error) {
          const retryable = error instanceof NetworkError && Date.now() < deadline;
          if (!retryable || delay === undefined || deadline - Date.now() <= delay) throw error;
          await sleep(delay);
          continue;
        }
        if (answer instanceof NetworkError) throw answer;
        const refusal = proxy && proxyRefusal(answer, proxy, host);
        if (refusal) throw refusal;
        if (answer.status < 500 || delay === undefined || deadline - Date.now() <= delay) {
          return answer;
        }
        await sleep(delay);
      }
    },
    close: () => agent.close(),
  };
}

/**
 * A proxy's own answer, as the error to report: 407 (credentials), or 403 without the API's error
 * object (the API never answers 403 itself). Undefined for anything else.
 */
function proxyRefusal(
  { status, body }: Pick<HttpResponse, 'status' | 'body'>,
  proxy: Proxy,
  host: string,
): NetworkError | undefined {
  const named = `the proxy ${proxy.where} (${proxy.variable})`;
  if (status === 407) {
    return proxy.url.username === ''
      ? new NetworkError(
          `${named} asks for credentials (407)`,
          `put user:password@ before the host in ${proxy.variable}`,
        )
      : new NetworkError(
          `${named} refused the credentials in ${proxy.variable} (407)`,
          `check the user name and password in ${proxy.variable}`,
        );
  }
  if (status === 403 && decodeErrorObject(body) === undefined) {
    return new NetworkError(
      `${named} refused the request to ${host} (403)`,
      `ask for ${host} to be allowed, or list it in NO_PROXY if it can be reached directly`,
    );
  }
  return undefined;
}

/** The proxy answered for itself: the request never reached the API. */
function refusedByProxy(status: number, proxy: Proxy, host: string): NetworkError {
  return (
    proxyRefusal({ status, body: new Uint8Array() }, proxy, host) ??
    new NetworkError(
      `the proxy ${proxy.where} (${proxy.variable}) did not open a connection to ${host} (${status})`,
      'check the network and the proxy, or use --offline',
    )
  );
}

/**
 * A proxy's own answer that undici reports as an error: a CONNECT answered with another status
 * than 200, or a 407 to an absolute-form request.
 */
function proxyStatus(error: unknown): number | undefined {
  const match =
    error instanceof errors.RequestAbortedError
      ? /^Proxy response \((\d{3})\)/.exec(error.message)
      : error instanceof errors.InvalidArgumentError
        ? /^Proxy Authentication Required \((407)\)/.exec(error.message)
        : null;
  return match ? Number(match[1]) : undefined;
}

/**
 * One request. A NetworkError returned, not thrown, is a proxy's refusal: final, not retried.
 */
async function attemptOnce(
  url: string,
  agent: Dispatcher,
  remainingMs: number,
  timeoutMs: number,
  proxy: Proxy | undefined,
): Promise<HttpResponse | NetworkError> {
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
    const status = proxy && proxyStatus(error);
    if (proxy && status !== undefined) return refusedByProxy(status, proxy, new URL(url).host);
    throw failure(error, url, signal.aborted ? timeoutMs : undefined, proxy);
  }
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

function failure(
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
  const code = findCode(error);
  // Something answered, but not in HTTP: another service on that port, or plain HTTP on a TLS URL.
  if (error instanceof errors.HTTPParserError) {
    return new UpstreamError(
      `${host}${via} did not answer in HTTP: ${error.message}`,
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
function findCode(error: unknown): string | undefined {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && code !== 'UND_ERR') return code;
    if (e instanceof AggregateError) return findCode(e.errors[0]);
  }
  return undefined;
}
