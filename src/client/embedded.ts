import type { Handler, HttpResponse } from '../core/http.js';
import { WEATHER_PATH } from '../core/protocol.js';
import { queryString, type Query, type Transport } from './query.js';

/**
 * The embedded implementation, called in-process: the handler `weather serve` runs, with no socket
 * in between. The command that wires it decides which world, keys and clock the handler has.
 */
export function createEmbeddedTransport(handle: Handler): Transport {
  return {
    target: 'the embedded implementation',
    get(query: Query): Promise<HttpResponse> {
      return handle({ method: 'GET', url: `${WEATHER_PATH}?${queryString(query)}`, headers: {} });
    },
  };
}
