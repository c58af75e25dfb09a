import { describe, expect, it } from 'vitest';
import { bypassed, parseProxy, proxyFor } from '../../../src/client/proxy.js';
import { ConfigError } from '../../../src/core/errors.js';
import { thrown } from '../../helpers/tmp.js';

describe('bypassed (NO_PROXY)', () => {
  it.each([
    ['http://api.example.com/x', 'example.com', true],
    ['http://api.example.com/x', '.example.com', true],
    ['http://api.example.com/x', '*.example.com', true],
    ['http://example.com/x', '.example.com', true],
    ['http://notexample.com/x', 'example.com', false],
    ['http://api.example.com:8080/x', 'example.com:8080', true],
    ['http://api.example.com:8080/x', 'example.com:80', false],
    ['https://api.example.com/x', 'api.example.com:443', true],
    ['http://API.Example.COM/x', 'api.example.com', true],
    ['http://[::1]:8080/x', '::1', true],
    ['http://[::1]:8080/x', '[::1]:8080', true],
    ['http://[::1]:8080/x', '[::1]:9', false],
    ['http://10.0.0.1/x', 'localhost, 10.0.0.1', true],
    ['http://10.0.0.1/x', '', false],
    ['http://10.0.0.1/x', '*', true],
    ['http://a.example/x', 'a.example:80', true],
    ['http://a.example/x', 'a.example:443', false],
    ['https://a.example/x', 'a.example:80', false],
    ['http://a.example:8080/x', 'a.example:', true],
    ['http://a.example./x', 'b.example,', false],
    ['http://a.example./x', ' b.example', false],
  ])('%s with NO_PROXY=%j → %s', (url, list, expected) => {
    expect(bypassed(new URL(url), list)).toBe(expected);
  });
});

describe('proxyFor', () => {
  it.each([
    ['https://a.example/x', { HTTPS_PROXY: 'p:3128' }, 'HTTPS_PROXY', 'http://p:3128/'],
    [
      'https://a.example/x',
      { https_proxy: 'https://q:1', HTTPS_PROXY: 'p:3128' },
      'https_proxy',
      'https://q:1/',
    ],
    ['http://a.example/x', { HTTP_PROXY: 'socks5://s:1080' }, 'HTTP_PROXY', 'socks5://s:1080'],
    ['http://a.example/x', { http_proxy: ' ', HTTP_PROXY: 'p:1' }, 'HTTP_PROXY', 'http://p:1/'],
    ['http://a.example/x', { HTTP_PROXY: ' p:1\n' }, 'HTTP_PROXY', 'http://p:1/'],
    ['http://a.example/x', { HTTP_PROXY: '\thttps://p:1 ' }, 'HTTP_PROXY', 'https://p:1/'],
  ])('%s with %j → %s', (url, env, variable, href) => {
    const proxy = proxyFor(new URL(url), env);
    expect([proxy?.variable, proxy?.url.href]).toEqual([variable, href]);
  });

  it.each([
    ['https://a.example/x', { HTTP_PROXY: 'p:1' }],
    ['http://a.example/x', { HTTPS_PROXY: 'p:1' }],
    ['http://a.example/x', { HTTP_PROXY: 'p:1', no_proxy: 'a.example' }],
    ['http://a.example/x', { HTTP_PROXY: '::::', NO_PROXY: '*' }],
  ])('%s with %j → direct', (url, env) => {
    expect(proxyFor(new URL(url), env)).toBeUndefined();
  });
});

describe('parseProxy', () => {
  it('refuses a URL without a host, even of a kind it could use', () => {
    expect(thrown(() => parseProxy('HTTPS_PROXY', 'socks5://'))).toStrictEqual(
      new ConfigError(
        'HTTPS_PROXY is not a valid proxy URL: "socks5://"',
        'write it as http://host:port (or host:port), or unset HTTPS_PROXY',
      ),
    );
  });
});
