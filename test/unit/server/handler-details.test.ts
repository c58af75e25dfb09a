import { describe, expect, it } from 'vitest';
import { handle } from '../../../src/server/handler.js';
import { createRateLimiter } from '../../../src/server/ratelimit.js';
import { ACTIVE, deps, fixedWorld, type Overrides } from '../../helpers/fixed-world.js';

async function get(
  query: string,
  headers: Record<string, string | string[]> = {},
  observation: Overrides = {},
) {
  const response = await handle(
    { method: 'GET', url: `/data/2.5/weather?${query}`, headers },
    deps({ world: fixedWorld(observation) }),
  );
  return { ...response, text: Buffer.from(response.body).toString('utf8') };
}

describe('the key', () => {
  it.each([
    ['the x-api-key header', {}, { 'x-api-key': ACTIVE }, 200],
    ['the first of repeated x-api-key headers', {}, { 'x-api-key': [ACTIVE, 'other'] }, 200],
    ['a later one of repeated x-api-key headers', {}, { 'x-api-key': ['other', ACTIVE] }, 401],
    ['appid before the header', { appid: 'other' }, { 'x-api-key': ACTIVE }, 401],
  ])('%s', async (_what, query: Record<string, string>, headers, status) => {
    const search = new URLSearchParams({ lat: '1', lon: '2', ...query }).toString();
    expect((await get(search, headers)).status).toBe(status);
  });
});

describe('X-Cache-Key: the path and the parameters sorted by name, without the key', () => {
  it.each([
    ['lat=1&lon=2', 'lat=1&lon=2'],
    ['lon=2&lat=1', 'lat=1&lon=2'],
    ['units=metric&mode=json&lon=2&lat=1&lang=de', 'lang=de&lat=1&lon=2&mode=json&units=metric'],
    ['mode=json&lang=de&units=metric&lat=1&lon=2', 'lang=de&lat=1&lon=2&mode=json&units=metric'],
    // Repeated names keep their order (only the first counts for the answer).
    ['lon=2&lat=1&lat=5&lat=3', 'lat=1&lat=5&lat=3&lon=2'],
    ['lat=1&lon=2&lon=9&lang=fr&lang=de', 'lang=fr&lang=de&lat=1&lon=2&lon=9'],
    [`zz=1&appid=${ACTIVE}&lon=2&lat=1&a=0`, 'a=0&lat=1&lon=2&zz=1'],
    // Written as URLSearchParams writes them: escaped but for letters, digits and *-._.
    [
      't=~&q=New%20York&x=a,b&n=%C3%A9&b&lon=2&lat=1',
      'b=&lat=1&lon=2&n=%C3%A9&q=New+York&t=%7E&x=a%2Cb',
    ],
    ['lat=1&lon=2&_*.-=A-z_0.9*', '_*.-=A-z_0.9*&lat=1&lon=2'],
  ])('%s → %s', async (query, sorted) => {
    const response = await get(`${query}&appid=${ACTIVE}`);
    expect([response.status, response.headers['x-cache-key']]).toEqual([
      200,
      `/data/2.5/weather?${sorted}`,
    ]);
  });
});

describe('lang outside the allowed codes', () => {
  it.each([
    ['absent', ''],
    ['unknown', '&lang=xx'],
    ['empty', '&lang='],
  ])('%s: English, and html lang "en"', async (_what, lang) => {
    const html = await get(`lat=1&lon=2&appid=${ACTIVE}&mode=html${lang}`);
    const [first] = html.text.split('\n', 2).slice(1);
    expect([first, /<div style="font-size: small;">(.*?)<\/div>/.exec(html.text)?.[1]]).toEqual([
      '<html lang="en" dir="ltr">',
      'light rain',
    ]);
  });
});

describe('HTML representation details', () => {
  /** The widget's icon (its code and drawing) and the description beside it. */
  async function icon(observation: Overrides): Promise<readonly string[]> {
    const html = await get(`lat=1&lon=2&appid=${ACTIVE}&mode=html`, {}, observation);
    const svg = /<svg [^>]*data-icon="(\w+)">(.*?)<\/svg>/.exec(html.text);
    const text = /<div style="font-size: small;">(.*?)<\/div>/.exec(html.text)?.[1];
    return [svg?.[1] ?? '', text ?? '', svg?.[2] ?? ''];
  }

  it('draws an icon of its own for every condition group, by day and by night', async () => {
    const cases = [
      [800, 'clear sky'],
      [801, 'few clouds'],
      [802, 'scattered clouds'],
      [804, 'overcast clouds'],
      [301, 'drizzle'],
      [501, 'moderate rain'],
      [211, 'thunderstorm'],
      [601, 'snow'],
      [741, 'fog'],
    ] as const;
    const drawn = await Promise.all(
      cases.flatMap(([conditionId]) => [true, false].map((isDay) => icon({ conditionId, isDay }))),
    );
    expect(drawn.map(([code, text]) => `${code} ${text}`)).toEqual(
      cases.flatMap(([id, text]) => {
        const group = {
          800: '01',
          801: '02',
          802: '03',
          804: '04',
          301: '09',
          501: '10',
          211: '11',
          601: '13',
          741: '50',
        }[id];
        return [`${group}d ${text}`, `${group}n ${text}`];
      }),
    );
    expect(new Set(drawn.map(([, , svg]) => svg)).size).toBe(18);
  });

  it('titles a place without a name by its coordinates', async () => {
    const html = await get(
      `lat=-12.5&lon=140.25&appid=${ACTIVE}&mode=html`,
      {},
      { place: { id: 0, name: '' } },
    );
    const titles = [
      ...html.text.matchAll(/<title>(.*)<\/title>|overflow-wrap: anywhere;">(.*)<\/div>/g),
    ];
    expect(titles.map(([, title, heading]) => title ?? heading)).toEqual([
      '-12.5, 140.25',
      '-12.5, 140.25',
    ]);
  });
});

describe('a condition code outside the table', () => {
  it('is passed on with an empty group and the clear-sky icon', async () => {
    const json = await get(`lat=1&lon=2&appid=${ACTIVE}`, {}, { conditionId: 999, isDay: false });
    expect((JSON.parse(json.text) as { weather: unknown }).weather).toEqual([
      { id: 999, main: '', description: '', icon: '01n' },
    ]);
  });
});

describe('createRateLimiter', () => {
  it('keeps its own clock when given none', () => {
    const limiter = createRateLimiter(1);
    expect([limiter.take('k'), limiter.take('k')]).toEqual([
      { ok: true },
      { ok: false, retryAfterSeconds: 60 },
    ]);
  });

  it.each([
    // Fewer than one a minute: the wait for the next token is longer than the minimum.
    [0.25, 180],
    [0.5, 60],
    [0.2, 240],
  ])('%s per minute: Retry-After %s for a new key', (perMinute, seconds) => {
    expect(createRateLimiter(perMinute, () => 0).take('k')).toEqual({
      ok: false,
      retryAfterSeconds: seconds,
    });
  });
});
