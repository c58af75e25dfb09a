import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_LIMIT_BYTES } from '../../../../src/server/console/body.js';
import { createConsole } from '../../../../src/server/console/console.js';
import type { RunningServer } from '../../../../src/server/http.js';
import { startTestServer } from '../../../helpers/fixed-world.js';
import { open, received } from '../../../helpers/raw-http.js';

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

describe('the size of a console form', () => {
  it('is read whole up to the limit, and refused one byte beyond it', async () => {
    // A token as long as the largest form can carry: signing in with it needs every byte read.
    const token = 'x'.repeat(FORM_LIMIT_BYTES - 'token='.length);
    const server = await startTestServer({
      console: createConsole({
        keys: { read: () => [], create: fail, setStatus: fail, delete: fail },
        token: { matches: (candidate) => candidate === token },
        now: () => 0,
      }),
    });
    try {
      const signIn = (body: string) =>
        fetch(`http://127.0.0.1:${server.port}/console/sign-in`, {
          method: 'POST',
          body,
          redirect: 'manual',
        }).then((response) => response.status);
      expect([await signIn(`token=${token}`), await signIn(`token=${token}x`)]).toEqual([303, 413]);
    } finally {
      await server.running.close();
    }
  });

  it('is given up on when its client leaves halfway, and both ends of the request are logged with its address', async () => {
    const before = log.length;
    // Once the server has read the start of the form.
    const read = new Promise<void>((resolve) => {
      running?.server.once('connection', (serverSide: Socket) => {
        serverSide.once('data', () => resolve());
      });
    });
    const socket = await open(Number(new URL(origin).port));
    const done = received(socket);
    socket.write('POST /console/sign-in HTTP/1.1\r\nHost: x\r\ncontent-length: 100\r\n\r\ntoken=');
    await read;
    socket.destroy();
    await done;
    for (let i = 0; i < 50 && log.length < before + 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // Node's parser refuses the cut request; the form's read ends too, so the request is logged.
    expect(log.slice(before).map((line) => line.replace(/ \d+\.\dms$/, ''))).toEqual([
      '127.0.0.1 "-" 400 63 (HPE_INVALID_EOF_STATE)',
      '127.0.0.1 "POST /console/sign-in" 413 82',
    ]);
  });
});
