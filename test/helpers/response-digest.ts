import { createHash } from 'node:crypto';
import type { HttpRequest, HttpResponse } from '../../src/core/http.js';
import { LANG_CODES } from '../../src/core/lang.js';
import { createRateLimiter } from '../../src/server/ratelimit.js';
import type { HandlerDeps } from '../../src/server/handler.js';
import type { World } from '../../src/world/types.js';
import { loadConditionTexts } from '../../src/world/i18n/texts.js';
import { ACTIVE, INACTIVE, KEYS } from './fixed-world.js';
import { sequence } from './world.js';

/**
 * A fixed stream of requests to the embedded implementation and a SHA-256 over every answer
 * (status, headers in order, body): two implementations that give the same digest gave the same
 * bytes to every request. The stream mixes modes, units, languages, instants from 2016 to mid-2025,
 * coordinates worldwide and near dense places, keys in the query and in a header, errors, and
 * repeats (a tenth of the requests is one seen shortly before, at the same instant, and one in twenty
 * comes again two to four times in a row).
 */

/** Centres of dense clusters of places, where the nearest-place search and the terrain work most. */
const DENSE: readonly (readonly [number, number])[] = [
  [51.5074, -0.1278],
  [48.8566, 2.3522],
  [35.6762, 139.6503],
  [40.7128, -74.006],
  [19.076, 72.8777],
  [-23.5505, -46.6333],
  [52.52, 13.405],
  [41.9028, 12.4964],
  [50.1109, 8.6821],
  [34.0522, -118.2437],
  [31.2304, 121.4737],
  [-33.8688, 151.2093],
  [55.7558, 37.6173],
  [6.5244, 3.3792],
  [30.0444, 31.2357],
  [-1.2921, 36.8219],
  [64.1466, -21.9426],
  [69.6492, 18.9553],
  [78.2232, 15.6267],
  [-54.8019, -68.303],
  [-17.7134, 178.065],
  [13.4443, 144.7937],
  [-8.5069, 179.1983],
  [65.5, -179.5],
];

const MODES = ['json', 'xml', 'html', 'XML', 'Html', 'bogus', ''] as const;
const UNITS = ['standard', 'metric', 'imperial', 'METRIC', 'kelvin', ''] as const;
const LANGS = [...LANG_CODES, 'ZH_TW', 'Pt_BR', 'xx', ''] as const;

/**
 * Instants lie in a past that every time-zone database in use agrees on: the offsets come from the
 * runtime's ICU data, and a newer release rewrites the future (tzdata 2026 puts British Columbia on
 * UTC-7 all year from November 2026, so Node 20 and Node 22 answer differently for 2027).
 */
const FROM = Date.UTC(2016, 0, 1);
const TO = Date.UTC(2025, 6, 1);

export interface DigestRequest {
  readonly request: HttpRequest;
  /** The clock, ms since the epoch. */
  readonly now: number;
}

function pick<T>(random: () => number, list: readonly T[]): T {
  const value = list[Math.floor(random() * list.length)];
  if (value === undefined) throw new Error('empty list');
  return value;
}

/** A decimal as a client would write it: 0 to 6 decimals, rarely with an exponent or a sign. */
function written(random: () => number, value: number): string {
  const style = random();
  if (style < 0.05) return value.toExponential(3);
  if (style < 0.08) return value >= 0 ? `+${value.toFixed(2)}` : value.toFixed(2);
  return String(Number(value.toFixed(Math.floor(random() * 7))));
}

function coordinates(random: () => number): [string, string] {
  const where = random();
  if (where < 0.45) {
    return [written(random, random() * 180 - 90), written(random, random() * 360 - 180)];
  }
  if (where < 0.9) {
    const [lat, lon] = pick(random, DENSE);
    const jitter = (span: number): number => (random() - 0.5) * span;
    const near = random() < 0.5 ? 0.05 : 0.8;
    const y = Math.max(-90, Math.min(90, lat + jitter(near)));
    let x = lon + jitter(near);
    if (x >= 180) x -= 360;
    if (x < -180) x += 360;
    return [written(random, y), written(random, x)];
  }
  return pick(random, [
    ['90', '0'],
    ['-90', '180'],
    ['0', '-180'],
    ['0', '180'],
    ['89.99', '179.999'],
    ['-89.9', '-179.9999'],
    ['0', '0'],
    ['-0', '-0'],
    ['66.5', '-179.99'],
    ['91', '0'],
    ['0', '181'],
    ['abc', '1'],
    ['1', ''],
  ] as const);
}

