import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsole } from '../../../../src/server/console/console.js';
import type { RunningServer } from '../../../../src/server/http.js';
import { startTestServer } from '../../../helpers/fixed-world.js';

let running: RunningServer | undefined;
let origin = '';
let log: string[] = [];
beforeAll(async () => {
  ({ running, log } = await startTestServer({
    console: createConsole({
      keys: { read: () => [], create: fail, setStatus: fail, delete: fail },
      token: { matches: () => false },
      now: () => 0,
    }),
  }));
  origin = running.baseUrl.replace('/data/2.5', '');
});
afterAll(async () => {
  await running?.close();
});

function fail(): never {
  throw new Error('not in this test');
}

describe('the console behind the HTTP server', () => {
  it('reads forms, refuses one too large, and sends none of the API’s CORS headers', async () => {
    const signIn = (body: string) =>
      fetch(`${origin}/console/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
    const wrong = await signIn('token=nope');
    const large = await signIn(`token=${'x'.repeat(20_000)}`);
    expect([
      wrong.status,
      wrong.headers.get('access-control-allow-origin'),
      large.status,
      await large.text(),
    ]).toEqual([
      401,
      null,
      413,
      '{"cod":"413","message":"Payload too large: a console form is a few hundred bytes"}',
    ]);
    expect(log.map((line) => line.replace(/ \d+\.\dms$/, ''))).toEqual([
      `127.0.0.1 "POST /console/sign-in" 401 ${Number(wrong.headers.get('content-length'))}`,
      '127.0.0.1 "POST /console/sign-in" 413 82',
    ]);
  });
});
