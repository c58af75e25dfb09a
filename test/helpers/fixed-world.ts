import type { World, WorldObservation } from '../../src/world/types.js';
import type { HandlerDeps } from '../../src/server/handler.js';
import { loadConditionTexts } from '../../src/world/i18n/texts.js';
import type { KeyStatus } from '../../src/keys/store.js';
import { vi } from 'vitest';
import type * as Http from '../../src/server/http.js';
import type { RunningServer, ServeOptions } from '../../src/server/http.js';

/** One observation, whatever the coordinates: lets handler tests assert exact bytes. */
export const LONDON: WorldObservation = {
  place: { id: 2643743, name: 'London', country: 'GB' },
  zone: 'Europe/London',
  timezoneOffset: 0,
  dt: 0,
  sunrise: 1767254733,
  sunset: 1767283049,
  isDay: true,
  tempC: 7.25,
  feelsLikeC: 4.1,
  tempMinC: 6.5,
  tempMaxC: 8.03,
  pressure: 1012,
  grndLevel: 1011,
  humidity: 81,
  visibility: 9000,
  windSpeed: 5.14,
  windDeg: 230,
  windGust: 9.8,
  clouds: 75,
  conditionId: 500,
  rain: { h1: 0.42, h3: 1.1 },
  station: { type: 2, id: 2075535 },
};

/** Members to replace; `undefined` removes an optional one (no gust, no rain). */
export type Overrides = { [K in keyof WorldObservation]?: WorldObservation[K] | undefined };

export function fixedWorld(overrides: Overrides = {}): World {
  const merged = Object.entries({ ...LONDON, ...overrides }).filter(([, v]) => v !== undefined);
  const observation = Object.fromEntries(merged) as unknown as WorldObservation;
  return {
    observe: (_lat, _lon, dt) => ({ ...observation, dt }),
    nameIn: (place) => Promise.resolve(place.name),
  };
}

/** 2026-01-01T12:04:30Z: the ten-minute observation cycle puts dt at 12:00:00. */
export const NOW_MS = Date.UTC(2026, 0, 1, 12, 4, 30);
export const DT = Date.UTC(2026, 0, 1, 12, 0, 0) / 1000;

export const KEYS: Readonly<Record<string, KeyStatus>> = {
  active0123456789abcdef0123456789: 'active',
  inactive123456789abcdef012345678: 'inactive',
};
export const ACTIVE = 'active0123456789abcdef0123456789';
export const INACTIVE = 'inactive123456789abcdef012345678';

export function deps(overrides: Partial<HandlerDeps> = {}): HandlerDeps {
  return {
    world: fixedWorld(),
    keys: { status: (key) => KEYS[key] },
    now: () => NOW_MS,
    texts: loadConditionTexts,
    ...overrides,
  };
}

/** The headers every answer of the embedded implementation carries, whatever its status. */
export const ANSWER_HEADERS: Readonly<Record<string, string>> = {
  'x-weather-source': 'simulated',
  'access-control-allow-origin': '*',
  'access-control-allow-credentials': 'true',
  'access-control-allow-methods': 'GET, HEAD',
  'x-content-type-options': 'nosniff',
};

/** A server of the fixed world as the server tests start it, with its access log kept. */
export interface TestServer {
  readonly running: RunningServer;
  readonly log: string[];
  readonly port: number;
}

/**
 * The real startServer, even in a worker where a test file has mocked src/server/http.js (as
 * test/unit/cli/serve-host.test.ts does): the unit project shares modules between files, so such a
 * mock reaches the files that run after it in the same worker.
 */
const { startServer } = await vi.importActual<typeof Http>('../../src/server/http.js');

/** startServer on 127.0.0.1 and a free port, with the fixed world's deps unless `options` say. */
export async function startTestServer(options: Partial<ServeOptions> = {}): Promise<TestServer> {
  const log: string[] = [];
  const running = await startServer({
    host: '127.0.0.1',
    port: 0,
    deps: deps(),
    log: (line) => log.push(line),
    ...options,
  });
  return { running, log, port: Number(new URL(running.baseUrl).port) };
}
