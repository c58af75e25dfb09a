import { XMLParser } from 'fast-xml-parser';
import { parseXml } from '../../../src/client/decode/xml.js';
import { describe, expect, it } from 'vitest';
import { canonicalLang, LANG_CODES } from '../../../src/core/lang.js';
import { decodeJsonObservation } from '../../../src/client/decode/json.js';
import { decodeXmlObservation } from '../../../src/client/decode/xml.js';
import { handle } from '../../../src/server/handler.js';
import { iconSvg } from '../../../src/server/represent/widget-icons.js';
import { loadConditionTexts } from '../../../src/world/i18n/texts.js';
import { ACTIVE, deps, DT, fixedWorld, type Overrides } from '../../helpers/fixed-world.js';

async function get(query: string, observation: Overrides = {}): Promise<string> {
  const r = await handle(
    {
      method: 'GET',
      url: `/data/2.5/weather?lat=51.5074&lon=-0.1278&appid=${ACTIVE}&${query}`,
      headers: {},
    },
    deps({ world: fixedWorld(observation) }),
  );
  expect(r.status).toBe(200);
  return Buffer.from(r.body).toString('utf8');
}

const CITY =
  '<city id="2643743" name="London"><coord lon="-0.1278" lat="51.5074"></coord><country>GB</country><timezone>0</timezone><sun rise="2026-01-01T08:05:33" set="2026-01-01T15:57:29"></sun></city>';
const TAIL =
  '<clouds value="75" name="broken clouds"></clouds><visibility value="9000"></visibility><precipitation value="0.42" mode="rain" unit="1h"></precipitation><weather number="500" value="light rain" icon="10d"></weather><lastupdate value="2026-01-01T12:00:00"></lastupdate></current>';

