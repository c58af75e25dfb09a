import { SIMULATED_SOURCE, SOURCE_HEADER } from '../core/observation.js';
import type { World } from '../world/types.js';
import type { ConditionTexts } from '../world/i18n/texts.js';
import { errorResponse, MESSAGES } from './errors.js';
import type { KeyLookup } from '../keys/store.js';
import { parseMode, parseParams, type ParamProblem, type WeatherParams } from './params.js';
import type { RateLimiter } from './ratelimit.js';
import type { HttpRequest, HttpResponse } from '../core/http.js';
import { OBSERVATION_CYCLE_SECONDS, WEATHER_PATH } from '../core/protocol.js';
import { contentType } from './response.js';
import { present } from './represent/present.js';
import { renderJson } from './represent/json.js';
import { renderXml } from './represent/xml.js';
import { renderHtml } from './represent/html.js';

/**
 * The embedded implementation of GET /data/2.5/weather: a request in, a response out, no sockets.
 * `weather serve` wraps it in node:http and `weather --offline` calls it in-process, so both give
 * the same bytes for the same request and clock.
 */
export interface HandlerDeps {
  readonly world: World;
  readonly keys: KeyLookup;
  /** Absent: no limit (the in-process transport). */
  readonly limiter?: RateLimiter | undefined;
  /** The model's clock, ms since the epoch (frozen by --now). */
  readonly now: () => number;
  readonly texts: (lang: string) => Promise<ConditionTexts>;
}

const COMMON_HEADERS: Readonly<Record<string, string>> = {
  [SOURCE_HEADER]: SIMULATED_SOURCE,
  'access-control-allow-origin': '*',
  'access-control-allow-credentials': 'true',
  'access-control-allow-methods': 'GET, HEAD',
};

const PROBLEM_MESSAGES: Readonly<Record<ParamProblem, string>> = {
  'nothing-to-geocode': MESSAGES.nothingToGeocode,
  'wrong-latitude': MESSAGES.wrongLatitude,
  'wrong-longitude': MESSAGES.wrongLongitude,
};

function header(request: HttpRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : value?.[0];
}

/** X-Cache-Key as the live service sends it: path and sorted parameters, without the key. */
function cacheKey(query: URLSearchParams): string {
  const entries = [...query].filter(([name]) => name !== 'appid');
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const search = new URLSearchParams(entries).toString();
  return search === '' ? WEATHER_PATH : `${WEATHER_PATH}?${search}`;
}

export async function handle(request: HttpRequest, deps: HandlerDeps): Promise<HttpResponse> {
  const response = await route(request, deps);
  return { ...response, headers: { ...COMMON_HEADERS, ...response.headers } };
}

async function route(request: HttpRequest, deps: HandlerDeps): Promise<HttpResponse> {
  const url = new URL(request.url, 'http://localhost');
  const query = url.searchParams;
  const mode = parseMode(query);
  if (url.pathname !== WEATHER_PATH) return errorResponse(404, MESSAGES.notFound, mode);
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return errorResponse(405, MESSAGES.methodNotAllowed, mode, { allow: 'GET, HEAD' });
  }

  const key = query.get('appid') ?? header(request, 'x-api-key') ?? '';
  if (deps.keys.status(key) !== 'active') return errorResponse(401, MESSAGES.invalidKey, mode);

  const allowed = deps.limiter?.take(key) ?? { ok: true };
  if (!allowed.ok) {
    return errorResponse(429, MESSAGES.rateLimited, mode, {
      'retry-after': String(allowed.retryAfterSeconds),
    });
  }

  const parsed = parseParams(query);
  if (!parsed.ok) return errorResponse(400, PROBLEM_MESSAGES[parsed.problem], mode);
  return observation(parsed.params, deps, cacheKey(query));
}

async function observation(
  params: WeatherParams,
  deps: HandlerDeps,
  xCacheKey: string,
): Promise<HttpResponse> {
  const nowSeconds = Math.floor(deps.now() / 1000);
  const dt = nowSeconds - (nowSeconds % OBSERVATION_CYCLE_SECONDS);
  const world = deps.world.observe(params.lat, params.lon, dt);
  const presented = present(world, params, await deps.texts(params.lang));
  const render = { json: renderJson, xml: renderXml, html: renderHtml }[params.mode];
  return {
    status: 200,
    headers: { 'content-type': contentType(params.mode), 'x-cache-key': xCacheKey },
    body: render(presented),
  };
}
