import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BIN,
  cleanEnv,
  createdKey,
  makeHome,
  runCommand,
  serve,
  type Served,
} from '../helpers/cli.js';

/**
 * `weather batch` as a process reading standard input: 1,000 lines against `weather serve` with a
 * rate limit of 900 a minute. Without the request budget the calls past the server's burst of 900
 * would get 429; with `--rate 880` every line gets its observation, in input order.
 */
const { home, remove } = makeHome();
let server: Served;
let key: string;

beforeAll(async () => {
  server = await serve(home, ['--rate-limit', '900', '--now', '2026-06-21T12:00:00Z']);
  key = createdKey(server.stderr());
});

afterAll(async () => {
  await server.stop();
  remove();
});

const LINES = Array.from(
  { length: 1000 },
  (_, i) => `${(i % 170) - 85 + 0.5},${((i * 7) % 350) - 175}`,
);

describe('weather batch', () => {
  it('answers 1,000 lines within the rate limit, in input order', { timeout: 90_000 }, async () => {
    const r = await runCommand(
      process.execPath,
      [BIN, 'batch', '--rate', '880', '--concurrency', '8'],
      {
        env: cleanEnv(home, { WEATHER_APPID: key, WEATHER_BASE_URL: server.url }),
        input: `${LINES.join('\n')}\n`,
        timeoutMs: 80_000,
      },
    );
    const records = r.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { line: number; input: string; ok: boolean });
    const failed = records.filter((record) => !record.ok);
    expect([r.code, r.stderr, failed]).toEqual([0, '', []]);
    expect(records.map((record) => [record.line, record.input])).toEqual(
      LINES.map((line, i) => [i + 1, line]),
    );
  });

  it('streams offline from standard input, one record a line', async () => {
    const r = await runCommand(
      process.execPath,
      [BIN, 'batch', '--offline', '--now', '2026-06-21T12:00:00Z'],
      {
        env: cleanEnv(home),
        input: '51.5,-0.1\nParis, FR\n',
      },
    );
    const names = r.stdout
      .trimEnd()
      .split('\n')
      .map(
        (line) => (JSON.parse(line) as { weather: { place: { name: string } } }).weather.place.name,
      );
    expect([r.code, names, r.stderr]).toEqual([0, ['Lambeth', 'Paris'], '']);
  });
});
