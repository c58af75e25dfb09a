import { ApiError, UpstreamError } from '../core/errors.js';
import {
  SIMULATED_BASE,
  SIMULATED_SOURCE,
  SOURCE_HEADER,
  type Decoded,
} from '../core/observation.js';
import { DecodeProblem } from './decode/fields.js';
import { checkPlausible, Implausible } from './decode/plausible.js';
import { decodeErrorObject } from './decode/error.js';
import { decodeJsonObservation } from './decode/json.js';
import { checkWidget } from './decode/html.js';
import type { HttpResponse } from '../core/http.js';
import { MIN_RETRY_AFTER_SECONDS } from '../core/protocol.js';
import type { Query } from './query.js';

const HINTS: Readonly<Record<number, string>> = {
  401: 'check the key (weather config get appid) or set another: weather config set appid <key>',
  429: 'wait at least a minute before the next request, or poll less often',
};

/**
 * What a response means: an observation (decoded, validated and plausible at `now`, ms since the
 * epoch), or the typed error to report. html bodies are not decoded; they only have to be the
 * API's widget (see html.ts). Asynchronous because the XML parser is loaded only for a body that
 * may be XML (--mode xml, an XML error object, an error page).
 */
export async function interpret(
  response: HttpResponse,
  query: Query,
  target: string,
  now: number,
): Promise<Decoded | null> {
  const { status } = response;
  if (status === 200) return decodeSuccess(response, query, target, now);
  if (status >= 400 && status < 500) {
    const error = await decodeErrorObject(response.body);
    const text = error ? error.message : `HTTP ${status} without an error object`;
    if (status === 429) {
      const wait = retryAfterSeconds(response.headers['retry-after']);
      throw new ApiError(429, `rate limited (429): ${text}; retry after ${wait}s`, HINTS[429]);
    }
    const what = status === 401 ? 'the API rejected the key' : 'the API rejected the request';
    throw new ApiError(status, `${what} (${status}): ${text}`, HINTS[status]);
  }
  const detail = (await decodeErrorObject(response.body))?.message;
  throw new UpstreamError(
    `${target} answered ${status}${detail ? `: ${detail}` : ''}`,
    status >= 500 ? 'the service has a problem; try again later' : undefined,
  );
}

/** Seconds to wait after a 429: the server's Retry-After, never below the spec's one minute. */
export function retryAfterSeconds(header: string | undefined): number {
  const seconds = header !== undefined && /^\d+$/.test(header.trim()) ? Number(header) : NaN;
  if (Number.isFinite(seconds)) return Math.max(MIN_RETRY_AFTER_SECONDS, seconds);
  const date = header === undefined ? NaN : Date.parse(header);
  return Number.isFinite(date)
    ? Math.max(MIN_RETRY_AFTER_SECONDS, Math.ceil((date - Date.now()) / 1000))
    : MIN_RETRY_AFTER_SECONDS;
}

async function decodeSuccess(
  response: HttpResponse,
  query: Query,
  target: string,
  now: number,
): Promise<Decoded | null> {
  const marked = response.headers[SOURCE_HEADER] === SIMULATED_SOURCE;
  try {
    const decoded = await decodeBody(response, query, marked);
    // The embedded implementation's answers may be frozen at any time (weather serve --now).
    if (decoded) {
      checkPlausible(decoded.observation, decoded.units, decoded.simulated ? undefined : now);
    }
    return decoded;
  } catch (error) {
    if (error instanceof Implausible) {
      throw new UpstreamError(
        `${target} answered an observation that cannot be right: ${error.message}`,
        error.hint ?? 'the service sent values outside physical ranges; try again later',
      );
    }
    if (!(error instanceof DecodeProblem)) throw error;
    throw new UpstreamError(
      `${target} answered 200 with a body that is not a weather observation: ${error.message}`,
    );
  }
}

async function decodeBody(
  response: HttpResponse,
  query: Query,
  marked: boolean,
): Promise<Decoded | null> {
  switch (query.mode) {
    case 'json': {
      const observation = decodeJsonObservation(response.body);
      return {
        observation,
        units: query.units,
        simulated: marked || observation.base === SIMULATED_BASE,
      };
    }
    case 'xml': {
      const { decodeXmlObservation } = await import('./decode/xml.js');
      return { ...decodeXmlObservation(response.body, query.units), simulated: marked };
    }
    case 'html':
      checkWidget(response);
      return null;
  }
}
