import { SIMULATED_SOURCE, SOURCE_HEADER } from '../core/observation.js';
import type { World } from '../world/types.js';
import type { ConditionTexts } from '../world/i18n/texts.js';
import { errorResponse, jsonErrorResponse, MESSAGES } from './errors.js';
import type { KeyLookup } from '../keys/store.js';
import { parseMode, parseParams, type ParamProblem, type WeatherParams } from './params.js';
import type { Mode } from '../core/units.js';
import type { RateLimiter } from './ratelimit.js';
import type { HttpRequest, HttpResponse } from '../core/http.js';
import { OBSERVATION_CYCLE_SECONDS, WEATHER_PATH } from '../core/protocol.js';
import { contentType, loadXml } from './response.js';
import { requestClock, setsItsOwnClock } from './clock.js';
import { present } from './represent/present.js';
import { renderJson } from './represent/json.js';
import { renderXml } from './represent/xml.js';
import { HTML_CONTENT_SECURITY_POLICY, renderHtml } from './represent/html.js';

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
  /** Honour X-Weather-Now (`weather serve --allow-test-headers`); absent: ignore it. */
  readonly allowTestHeaders?: boolean | undefined;
}

const API_KEY_HEADER = 'x-api-key';

/** What GET /data/2.5/weather answers to; a CORS preflight may ask for the first two. */
const CORS_METHODS = 'GET, HEAD';
const ALLOWED_METHODS = `${CORS_METHODS}, OPTIONS`;

/** How long a browser may reuse a preflight answer (browsers cap it lower: Chromium at 2 h). */
const PREFLIGHT_MAX_AGE_SECONDS = 86_400;

const COMMON_HEADERS: Readonly<Record<string, string>> = {
  [SOURCE_HEADER]: SIMULATED_SOURCE,
  'access-control-allow-origin': '*',
  'access-control-allow-credentials': 'true',
  'access-control-allow-methods': CORS_METHODS,
  // A body is what its content type says, whatever a browser would guess from its bytes.
  'x-content-type-options': 'nosniff',
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

/** The API key a request carries: the appid parameter, else the x-api-key header. */
export function requestKey(request: HttpRequest, query: URLSearchParams): string {
  return query.get('appid') ?? header(request, API_KEY_HEADER) ?? '';
}

export async function handle(request: HttpRequest, deps: HandlerDeps): Promise<HttpResponse> {
  return (await answer(request, deps)).response;
}

/**
 * What a repeat of a request target needs checked again before it may get the same observation:
 * everything else (the path, the parameters, the model's answer) follows from the target and the
 * observation cycle alone.
 */
export interface Repeatable {
  /** The `appid` of the target; null when the key comes in the x-api-key header. */
  readonly appid: string | null;
  /** The representation errors are answered in. */
  readonly mode: Mode;
  /** The observation cycle the answer belongs to (its `dt`). */
  readonly cycle: number;
}

export interface Answered {
  readonly response: HttpResponse;
  /** Present when the answer is an observation (status 200). */
  readonly repeatable?: Repeatable | undefined;
}

/** `handle`, telling in addition whether the answer may serve a repeat of the same target. */
export async function answer(request: HttpRequest, deps: HandlerDeps): Promise<Answered> {
  const routed = await route(request, deps);
  return { response: withCommonHeaders(routed.response), repeatable: routed.repeatable };
}

/**
 * The checks a repeat of an observed target must still pass, in the handler's order, for a GET
 * or HEAD: the key's status (401), then its rate limit (429). Undefined when the stored
 * observation may be answered.
 */
export function recheck(
  repeat: Repeatable,
  request: HttpRequest,
  deps: HandlerDeps,
): HttpResponse | undefined {
  const refused = refusal(repeat.appid ?? header(request, API_KEY_HEADER) ?? '', repeat.mode, deps);
  return refused && withCommonHeaders(refused);
}

/** Start of the observation cycle holding `nowMs`, Unix seconds: the `dt` of every answer. */
export function cycleStart(nowMs: number): number {
  const nowSeconds = Math.floor(nowMs / 1000);
  return nowSeconds - (nowSeconds % OBSERVATION_CYCLE_SECONDS);
}

/**
 * An error answered outside `handle` (the handler threw, or Node refused the request before there
 * was one), with the headers and in the representation `handle` would have used.
 */
export async function errorAnswer(
  status: number,
  message: string,
  target: string,
): Promise<HttpResponse> {
  const mode = parseMode(parseTarget(target).query);
  if (mode === 'xml') await loadXml();
  return withCommonHeaders(errorResponse(status, message, mode));
}

/** What Node refused before there was a request, so before a mode was asked for: JSON. */
export function refusalAnswer(status: number, message: string): HttpResponse {
  return withCommonHeaders(jsonErrorResponse(status, message));
}

function withCommonHeaders(response: HttpResponse): HttpResponse {
  return { ...response, headers: { ...COMMON_HEADERS, ...response.headers } };
}

/**
 * The request target, origin-form (`/path?query`) or absolute-form (`http://host/path?query`).
 * `url` is undefined when the target is not a URL at all (`http://[bad/…`); its query is still
 * read as well as it can be, since errors follow the requested mode.
 */
function parseTarget(target: string): { url: URL | undefined; query: URLSearchParams } {
  try {
    const url = new URL(target, 'http://localhost');
    return { url, query: url.searchParams };
  } catch {
    const start = target.indexOf('?');
    return { url: undefined, query: new URLSearchParams(start < 0 ? '' : target.slice(start + 1)) };
  }
}

async function route(request: HttpRequest, deps: HandlerDeps): Promise<Answered> {
  const { url, query } = parseTarget(request.url);
  const mode = parseMode(query);
  // A repeat of this target may be answered from what the server kept, synchronously: the XML
  // builder is loaded by the first request asking for XML.
  if (mode === 'xml') await loadXml();
  if (!url) return { response: errorResponse(400, MESSAGES.badTarget, mode) };
  if (url.pathname !== WEATHER_PATH)
    return { response: errorResponse(404, MESSAGES.notFound, mode) };
  if (request.method === 'OPTIONS') return { response: preflight(request) };
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return {
      response: errorResponse(405, MESSAGES.methodNotAllowed, mode, { allow: ALLOWED_METHODS }),
    };
  }

  const appid = query.get('appid');
  const refused = refusal(requestKey(request, query), mode, deps);
  if (refused) return { response: refused };

  const parsed = parseParams(query);
  if (!parsed.ok) return { response: errorResponse(400, PROBLEM_MESSAGES[parsed.problem], mode) };
  const allowHeader = deps.allowTestHeaders === true;
  const clock = requestClock(request, allowHeader, deps.now);
  if (!clock.ok) return { response: errorResponse(400, clock.message, mode) };
  const cycle = cycleStart(clock.now());
  const response = await observation(parsed.params, deps, cacheKey(query), cycle);
  // An answer for a moment the request chose (X-Weather-Now) is not the answer to its URL.
  if (setsItsOwnClock(request, allowHeader)) return { response };
  return { response, repeatable: { appid, mode, cycle } };
}

