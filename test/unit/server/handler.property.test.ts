import assert from 'node:assert/strict';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isObject, type Json } from '../../../src/client/decode/fields.js';
import { decodeJsonObservation } from '../../../src/client/decode/json.js';
import { decodeXmlObservation, parseXml } from '../../../src/client/decode/xml.js';
import type { HttpRequest, HttpResponse } from '../../../src/core/http.js';
import { isUnits } from '../../../src/core/units.js';
import { handle } from '../../../src/server/handler.js';
import { ACTIVE, INACTIVE, deps } from '../../helpers/fixed-world.js';

/**
 * The handler over random requests: whatever the target, the parameters and the headers, it
 * answers, never with a 5xx, and every answer is well formed for its status.
 */

const RUNS = 10_000;
const SEED = 20_260_101;

/** `text` as it is, encodeURIComponent-ed, every byte escaped, or all but letters and digits. */
function spelt(text: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(text, fc.constantFrom('raw', 'component', 'every byte', 'some'))
    .map(([value, how]) => {
      if (how === 'raw') return value;
      if (how === 'component') return encodeURIComponent(value);
      const hex = Buffer.from(value, 'utf8').toString('hex').replace(/../g, '%$&');
      return how === 'every byte'
        ? hex
        : hex.replace(/%(3[0-9]|[46][1-9a-f]|[57][0-9a])/gi, (m) =>
            String.fromCharCode(Number.parseInt(m.slice(1), 16)),
          );
    });
}

const anyText = fc.string({ unit: 'binary', maxLength: 12 });

const coordinate = fc.oneof(
  fc.double().map(String),
  fc.integer({ min: -200, max: 200 }).map(String),
  fc.constantFrom(
    '51.5',
    '-0.12',
    '90',
    '-180',
    '90.0001',
    '1e999',
    '0x10',
    ' 1',
    '',
    'NaN',
    '1e1',
  ),
  anyText,
);

const NAMES = ['lat', 'lon', 'mode', 'units', 'lang', 'appid'] as const;
const VALUES: Readonly<Record<(typeof NAMES)[number], fc.Arbitrary<string>>> = {
  lat: coordinate,
  lon: coordinate,
  mode: fc.constantFrom('json', 'xml', 'html', 'XML', 'Html', 'bogus', ''),
  units: fc.constantFrom('standard', 'metric', 'imperial', 'METRIC', 'kelvin', ''),
  lang: fc.constantFrom('en', 'de', 'fr', 'zh_cn', 'ZH_TW', 'sp', 'ua', 'xx', ''),
  appid: fc.constantFrom(ACTIVE, ACTIVE, INACTIVE, 'nope', ''),
};

/** `name=value`, either or both percent-encoded in some way. */
function pair(name: fc.Arbitrary<string>, value: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(spelt(name), spelt(value)).map(([n, v]) => `${n}=${v}`);
}

const parameter: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(...NAMES).chain((name) => pair(fc.constant(name), VALUES[name])),
  },
  { weight: 1, arbitrary: pair(fc.constantFrom('APPID', 'Appid', 'q', 'cnt', 'x'), anyText) },
  { weight: 1, arbitrary: pair(anyText, anyText) },
  { weight: 1, arbitrary: fc.constantFrom('lat', 'appid', '=', '&', '', '%', '%zz', '+') },
);

/** A decimal from -max to max, with up to four decimals (doubles cost more to generate). */
function decimal(max: number): fc.Arbitrary<string> {
  return fc.integer({ min: -max * 10_000, max: max * 10_000 }).map((n) => String(n / 10_000));
}

/** A query that asks for an observation, with options and a few random parameters, in any order. */
const wellFormed: fc.Arbitrary<string[]> = fc
  .tuple(
    pair(fc.constant('lat'), decimal(90)),
    pair(fc.constant('lon'), decimal(180)),
    pair(fc.constant('appid'), fc.constant(ACTIVE)),
    fc.option(pair(fc.constant('mode'), VALUES.mode)),
    fc.option(pair(fc.constant('units'), VALUES.units)),
    fc.option(pair(fc.constant('lang'), VALUES.lang)),
    fc.array(parameter, { maxLength: 2 }),
    fc.nat(),
  )
  .map(([lat, lon, appid, mode, units, lang, extra, turn]) => {
    const all = [lat, lon, appid, mode, units, lang, ...extra].filter((p) => p !== null);
    const at = turn % all.length;
    return [...all.slice(at), ...all.slice(0, at)];
  });

const query = fc
  .oneof(wellFormed, fc.array(parameter, { maxLength: 9 }))
  .chain((parameters) =>
    fc.tuple(
      fc.constant(parameters),
      fc.constantFrom('&', '&', '&&', ';'),
      fc.constantFrom('', '', '#frag', '#&appid=x'),
    ),
  )
  .map(([parameters, separator, fragment]) => `${parameters.join(separator)}${fragment}`);

