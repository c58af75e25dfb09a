import { afterEach, describe, expect, it, vi } from 'vitest';
import { interpret, retryAfterSeconds } from '../../../src/client/interpret.js';
import type { Query } from '../../../src/client/query.js';
import type { HttpResponse } from '../../../src/core/http.js';
import { HTML_WIDGET_MARK } from '../../../src/core/protocol.js';
import { current, truth } from '../../helpers/fixtures.js';

const QUERY: Query = { lat: 44.34, lon: 10.99, units: 'metric', lang: 'en', mode: 'json' };
const TARGET = 'http://127.0.0.1:9/data/2.5';
const NOW = Date.now();
const KEY_HINT =
  'check the key (weather config get appid) or set another: weather config set appid <key>';
const WAIT_HINT = 'wait at least a minute before the next request, or poll less often';
const LATER_HINT = 'the service has a problem; try again later';

function response(status: number, body: string, headers: Record<string, string> = {}) {
  return { status, headers, body: Buffer.from(body) } satisfies HttpResponse;
}

/** What a thrown error says, as the CLI reports it. */
async function report(action: () => Promise<unknown>) {
  const error = await action().then(
    () => new Error('expected an error, but nothing was thrown'),
    (reason: unknown) => reason,
  );
  if (!(error instanceof Error)) throw new Error('not an Error');
  const { name, message } = error;
  const fields = error as Error & { hint?: string; exitCode?: number; status?: number };
  return { name, message, hint: fields.hint, exitCode: fields.exitCode, status: fields.status };
}

describe('interpret: error statuses', () => {
  it.each([
    [
      '401 with a JSON error',
      response(401, '{"cod":401, "message": "Invalid API key."}'),
      { name: 'ApiError', message: 'the API rejected the key (401): Invalid API key.' },
      { hint: KEY_HINT, exitCode: 4, status: 401 },
    ],
    [
      '401 with an XML error',
      response(401, '<ClientError><cod>401</cod><message>bad key</message></ClientError>'),
      { name: 'ApiError', message: 'the API rejected the key (401): bad key' },
      { hint: KEY_HINT, exitCode: 4, status: 401 },
    ],
    [
      '400',
      response(400, '{"cod":"400","message":"wrong latitude"}'),
      { name: 'ApiError', message: 'the API rejected the request (400): wrong latitude' },
      { hint: undefined, exitCode: 3, status: 400 },
    ],
    [
      '404',
      response(404, '{"cod":"404","message":"city not found"}'),
      { name: 'ApiError', message: 'the API rejected the request (404): city not found' },
      { hint: undefined, exitCode: 3, status: 404 },
    ],
    [
      '499 without an error object',
      response(499, 'nope'),
      {
        name: 'ApiError',
        message: 'the API rejected the request (499): HTTP 499 without an error object',
      },
      { hint: undefined, exitCode: 3, status: 499 },
    ],
    [
      '429 without Retry-After',
      response(429, '{"cod":429, "message": "slow down"}'),
      { name: 'ApiError', message: 'rate limited (429): slow down; retry after 60s' },
      { hint: WAIT_HINT, exitCode: 5, status: 429 },
    ],
    [
      '429 with Retry-After beyond a minute',
      response(429, '', { 'retry-after': '125' }),
      {
        name: 'ApiError',
        message: 'rate limited (429): HTTP 429 without an error object; retry after 125s',
      },
      { hint: WAIT_HINT, exitCode: 5, status: 429 },
    ],
    [
      '500 with an error object',
      response(500, '{"cod":500,"message":"Internal error"}'),
      { name: 'UpstreamError', message: `${TARGET} answered 500: Internal error` },
      { hint: LATER_HINT, exitCode: 7, status: undefined },
    ],
    [
      '502 with an HTML page',
      response(502, '<html><body>Bad Gateway</body></html>'),
      { name: 'UpstreamError', message: `${TARGET} answered 502` },
      { hint: LATER_HINT, exitCode: 7, status: undefined },
    ],
    [
      '302 (a redirect is not an answer)',
      response(302, ''),
      { name: 'UpstreamError', message: `${TARGET} answered 302` },
      { hint: undefined, exitCode: 7, status: undefined },
    ],
    [
      '399 (just below the client errors)',
      response(399, '{"cod":"399","message":"odd"}'),
      { name: 'UpstreamError', message: `${TARGET} answered 399: odd` },
      { hint: undefined, exitCode: 7, status: undefined },
    ],
    [
      '204 (success, but not 200)',
      response(204, ''),
      { name: 'UpstreamError', message: `${TARGET} answered 204` },
      { hint: undefined, exitCode: 7, status: undefined },
    ],
  ])('%s', async (_what, answer, { name, message }, { hint, exitCode, status }) => {
    expect(await report(() => interpret(answer, QUERY, TARGET, NOW))).toEqual({
      name,
      message,
      hint,
      exitCode,
      status,
    });
  });
});

