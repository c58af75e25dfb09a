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

/** An error as node:http or undici gives it: a message and a code. */
function coded(code: string, message = `${code}: something`): Error {
  return Object.assign(new Error(message), { code });
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
    const error = coded(code);
    expect(failure(error, URL_, undefined, undefined)).toStrictEqual(
      new NetworkError(
        `cannot reach api.example.com: ${reason}`,
        'check the network, or use --offline',
        { cause: error },
      ),
    );
  });

  it('an error without a code: its message', () => {
    const error = new Error('other side hung up');
    expect(failure(error, URL_, undefined, undefined)).toStrictEqual(
      new NetworkError(
        'cannot reach api.example.com: other side hung up',
        'check the network, or use --offline',
        { cause: error },
      ),
    );
  });

  it.each([
    [
      'wrapped in an error without a code',
      (inner: Error) => new Error('fetch failed', { cause: inner }),
    ],
    [
      "wrapped in undici's generic UND_ERR",
      (inner: Error) => Object.assign(new Error('x', { cause: inner }), { code: 'UND_ERR' }),
    ],
    [
      'the first of several (one per address tried)',
      (inner: Error) => new AggregateError([inner, coded('ENETUNREACH')]),
    ],
    ['wrapped twice', (inner: Error) => new Error('a', { cause: new AggregateError([inner]) })],
  ])('names the code of the error underneath, %s', (_what, wrap) => {
    const error = wrap(coded('ECONNRESET'));
    expect(failure(error, URL_, undefined, undefined)).toStrictEqual(
      new NetworkError(
        'cannot reach api.example.com: connection reset',
        'check the network, or use --offline',
        { cause: error },
      ),
    );
  });

  it('no complete answer in time, through a proxy', () => {
    const error = coded('ABORT_ERR');
    expect(failure(error, URL_, 2_500, PROXY)).toStrictEqual(
      new NetworkError(
        'no complete response from api.example.com through the proxy proxy.example:3128 (HTTPS_PROXY) within 2.5s',
        'try again later, or raise --timeout',
        { cause: error },
      ),
    );
  });

  it.each([
    ['ECONNREFUSED', 'connection refused'],
    ['ENOTFOUND', 'host not found'],
    ['EAI_AGAIN', 'host not found'],
    ['EHOSTUNREACH', 'EHOSTUNREACH'],
    ['ENETUNREACH', 'ENETUNREACH'],
    ['UND_ERR_CONNECT_TIMEOUT', 'connection timed out'],
  ])('through a proxy, %s is the proxy out of reach', (code, reason) => {
    const error = coded(code);
    expect(failure(error, URL_, undefined, PROXY)).toStrictEqual(
      new NetworkError(
        `cannot reach the proxy proxy.example:3128 (HTTPS_PROXY): ${reason}`,
        'check that the proxy is running, or change HTTPS_PROXY',
        { cause: error },
      ),
    );
  });

  it.each([
    ['ECONNRESET', 'connection reset'],
    ['ETIMEDOUT', 'connection timed out'],
  ])('through a proxy, %s is the way to the API', (code, reason) => {
    const error = coded(code);
    expect(failure(error, URL_, undefined, PROXY)).toStrictEqual(
      new NetworkError(
        `cannot reach api.example.com through the proxy proxy.example:3128 (HTTPS_PROXY): ${reason}`,
        'check the network, or use --offline',
        { cause: error },
      ),
    );
  });

  it('an answer that is not HTTP, through a proxy, quoting the parser', () => {
    const parser = coded('HPE_INVALID_CONSTANT', 'Expected HTTP/');
    const error = new Error('fetch failed', { cause: parser });
    expect(failure(error, URL_, undefined, PROXY)).toStrictEqual(
      new UpstreamError(
        'api.example.com through the proxy proxy.example:3128 (HTTPS_PROXY) did not answer in HTTP: Expected HTTP/',
        'check the base URL: another service may be listening there',
        { cause: error },
      ),
    );
  });

  it('an answer that is not TLS', () => {
    const error = coded('ERR_SSL_WRONG_VERSION_NUMBER');
    expect(failure(error, URL_, undefined, undefined)).toStrictEqual(
      new UpstreamError(
        'api.example.com did not answer in TLS (ERR_SSL_WRONG_VERSION_NUMBER)',
        'check the base URL: http:// rather than https://?',
        { cause: error },
      ),
    );
  });
});
