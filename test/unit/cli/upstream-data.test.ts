import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultServer, type FaultServer } from '../../helpers/fault-server.js';
import { truth } from '../../helpers/fixtures.js';
import { run } from '../../helpers/io.js';
import { useTempDir } from '../../helpers/tmp.js';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };
const XML_HEADERS = { 'content-type': 'application/xml; charset=utf-8' };
const HTML_HEADERS = { 'content-type': 'text/html; charset=utf-8' };

const LISBON = truth('programmatordev_capture2026_current_lisbon_latlon_metric_success.json');
const LISBON_NOW = 1785573885_000;
const ZOCCA_XML = truth('owmdocs_current_zocca.xml').toString('utf8');
const ZOCCA_NOW = Date.parse('2022-08-30T14:45:57Z');
const WIDGET = truth('cmfcmf_docs_current_berlin_metric.html').toString('utf8');

function lisbonWith(change: (o: Record<string, Record<string, unknown>>) => void): string {
  const body = JSON.parse(LISBON.toString('utf8')) as Record<string, Record<string, unknown>>;
  change(body);
  return JSON.stringify(body);
}

const tempDir = useTempDir();
let server: FaultServer;

beforeAll(async () => {
  server = await startFaultServer({
    ok: [{ status: 200, body: LISBON, headers: JSON_HEADERS }],
    humid: [
      {
        status: 200,
        body: lisbonWith((o) => void (o.main = { ...o.main, humidity: 140 })),
        headers: JSON_HEADERS,
      },
    ],
    humidxml: [
      {
        status: 200,
        body: ZOCCA_XML.replace('<humidity value="64"', '<humidity value="140"'),
        headers: XML_HEADERS,
      },
    ],
    kelvinasmetric: [
      {
        status: 200,
        body: lisbonWith((o) => void (o.main = { ...o.main, temp: 295.7 })),
        headers: JSON_HEADERS,
      },
    ],
    bidi: [
      {
        status: 200,
        body: lisbonWith((o) => {
          (o as Record<string, unknown>).name = 'Soc\u202eorro\u200b\u2066 \ufeffX\u200cY';
        }),
        headers: JSON_HEADERS,
      },
    ],
    portal: [
      {
        status: 200,
        body: '<!DOCTYPE html><html><body><form action="/login">Sign in to the Wi-Fi</form></body></html>',
        headers: HTML_HEADERS,
      },
    ],
    widget: [{ status: 200, body: WIDGET, headers: HTML_HEADERS }],
    escapes: [
      {
        status: 200,
        body: WIDGET.replace('Berlin', 'Ber\u001b[2J\u001b]0;pwned\u0007lin\r\u009b31m'),
        headers: HTML_HEADERS,
      },
    ],
  });
});

afterAll(() => server.close());

function call(scenario: string, now: number, args: readonly string[] = [], tty = false) {
  return run(
    [
      '--lat',
      '38.7223',
      '--lon',
      '-9.1393',
      '--appid',
      'k',
      '--base-url',
      server.base(scenario),
      ...args,
    ],
    { env: { WEATHER_CONFIG_DIR: tempDir() }, now, stdoutIsTTY: tty },
  );
}

describe('bad data from upstream is refused, not rendered (exit 7)', () => {
  it.each([
    ['humid', [], 'main.humidity is 140, outside 0 to 100%'],
    ['humid', ['-o', 'raw'], 'main.humidity is 140, outside 0 to 100%'],
    ['humidxml', ['-m', 'xml'], 'main.humidity is 140, outside 0 to 100%'],
  ])('%s %j', async (scenario, args, problem) => {
    const now = scenario === 'humidxml' ? ZOCCA_NOW : LISBON_NOW;
    const r = await call(scenario, now, args);
    expect([r.code, r.stdout, r.stderr]).toEqual([
      7,
      '',
      `weather: ${server.base(scenario)} answered an observation that cannot be right: ${problem}\n` +
        'hint: the service sent values outside physical ranges; try again later\n',
    ]);
  });

  it('a temperature impossible in the unit asked for', async () => {
    const r = await call('kelvinasmetric', LISBON_NOW);
    expect([r.code, r.stderr]).toEqual([
      7,
      `weather: ${server.base('kelvinasmetric')} answered an observation that cannot be right: main.temp is 295.7, outside -100 to 100 °C\n` +
        'hint: is it in another unit than metric?\n',
    ]);
  });

  it('an observation from long ago', async () => {
    const r = await call('ok', LISBON_NOW + 31 * 86_400_000, ['-f', '{name}']);
    expect([r.code, r.stdout, r.stderr]).toEqual([
      7,
      '',
      `weather: ${server.base('ok')} answered an observation that cannot be right: dt is 2026-08-01T08:44:45Z, more than 30 days behind this machine's clock (2026-09-01T08:44:45Z)\n` +
        "hint: check this machine's clock\n",
    ]);
  });

  it('a page that is HTML but not the widget (a captive portal)', async () => {
    const r = await call('portal', LISBON_NOW, ['-m', 'html']);
    expect([r.code, r.stdout, r.stderr]).toEqual([
      7,
      '',
      `weather: ${server.base('portal')} answered 200 with a body that is not a weather observation: expected the API's HTML widget, got another HTML page (a captive portal or a login page?)\n`,
    ]);
  });

  it('the widget itself passes byte for byte', async () => {
    const r = await call('widget', LISBON_NOW, ['-m', 'html']);
    expect([r.code, r.stdout, r.stderr]).toEqual([0, WIDGET, '']);
  });
});

describe('what upstream sends cannot drive the terminal', () => {
  it('raw output to a terminal loses escape sequences and control characters', async () => {
    const r = await call('escapes', LISBON_NOW, ['-m', 'html'], true);
    expect([r.code, r.stdout]).toEqual([0, WIDGET]);
  });

  it('raw output to a pipe is the bytes as they came', async () => {
    const r = await call('escapes', LISBON_NOW, ['-m', 'html'], false);
    expect(r.stdout).toBe(
      WIDGET.replace('Berlin', 'Ber\u001b[2J\u001b]0;pwned\u0007lin\r\u009b31m'),
    );
  });

  it.each([
    [['-f', '{name}|{place}'], 'Socorro X\u200cY|Socorro X\u200cY, PT\n'],
    [['-o', 'summary'], 'Socorro X\u200cY, PT'],
  ])('bidi overrides and zero-width characters are dropped from %j', async (args, expected) => {
    const r = await call('bidi', LISBON_NOW, args);
    expect([r.code, r.stdout.slice(0, expected.length)]).toEqual([0, expected]);
  });
});
