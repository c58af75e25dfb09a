import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFaultInjector } from '../../../../src/server/faults/inject.js';
import type { RunningServer } from '../../../../src/server/http.js';
import {
  ACTIVE,
  ANSWER_HEADERS,
  deps,
  fixedWorld,
  startTestServer,
} from '../../../helpers/fixed-world.js';
import { truth } from '../../../helpers/fixtures.js';
import { exchange, open, parseAnswer, received } from '../../../helpers/raw-http.js';

// Each fault kind, asked for with X-Weather-Fault, as a client sees it on the socket.
let log: string[] = [];
let running: RunningServer | undefined;
let port = 0;
const PATH = `/data/2.5/weather?lat=1&lon=2&appid=${ACTIVE}`;
const LOGGED_PATH = '/data/2.5/weather?lat=1&lon=2&appid=***';

beforeAll(async () => {
  ({ running, port, log } = await startTestServer({
    faults: createFaultInjector({
      rules: [],
      seed: 1,
      allowHeader: true,
      slow: { bytes: 100, intervalMs: 40 },
    }),
  }));
});
afterAll(async () => {
  await running?.close();
});

function request(fault: string | undefined, method = 'GET'): string {
  const header = fault === undefined ? '' : `X-Weather-Fault: ${fault}\r\n`;
  return `${method} ${PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\n${header}Connection: close\r\n\r\n`;
}

