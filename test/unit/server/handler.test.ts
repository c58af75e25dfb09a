import { describe, expect, it } from 'vitest';
import type { HttpResponse } from '../../../src/core/http.js';
import { errorAnswer, handle } from '../../../src/server/handler.js';
import { createRateLimiter } from '../../../src/server/ratelimit.js';
import { ACTIVE, ANSWER_HEADERS, deps, DT, INACTIVE } from '../../helpers/fixed-world.js';
import type { HandlerDeps } from '../../../src/server/handler.js';

const HERE = 'lat=51.5074&lon=-0.1278';

async function get(
  query: string,
  d: HandlerDeps = deps(),
  method = 'GET',
  path = '/data/2.5/weather',
  headers = {},
) {
  const response = await handle({ method, url: `${path}?${query}`, headers }, d);
  return { ...response, text: Buffer.from(response.body).toString('utf8') };
}

const JSON_TYPE = 'application/json; charset=utf-8';
const XML_TYPE = 'application/xml; charset=utf-8';
const HTML_TYPE = 'text/html; charset=utf-8';

const SUN = '"sunrise":1767254733,"sunset":1767283049';
function body(main: string, wind: string): string {
  return (
    '{"coord":{"lon":-0.1278,"lat":51.5074},"weather":[{"id":500,"main":"Rain","description":"light rain","icon":"10d"}],' +
    `"base":"simulated","main":{${main},"pressure":1012,"humidity":81,"sea_level":1012,"grnd_level":1011},` +
    `"visibility":9000,"wind":{${wind}},"rain":{"1h":0.42,"3h":1.1},"clouds":{"all":75},"dt":${DT},` +
    `"sys":{"type":2,"id":2075535,"message":0,"country":"GB",${SUN}},"timezone":0,"id":2643743,"name":"London","cod":200}`
  );
}

const METRIC = body(
  '"temp":7.25,"feels_like":4.1,"temp_min":6.5,"temp_max":8.03',
  '"speed":5.14,"deg":230,"gust":9.8',
);
const STANDARD = body(
  '"temp":280.4,"feels_like":277.25,"temp_min":279.65,"temp_max":281.18',
  '"speed":5.14,"deg":230,"gust":9.8',
);
const IMPERIAL = body(
  '"temp":45.05,"feels_like":39.38,"temp_min":43.7,"temp_max":46.45',
  '"speed":11.5,"deg":230,"gust":21.92',
);

const ERR = {
  geocode: '{"cod":"400","message":"Nothing to geocode"}',
  lat: '{"cod":"400","message":"wrong latitude"}',
  lon: '{"cod":"400","message":"wrong longitude"}',
  key: '{"cod":401, "message": "Invalid API key. Please see https://openweathermap.org/faq#error401 for more info."}',
  limit:
    '{"cod":429, "message": "Your account is temporary blocked due to exceeding of requests limitation of your subscription type. Please choose the proper subscription https://openweathermap.org/price"}',
};

