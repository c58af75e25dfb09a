import type { Server } from 'node:http';
import { ListenError } from '../core/errors.js';

const ANOTHER_PORT = 'choose another --port, or --port 0 for a free one';
const LOCAL_ADDRESS = 'choose an address of this machine, e.g. --host 127.0.0.1';

/** Why listening failed, in words, and what to do instead, by the system's error code. */
export function listenProblem(
  code: string | undefined,
  port: number,
): readonly [string, string | undefined] {
  switch (code) {
    case 'EADDRINUSE':
      return ['the port is in use', ANOTHER_PORT];
    case 'EACCES':
      return port < 1024
        ? ['ports below 1024 need privileges', 'choose a --port of 1024 or more, or --port 0']
        : ['permission denied', ANOTHER_PORT];
    case 'EADDRNOTAVAIL':
      return ['the address is not one of this machine', LOCAL_ADDRESS];
    case 'EAFNOSUPPORT':
      return ['this machine does not support that address family', LOCAL_ADDRESS];
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return ['the host name does not resolve', LOCAL_ADDRESS];
    default:
      return [`the system refused (${code ?? 'unknown error'})`, undefined];
  }
}

export function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** Binds `server`; a port in use or an address that cannot be had is a ListenError. */
export function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = (error: NodeJS.ErrnoException): void => {
      const [what, hint] = listenProblem(error.code, port);
      reject(
        new ListenError(`cannot listen on ${hostForUrl(host)}:${port}: ${what}`, hint, {
          cause: error,
        }),
      );
    };
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      resolve();
    });
  });
}
