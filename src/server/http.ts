import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { redactUrl } from '../core/mask.js';
import { errorResponse, MESSAGES } from './errors.js';
import type { HttpResponse } from '../core/http.js';
import { API_BASE_PATH } from '../core/protocol.js';
import { handle, type HandlerDeps } from './handler.js';

export interface RunningServer {
  /** Base URL clients use, e.g. http://127.0.0.1:8080/data/2.5 */
  readonly baseUrl: string;
  readonly server: Server;
  /** Stops accepting connections, lets in-flight requests finish, resolves when all are done. */
  close(): Promise<void>;
}

export interface ServeOptions {
  readonly host: string;
  readonly port: number;
  readonly deps: HandlerDeps;
  /** One access-log line per request (never contains the API key). */
  readonly log: (line: string) => void;
}

function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** The HTTP server around the pure handler: a factory, so tests start it on port 0 in-process. */
export async function startServer(options: ServeOptions): Promise<RunningServer> {
  let closing = false;
  const server = createServer((request, response) => {
    // Once stopping, answer what is in flight and end each connection after its response, so a
    // keep-alive client cannot hold the shutdown open until its idle timeout.
    if (closing) response.shouldKeepAlive = false;
    void respond(request, response, options);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://${hostForUrl(options.host)}:${port}${API_BASE_PATH}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        closing = true;
        server.close(() => {
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}

async function respond(
  request: IncomingMessage,
  response: ServerResponse,
  options: ServeOptions,
): Promise<void> {
  const started = performance.now();
  const method = request.method ?? 'GET';
  const url = request.url ?? '/';
  request.resume();
  let result: HttpResponse;
  try {
    result = await handle({ method, url, headers: request.headers }, options.deps);
  } catch (error) {
    options.log(`internal error: ${(error as Error).stack ?? String(error)}`);
    result = errorResponse(500, MESSAGES.internal, 'json');
  }
  response.writeHead(result.status, {
    ...result.headers,
    'content-length': String(result.body.byteLength),
  });
  response.end(method === 'HEAD' ? undefined : result.body);
  const ms = (performance.now() - started).toFixed(1);
  const remote = request.socket.remoteAddress ?? '-';
  options.log(
    `${remote} "${method} ${redactUrl(url)}" ${result.status} ${result.body.byteLength} ${ms}ms`,
  );
}