/** The key's status (401), then its rate limit (429); undefined when both let it through. */
function refusal(key: string, mode: Mode, deps: HandlerDeps): HttpResponse | undefined {
  if (deps.keys.status(key) !== 'active') return errorResponse(401, MESSAGES.invalidKey, mode);
  const allowed = deps.limiter?.take(key) ?? { ok: true };
  if (allowed.ok) return undefined;
  return errorResponse(429, MESSAGES.rateLimited, mode, {
    'retry-after': String(allowed.retryAfterSeconds),
  });
}

/** A header name as RFC 9110 spells a token. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9a-z-]+$/i;

/**
 * The answer to OPTIONS, a CORS preflight: every header the browser asks to send is allowed
 * (nothing but the key is read, and a browser refuses the request if one is missing), and
 * x-api-key is allowed always.
 */
function preflight(request: HttpRequest): HttpResponse {
  const asked = (header(request, 'access-control-request-headers') ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => TOKEN.test(name));
  return {
    status: 204,
    headers: {
      allow: ALLOWED_METHODS,
      'access-control-allow-headers': [...new Set([API_KEY_HEADER, ...asked])].join(', '),
      'access-control-max-age': String(PREFLIGHT_MAX_AGE_SECONDS),
      vary: 'Access-Control-Request-Headers',
    },
    body: new Uint8Array(0),
  };
}

async function observation(
  params: WeatherParams,
  deps: HandlerDeps,
  xCacheKey: string,
  dt: number,
): Promise<HttpResponse> {
  const observed = deps.world.observe(params.lat, params.lon, dt);
  // The place's name follows `lang` in every representation, as the descriptions do: the spec
  // says `name` is localized, and the live service's XML is in the language asked (the German
  // sample's `weather value` and `clouds name`).
  const name = await deps.world.nameIn(observed.place, params.lang);
  const world =
    name === observed.place.name ? observed : { ...observed, place: { ...observed.place, name } };
  const presented = present(world, params, await deps.texts(params.lang));
  const render = { json: renderJson, xml: renderXml, html: renderHtml }[params.mode];
  return {
    status: 200,
    headers: {
      'content-type': contentType(params.mode),
      'x-cache-key': xCacheKey,
      ...(params.mode === 'html'
        ? { 'content-security-policy': HTML_CONTENT_SECURITY_POLICY }
        : {}),
    },
    body: render(presented),
  };
}
