import {
  createServer,
  STATUS_CODES,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { Socket, type AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { HttpRequest, HttpResponse } from '../core/http.js';
import { API_BASE_PATH } from '../core/protocol.js';
import { accessLine, loggedLine } from './access-log.js';
import { readForm } from './console/body.js';
import { isConsoleTarget, type ConsoleHandler } from './console/console.js';
import { injectFault } from './faults/deliver.js';
import type { FaultInjector } from './faults/inject.js';
import { MESSAGES } from './errors.js';
import { Answers, hasBody, sendable, type Sendable } from './answers.js';
import { errorAnswer, handle, refusalAnswer, type HandlerDeps } from './handler.js';
import { hostForUrl, listen } from './listen.js';
import type { CacheLimits } from './response-cache.js';

export interface RunningServer {
  /** Base URL clients use, e.g. http://127.0.0.1:8080/data/2.5 */
  readonly baseUrl: string;
  readonly server: Server;
  /**
   * Stops accepting connections, lets requests in flight finish, closes idle connections at once
   * and every other one after the grace period; resolves when all are closed.
   */
  close(): Promise<void>;
}

/** How long slow clients may take, and how long shutdown waits for them. */
export interface ServerTiming {
  /** A request's head (request line and headers) must arrive within this. */
  readonly headersMs: number;
  /** The whole request, body included, must arrive within this. */
  readonly requestMs: number;
  /** How often Node checks the two bounds above. */
  readonly checkMs: number;
  /** On close, connections still open after this are cut, whatever their clients are doing. */
  readonly graceMs: number;
}

const SERVER_TIMING: ServerTiming = {
  headersMs: 10_000,
  requestMs: 30_000,
  checkMs: 1_000,
  graceMs: 3_000,
};

export interface ServeOptions {
  readonly host: string;
  readonly port: number;
  readonly deps: HandlerDeps;
  /** One access-log line per request (never contains the API key). */
  readonly log: (line: string) => void;
  /** Connections beyond this many open ones are closed at once; absent: no cap. */
  readonly maxConnections?: number | undefined;
  readonly timing?: Partial<ServerTiming> | undefined;
  /** Bounds of the cache of answers to repeated requests. */
  readonly cache?: CacheLimits | undefined;
  /** Faults to inject (`--faults`, X-Weather-Fault); absent: none. */
  readonly faults?: FaultInjector | undefined;
  /** The account console under /console; absent: those paths are the API's 404. */
  readonly console?: ConsoleHandler | undefined;
}

/** Node's own refusals (before there is a request), by the parser's error code. */
const REFUSALS: Readonly<Record<string, readonly [number, string]>> = {
  HPE_HEADER_OVERFLOW: [431, MESSAGES.headersTooLarge],
  ERR_HTTP_REQUEST_TIMEOUT: [408, MESSAGES.requestTimeout],
};

/** At most one log line about refused connections in this long, however many there are. */
const DROP_LOG_INTERVAL_MS = 10_000;

/** The HTTP server around the pure handler: a factory, so tests start it on port 0 in-process. */
export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const timing = { ...SERVER_TIMING, ...options.timing };
  let closing = false;
  const answers = new Answers(options.deps, options.cache);
  const server = createServer(
    {
      headersTimeout: timing.headersMs,
      requestTimeout: timing.requestMs,
      connectionsCheckingInterval: timing.checkMs,
    },
    (request, response) => {
      respond(request, response, options, answers, () => closing);
    },
  );
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    refuse(error, socket, options.log);
  });
  if (options.maxConnections !== undefined) {
    const max = options.maxConnections;
    server.maxConnections = max;
    let loggedAt = -Infinity;
    server.on('drop', () => {
      if (performance.now() - loggedAt < DROP_LOG_INTERVAL_MS) return;
      loggedAt = performance.now();
      options.log(`weather: ${max} connections open (--max-connections); refusing more`);
    });
  }
  await listen(server, options.host, options.port);
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://${hostForUrl(options.host)}:${port}${API_BASE_PATH}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        closing = true;
        const cut = setTimeout(() => server.closeAllConnections(), timing.graceMs);
        server.close(() => {
          clearTimeout(cut);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}

/**
 * Answers what Node's parser refused (a malformed request, a head too large, a client too slow)
 * with the spec's error body instead of Node's empty one, then ends the connection. A reset
 * connection, or one that can no longer be written to, is only closed.
 */
function refuse(error: NodeJS.ErrnoException, socket: Duplex, log: (line: string) => void): void {
  if (error.code !== 'ECONNRESET' && socket.writable) {
    const [status, message] = REFUSALS[error.code ?? ''] ?? [400, MESSAGES.badRequest];
    const answer = refusalAnswer(status, message);
    socket.write(serialize(answer));
    const remote = socket instanceof Socket ? (socket.remoteAddress ?? '-') : '-';
    log(`${remote} "-" ${status} ${answer.body.byteLength} (${error.code ?? 'unknown'})`);
  }
  socket.destroy();
}

/** A whole HTTP/1.1 response as bytes, for a socket that has no ServerResponse. */
function serialize(answer: HttpResponse): Buffer {
  const headers = {
    ...answer.headers,
    'content-length': String(answer.body.byteLength),
    connection: 'close',
  };
  const head = [
    `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ].join('\r\n');
  return Buffer.concat([Buffer.from(`${head}\r\n\r\n`, 'latin1'), answer.body]);
}

/**
 * Answers a request: at once when its answer is kept (src/server/answers.ts), else once the
 * handler has answered.
 */
function respond(
  request: IncomingMessage,
  response: ServerResponse,
  options: ServeOptions,
  answers: Answers,
  closing: () => boolean,
): void {
  const started = performance.now();
  const method = request.method ?? 'GET';
  const url = request.url ?? '/';
  // Read now: once the client has left, before its answer, the socket no longer knows its address.
  const remote = request.socket.remoteAddress ?? '-';
  const form =
    options.console !== undefined && isConsoleTarget(url) ? readForm(request) : undefined;
  if (!form) request.resume();
  const finish = (sent: Sendable): void => {
    send(request, response, sent, closing);
    log(remote, method, sent, options, started);
  };
  const failed = (error: unknown): void => fail(error, request, options, finish);
  // Decided before the kept answers are looked at, so a faulty answer is never served from them,
  // nor kept.
  const fault = options.faults?.decide({ method, url, headers: request.headers });
  if (fault !== undefined && options.faults) {
    void injectFault(fault, {
      request,
      response,
      method,
      url,
      slow: options.faults.slow,
      answer: () => handleOrFail({ method, url, headers: request.headers }, options),
      done: (status, bytes, injected) =>
        options.log(
          accessLine(
            {
              remote,
              method,
              target: url,
              status,
              bytes,
              ms: performance.now() - started,
              fault: injected,
            },
            options.deps.keys,
          ),
        ),
    }).catch(failed);
    return;
  }
  if (form && options.console) {
    consoleAnswer(options.console, method, url, request, form).then(
      (answer) => finish(sendable(answer, url, options.deps.keys)),
      failed,
    );
    return;
  }
  let sent: Sendable | Promise<Sendable>;
  try {
    sent = answers.answer({ method, url, headers: request.headers });
  } catch (error) {
    failed(error);
    return;
  }
  if (sent instanceof Promise) sent.then(finish, failed);
  else finish(sent);
}

function fail(
  error: unknown,
  request: IncomingMessage,
  options: ServeOptions,
  finish: (sent: Sendable) => void,
): void {
  options.log(`internal error: ${describeFailure(error)}`);
  const url = request.url ?? '/';
  void errorAnswer(500, MESSAGES.internal, url).then((answer) =>
    finish(sendable(answer, url, options.deps.keys)),
  );
}

/** The handler's answer; a 500 (logged) when it throws. */
async function handleOrFail(request: HttpRequest, options: ServeOptions): Promise<HttpResponse> {
  try {
    return await handle(request, options.deps);
  } catch (error) {
    options.log(`internal error: ${describeFailure(error)}`);
    return errorAnswer(500, MESSAGES.internal, request.url);
  }
}

/** A thrown value for the log: its stack when it has one. */
function describeFailure(error: unknown): string {
  const stack: unknown =
    typeof error === 'object' && error !== null && 'stack' in error ? error.stack : undefined;
  return typeof stack === 'string' ? stack : String(error);
}

/**
 * Whether the request's body has yet to arrive. An answer sent at once, from the kept answers, goes
 * out before Node has marked even a request without a body complete; one without Content-Length
 * and Transfer-Encoding, or with a length of 0, has no body to wait for (RFC 9112, 6.3).
 */
function bodyComing(request: IncomingMessage): boolean {
  if (request.complete) return false;
  const { headers } = request;
  return headers['transfer-encoding'] !== undefined || (headers['content-length'] ?? '0') !== '0';
}

function send(
  request: IncomingMessage,
  response: ServerResponse,
  sent: Sendable,
  closing: () => boolean,
): void {
  // Once stopping, end each connection after its answer, so a keep-alive client cannot hold the
  // shutdown open; the same when the request's body is still coming: nothing needs it, and a
  // client that never finishes it would otherwise keep the connection and get a 408 after its
  // answer.
  if (closing() || bodyComing(request)) response.shouldKeepAlive = false;
  response.writeHead(sent.response.status, sent.head);
  response.end(
    request.method === 'HEAD' || !hasBody(sent.response) ? undefined : sent.response.body,
  );
}

function log(
  remote: string,
  method: string,
  sent: Sendable,
  options: ServeOptions,
  started: number,
): void {
  const { status, body } = sent.response;
  options.log(
    loggedLine({
      remote,
      method,
      target: sent.logged,
      status,
      bytes: body.byteLength,
      ms: performance.now() - started,
    }),
  );
}

async function consoleAnswer(
  handler: ConsoleHandler,
  method: string,
  url: string,
  request: IncomingMessage,
  form: Promise<string | undefined>,
): Promise<HttpResponse> {
  const body = await form;
  if (body === undefined) return errorAnswer(413, MESSAGES.formTooLarge, url);
  return handler({ method, url, headers: request.headers, body });
}
