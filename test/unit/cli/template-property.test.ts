import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_FIELDS } from '../../../src/render/template.js';
import { run, type Result } from '../../helpers/io.js';

/** One line on stderr, at most one hint: how every failure a user can cause is reported. */
const ONE_ERROR = /^weather: [^\n]*\n(hint: [^\n]*\n)?$/;

/** `weather -f` either prints a line or says, in one line, what is wrong: never exit 1. */
function handled(r: Result, allowed: readonly number[]): boolean {
  if (r.code === 0) return r.stdout.endsWith('\n') && r.stderr === '';
  return allowed.includes(r.code) && r.stdout === '' && ONE_ERROR.test(r.stderr);
}

/** A field as people write them, valid or nearly so: path, spec, fallback. */
const field = fc
  .record({
    path: fc.oneof(
      fc.constantFrom(...TEMPLATE_FIELDS),
      fc.constantFrom('weather.7.icon', 'main.tmp', '', '.', 'main..temp', '__proto__'),
      fc.string({ maxLength: 12 }),
    ),
    fill: fc.oneof(fc.constant(''), fc.string({ minLength: 1, maxLength: 1, unit: 'grapheme' })),
    align: fc.constantFrom('', '<', '>', '^'),
    // Around the bounds, and far beyond them (toFixed throws past 100, repeat past 2^29).
    width: fc.oneof(
      fc.constant(''),
      fc.nat({ max: 400 }).map(String),
      fc.constantFrom('0012', '9999999999'),
    ),
    precision: fc.oneof(
      fc.constant(''),
      fc.nat({ max: 150 }).map((n) => `.${n}`),
      fc.nat({ max: 40 }).map((n) => `.${n}f`),
    ),
    fallback: fc.option(fc.string({ maxLength: 8, unit: 'grapheme' }), { nil: undefined }),
    spec: fc.boolean(),
  })
  .map(({ path, fill, align, width, precision, fallback, spec }) => {
    const specText = spec ? `:${align === '' ? '' : fill}${align}${width}${precision}` : '';
    return `{${path}${specText}${fallback === undefined ? '' : `|${fallback}`}}`;
  });

const template = fc
  .array(
    fc.oneof(
      field,
      fc.string({ maxLength: 6, unit: 'grapheme' }),
      fc.constantFrom('{', '}', '{{', '}}'),
    ),
    {
      maxLength: 6,
    },
  )
  .map((parts) => parts.join(''));

describe('random templates never make weather -f exit 1', () => {
  it('against the embedded model at random places and times', async () => {
    await fc.assert(
      fc.asyncProperty(
        template,
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.integer({ min: 0, max: 4_102_444_800 }),
        async (format, lat, lon, now) => {
          const r = await run(
            [
              '--lat',
              String(lat),
              '--lon',
              String(lon),
              '--offline',
              '--now',
              String(now),
              '-f',
              format,
            ],
            { env: { WEATHER_CONFIG_DIR: '/nonexistent/weather' } },
          );
          // The model's own answers are always plausible: only the template may be refused.
          return handled(r, [2]);
        },
      ),
      {
        numRuns: 300,
        // Found by CI: the Antarctic plateau in July 1990 was -91.5 °C, feeling -130.01 °C.
        examples: [['{coord.lon}', -76.72852796263297, 0, 648_672_600]],
      },
    );
  });
});

/** A number as upstream might send it: usually sensible, sometimes anything at all. */
const number = (min: number, max: number) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.double({ min, max, noNaN: true }) },
    { weight: 1, arbitrary: fc.double() },
    { weight: 1, arbitrary: fc.constantFrom(null, '12', -1, 1e21) },
  );

const NOW = Date.UTC(2026, 10, 23, 12);

const observation = fc.record(
  {
    coord: fc.record({ lon: number(-180, 180), lat: number(-90, 90) }),
    weather: fc.array(
      fc.record({
        id: fc.integer({ min: 200, max: 804 }),
        main: fc.string({ maxLength: 10 }),
        description: fc.string({ maxLength: 20, unit: 'grapheme' }),
        icon: fc.string({ maxLength: 3 }),
      }),
      { minLength: 0, maxLength: 3 },
    ),
    base: fc.string({ maxLength: 8 }),
    main: fc.record(
      {
        temp: number(-60, 60),
        feels_like: number(-60, 60),
        temp_min: number(-60, 60),
        temp_max: number(-60, 60),
        pressure: number(900, 1100),
        humidity: number(0, 100),
        sea_level: number(900, 1100),
        grnd_level: number(500, 1100),
      },
      { requiredKeys: ['temp', 'pressure', 'humidity'] },
    ),
    visibility: number(0, 10_000),
    wind: fc.record(
      { speed: number(0, 40), deg: number(0, 360), gust: number(0, 60) },
      { requiredKeys: ['speed'] },
    ),
    clouds: fc.record({ all: number(0, 100) }),
    rain: fc.record({ '1h': number(0, 50), '3h': number(0, 100) }, { requiredKeys: [] }),
    dt: number(NOW / 1000 - 86_400, NOW / 1000 + 1800),
    sys: fc.record(
      {
        country: fc.string({ maxLength: 3 }),
        sunrise: number(NOW / 1000 - 86_400, NOW / 1000),
        sunset: number(NOW / 1000, NOW / 1000 + 86_400),
      },
      { requiredKeys: [] },
    ),
    timezone: number(-43_200, 50_400),
    id: fc.integer(),
    name: fc.string({ maxLength: 20, unit: 'grapheme' }),
    cod: fc.constantFrom(200, '200'),
  },
  { requiredKeys: ['coord', 'weather', 'main', 'wind', 'dt'] },
);

let server: Server;
let body = '';
let base = '';

beforeAll(async () => {
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/data/2.5`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('random observations from upstream never make weather exit 1', () => {
  it('with random templates, the table and the summary', async () => {
    await fc.assert(
      fc.asyncProperty(
        observation,
        fc.oneof(
          template.map((format) => ['-f', format]),
          fc.constantFrom(
            ['-o', 'table'],
            ['-o', 'summary'],
            ['-f', '{local_time} {sunrise} {age}'],
          ),
        ),
        async (answer, output) => {
          body = JSON.stringify(answer);
          const r = await run(
            ['--lat', '1', '--lon', '2', '--appid', 'k', '--base-url', base, ...output],
            { env: { WEATHER_CONFIG_DIR: '/nonexistent/weather' }, now: NOW },
          );
          return handled(r, [2, 7]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('renders the sensible ones (the property above is not vacuous)', async () => {
    body = JSON.stringify({
      coord: { lon: 2, lat: 1 },
      weather: [{ id: 800, main: 'Clear', description: 'clear sky', icon: '01d' }],
      main: { temp: 20, pressure: 1013, humidity: 50 },
      wind: { speed: 1 },
      dt: NOW / 1000,
      timezone: 3600,
      name: 'X',
    });
    const r = await run(
      ['--lat', '1', '--lon', '2', '--appid', 'k', '--base-url', base, '-f', '{name} {local_time}'],
      { env: { WEATHER_CONFIG_DIR: '/nonexistent/weather' }, now: NOW },
    );
    expect([r.code, r.stdout, r.stderr]).toEqual([0, 'X 13:00\n', '']);
  });
});
