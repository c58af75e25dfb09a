import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createConsole } from '../../../src/server/console/console.js';
import type { RunningServer } from '../../../src/server/http.js';
import { ACTIVE, startTestServer } from '../../helpers/fixed-world.js';
import { open, parseAnswer, received } from '../../helpers/raw-http.js';

const TARGET = `/data/2.5/weather?lat=1&lon=2&appid=${ACTIVE}`;

let running: RunningServer | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await running?.close();
  running = undefined;
});

/** A server with a console whose token is never right, and a connection to it. */
async function connection(): Promise<Socket> {
  const nothing = (): never => {
    throw new Error('not in this test');
  };
  const started = await startTestServer({
    console: createConsole({
      keys: { read: () => [], create: nothing, setStatus: nothing, delete: nothing },
      token: { matches: () => false },
      now: () => 0,
    }),
  });
  running = started.running;
  const socket = await open(started.port);
  sockets.push(socket);
  return socket;
}

/** Sends `request` and reads one whole answer (its Content-Length of body) off a kept connection. */
function ask(socket: Socket, request: string): Promise<{ status: number; connection: string }> {
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`no whole answer in 2 s: ${text}`)), 2_000);
    const onData = (chunk: Buffer): void => {
      text += chunk.toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      if (split < 0) return;
      const answer = parseAnswer(text);
      if (Buffer.byteLength(answer.body, 'latin1') < Number(answer.headers['content-length'])) {
        return;
      }
      clearTimeout(timer);
      socket.off('data', onData);
      resolve({ status: answer.status, connection: answer.headers.connection ?? '' });
    };
    socket.on('data', onData);
    socket.write(request);
  });
}

function get(headers = ''): string {
  return `GET ${TARGET} HTTP/1.1\r\nHost: x\r\n${headers}\r\n`;
}

describe('keep-alive', () => {
  it('keeps a connection after answers kept or not, and after a form that has arrived whole', async () => {
    const socket = await connection();
    const answers = [
      await ask(socket, get()),
      // The second request of the cycle: its answer is kept, and the third goes out at once.
      await ask(socket, get()),
      await ask(socket, get()),
      await ask(socket, get('content-length: 0\r\n')),
      // A form is answered once it has arrived whole.
      await ask(
        socket,
        'POST /console/sign-in HTTP/1.1\r\nHost: x\r\ncontent-length: 7\r\n\r\ntoken=x',
      ),
      await ask(socket, get()),
    ];
    expect(answers).toEqual([
      { status: 200, connection: 'keep-alive' },
      { status: 200, connection: 'keep-alive' },
      { status: 200, connection: 'keep-alive' },
      { status: 200, connection: 'keep-alive' },
      { status: 401, connection: 'keep-alive' },
      { status: 200, connection: 'keep-alive' },
    ]);
  });

  it.each([
    ['a length', 'content-length: 1000\r\n\r\nabc'],
    ['chunks', 'transfer-encoding: chunked\r\n\r\n3\r\nabc\r\n'],
  ])(
    'ends the connection after answering a request whose body, given by %s, is still coming',
    async (_what, rest) => {
      const socket = await connection();
      await ask(socket, get());
      await ask(socket, get());
      const closed = received(socket);
      const kept = await ask(socket, `GET ${TARGET} HTTP/1.1\r\nHost: x\r\n${rest}`);
      expect(kept).toEqual({ status: 200, connection: 'close' });
      await closed;
    },
  );
});