describe('parameter table: every row', () => {
  it.each([
    // appid (required)
    ['appid active', `${HERE}&appid=${ACTIVE}`, 200, STANDARD],
    ['appid missing', HERE, 401, ERR.key],
    ['appid empty', `${HERE}&appid=`, 401, ERR.key],
    ['appid unknown', `${HERE}&appid=nope`, 401, ERR.key],
    ['appid Inactive', `${HERE}&appid=${INACTIVE}`, 401, ERR.key],
    // lat / lon (required, bounds inclusive)
    ['lat and lon missing', `appid=${ACTIVE}`, 400, ERR.geocode],
    ['lat missing', `lon=0&appid=${ACTIVE}`, 400, ERR.geocode],
    ['lon missing', `lat=0&appid=${ACTIVE}`, 400, ERR.geocode],
    ['lat misspelt (lad)', `lad=51&lon=0&appid=${ACTIVE}`, 400, ERR.geocode],
    ['lon missing, lat invalid', `lat=abc&appid=${ACTIVE}`, 400, ERR.geocode],
    ['lat not a number', `lat=abc&lon=0&appid=${ACTIVE}`, 400, ERR.lat],
    ['lat empty', `lat=&lon=0&appid=${ACTIVE}`, 400, ERR.lat],
    ['lat NaN', `lat=NaN&lon=0&appid=${ACTIVE}`, 400, ERR.lat],
    ['lat Infinity', `lat=Infinity&lon=0&appid=${ACTIVE}`, 400, ERR.lat],
    ['lat hex', `lat=0x10&lon=0&appid=${ACTIVE}`, 400, ERR.lat],
    ['lat 1e999', `lat=1e999&lon=0&appid=${ACTIVE}`, 400, ERR.lat],
    ['lat 90.0001', `lat=90.0001&lon=0&appid=${ACTIVE}`, 400, ERR.lat],
    ['lat -90.01', `lat=-90.01&lon=0&appid=${ACTIVE}`, 400, ERR.lat],
    ['lat with spaces', `lat=%2051&lon=0&appid=${ACTIVE}`, 400, ERR.lat],
    ['lat and lon both invalid: latitude first', `lat=x&lon=y&appid=${ACTIVE}`, 400, ERR.lat],
    ['lon not a number', `lat=0&lon=abc&appid=${ACTIVE}`, 400, ERR.lon],
    ['lon 180.0001', `lat=0&lon=180.0001&appid=${ACTIVE}`, 400, ERR.lon],
    ['lon -180.01', `lat=0&lon=-180.01&appid=${ACTIVE}`, 400, ERR.lon],
    ['lon -Infinity', `lat=0&lon=-Infinity&appid=${ACTIVE}`, 400, ERR.lon],
    [
      'repeated lat: the first counts (invalid first)',
      `lat=abc&lat=10&lon=0&appid=${ACTIVE}`,
      400,
      ERR.lat,
    ],
    // a key check comes before the location check
    ['bad key and no location', 'mode=json', 401, ERR.key],
  ])('%s → %s', async (_what, query, status, expected) => {
    const r = await get(query);
    expect(r.status).toBe(status);
    expect(r.headers['content-type']).toBe(JSON_TYPE);
    expect(r.text).toBe(expected);
  });

  it.each([
    ['lat 90', 'lat=90&lon=0', 90, 0],
    ['lat -90', 'lat=-90&lon=0', -90, 0],
    ['lon 180', 'lat=0&lon=180', 0, 180],
    ['lon -180', 'lat=0&lon=-180', 0, -180],
    ['exponent', 'lat=1e1&lon=-2.5E1', 10, -25],
    ['plus sign', 'lat=%2B45&lon=5', 45, 5],
    ['minus zero', 'lat=-0&lon=-0', 0, 0],
    ['rounded to 4 decimals', 'lat=14.59951234&lon=120.98419', 14.5995, 120.9842],
    ['repeated: the first counts', 'lat=10&lat=abc&lon=20&lon=x', 10, 20],
  ])('%s → 200 with coord %s,%s', async (_what, query, lat, lon) => {
    const r = await get(`${query}&appid=${ACTIVE}`);
    expect(r.status).toBe(200);
    expect(JSON.parse(r.text)).toMatchObject({ coord: { lat, lon } });
    expect(r.text).toContain(`"coord":{"lon":${lon},"lat":${lat}}`);
  });

  it.each([
    ['standard (default)', '', STANDARD],
    ['standard', '&units=standard', STANDARD],
    ['metric', '&units=metric', METRIC],
    ['imperial', '&units=imperial', IMPERIAL],
    ['case-insensitive', '&units=Metric', METRIC],
    ['unknown falls back to standard', '&units=kelvin', STANDARD],
    ['empty falls back to standard', '&units=', STANDARD],
  ])('units %s', async (_what, units, expected) => {
    const r = await get(`${HERE}&appid=${ACTIVE}${units}`);
    expect(r.status).toBe(200);
    expect(r.text).toBe(expected);
  });

  it.each([
    ['json (default)', '', JSON_TYPE, '{'],
    ['json', '&mode=json', JSON_TYPE, '{'],
    ['xml', '&mode=xml', XML_TYPE, '<?xml'],
    ['html', '&mode=html', HTML_TYPE, '<!DOCTYPE html>'],
    ['case-insensitive', '&mode=XML', XML_TYPE, '<?xml'],
    ['unknown falls back to json', '&mode=bogus', JSON_TYPE, '{'],
    ['empty falls back to json', '&mode=', JSON_TYPE, '{'],
  ])('mode %s', async (_what, mode, type, start) => {
    const r = await get(`${HERE}&appid=${ACTIVE}${mode}`);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe(type);
    expect(r.text.startsWith(start)).toBe(true);
  });

  it('ignores unknown parameters', async () => {
    expect((await get(`${HERE}&appid=${ACTIVE}&q=Paris&cnt=5`)).text).toBe(STANDARD);
  });

  it('accepts the key in an x-api-key header, as the live service does', async () => {
    const r = await get(HERE, deps(), 'GET', '/data/2.5/weather', { 'x-api-key': ACTIVE });
    expect(r.status).toBe(200);
  });
});

