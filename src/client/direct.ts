import type { ClientRequest, IncomingMessage, RequestOptions } from 'node:http';
import { urlToHttpOptions } from 'node:url';
import type { HttpResponse } from '../core/http.js';
import { MAX_BODY_BYTES, REQUEST_HEADERS, tooLarge } from './failure.js';

/**
 * One GET without a proxy, with node:http or node:https: a one-shot call costs a fraction of what
 * undici does to load and to run (its HTTP parser is WebAssembly, compiled on first use). It
 * behaves as the undici client of proxy.ts does: no redirects followed, credentials in the URL not
 * sent, no compression asked for, repeated headers joined with ", ", and an answer that is not
 * HTTP described in undici's words. Rejects with the error as Node gives it; the caller maps it.
 */
export function getDirect(url: string, signal: AbortSignal): Promise<HttpResponse> {
  const target = new URL(url);
  // getBuiltinModule, not import(): the single executable's CommonJS bundle has no import().
  const { request } =
    target.protocol === 'https:'
      ? process.getBuiltinModule('node:https')
      : process.getBuiltinModule('node:http');
  // urlToHttpOptions takes the brackets off an IPv6 host; `auth` would send the credentials.
  const { auth: _credentials, ...where } = urlToHttpOptions(target);
  const options: RequestOptions = {
    ...where,
    method: 'GET',
    headers: REQUEST_HEADERS,
    signal,
    // A connection of its own, closed after the answer: nothing is left to keep the process up.
    agent: false,
  };
  return new Promise((resolve, reject) => {
    const req: ClientRequest = request(options, (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BODY_BYTES) {
          reject(tooLarge(url));
          req.destroy();
          return;
        }
        chunks.push(chunk);
      });
      res.on('error', reject);
      res.on('end', () => {
        resolve({
          status: res.statusCode ?? 0,
          headers: headersOf(res),
          body: Buffer.concat(chunks),
        });
        req.destroy();
      });
    });
    req.on('error', (error: NodeJS.ErrnoException & { reason?: string }) => {
      reject(error.code?.startsWith('HPE_') ? notHttp(error) : error);
    });
    // Over TLS the request is sent once the handshake is done, so that a server that does not
    // speak TLS fails the handshake (ERR_SSL_WRONG_VERSION_NUMBER), not the write (EPROTO).
    if (target.protocol === 'https:') {
      req.once('socket', (socket) => socket.once('secureConnect', () => req.end()));
    } else {
      req.end();
    }
  });
}

/**
 * Lower-case names, repeated headers joined with ", " (Node's own `headers` drops repeats of
 * some, Retry-After among them; undici keeps them all).
 */
function headersOf(res: IncomingMessage): Record<string, string> {
  const headers = new Map<string, string>();
  const raw = res.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = (raw[i] ?? '').toLowerCase();
    const value = raw[i + 1] ?? '';
    const before = headers.get(name);
    headers.set(name, before === undefined ? value : `${before}, ${value}`);
  }
  return Object.fromEntries(headers);
}

/** Node's "Parse Error: …" in the words undici uses for the same llhttp error. */
function notHttp(error: NodeJS.ErrnoException & { reason?: string }): Error {
  const described = new Error(
    `Response does not match the HTTP/1.1 protocol (${error.reason ?? error.message})`,
    { cause: error },
  );
  return Object.assign(described, { code: error.code });
}
