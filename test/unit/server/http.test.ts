import { afterEach, describe, expect, it } from 'vitest';
import { handle, type HandlerDeps } from '../../../src/server/handler.js';
import type { RunningServer } from '../../../src/server/http.js';
import type { World } from '../../../src/world/types.js';
import {
  ACTIVE,
  ANSWER_HEADERS,
  deps,
  fixedWorld,
  KEYS,
  startTestServer,
} from '../../helpers/fixed-world.js';

const INTERNAL = '{"cod":500,"message":"Internal error"}';
/** Headers node:http adds to every answer; the rest are the server's own. */
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive']);

let running: RunningServer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/** An Error whose stack is known, so the log line can be asserted whole. */
function failure(message: string): Error {
  const error = new Error(message);
  error.stack = `Error: ${message}\n    at failing (test.ts:1:1)`;
  return error;
}

/** The fixed world, except at latitude 13, where the model fails. */
function worldFailingAt13(): World {
  const world = fixedWorld();
  return {
    ...world,
    observe: (lat, lon, dt) => {
      if (lat === 13) throw failure('model broke');
      return world.observe(lat, lon, dt);
    },
  };
}

async function start(overrides: Partial<HandlerDeps>): Promise<{ log: string[] }> {
  const started = await startTestServer({ deps: deps(overrides) });
  running = started.running;
  return started;
}

async function get(query: string, method = 'GET') {
  if (!running) throw new Error('start the server first');
  const response = await fetch(`${running.baseUrl}/weather?${query}`, {
    method,
    signal: AbortSignal.timeout(5_000),
  });
  const headers = Object.fromEntries(
    [...response.headers].filter(([name]) => !TRANSPORT_HEADERS.has(name)),
  );
  return { status: response.status, headers, text: await response.text() };
}

/** The access-log line, with the one part that varies (the time taken) checked by shape. */
function accessLine(line: string | undefined): string | undefined {
  return line?.replace(/ \d+\.\dms$/, ' <ms>');
}

const CASES: readonly (readonly [string, Partial<HandlerDeps>, string, string])[] = [
  [
    'the world model throws',
    { world: worldFailingAt13() },
    'lat=13&lon=2',
    'internal error: Error: model broke\n    at failing (test.ts:1:1)',
  ],
  [
    'the condition texts reject',
    {
      texts: (lang) => (lang === 'de' ? Promise.reject(failure('no texts')) : deps().texts(lang)),
    },
    'lat=1&lon=2&lang=de',
    'internal error: Error: no texts\n    at failing (test.ts:1:1)',
  ],
  [
    'something not an Error is thrown',
    {
      world: {
        ...fixedWorld(),
        observe: (lat, lon, dt) => {
          // eslint-disable-next-line @typescript-eslint/only-throw-error
          if (lat === 13) throw 'plain string';
          return fixedWorld().observe(lat, lon, dt);
        },
      },
    },
    'lat=13&lon=2',
    'internal error: plain string',
  ],
  [
    'null is thrown',
    {
      world: {
        ...fixedWorld(),
        observe: (lat, lon, dt) => {
          // eslint-disable-next-line @typescript-eslint/only-throw-error
          if (lat === 13) throw null;
          return fixedWorld().observe(lat, lon, dt);
        },
      },
    },
    'lat=13&lon=2',
    'internal error: null',
  ],
];

describe('startServer when the handler fails', () => {
  it.each(CASES)(
    'answers 500 when %s, logs it, and keeps serving',
    async (_what, overrides, failing, logged) => {
      const { log } = await start(overrides);
      expect(await get(`${failing}&appid=${ACTIVE}`)).toEqual({
        status: 500,
        headers: {
          ...ANSWER_HEADERS,
          'content-type': 'application/json; charset=utf-8',
          'content-length': '38',
        },
        text: INTERNAL,
      });
      expect([log.length, log[0], accessLine(log[1])]).toEqual([
        2,
        logged,
        `127.0.0.1 "GET /data/2.5/weather?${failing}&appid=***" 500 38 <ms>`,
      ]);

      const head = await get(`${failing}&appid=${ACTIVE}`, 'HEAD');
      expect([head.status, head.headers['content-length'], head.text]).toEqual([500, '38', '']);

      const ok = `lat=51.5&lon=0&appid=${ACTIVE}`;
      const expected = await handle(
        { method: 'GET', url: `/data/2.5/weather?${ok}`, headers: {} },
        deps(overrides),
      );
      const after = await get(ok);
      expect([after.status, after.text]).toEqual([
        200,
        Buffer.from(expected.body).toString('utf8'),
      ]);
      expect(log.slice(2).map(accessLine)).toEqual([
        logged,
        `127.0.0.1 "HEAD /data/2.5/weather?${failing}&appid=***" 500 38 <ms>`,
        `127.0.0.1 "GET /data/2.5/weather?lat=51.5&lon=0&appid=***" 200 ${expected.body.byteLength} <ms>`,
      ]);
    },
  );
});

describe('startServer 500 answers', () => {
  it('are in the mode the request asked for, with the headers of every answer', async () => {
    await start({ world: worldFailingAt13() });
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?><ClientError><cod>500</cod><message>Internal error</message></ClientError>';
    expect(await get(`lat=13&lon=2&mode=xml&appid=${ACTIVE}`)).toEqual({
      status: 500,
      headers: {
        ...ANSWER_HEADERS,
        'content-type': 'application/xml; charset=utf-8',
        'content-length': String(Buffer.byteLength(xml)),
      },
      text: xml,
    });
  });
});

describe('startServer when checking a kept answer fails', () => {
  it('answers 500 when the key check of a kept answer throws, logs it, and keeps serving', async () => {
    let broken = false;
    const { log } = await start({
      keys: {
        status: (key) => {
          if (broken && key === ACTIVE) throw failure('key store broke');
          return KEYS[key];
        },
      },
    });
    const query = `lat=1&lon=2&appid=${ACTIVE}`;
    // The second request of the cycle keeps the answer: the third is checked and answered at once.
    await get(query);
    const kept = await get(query);
    broken = true;
    const failed = await get(query);
    broken = false;
    expect([failed.status, failed.text, (await get(query)).text]).toEqual([
      500,
      INTERNAL,
      kept.text,
    ]);
    expect(log.slice(2).map(accessLine)).toEqual([
      'internal error: Error: key store broke\n    at failing (test.ts:1:1)',
      `127.0.0.1 "GET /data/2.5/weather?${query.replace(ACTIVE, '***')}" 500 38 <ms>`,
      `127.0.0.1 "GET /data/2.5/weather?${query.replace(ACTIVE, '***')}" 200 ${kept.text.length} <ms>`,
    ]);
  });
});