describe('response and error tables', () => {
  it.each([
    [
      '400',
      `appid=${ACTIVE}&mode=xml`,
      400,
      '<ClientError><cod>400</cod><message>Nothing to geocode</message></ClientError>',
    ],
    [
      '400 latitude',
      `lat=x&lon=0&appid=${ACTIVE}&mode=xml`,
      400,
      '<ClientError><cod>400</cod><message>wrong latitude</message></ClientError>',
    ],
    [
      '401',
      `${HERE}&mode=xml`,
      401,
      '<ClientError><cod>401</cod><message>Invalid API key. Please see https://openweathermap.org/faq#error401 for more info.</message></ClientError>',
    ],
  ])('xml-mode %s error is XML with root ClientError', async (_what, query, status, xml) => {
    const r = await get(query);
    expect(r.status).toBe(status);
    expect(r.headers['content-type']).toBe(XML_TYPE);
    expect(r.text).toBe(`<?xml version="1.0" encoding="UTF-8"?>${xml}`);
  });

  it.each([
    ['400', `appid=${ACTIVE}&mode=html`, 400, ERR.geocode],
    ['401', `${HERE}&mode=html`, 401, ERR.key],
  ])(
    'html-mode %s error is JSON, as the live service answers',
    async (_what, query, status, json) => {
      const r = await get(query);
      expect(r.status).toBe(status);
      expect(r.headers['content-type']).toBe(JSON_TYPE);
      expect(r.text).toBe(json);
    },
  );

  it('types cod as the live service does: number for 200/401/429, string for 400/404', async () => {
    const limited = deps({ limiter: createRateLimiter(1, () => 0) });
    await get(`${HERE}&appid=${ACTIVE}`, limited);
    const cods = [
      (await get(`${HERE}&appid=${ACTIVE}`)).text,
      (await get(HERE)).text,
      (await get(`${HERE}&appid=${ACTIVE}`, limited)).text,
      (await get(`appid=${ACTIVE}`)).text,
      (await get('', deps(), 'GET', '/data/2.5/forecast')).text,
    ].map((text) => (JSON.parse(text) as { cod: unknown }).cod);
    expect(cods).toEqual([200, 401, 429, '400', '404']);
  });

  it('429 over the rate limit, with Retry-After of at least a minute, in JSON and XML', async () => {
    let clock = 0;
    const limited = deps({ limiter: createRateLimiter(2, () => clock) });
    expect((await get(`${HERE}&appid=${ACTIVE}`, limited)).status).toBe(200);
    expect((await get(`${HERE}&appid=${ACTIVE}`, limited)).status).toBe(200);
    const json = await get(`${HERE}&appid=${ACTIVE}`, limited);
    expect([json.status, json.headers['retry-after'], json.text]).toEqual([429, '60', ERR.limit]);
    const xml = await get(`${HERE}&appid=${ACTIVE}&mode=xml`, limited);
    expect([xml.status, xml.headers['content-type'], xml.headers['retry-after']]).toEqual([
      429,
      XML_TYPE,
      '60',
    ]);
    expect(xml.text).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><ClientError><cod>429</cod><message>Your account is temporary blocked due to exceeding of requests limitation of your subscription type. Please choose the proper subscription https://openweathermap.org/price</message></ClientError>',
    );
    clock = 30_000; // half a minute earns back one of two requests per minute
    expect((await get(`${HERE}&appid=${ACTIVE}`, limited)).status).toBe(200);
    expect((await get(`${HERE}&appid=${ACTIVE}`, limited)).status).toBe(429);
  });

  it('limits each key on its own', async () => {
    const other = 'other0123456789abcdef0123456789ab';
    const limited = deps({
      limiter: createRateLimiter(1, () => 0),
      keys: { status: (key) => (key === ACTIVE || key === other ? 'active' : undefined) },
    });
    expect((await get(`${HERE}&appid=${ACTIVE}`, limited)).status).toBe(200);
    expect((await get(`${HERE}&appid=${ACTIVE}`, limited)).status).toBe(429);
    expect((await get(`${HERE}&appid=${other}`, limited)).status).toBe(200);
  });

  it('answers other paths with 404 and other methods with 405', async () => {
    const notFound = await get(HERE, deps(), 'GET', '/data/2.5/forecast');
    expect([notFound.status, notFound.text]).toEqual([
      404,
      '{"cod":"404","message":"Internal error: this server answers GET /data/2.5/weather only"}',
    ]);
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'CONNECT', 'TRACE']) {
      const r = await get(`${HERE}&appid=${ACTIVE}`, deps(), method);
      expect([r.status, r.headers.allow, r.text]).toEqual([
        405,
        'GET, HEAD, OPTIONS',
        '{"cod":"405","message":"Internal error: method not allowed, use GET or HEAD"}',
      ]);
    }
    expect((await get(HERE, deps(), 'GET', '/data/2.5/weather/')).status).toBe(404);
    expect((await get(HERE, deps(), 'GET', '/')).status).toBe(404);
  });

  it('HEAD answers like GET (the HTTP layer drops the body)', async () => {
    const head: HttpResponse = await get(`${HERE}&appid=${ACTIVE}`, deps(), 'HEAD');
    const full = await get(`${HERE}&appid=${ACTIVE}`);
    expect(head).toEqual(full);
  });

  it('sends CORS headers and an X-Cache-Key without the key', async () => {
    const r = await get(`units=metric&appid=${ACTIVE}&lon=-0.1278&lat=51.5074&lang=FR`);
    expect(r.headers).toEqual({
      ...ANSWER_HEADERS,
      'content-type': JSON_TYPE,
      'x-cache-key': '/data/2.5/weather?lang=FR&lat=51.5074&lon=-0.1278&units=metric',
    });
  });

  it('computes observations on a ten-minute cycle of its clock', async () => {
    const at = (ms: number) => get(`${HERE}&appid=${ACTIVE}`, deps({ now: () => ms }));
    const dt = (text: string) => (JSON.parse(text) as { dt: number }).dt;
    expect(dt((await at(DT * 1000)).text)).toBe(DT);
    expect(dt((await at(DT * 1000 + 599_999)).text)).toBe(DT);
    expect(dt((await at(DT * 1000 + 600_000)).text)).toBe(DT + 600);
  });
});