describe('XML representation', () => {
  it.each([
    [
      'metric',
      '<temperature value="7.25" min="6.5" max="8.03" unit="celsius"></temperature><feels_like value="4.1" unit="celsius"></feels_like>',
      '<speed value="5.14" unit="m/s" name="Gentle Breeze"></speed><gusts value="9.8"></gusts>',
    ],
    [
      'standard',
      '<temperature value="280.4" min="279.65" max="281.18" unit="kelvin"></temperature><feels_like value="277.25" unit="kelvin"></feels_like>',
      '<speed value="5.14" unit="m/s" name="Gentle Breeze"></speed><gusts value="9.8"></gusts>',
    ],
    [
      'imperial',
      '<temperature value="45.05" min="43.7" max="46.45" unit="fahrenheit"></temperature><feels_like value="39.38" unit="fahrenheit"></feels_like>',
      '<speed value="11.5" unit="mph" name="Gentle Breeze"></speed><gusts value="21.92"></gusts>',
    ],
  ])('%s: exact document', async (units, temperature, speed) => {
    const xml = await get(`mode=xml&units=${units}`);
    expect(xml).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><current>${CITY}${temperature}<humidity value="81" unit="%"></humidity><pressure value="1012" unit="hPa"></pressure><wind>${speed}<direction value="230" code="SW" name="Southwest"></direction></wind>${TAIL}`,
    );
    expect(() => parseXml(Buffer.from(xml))).not.toThrow();
  });

  it('has every element and attribute of the spec table, parsed back', async () => {
    const parsed = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      parseAttributeValue: true,
    }).parse(await get('mode=xml&units=metric')) as {
      current: Record<string, Record<string, unknown>>;
    };
    const c = parsed.current;
    expect(Object.keys(c)).toEqual([
      'city',
      'temperature',
      'feels_like',
      'humidity',
      'pressure',
      'wind',
      'clouds',
      'visibility',
      'precipitation',
      'weather',
      'lastupdate',
    ]);
    expect(Object.keys(c.city ?? {}).sort()).toEqual([
      'coord',
      'country',
      'id',
      'name',
      'sun',
      'timezone',
    ]);
    expect(c.city?.coord).toEqual({ lon: -0.1278, lat: 51.5074 });
    expect(c.city?.sun).toEqual({ rise: '2026-01-01T08:05:33', set: '2026-01-01T15:57:29' });
    expect(c.temperature).toEqual({ value: 7.25, min: 6.5, max: 8.03, unit: 'celsius' });
    expect(c.wind).toEqual({
      speed: { value: 5.14, unit: 'm/s', name: 'Gentle Breeze' },
      gusts: { value: 9.8 },
      direction: { value: 230, code: 'SW', name: 'Southwest' },
    });
    expect(c.precipitation).toEqual({ value: 0.42, mode: 'rain', unit: '1h' });
    expect(c.weather).toEqual({ number: 500, value: 'light rain', icon: '10d' });
  });

  it.each([
    [
      'no precipitation',
      { rain: undefined, conditionId: 803 },
      '<precipitation mode="no"></precipitation>',
    ],
    [
      'snow',
      { rain: undefined, snow: { h1: 1.37, h3: 3.9 }, conditionId: 601 },
      '<precipitation value="1.37" mode="snow" unit="1h"></precipitation>',
    ],
    ['no gust: empty gusts element', { windGust: undefined }, '<gusts></gusts>'],
    [
      'open sea: empty name and country',
      { place: { id: 0, name: '' } },
      '<city id="0" name=""><coord lon="-0.1278" lat="51.5074"></coord><country></country>',
    ],
    ['night icon', { isDay: false }, 'icon="10n"'],
    [
      'calm',
      { windSpeed: 0.62, windDeg: 349 },
      '<speed value="0.62" unit="m/s" name="Calm"></speed><gusts value="9.8"></gusts><direction value="349" code="N" name="North"></direction>',
    ],
    [
      'escapes names',
      { place: { id: 1, name: 'A & B <"C">', country: 'GB' } },
      'name="A &amp; B &lt;&quot;C&quot;&gt;"',
    ],
  ])('%s', async (_what, observation, fragment) => {
    const xml = await get('mode=xml&units=metric', observation);
    expect(xml).toContain(fragment);
    expect(() => parseXml(Buffer.from(xml))).not.toThrow();
  });

  it('decodes back to the same observation as the JSON representation', async () => {
    for (const units of ['standard', 'metric', 'imperial'] as const) {
      const json = decodeJsonObservation(Buffer.from(await get(`units=${units}`)));
      const xml = decodeXmlObservation(Buffer.from(await get(`mode=xml&units=${units}`)), 'metric');
      expect(xml.units).toBe(units);
      const { base: _b, cod: _c, sys, main, rain, ...rest } = json;
      const { type: _t, id: _i, message: _m, ...sysRest } = sys;
      const { sea_level: _s, grnd_level: _g, ...mainRest } = main;
      expect(xml.observation).toEqual({
        ...rest,
        main: mainRest,
        sys: sysRest,
        rain: { '1h': rain?.['1h'] },
      });
    }
  });
});

describe('JSON representation', () => {
  it('has every member of the spec tables with the types they give', async () => {
    const o = JSON.parse(await get('units=metric')) as Record<string, Record<string, unknown>>;
    const int = (v: unknown) => typeof v === 'number' && Number.isInteger(v);
    const num = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
    expect(Object.keys(o)).toEqual([
      'coord',
      'weather',
      'base',
      'main',
      'visibility',
      'wind',
      'rain',
      'clouds',
      'dt',
      'sys',
      'timezone',
      'id',
      'name',
      'cod',
    ]);
    expect([num(o.coord?.lon), num(o.coord?.lat)]).toEqual([true, true]);
    const [w] = o.weather as unknown as Record<string, unknown>[];
    expect([int(w?.id), typeof w?.main, typeof w?.description, typeof w?.icon]).toEqual([
      true,
      'string',
      'string',
      'string',
    ]);
    expect(typeof o.base).toBe('string');
    const m = o.main ?? {};
    expect([
      num(m.temp),
      num(m.feels_like),
      int(m.pressure),
      int(m.humidity),
      num(m.temp_min),
      num(m.temp_max),
      int(m.sea_level),
      int(m.grnd_level),
    ]).toEqual(Array(8).fill(true));
    expect(int(o.visibility)).toBe(true);
    expect([num(o.wind?.speed), int(o.wind?.deg), num(o.wind?.gust)]).toEqual([true, true, true]);
    expect(int(o.clouds?.all)).toBe(true);
    expect([num(o.rain?.['1h']), num(o.rain?.['3h'])]).toEqual([true, true]);
    expect(int(o.dt)).toBe(true);
    const s = o.sys ?? {};
    expect([
      int(s.type),
      int(s.id),
      num(s.message),
      typeof s.country,
      int(s.sunrise),
      int(s.sunset),
    ]).toEqual([true, true, true, 'string', true, true]);
    expect([int(o.timezone), int(o.id), typeof o.name, o.cod]).toEqual([true, true, 'string', 200]);
  });

  it.each([
    ['no gust', { windGust: undefined }, 'wind', { speed: 5.14, deg: 230 }],
    [
      'snow instead of rain',
      { rain: undefined, snow: { h1: 1.37, h3: 3.9 }, conditionId: 601 },
      'snow',
      { '1h': 1.37, '3h': 3.9 },
    ],
  ])('optional members: %s', async (_what, observation, member, value) => {
    const o = JSON.parse(await get('units=metric', observation)) as Record<string, unknown>;
    expect(o[member]).toEqual(value);
    expect('rain' in o && 'snow' in o).toBe(false);
  });

  it('leaves rain, snow and country out when there are none', async () => {
    const o = JSON.parse(
      await get('units=metric', { rain: undefined, conditionId: 800, place: { id: 0, name: '' } }),
    ) as Record<string, unknown>;
    expect(['rain' in o, 'snow' in o, 'country' in (o.sys as object), o.name, o.id]).toEqual([
      false,
      false,
      false,
      '',
      0,
    ]);
  });
});

describe('HTML representation', () => {
  it('is a self-contained widget: exact document', async () => {
    expect(await get('mode=html&units=metric')).toBe(`<!DOCTYPE html>
<html lang="en" dir="ltr">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="description" content="Current weather conditions (simulated)" />
  <title>London</title>
</head>
<body style="margin: 0;">
<div style="box-sizing: border-box; min-width: 180px; max-width: 400px; padding: 8px 12px; font-family: system-ui, sans-serif; color: #1a1a1a; background: #ffffff; border: 1px solid #767676; border-radius: 6px;">
  <div style="font-size: medium; font-weight: bold; overflow-wrap: anywhere;">London</div>
  <div style="display: flex; align-items: center; gap: 8px;">
    <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false" data-icon="10d"><circle cx="24" cy="24" r="9" fill="#f2a900" opacity="0.9"/><g stroke="#f2a900" stroke-width="3" stroke-linecap="round"><path d="M24 5v5M24 38v5M5 24h5M38 24h5M10.6 10.6l3.5 3.5M33.9 33.9l3.5 3.5M10.6 37.4l3.5-3.5M33.9 14.1l3.5-3.5"/></g><path d="M14 30h22a7 7 0 0 0 0-14 10 10 0 0 0-19-2 8 8 0 0 0-3 16z" fill="#8a95a1"/><g stroke="#1f6fd1" stroke-width="2.5" stroke-linecap="round"><path d="M17 34l-2 6M25 34l-2 6M33 34l-2 6"/></g></svg>
    <div>
      <div style="font-size: x-large; font-weight: bold;" title="Current Temperature"><bdi>7.25°C</bdi></div>
      <div style="font-size: small;">light rain</div>
    </div>
  </div>
  <dl style="margin: 8px 0 0; font-size: small;">
    <div style="display: flex; justify-content: space-between; gap: 8px; margin: 0;"><dt>Wind</dt><dd style="margin: 0;"><bdi>5.14\u00a0m/s</bdi></dd></div>
    <div style="display: flex; justify-content: space-between; gap: 8px; margin: 0;"><dt>Pressure</dt><dd style="margin: 0;"><bdi>1012\u00a0hPa</bdi></dd></div>
    <div style="display: flex; justify-content: space-between; gap: 8px; margin: 0;"><dt>Humidity</dt><dd style="margin: 0;"><bdi>81\u00a0%</bdi></dd></div>
    <div style="display: flex; justify-content: space-between; gap: 8px; margin: 0;"><dt>Clouds</dt><dd style="margin: 0;"><bdi>75\u00a0%</bdi></dd></div>
  </dl>
  <div style="margin-top: 4px; font-size: x-small; color: #595959;">Simulated data</div>
</div>
</body>
</html>
`);
  });

  it.each([
    ['standard', '280.4K', '<dt>Wind</dt><dd style="margin: 0;"><bdi>5.14\u00a0m/s</bdi></dd>'],
    ['imperial', '45.05°F', '<dt>Wind</dt><dd style="margin: 0;"><bdi>11.5\u00a0mph</bdi></dd>'],
  ])('applies %s units', async (units, temperature, wind) => {
    const html = await get(`mode=html&units=${units}`);
    expect(html).toContain(`title="Current Temperature"><bdi>${temperature}</bdi></div>`);
    expect(html).toContain(wind);
  });

  it('escapes every value and loads nothing from elsewhere', async () => {
    const html = await get('mode=html&lang=zh_tw', {
      place: { id: 1, name: `<script>alert("x")</script> & 'q'`, country: 'GB' },
    });
    expect(html).toContain(
      '<title>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;</title>',
    );
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/https?:|src=|href=/);
    expect(html).toContain('<html lang="zh-TW" dir="ltr">');
  });

  it.each([
    ['cz', 'cs'],
    ['kr', 'ko'],
    ['la', 'lv'],
    ['pt', 'pt-PT'],
    ['pt_br', 'pt-BR'],
    ['sr', 'sr-Latn'],
    ['zh_cn', 'zh-CN'],
    ['ua', 'uk'],
  ])('lang %s is html lang %s', async (code, tag) => {
    expect(await get(`mode=html&lang=${code}`)).toContain(`<html lang="${tag}" dir="ltr">`);
  });
});

describe('the widget icon', () => {
  it('draws scattered clouds (03) as few clouds (02) with the cloud raised', () => {
    const moon = '<path d="M19 5a9 9 0 1 0 6 15A7.5 7.5 0 0 1 19 5z" fill="#5b6b8c"/>';
    const cloud = (y: number) =>
      `<path d="M14 ${y}h22a7 7 0 0 0 0-14 10 10 0 0 0-19-2 8 8 0 0 0-3 16z" fill="#9aa5b1"/>`;
    const svg = (code: string) =>
      `<svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false" data-icon="${code}">`;
    expect([iconSvg('02n'), iconSvg('03n')]).toEqual([
      `${svg('02n')}${moon}${cloud(36)}</svg>`,
      `${svg('03n')}${moon}${cloud(34)}</svg>`,
    ]);
  });
});

