import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpResponse } from '../../core/http.js';
import { MIN_RETRY_AFTER_SECONDS } from '../../core/protocol.js';
import { MESSAGES } from '../errors.js';
import { errorAnswer } from '../handler.js';
import { badHeaderMessage, type FaultDecision, type SlowPace } from './inject.js';
import { captivePortalPage, edgePage } from './pages.js';
import type { FaultKind } from './spec.js';

/** How long the part of a body sent before a reset has to reach the client first. */
const BEFORE_RESET_MS = 50;

export interface FaultExchange {
  readonly request: IncomingMessage;
  readonly response: ServerResponse;
  readonly method: string;
  readonly url: string;
  /** The API's own answer to the request, for faults that break its delivery. */
  readonly answer: () => Promise<HttpResponse>;
  readonly slow: SlowPace;
  /** Called once the exchange is over: what was sent, for the access log. */
  readonly done: (status: number | '-', bytes: number, fault: FaultKind | undefined) => void;
}

/** The answers that are whole HTTP responses, only not the one the client wanted. */
async function statusAnswer(kind: FaultKind, url: string): Promise<HttpResponse | undefined> {
  switch (kind) {
    case '401':
      return await errorAnswer(401, MESSAGES.invalidKey, url);
    case '429': {
      const limited = await errorAnswer(429, MESSAGES.rateLimited, url);
      const retry = { 'retry-after': String(MIN_RETRY_AFTER_SECONDS) };
      return { ...limited, headers: { ...limited.headers, ...retry } };
    }
    case '500':
      return await errorAnswer(500, MESSAGES.internal, url);
    case '502':
    case '503':
      return edgePage(kind === '502' ? 502 : 503);
    case 'portal':
      return captivePortalPage();
    default:
      return undefined;
  }
}

function writeWhole(
  exchange: FaultExchange,
  answer: HttpResponse,
  fault: FaultKind | undefined,
): void {
  const { response, method } = exchange;
  response.writeHead(answer.status, {
    ...answer.headers,
    'content-length': String(answer.body.byteLength),
  });
  response.end(method === 'HEAD' ? undefined : answer.body);
  exchange.done(answer.status, answer.body.byteLength, fault);
}

function whenClosed(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    if (response.socket?.destroyed ?? true) resolve();
    else response.once('close', () => resolve());
  });
}

function write(response: ServerResponse, chunk: Uint8Array): Promise<void> {
  return new Promise((resolve) => response.write(chunk, () => resolve()));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Answers a request the injector chose a fault for, outside the API's handler: a whole wrong
 * answer (401, 429, 500, 502, 503, a captive portal), none at all (hang), or the API's real
 * answer delivered badly (slow, cut by a reset, or ended early with Content-Length promising more).
 */
export async function injectFault(decision: FaultDecision, exchange: FaultExchange): Promise<void> {
  if ('badHeader' in decision) {
    writeWhole(
      exchange,
      await errorAnswer(400, badHeaderMessage(decision.badHeader), exchange.url),
      undefined,
    );
    return;
  }
  const kind = decision.fault;
  const whole = await statusAnswer(kind, exchange.url);
  if (whole) {
    writeWhole(exchange, whole, kind);
    return;
  }
  const { response, request } = exchange;
  if (kind === 'hang') {
    await whenClosed(response);
    exchange.done('-', 0, kind);
    return;
  }
  const answer = await exchange.answer();
  const body = exchange.method === 'HEAD' ? new Uint8Array(0) : answer.body;
  response.writeHead(answer.status, {
    ...answer.headers,
    'content-length': String(answer.body.byteLength),
  });
  if (kind === 'slow') {
    const pace = exchange.slow;
    for (let at = 0; at < body.byteLength && !response.destroyed; at += pace.bytes) {
      if (at > 0) await sleep(pace.intervalMs);
      await write(response, body.subarray(at, at + pace.bytes));
    }
    response.end();
    exchange.done(answer.status, body.byteLength, kind);
    return;
  }
  // reset and truncate: half the body, then a TCP reset, or a clean close short of the length.
  // The head goes out first on its own: the half of no body (HEAD) would not send it.
  response.flushHeaders();
  const half = body.subarray(0, Math.floor(body.byteLength / 2));
  await write(response, half);
  if (kind === 'reset') {
    await sleep(BEFORE_RESET_MS);
    request.socket.resetAndDestroy();
  } else {
    request.socket.end();
  }
  exchange.done(answer.status, half.byteLength, kind);
}