/** `handle` with a request target exactly as it would arrive on the request line. */
async function at(url: string, method = 'GET', headers: Record<string, string> = {}) {
  const response = await handle({ method, url, headers }, deps());
  return { ...response, text: Buffer.from(response.body).toString('utf8') };
}

describe('request targets and spellings of the key', () => {
  it.each([
    ['appid', `appid=${ACTIVE}`, 200],
    ['appid, its name percent-encoded', `%61ppid=${ACTIVE}`, 200],
    [
      'appid, its value percent-encoded',
      `appid=${encodeURIComponent(ACTIVE).replace(/a/g, '%61')}`,
      200,
    ],
    ['APPID in upper case, which the live service refuses', `APPID=${ACTIVE}`, 401],
    ['Appid', `Appid=${ACTIVE}`, 401],
    ['appid twice, the first one Inactive', `appid=${INACTIVE}&appid=${ACTIVE}`, 401],
  ])('%s: %s', async (_what, key, status) => {
    expect((await get(`${HERE}&${key}`)).status).toBe(status);
  });

  it('serves an absolute-form target like the origin-form one', async () => {
    const r = await at(`http://example.test:8080/data/2.5/weather?${HERE}&appid=${ACTIVE}`);
    expect([r.status, r.text]).toEqual([200, STANDARD]);
  });

  it.each([
    ['a bracket never closed', 'http://[bad/data/2.5/weather?lat=1&lon=2'],
    ['a port out of range', 'http://host:99999/data/2.5/weather'],
    ['an IPv4 address out of range', 'http://300.1.1.1/data/2.5/weather'],
    ['a space in the host', 'http://a b/data/2.5/weather'],
    ['no host', 'http:///'],
  ])('answers a target that is not a URL (%s) with 400 and an error object', async (_what, url) => {
    expect(await at(url)).toEqual({
      status: 400,
      headers: { ...ANSWER_HEADERS, 'content-type': JSON_TYPE },
      body: Buffer.from(
        '{"cod":"400","message":"Bad request: the request target is not a valid URL"}',
      ),
      text: '{"cod":"400","message":"Bad request: the request target is not a valid URL"}',
    });
  });

  it('answers a bad target in the mode its query asks for', async () => {
    const r = await at('http://[bad/data/2.5/weather?lat=1&mode=xml');
    expect([r.status, r.headers['content-type'], r.text]).toEqual([
      400,
      XML_TYPE,
      '<?xml version="1.0" encoding="UTF-8"?><ClientError><cod>400</cod><message>Bad request: the request target is not a valid URL</message></ClientError>',
    ]);
  });

  it('reads no mode from a bad target without a query', async () => {
    const r = await at('http://[bad/data/2.5/weather&mode=xml');
    expect([r.status, r.headers['content-type']]).toEqual([400, JSON_TYPE]);
  });
});

