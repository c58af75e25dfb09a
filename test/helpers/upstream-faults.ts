import { afterAll, beforeAll } from 'vitest';
import { startFaultServer, type Answer, type FaultServer } from './fault-server.js';
import { current, truth } from './fixtures.js';
import { KEY } from './lisbon.js';

export { KEY };

/**
 * The upstream faults the CLI must turn into exit codes, served by one fault server per test file
 * (test/unit/cli/errors.test.ts in process, test/e2e/cli-errors.test.ts with the real binary).
 */
const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };
const OBSERVATION = current(
  'programmatordev_capture2026_current_lisbon_latlon_metric_success.json',
);
export const HTML_PAGE = truth('xsavikx_tape2016_current_kharkiv_byid_mode_html.html');

/** A scenario's answers again under `${name}${AGAIN}`, where requests are counted apart. */
export const AGAIN = '-again';

function startFaults(): Promise<FaultServer> {
  const scenarios: Record<string, readonly Answer[]> = {
    ok: [{ status: 200, body: OBSERVATION, headers: JSON_HEADERS }],
    400: [{ status: 400, body: '{"cod":"400","message":"wrong latitude"}', headers: JSON_HEADERS }],
    401: [
      {
        status: 401,
        body: truth('woodrock_htmlmode_error401_2021-02-08.txt'),
        headers: JSON_HEADERS,
      },
    ],
    404: [{ status: 404, body: '{"cod":"404","message":"city not found"}', headers: JSON_HEADERS }],
    429: [
      {
        status: 429,
        body: '{"cod":429, "message": "Your account is temporary blocked"}',
        headers: { ...JSON_HEADERS, 'retry-after': '120' },
      },
    ],
    '429short': [
      {
        status: 429,
        body: '{"cod":429, "message": "slow down"}',
        headers: { ...JSON_HEADERS, 'retry-after': '5' },
      },
    ],
    '429xml': [
      {
        status: 429,
        body: '<ClientError><cod>429</cod><message>slow down</message></ClientError>',
        headers: { 'content-type': 'application/xml' },
      },
    ],
    500: [{ status: 500, body: '{"cod":500,"message":"Internal error"}', headers: JSON_HEADERS }],
    502: [
      {
        status: 502,
        body: truth('woodrock_htmlmode_502_openresty_2023-10-31.html'),
        headers: { 'content-type': 'text/html' },
      },
    ],
    '503then200': [
      { status: 503, body: 'busy', headers: { 'content-type': 'text/plain' } },
      { status: 200, body: OBSERVATION, headers: JSON_HEADERS },
    ],
    resetthen200: [{ reset: true }, { status: 200, body: OBSERVATION, headers: JSON_HEADERS }],
    reset: [{ reset: true }],
    hang: [{ hang: true }],
    notjson: [
      { status: 200, body: '<html>hello</html>', headers: { 'content-type': 'text/html' } },
    ],
    notobservation: [{ status: 200, body: '{"cod":200,"list":[]}', headers: JSON_HEADERS }],
    truncated: [{ status: 200, body: OBSERVATION.subarray(0, 100), headers: JSON_HEADERS }],
    badxml: [
      {
        status: 200,
        body: '<current><city id="1"',
        headers: { 'content-type': 'application/xml' },
      },
    ],
    huge: [{ status: 200, body: Buffer.alloc(2 * 1024 * 1024, 0x20), headers: JSON_HEADERS }],
    teapot: [{ status: 418, body: "I'm a teapot", headers: { 'content-type': 'text/plain' } }],
    htmljson: [{ status: 200, body: OBSERVATION, headers: JSON_HEADERS }],
    htmlnotype: [{ status: 200, body: HTML_PAGE, headers: {} }],
    htmlempty: [{ status: 200, body: '', headers: { 'content-type': 'text/html; charset=utf-8' } }],
    htmlok: [{ status: 200, body: HTML_PAGE, headers: { 'content-type': 'text/html' } }],
    html401: [
      {
        status: 401,
        body: truth('woodrock_htmlmode_error401_2021-02-08.txt'),
        headers: { 'content-type': 'text/html' },
      },
    ],
  };
  const again = Object.entries(scenarios).map(([name, answers]): [string, readonly Answer[]] => [
    `${name}${AGAIN}`,
    answers,
  ]);
  return startFaultServer({ ...scenarios, ...Object.fromEntries(again) });
}

/** The fault server for a test file: started before its tests, closed after. */
export function useUpstreamFaults(): Pick<FaultServer, 'base' | 'requests'> {
  let faults: FaultServer | undefined;
  beforeAll(async () => {
    faults = await startFaults();
  });
  afterAll(async () => {
    await faults?.close();
  });
  const started = (): FaultServer => {
    if (!faults) throw new Error('the fault server starts in beforeAll');
    return faults;
  };
  return {
    base: (name) => started().base(name),
    requests: (name) => started().requests(name),
  };
}

/** The arguments of a call for Lisbon with KEY to a scenario's base URL, then `extra`. */
export function lisbonAt(base: string, extra: readonly string[]): string[] {
  return ['--lat', '38.7223', '--lon', '-9.1393', '--appid', KEY, '--base-url', base, ...extra];
}
