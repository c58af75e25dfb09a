import type { Env } from '../core/env.js';
import { ConfigError } from '../core/errors.js';
import { redactCredentials } from '../core/mask.js';

/** The proxy a request goes through, and the variable that said so (for messages). */
export interface Proxy {
  readonly url: URL;
  readonly variable: string;
  /** `host:port`, never the credentials. */
  readonly where: string;
}

/** undici speaks these to a proxy; curl's others (socks4, socks5h) it does not. */
const SUPPORTED = new Set(['http:', 'https:', 'socks5:']);

/**
 * The proxy for `target`, as curl and most tools choose it: `https_proxy`/`HTTPS_PROXY` for https
 * URLs, `http_proxy`/`HTTP_PROXY` for http URLs (lower case first), none for hosts in
 * `no_proxy`/`NO_PROXY`. Only the variable that applies is read, so a broken one that does not
 * apply cannot fail a request; the one that applies must be valid (exit 8 naming it).
 */
export function proxyFor(target: URL, env: Env): Proxy | undefined {
  const names =
    target.protocol === 'https:' ? ['https_proxy', 'HTTPS_PROXY'] : ['http_proxy', 'HTTP_PROXY'];
  const variable = names.find((name) => (env[name] ?? '').trim() !== '');
  if (variable === undefined) return undefined;
  if (bypassed(target, env.no_proxy || env.NO_PROXY || '')) return undefined;
  const url = parseProxy(variable, env[variable] ?? '');
  return { url, variable, where: url.host };
}

/**
 * A proxy variable as people write it: `host:port` without a scheme means http://host:port, as
 * curl reads it.
 */
export function parseProxy(variable: string, value: string): URL {
  const text = value.trim();
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text);
  const withScheme = hasScheme ? text : `http://${text}`;
  let url: URL | undefined;
  try {
    url = new URL(withScheme);
  } catch {
    url = undefined;
  }
  if (url === undefined || url.hostname === '') {
    const shown = hasScheme ? redactCredentials(text) : redactCredentials(`//${text}`).slice(2);
    throw new ConfigError(
      `${variable} is not a valid proxy URL: "${shown}"`,
      `write it as http://host:port (or host:port), or unset ${variable}`,
    );
  }
  if (!SUPPORTED.has(url.protocol)) {
    throw new ConfigError(
      `${variable} asks for a ${url.protocol.slice(0, -1)}:// proxy, which weather cannot use`,
      'use an http://, https:// or socks5:// proxy',
    );
  }
  return url;
}

/**
 * Whether `no_proxy` sends `target` direct: `*` for every host; otherwise a comma- or
 * space-separated list of host names (a leading `.` or `*.` is optional, subdomains match too),
 * IP addresses and `host:port`.
 */
export function bypassed(target: URL, noProxy: string): boolean {
  const host = bare(target.hostname);
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  for (const item of noProxy.split(/[,\s]+/)) {
    const entry = parseEntry(item.trim().toLowerCase());
    if (entry === undefined) continue;
    if (entry.host === '*') return true;
    if (entry.port !== undefined && entry.port !== port) continue;
    if (host === entry.host || host.endsWith(`.${entry.host}`)) return true;
  }
  return false;
}

function parseEntry(item: string): { host: string; port?: string } | undefined {
  if (item === '') return undefined;
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(item);
  if (bracketed?.[1]) return withPort(bracketed[1], bracketed[2]);
  const parts = item.split(':');
  // One colon separates a port; more are an IPv6 address.
  if (parts.length === 2) return withPort(parts[0] ?? '', parts[1]);
  return withPort(item, undefined);
}

function withPort(host: string, port: string | undefined): { host: string; port?: string } {
  const name = bare(host).replace(/^\*?\./, '');
  return port === undefined || port === '' ? { host: name } : { host: name, port };
}

function bare(host: string): string {
  return host.replace(/^\[|\]$/g, '').toLowerCase();
}
