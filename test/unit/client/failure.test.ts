import { describe, expect, it } from 'vitest';
import { failure } from '../../../src/client/failure.js';
import type { Proxy } from '../../../src/client/proxy.js';
import { NetworkError, UpstreamError } from '../../../src/core/errors.js';

const URL_ = 'https://api.example.com/data/2.5/weather?lat=1&lon=2&appid=k';
const PROXY: Proxy = {
  url: new URL('http://proxy.example:3128'),
  variable: 'HTTPS_PROXY',
  where: 'proxy.example:3128',
};
const VIA = 'through the proxy proxy.example:3128 (HTTPS_PROXY)';
const NETWORK_HINT = 'check the network, or use --offline';
const PROXY_HINT = 'check that the proxy is running, or change HTTPS_PROXY';

/** An error as node:http or undici gives it: a message and a code. */
function coded(code: string, message = `${code}: something`): Error {
  return Object.assign(new Error(message), { code });
}

/** What `failure` reports for `error`, and `expected` with `error` as its cause, side by side. */
function check(
  error: Error,
  proxy: Proxy | undefined,
  expected: (cause: Error) => NetworkError | UpstreamError,
  timedOutAfterMs?: number,
): void {
  expect(failure(error, URL_, timedOutAfterMs, proxy)).toStrictEqual(expected(error));
}

describe('failure: a request without a usable answer, as the user reads it', () => {
  it.each([
    ['ECONNREFUSED', 'connection refused'],
    ['ENOTFOUND', 'host not found'],
    ['EAI_AGAIN', 'host not found'],
    ['ECONNRESET', 'connection reset'],
    ['UND_ERR_SOCKET', 'connection reset'],
    ['UND_ERR_CONNECT_TIMEOUT', 'connection timed out'],
    ['ETIMEDOUT', 'connection timed out'],
    ['EHOSTUNREACH', 'EHOSTUNREACH'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'DEPTH_ZERO_SELF_SIGNED_CERT'],
  ])('%s: %s', (code, reason) => {
    check(coded(code), undefined, (cause) => {
      return new NetworkError(`cannot reach api.example.com: ${reason}`, NETWORK_HINT, { cause });
    });
  });

  it.each([
    ['an error without a code: its message', new Error('other side hung up'), 'other side hung up'],
    [
      'a code under an error without one',
      new Error('x', { cause: coded('ECONNRESET') }),
      'connection reset',
    ],
    [
      "a code under undici's generic UND_ERR",
      Object.assign(new Error('x', { cause: coded('ECONNRESET') }), { code: 'UND_ERR' }),
      'connection reset',
    ],
    [
      'the first of several, one per address tried',
      new AggregateError([coded('ECONNRESET'), coded('ENETUNREACH')]),
      'connection reset',
    ],
    [
      'a code two levels down',
      new Error('a', { cause: new AggregateError([coded('ECONNRESET')]) }),
      'connection reset',
    ],
  ])('%s', (_what, error, reason) => {
    check(error, undefined, (cause) => {
      return new NetworkError(`cannot reach api.example.com: ${reason}`, NETWORK_HINT, { cause });
    });
  });

  it.each([
    [
      'ECONNREFUSED',
      'connection refused',
      PROXY_HINT,
      'cannot reach the proxy proxy.example:3128 (HTTPS_PROXY)',
    ],
    [
      'ENOTFOUND',
      'host not found',
      PROXY_HINT,
      'cannot reach the proxy proxy.example:3128 (HTTPS_PROXY)',
    ],
    [
      'EAI_AGAIN',
      'host not found',
      PROXY_HINT,
      'cannot reach the proxy proxy.example:3128 (HTTPS_PROXY)',
    ],
    [
      'EHOSTUNREACH',
      'EHOSTUNREACH',
      PROXY_HINT,
      'cannot reach the proxy proxy.example:3128 (HTTPS_PROXY)',
    ],
    [
      'ENETUNREACH',
      'ENETUNREACH',
      PROXY_HINT,
      'cannot reach the proxy proxy.example:3128 (HTTPS_PROXY)',
    ],
    [
      'UND_ERR_CONNECT_TIMEOUT',
      'connection timed out',
      PROXY_HINT,
      'cannot reach the proxy proxy.example:3128 (HTTPS_PROXY)',
    ],
    ['ECONNRESET', 'connection reset', NETWORK_HINT, `cannot reach api.example.com ${VIA}`],
    ['ETIMEDOUT', 'connection timed out', NETWORK_HINT, `cannot reach api.example.com ${VIA}`],
  ])('through a proxy, %s: %s, of %s', (code, reason, hint, what) => {
    check(coded(code), PROXY, (cause) => new NetworkError(`${what}: ${reason}`, hint, { cause }));
  });

  it('no complete answer in time, through a proxy', () => {
    const message = `no complete response from api.example.com ${VIA} within 2.5s`;
    const hint = 'try again later, or raise --timeout';
    check(coded('ABORT_ERR'), PROXY, (cause) => new NetworkError(message, hint, { cause }), 2_500);
  });

  it('an answer that is not HTTP, through a proxy, quoting the parser', () => {
    const error = new Error('fetch failed', {
      cause: coded('HPE_INVALID_CONSTANT', 'Expected HTTP/'),
    });
    const message = `api.example.com ${VIA} did not answer in HTTP: Expected HTTP/`;
    const hint = 'check the base URL: another service may be listening there';
    check(error, PROXY, (cause) => new UpstreamError(message, hint, { cause }));
  });

  it('an answer that is not TLS', () => {
    const message = 'api.example.com did not answer in TLS (ERR_SSL_WRONG_VERSION_NUMBER)';
    const hint = 'check the base URL: http:// rather than https://?';
    check(coded('ERR_SSL_WRONG_VERSION_NUMBER'), undefined, (cause) => {
      return new UpstreamError(message, hint, { cause });
    });
  });
});