async function logged(fault: string, method = 'GET'): Promise<string | undefined> {
  for (let i = 0; i < 100; i++) {
    const line = log.find((l) => l.includes(` "${method} `) && l.endsWith(` fault=${fault}`));
    if (line !== undefined) return line.replace(/ \d+\.\dms /, ' <ms> ');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return undefined;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const EDGE_503 =
  '<html>\r\n<head><title>503 Service Temporarily Unavailable</title></head>\r\n<body>\r\n' +
  '<center><h1>503 Service Temporarily Unavailable</h1></center>\r\n<hr><center>openresty</center>\r\n</body>\r\n</html>\r\n';
const PORTAL = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Sign in to the network</title></head>
<body>
<h1>Welcome to Guest Wi-Fi</h1>
<p>Accept the terms of use to connect to the internet.</p>
<form method="post" action="/login"><button type="submit">Accept and connect</button></form>
</body>
</html>
`;

describe('injected faults', () => {
  it.each([
    [
      '401',
      401,
      { ...ANSWER_HEADERS, 'content-type': JSON_TYPE },
      '{"cod":401, "message": "Invalid API key. Please see https://openweathermap.org/faq#error401 for more info."}',
    ],
    [
      '429',
      429,
      { ...ANSWER_HEADERS, 'content-type': JSON_TYPE, 'retry-after': '60' },
      '{"cod":429, "message": "Your account is temporary blocked due to exceeding of requests limitation of your subscription type. Please choose the proper subscription https://openweathermap.org/price"}',
    ],
    [
      '500',
      500,
      { ...ANSWER_HEADERS, 'content-type': JSON_TYPE },
      '{"cod":500,"message":"Internal error"}',
    ],
    [
      '502',
      502,
      { 'content-type': 'text/html', server: 'openresty' },
      truth('woodrock_htmlmode_502_openresty_2023-10-31.html').toString('latin1'),
    ],
    ['503', 503, { 'content-type': 'text/html', server: 'openresty' }, EDGE_503],
    [
      'portal',
      200,
      { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
      PORTAL,
    ],
  ])('%s: the whole answer, and the access log marks it', async (fault, status, headers, body) => {
    const answer = parseAnswer(await exchange(port, request(fault)));
    expect(answer).toEqual({
      status,
      headers: {
        ...headers,
        'content-length': String(Buffer.byteLength(body, 'latin1')),
        connection: 'close',
      },
      body,
    });
    expect(await logged(fault)).toBe(
      `127.0.0.1 "GET ${LOGGED_PATH}" ${status} ${Buffer.byteLength(body, 'latin1')} <ms> fault=${fault}`,
    );
  });

  it('logs the time an injected answer took', async () => {
    const before = performance.now();
    await exchange(port, request('401'));
    const elapsed = performance.now() - before;
    const line = log.findLast((l) => l.endsWith(' fault=401')) ?? '';
    const [, ms = 'none'] = / (\d+\.\d)ms /.exec(line) ?? [];
    expect(Number(ms)).toBeLessThanOrEqual(elapsed + 0.1);
  });

  it('an unknown X-Weather-Fault is a 400 that names the kinds', async () => {
    const answer = parseAnswer(await exchange(port, request('teapot')));
    expect([answer.status, answer.body]).toEqual([
      400,
      '{"cod":"400","message":"X-Weather-Fault: \\"teapot\\" is not one of 401, 429, 500, 502, 503, hang, slow, reset, truncate, portal"}',
    ]);
  });

  it('hang: nothing is sent until the client gives up', async () => {
    const socket = await open(port);
    const done = received(socket, 2_000);
    socket.write(request('hang'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Logged once the client gives up, not before.
    expect(log.filter((line) => line.endsWith(' fault=hang'))).toEqual([]);
    socket.destroy();
    expect(await done).toEqual({ text: '', error: undefined });
    expect(await logged('hang')).toBe(`127.0.0.1 "GET ${LOGGED_PATH}" - 0 <ms> fault=hang`);
  });

  it('slow, reset and truncate deliver the real answer: slowly, cut by a reset, or short', async () => {
    const whole = parseAnswer(await exchange(port, request(undefined)));
    expect(whole.status).toBe(200);
    const length = Buffer.byteLength(whole.body);
    const half = whole.body.slice(0, Math.floor(length / 2));

    const started = performance.now();
    const slow = parseAnswer(await exchange(port, request('slow')));
    const chunks = Math.ceil(length / 100);
    expect(slow).toEqual(whole);
    expect(performance.now() - started).toBeGreaterThanOrEqual((chunks - 1) * 40 - 5);

    for (const [fault, error] of [
      ['reset', 'ECONNRESET'],
      ['truncate', undefined],
    ] as const) {
      const socket = await open(port);
      const done = received(socket);
      socket.write(request(fault));
      const { text, error: closedWith } = await done;
      const cut = parseAnswer(text);
      expect([cut.status, cut.headers['content-length'], cut.body, closedWith]).toEqual([
        200,
        String(length),
        half,
        error,
      ]);
      expect(await logged(fault)).toBe(
        `127.0.0.1 "GET ${LOGGED_PATH}" 200 ${Buffer.byteLength(half)} <ms> fault=${fault}`,
      );
    }
    expect(await logged('slow')).toBe(
      `127.0.0.1 "GET ${LOGGED_PATH}" 200 ${length} <ms> fault=slow`,
    );
  });

  it('slow and truncate answer HEAD with the head alone, and log no body', async () => {
    const whole = parseAnswer(await exchange(port, request(undefined)));
    for (const fault of ['slow', 'truncate']) {
      const socket = await open(port);
      const done = received(socket);
      socket.write(request(fault, 'HEAD'));
      const { text, error } = await done;
      const answer = parseAnswer(text);
      expect([answer.status, answer.headers['content-length'], answer.body, error]).toEqual([
        200,
        String(Buffer.byteLength(whole.body)),
        '',
        undefined,
      ]);
      expect(await logged(fault, 'HEAD')).toBe(
        `127.0.0.1 "HEAD ${LOGGED_PATH}" 200 0 <ms> fault=${fault}`,
      );
    }
  });
});

describe('a slow answer', () => {
  it('pauses between its parts only: a body of one part goes out at once', async () => {
    const whole = parseAnswer(await exchange(port, request(undefined)));
    const bytes = Buffer.byteLength(whole.body);
    const paced = await startTestServer({
      faults: createFaultInjector({
        rules: [],
        seed: 1,
        allowHeader: true,
        slow: { bytes, intervalMs: 10_000 },
      }),
    });
    try {
      const socket = await open(paced.port);
      const done = received(socket, 2_000);
      socket.write(request('slow'));
      expect(parseAnswer((await done).text)).toEqual(whole);
    } finally {
      await paced.running.close();
    }
  });
});

describe('a fault that delivers the API’s answer', () => {
  it('delivers a 500, and logs why, when the handler throws', async () => {
    const failing = await startTestServer({
      deps: deps({
        world: {
          ...fixedWorld(),
          observe: (lat, lon, dt) => {
            if (lat === 13) {
              const error = new Error('model broke');
              error.stack = 'Error: model broke\n    at failing (test.ts:1:1)';
              throw error;
            }
            return fixedWorld().observe(lat, lon, dt);
          },
        },
      }),
      faults: createFaultInjector({ rules: [], seed: 1, allowHeader: true }),
    });
    try {
      const target = `/data/2.5/weather?lat=13&lon=2&appid=${ACTIVE}`;
      const raw = await exchange(
        failing.port,
        `GET ${target} HTTP/1.1\r\nHost: x\r\nX-Weather-Fault: truncate\r\nConnection: close\r\n\r\n`,
      );
      const internal = '{"cod":500,"message":"Internal error"}';
      const answer = parseAnswer(raw);
      expect([answer.status, answer.headers['content-length'], answer.body]).toEqual([
        500,
        String(internal.length),
        internal.slice(0, internal.length / 2),
      ]);
      expect(failing.log.map((line) => line.replace(/ \d+\.\dms /, ' <ms> '))).toEqual([
        'internal error: Error: model broke\n    at failing (test.ts:1:1)',
        '127.0.0.1 "GET /data/2.5/weather?lat=13&lon=2&appid=***" 500 19 <ms> fault=truncate',
      ]);
    } finally {
      await failing.running.close();
    }
  });
});