describe('interpret: 200', () => {
  const NOT_AN_OBSERVATION = `${TARGET} answered 200 with a body that is not a weather observation`;

  it('decodes JSON in the units that were asked for, not simulated', async () => {
    // The sample is in kelvin: the API's default units, asked for here.
    const body = current('owmdocs_current_zocca_rain1h_gust.json', NOW);
    const standard = { ...QUERY, units: 'standard' } as const;
    const decoded = await interpret({ status: 200, headers: {}, body }, standard, TARGET, NOW);
    expect(decoded?.units).toBe('standard');
    expect(decoded?.simulated).toBe(false);
    expect(decoded?.observation.name).toBe('Zocca');
  });

  it('marks JSON simulated by the source header alone', async () => {
    const body = current('owmdocs_current_zocca_rain1h_gust.json', NOW);
    const headers = { 'x-weather-source': 'simulated' };
    const standard = { ...QUERY, units: 'standard' } as const;
    expect(
      (await interpret({ status: 200, headers, body }, standard, TARGET, NOW))?.simulated,
    ).toBe(true);
  });

  it('does not mark a response whose source header says something else', async () => {
    const body = truth('owmdocs_current_zocca.xml');
    const headers = { 'x-weather-source': 'owm' };
    const xml = { ...QUERY, mode: 'xml' } as const;
    // The sample's own time, so that its lastupdate is plausible.
    const then = Date.parse('2022-08-30T14:45:57Z');
    expect((await interpret({ status: 200, headers, body }, xml, TARGET, then))?.simulated).toBe(
      false,
    );
  });

  it.each([
    ['text/html; charset=utf-8', `<!DOCTYPE html><div ${HTML_WIDGET_MARK}>9°C</div>`],
    ['text/html', `<div ${HTML_WIDGET_MARK}>9°C</div>`],
  ])('accepts an HTML body of type %s without decoding it', async (type, body) => {
    const html = { ...QUERY, mode: 'html' } as const;
    expect(
      await interpret(response(200, body, { 'content-type': type }), html, TARGET, NOW),
    ).toBeNull();
  });

  it.each([
    [
      'an empty HTML body',
      'html',
      response(200, '', { 'content-type': 'text/html' }),
      'expected an HTML body, got an empty body',
    ],
    [
      'HTML of another type',
      'html',
      response(200, '{}', { 'content-type': 'application/json' }),
      'expected an HTML body, got application/json',
    ],
    [
      'HTML without a type',
      'html',
      response(200, '<p>x</p>'),
      'expected an HTML body, got no content type',
    ],
    [
      'an HTML type given later in the value',
      'html',
      response(200, '<p>x</p>', { 'content-type': 'x/y, text/html' }),
      'expected an HTML body, got x/y, text/html',
    ],
    ['JSON that is not JSON', 'json', response(200, '<html>'), 'the body is not JSON'],
    [
      'XML that is an error document',
      'xml',
      response(200, '<ClientError><cod>1</cod><message>m</message></ClientError>'),
      'missing <current>',
    ],
  ] as const)('rejects %s', async (_what, mode, answer, problem) => {
    expect(await report(() => interpret(answer, { ...QUERY, mode }, TARGET, NOW))).toEqual({
      name: 'UpstreamError',
      message: `${NOT_AN_OBSERVATION}: ${problem}`,
      hint: undefined,
      exitCode: 7,
      status: undefined,
    });
  });
});

describe('retryAfterSeconds', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    ['absent', undefined, 60],
    ['empty', '', 60],
    ['below a minute', '30', 60],
    ['exactly a minute', '60', 60],
    ['above a minute', '61', 61],
    ['with spaces', ' 90 ', 90],
    ['zero', '0', 60],
    ['not a number', 'soon', 60],
    ['a fraction (not delta-seconds)', '90.5', 60],
    ['negative', '-120', 60],
  ])('%s (%j) → %i', (_what, header, seconds) => {
    expect(retryAfterSeconds(header)).toBe(seconds);
  });

  it.each([
    ['two minutes ahead', 'Thu, 01 Jan 2026 12:02:00 GMT', 120],
    [
      'a fraction of a second short of two minutes: rounded up',
      'Thu, 01 Jan 2026 12:01:59 GMT',
      119,
    ],
    ['half a minute ahead: the minimum', 'Thu, 01 Jan 2026 12:00:30 GMT', 60],
    ['in the past', 'Thu, 01 Jan 2026 11:00:00 GMT', 60],
  ])('an HTTP date %s → %i', (_what, header, seconds) => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 1, 12, 0, 0, 250), toFake: ['Date'] });
    expect(retryAfterSeconds(header)).toBe(seconds);
  });
});
