import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeHome, weather } from '../helpers/cli.js';
import { startFaultServer, type FaultServer } from '../helpers/fault-server.js';
import { truth } from '../helpers/fixtures.js';

const KEY = 'feedfacefeedfacefeedfacefeedface';
const RUNS = 20;
const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

/** A real observation as if made two minutes ago, so no check of its time can refuse it. */
function observation(name: string): Buffer {
  const body = JSON.parse(truth(name).toString('utf8')) as Record<string, unknown>;
  return Buffer.from(JSON.stringify({ ...body, dt: Math.floor(Date.now() / 1000) - 120 }));
}

const LISBON = observation('programmatordev_capture2026_current_lisbon_latlon_metric_success.json');
const MANILA = observation('programmatordev_capture2026_current_manila_latlon_metric_rain1h.json');

let faults: FaultServer;
const { home, remove } = makeHome();

beforeAll(async () => {
  faults = await startFaultServer({
    // Slow, so that the runs started together are all waiting while the first one asks.
    together: [{ status: 200, body: LISBON, headers: JSON_HEADERS, delayMs: 1_500 }],
    ahead: [
      { status: 200, body: LISBON, headers: JSON_HEADERS },
      { status: 200, body: MANILA, headers: JSON_HEADERS, delayMs: 300 },
    ],
  });
});

afterAll(async () => {
  await faults.close();
  remove();
});

function live(scenario: string, args: readonly string[], cache: string) {
  return weather(
    home,
    ['--lat', '38.7223', '--lon=-9.1393', '--base-url', faults.base(scenario), ...args],
    { WEATHER_APPID: KEY, WEATHER_CACHE_DIR: join(home, cache) },
    { timeoutMs: 30_000 },
  );
}

describe('runs that miss the cache together', () => {
  it(`make one request for ${RUNS} processes, which all print the same bytes`, async () => {
    const runs = await Promise.all(
      Array.from({ length: RUNS }, () => live('together', ['--cache', '10m'], 'together')),
    );
    expect(runs.map((r) => [r.code, r.stderr, r.stdoutBytes.equals(LISBON)])).toEqual(
      runs.map(() => [0, '', true]),
    );
    expect(faults.requests('together').length).toBe(1);
    // No lock or temporary file is left (the prune marker may be there or not).
    const left = readdirSync(join(home, 'together')).filter((f) => f !== '.pruned');
    expect(left.map((f) => f.replace(/^[0-9a-f]{64}/, '#'))).toEqual(['#.response']);
  });
});

describe('--refresh-ahead', () => {
  it('prints the cached response at once, and a detached process refreshes it', async () => {
    const args = ['--cache', '4s', '-f', '{name} {source}'];
    const first = await live('ahead', args, 'ahead');
    expect([first.code, first.stdout, first.stderr]).toEqual([0, 'Socorro live\n', '']);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const started = Date.now();
    const second = await live('ahead', [...args, '--refresh-ahead'], 'ahead');
    // The refresh is slow (300 ms): a run that waited for it would have printed Manila.
    expect([second.code, second.stdout, second.stderr]).toEqual([0, 'Socorro cache\n', '']);
    expect(Date.now() - started).toBeLessThan(5_000);
    const deadline = Date.now() + 10_000;
    const entries = () => readdirSync(join(home, 'ahead')).filter((f) => !f.startsWith('.')).length;
    while ((faults.requests('ahead').length < 2 || entries() > 1) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect([faults.requests('ahead').length, entries()]).toEqual([2, 1]);
    const third = await live('ahead', args, 'ahead');
    expect([third.code, third.stdout, third.stderr]).toEqual([0, 'Quiapo District cache\n', '']);
  });
});