const path = fc.oneof(
  { weight: 16, arbitrary: fc.constant('/data/2.5/weather') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '/data/2.5/weather/',
      '/data/2.5/Weather',
      '/data/2.5/weather/extra',
      '/data/2.5/%77eather',
      '/data/2.5/./weather',
      '/data/2.5/x/../weather',
      '//data/2.5/weather',
      '/',
      '',
      '*',
      'weather',
    ),
  },
  { weight: 1, arbitrary: fc.webPath() },
  { weight: 1, arbitrary: anyText.map((text) => `/${text}`) },
);

const origin = fc.oneof(
  { weight: 12, arbitrary: fc.constant('') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'http://example.test',
      'http://127.0.0.1:8080',
      'https://[::1]',
      'http://[bad',
      'http://host:99999',
      'http://300.1.1.1',
      'http://a b',
      'http://',
      'ftp://x',
      'http://u:p@h',
    ),
  },
  { weight: 1, arbitrary: fc.webAuthority().map((authority) => `http://${authority}`) },
);

const target = fc.oneof(
  {
    weight: 9,
    arbitrary: fc
      .tuple(origin, path, fc.boolean(), query)
      .map(([o, p, hasQuery, q]) => `${o}${p}${hasQuery ? `?${q}` : ''}`),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

const headerValue = fc.oneof(
  fc.constantFrom(ACTIVE, INACTIVE, 'x-api-key, content-type', 'bad name, Authorization'),
  anyText,
);
const headers = fc.dictionary(
  fc.oneof(
    fc.constantFrom('x-api-key', 'access-control-request-headers', 'origin', 'host', 'accept'),
    fc.string({ maxLength: 8 }),
  ),
  fc.oneof(headerValue, fc.array(headerValue, { maxLength: 3 })),
  { maxKeys: 4 },
);

const method = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('GET', 'HEAD') },
  { weight: 2, arbitrary: fc.constantFrom('OPTIONS', 'POST', 'PUT', 'DELETE', 'get') },
);

const request: fc.Arbitrary<HttpRequest> = fc.record({ method, url: target, headers });

/** The query the handler reads: the URL's, or what follows `?` when the target is no URL. */
function queryOf(url: string): URLSearchParams {
  try {
    return new URL(url, 'http://localhost').searchParams;
  } catch {
    const start = url.indexOf('?');
    return new URLSearchParams(start < 0 ? '' : url.slice(start + 1));
  }
}

function firstHeader(r: HttpRequest, name: string): string | undefined {
  const value = r.headers[name];
  return typeof value === 'string' ? value : value?.[0];
}

function members(value: unknown): Json {
  assert.ok(isObject(value), `not an object: ${JSON.stringify(value)}`);
  return value;
}

const TYPES = {
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  html: 'text/html; charset=utf-8',
};

/**
 * Throws, saying what was wrong, unless `response` is a well-formed answer to `r`. node:assert
 * rather than expect: it runs ten thousand times, and expect's matchers take seconds at that.
 */
function check(r: HttpRequest, response: HttpResponse): void {
  const { status, headers: h, body } = response;
  const text = Buffer.from(body).toString('utf8');
  const q = queryOf(r.url);
  assert.deepEqual([h['x-weather-source'], h['x-content-type-options']], ['simulated', 'nosniff']);
  if (status === 200) {
    assert.ok(r.method === 'GET' || r.method === 'HEAD', `200 to ${r.method}`);
    assert.equal(q.get('appid') ?? firstHeader(r, 'x-api-key'), ACTIVE);
    const units = q.get('units')?.toLowerCase() ?? '';
    if (h['content-type'] === TYPES.json) decodeJsonObservation(body);
    else if (h['content-type'] === TYPES.xml) {
      decodeXmlObservation(body, isUnits(units) ? units : 'standard');
    } else {
      assert.equal(h['content-type'], TYPES.html);
      assert.ok(text.startsWith('<!DOCTYPE html>\n') && text.endsWith('</html>\n'), text);
    }
    return;
  }
  if (status === 204) {
    assert.deepEqual([r.method, body.byteLength], ['OPTIONS', 0]);
    return;
  }
  assert.ok([400, 401, 404, 405, 429].includes(status), `status ${status}`);
  if (q.get('mode')?.toLowerCase() === 'xml') {
    assert.equal(h['content-type'], TYPES.xml);
    const { cod, message, ...rest } = members(parseXml(body).ClientError);
    assert.deepEqual([cod, typeof message, rest], [String(status), 'string', {}]);
    return;
  }
  assert.equal(h['content-type'], TYPES.json);
  const { cod, message, ...rest } = members(JSON.parse(text));
  assert.deepEqual(
    [cod, typeof message === 'string' && /\S/.test(message), rest],
    [status === 401 || status === 429 ? status : String(status), true, {}],
  );
}

describe('handle over random requests', () => {
  it(`answers ${RUNS} random requests without a 5xx, each answer well formed`, async () => {
    const d = deps();
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const response = await handle(r, d);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        check(r, response);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    // The generator reaches every kind of answer, so the property is not checked on errors only.
    expect([...statuses.keys()].sort()).toEqual([200, 204, 400, 401, 404, 405]);
  });
});
