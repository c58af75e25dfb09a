import { errors, ProxyAgent, request } from 'undici';
import { NetworkError, UpstreamError } from '../core/errors.js';
import type { HttpResponse } from '../core/http.js';
import { decodeErrorObject } from './decode/error.js';
import { failure, MAX_BODY_BYTES, REQUEST_HEADERS, tooLarge } from './failure.js';
import type { Proxy } from './proxy.js';

/** Requests through a proxy, with undici: one at a time, on one agent until `close`. */
export interface ProxiedClient {
  /**
   * One request. A NetworkError returned, not thrown, is the proxy's own refusal: final, not
   * retried. Thrown errors are mapped as failure.ts maps them.
   */
  readonly attempt: (
    url: string,
    remainingMs: number,
    timeoutMs: number,
  ) => Promise<HttpResponse | NetworkError>;
  readonly close: () => Promise<void>;
}

/**
 * http:// goes to the proxy as an absolute-URI request, as curl and browsers do; many proxies
 * allow CONNECT only to port 443. https:// is tunnelled with CONNECT either way.
 */
export function proxiedClient(proxy: Proxy): ProxiedClient {
  const agent = new ProxyAgent({ uri: proxy.url.href, proxyTunnel: false });
  return {
    attempt: async (url, remainingMs, timeoutMs) => {
      const answer = await attemptOnce(url, agent, remainingMs, timeoutMs, proxy);
      if (answer instanceof NetworkError) return answer;
      return (await proxyRefusal(answer, proxy, new URL(url).host)) ?? answer;
    },
    close: () => agent.close(),
  };
}

/**
 * A proxy's own answer, as the error to report: 407 (credentials), or 403 without the API's error
 * object (the API never answers 403 itself). Undefined for anything else.
 */
async function proxyRefusal(
  { status, body }: Pick<HttpResponse, 'status' | 'body'>,
  proxy: Proxy,
  host: string,
): Promise<NetworkError | undefined> {
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
  if (status === 403 && (await decodeErrorObject(body)) === undefined) {
    return new NetworkError(
      `${named} refused the request to ${host} (403)`,
      `ask for ${host} to be allowed, or list it in NO_PROXY if it can be reached directly`,
    );
  }
  return undefined;
}

/** The proxy answered for itself: the request never reached the API. */
async function refusedByProxy(status: number, proxy: Proxy, host: string): Promise<NetworkError> {
  return (
    (await proxyRefusal({ status, body: new Uint8Array() }, proxy, host)) ??
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

async function attemptOnce(
  url: string,
  agent: ProxyAgent,
  remainingMs: number,
  timeoutMs: number,
  proxy: Proxy,
): Promise<HttpResponse | NetworkError> {
  const signal = AbortSignal.timeout(Math.max(1, remainingMs));
  try {
    const response = await request(url, {
      method: 'GET',
      dispatcher: agent,
      signal,
      headers: REQUEST_HEADERS,
    });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        response.body.destroy();
        throw tooLarge(url);
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
    const status = proxyStatus(error);
    if (status !== undefined) return refusedByProxy(status, proxy, new URL(url).host);
    throw failure(error, url, signal.aborted ? timeoutMs : undefined, proxy);
  }
}