/** The instant of a request: anywhere from 2016 to mid-2025, often near a DST change or midnight. */
function instant(random: () => number): number {
  const at = FROM + Math.floor(random() * (TO - FROM));
  const style = random();
  if (style < 0.2) {
    // The last Sunday of March or October (Europe), at a few minutes around 01:00 UTC.
    const year = new Date(at).getUTCFullYear();
    const month = random() < 0.5 ? 2 : 9;
    const last = new Date(Date.UTC(year, month + 1, 0));
    const sunday = last.getUTCDate() - last.getUTCDay();
    return Date.UTC(year, month, sunday, 0, 50) + Math.floor(random() * 20 * 60_000);
  }
  if (style < 0.3) return at - (at % 86_400_000) + Math.floor((random() - 0.5) * 1_200_000);
  return at;
}

function query(random: () => number, key: string | undefined): string {
  const [lat, lon] = coordinates(random);
  const parameters: string[] = [];
  if (random() > 0.02) parameters.push(`lat=${lat}`);
  if (random() > 0.02) parameters.push(`lon=${lon}`);
  if (key !== undefined) parameters.push(`appid=${key}`);
  if (random() < 0.7) parameters.push(`mode=${pick(random, MODES)}`);
  if (random() < 0.7) parameters.push(`units=${pick(random, UNITS)}`);
  if (random() < 0.7) parameters.push(`lang=${pick(random, LANGS)}`);
  if (random() < 0.05) parameters.push('q=London');
  const turn = Math.floor(random() * parameters.length);
  return [...parameters.slice(turn), ...parameters.slice(0, turn)].join('&');
}

/** `count` requests, the same on every run. */
export function* digestRequests(count: number, seed = 20_261_123): Generator<DigestRequest> {
  const random = sequence(seed);
  const recent: DigestRequest[] = [];
  for (let i = 0; i < count; i++) {
    if (recent.length > 0 && random() < 0.1) {
      const again = pick(random, recent);
      yield again;
      continue;
    }
    const keyed = random();
    const key = keyed < 0.85 ? ACTIVE : keyed < 0.9 ? INACTIVE : keyed < 0.93 ? 'nope' : undefined;
    const inHeader = key !== undefined && random() < 0.1;
    const odd = random();
    const path = odd < 0.02 ? '/data/2.5/Weather' : odd < 0.04 ? '/other' : '/data/2.5/weather';
    const url = `${path}?${query(random, inHeader ? undefined : key)}`;
    const method = random();
    const next: DigestRequest = {
      request: {
        method: method < 0.8 ? 'GET' : method < 0.94 ? 'HEAD' : method < 0.97 ? 'OPTIONS' : 'POST',
        url,
        headers: inHeader ? { 'x-api-key': key } : {},
      },
      now: instant(random),
    };
    recent.push(next);
    if (recent.length > 50) recent.shift();
    yield next;
    // Now and then a burst of the same request, as a status bar polling a server would send.
    if (random() < 0.05) {
      const more = 2 + Math.floor(random() * 3);
      for (let k = 0; k < more && ++i < count; k++) yield next;
    }
  }
}

/** What a digest is taken of: one stream of answers, in the order of the requests. */
export type Responder = (request: HttpRequest) => Promise<HttpResponse>;

/**
 * Handler dependencies for the digest: the real world, the fixed keys, a rate limit that some
 * bursts exceed on a simulated clock (100 ms per request), and the clock of the current request.
 */
export function digestDeps(world: World): { deps: HandlerDeps; setNow: (ms: number) => void } {
  let now = 0;
  let ticks = 0;
  const limiter = createRateLimiter(580, () => ticks * 100);
  return {
    deps: {
      world,
      keys: { status: (key) => KEYS[key] },
      limiter: {
        take: (key) => {
          ticks++;
          return limiter.take(key);
        },
      },
      now: () => now,
      texts: loadConditionTexts,
    },
    setNow: (ms) => {
      now = ms;
    },
  };
}

/** SHA-256 over every answer, one hex digest per `chunk` requests and one over all. */
export async function responseDigest(
  requests: Iterable<DigestRequest>,
  setNow: (ms: number) => void,
  respond: Responder,
  chunk = 10_000,
): Promise<{ chunks: string[]; all: string }> {
  const all = createHash('sha256');
  const chunks: string[] = [];
  let part = createHash('sha256');
  let n = 0;
  for (const { request, now } of requests) {
    setNow(now);
    const response = await respond(request);
    const head = [
      String(response.status),
      ...Object.entries(response.headers).map(([name, value]) => `${name}: ${value}`),
      '',
      '',
    ].join('\n');
    for (const hash of [all, part]) hash.update(head).update(response.body).update('\n');
    if (++n % chunk === 0) {
      chunks.push(part.digest('hex'));
      part = createHash('sha256');
    }
  }
  if (n % chunk !== 0) chunks.push(part.digest('hex'));
  return { chunks, all: all.digest('hex') };
}