describe('HTML representation in other languages', () => {
  it.each([
    ['ar', 'rtl', 'الرياح'],
    ['he', 'rtl', 'רוח'],
    ['fa', 'rtl', 'باد'],
    ['de', 'ltr', 'Wind'],
    ['fr', 'ltr', 'Vent'],
    ['sv', 'ltr', 'Wind'],
  ])('lang %s: laid out %s, its own words', async (code, dir, wind) => {
    const html = await get(`mode=html&lang=${code}`);
    expect([/<html [^>]*>/.exec(html)?.[0], /<dt>(.*?)<\/dt>/.exec(html)?.[1]]).toEqual([
      `<html lang="${code}" dir="${dir}">`,
      wind,
    ]);
  });
});

describe('every lang code', () => {
  it.each(LANG_CODES.map((code) => [code]))(
    '%s localizes description and cloud name',
    async (code) => {
      const texts = await loadConditionTexts(canonicalLang(code) ?? 'en');
      const json = JSON.parse(await get(`lang=${code}`)) as {
        weather: { description: string; main: string }[];
      };
      expect(json.weather[0]?.description).toBe(texts[500]);
      expect(json.weather[0]?.main).toBe('Rain');
      const xml = await get(`mode=xml&lang=${code.toUpperCase()}`);
      expect(xml).toContain(`<clouds value="75" name="${texts[803] ?? ''}">`);
      expect(xml).toContain(`<weather number="500" value="${texts[500] ?? ''}" icon="10d">`);
    },
  );

  it.each([
    ['fr', 'légère pluie'],
    ['ua', 'легкий дощ'],
    ['uk', 'легкий дощ'],
    ['de', 'Leichter Regen'],
    ['en', 'light rain'],
    ['zz', 'light rain'],
    ['', 'light rain'],
  ])('%j → %s', async (code, text) => {
    expect(await get(`lang=${code}`)).toContain(`"description":"${text}"`);
  });

  it('keeps the observation time', async () => {
    expect(JSON.parse(await get('lang=ja'))).toMatchObject({ dt: DT });
  });
});