describe('CORS preflight and security headers', () => {
  it('answers OPTIONS with 204, the methods, the headers the browser asks for, and a max age', async () => {
    const r = await at(`/data/2.5/weather?${HERE}`, 'OPTIONS', {
      origin: 'https://example.test',
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'X-Api-Key, Content-Type,x-requested-with, not a name, ,',
    });
    expect(r).toEqual({
      status: 204,
      headers: {
        ...ANSWER_HEADERS,
        allow: 'GET, HEAD, OPTIONS',
        'access-control-allow-headers': 'x-api-key, content-type, x-requested-with',
        'access-control-max-age': '86400',
        vary: 'Access-Control-Request-Headers',
      },
      body: new Uint8Array(0),
      text: '',
    });
  });

  it('allows x-api-key in a preflight that asks for no header, and needs no key', async () => {
    const r = await at('/data/2.5/weather', 'OPTIONS');
    expect([r.status, r.headers['access-control-allow-headers']]).toEqual([204, 'x-api-key']);
  });

  it('answers OPTIONS on other paths with 404', async () => {
    expect((await at('/data/2.5/forecast', 'OPTIONS')).status).toBe(404);
  });

  it('puts a restrictive Content-Security-Policy on HTML and only there', async () => {
    const policy = (mode: string) =>
      get(`${HERE}&appid=${ACTIVE}&mode=${mode}`).then((r) => r.headers['content-security-policy']);
    expect(await Promise.all(['html', 'HTML', 'json', 'xml'].map(policy))).toEqual([
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
      undefined,
      undefined,
    ]);
  });

  it('sends nosniff with every answer', async () => {
    const answers = await Promise.all([
      get(`${HERE}&appid=${ACTIVE}`),
      get(`${HERE}&appid=${ACTIVE}&mode=html`),
      get(HERE),
      get(`appid=${ACTIVE}&mode=xml`),
      get(HERE, deps(), 'DELETE'),
      at('/nowhere'),
      at('/data/2.5/weather', 'OPTIONS'),
      at('http://[bad/'),
    ]);
    expect(answers.map((r) => [r.status, r.headers['x-content-type-options']])).toEqual([
      [200, 'nosniff'],
      [200, 'nosniff'],
      [401, 'nosniff'],
      [400, 'nosniff'],
      [405, 'nosniff'],
      [404, 'nosniff'],
      [204, 'nosniff'],
      [400, 'nosniff'],
    ]);
  });
});

describe('errorAnswer', () => {
  it.each([
    [
      '/data/2.5/weather?lat=1&mode=xml',
      XML_TYPE,
      '<?xml version="1.0" encoding="UTF-8"?><ClientError><cod>500</cod><message>Internal error</message></ClientError>',
    ],
    ['/data/2.5/weather?lat=1&mode=html', JSON_TYPE, '{"cod":500,"message":"Internal error"}'],
    [
      'http://[bad/?mode=XML',
      XML_TYPE,
      '<?xml version="1.0" encoding="UTF-8"?><ClientError><cod>500</cod><message>Internal error</message></ClientError>',
    ],
    ['', JSON_TYPE, '{"cod":500,"message":"Internal error"}'],
  ])('answers %j with the common headers in its mode', async (target, type, text) => {
    const r = await errorAnswer(500, 'Internal error', target);
    expect([r.status, r.headers, Buffer.from(r.body).toString('utf8')]).toEqual([
      500,
      { ...ANSWER_HEADERS, 'content-type': type },
      text,
    ]);
  });
});
