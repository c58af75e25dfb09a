import { existsSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useBusyPort } from '../helpers/busy-port.js';
import { createdKey, makeHome, serve, weather } from '../helpers/cli.js';
import { open } from '../helpers/raw-http.js';

// Signals to a real `weather serve` process, and its exit code where it cannot listen; what it
// serves is tested in process (test/unit/cli/serve.test.ts).
const busyPort = useBusyPort();

describe('shutdown', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'on %s finishes the request in flight, then exits 0',
    async (signal) => {
      const { home: h, remove: r } = makeHome();
      const s = await serve(h);
      try {
        const k = createdKey(s.stderr());
        const { port } = new URL(s.url);
        const socket = connect(Number(port), '127.0.0.1');
        await new Promise((resolve) => socket.once('connect', resolve));
        let response = '';
        socket.on('data', (chunk: Buffer) => (response += chunk.toString('utf8')));
        const closed = new Promise((resolve) => socket.once('close', resolve));
        // Half a request: the server has it in flight when the signal arrives.
        socket.write(`GET /data/2.5/weather?lat=1&lon=2&appid=${k} HTTP/1.1\r\nHost: x\r\n`);
        await new Promise((resolve) => setTimeout(resolve, 100));
        const exit = s.stop(signal);
        await new Promise((resolve) => setTimeout(resolve, 200));
        socket.write('\r\n');
        await closed;
        expect(response.startsWith('HTTP/1.1 200 OK\r\n')).toBe(true);
        expect(await exit).toBe(0);
        expect(s.stderr()).toContain(`weather: ${signal} received; finishing requests in flight\n`);
      } finally {
        r();
      }
    },
  );

  it('exits 0 when stopped the moment it has printed its URL', async () => {
    for (let i = 0; i < 5; i++) {
      const { home: h, remove: r } = makeHome();
      try {
        const s = await serve(h);
        expect(await s.stop()).toBe(0);
      } finally {
        r();
      }
    }
  });

  it('refuses a port in use with exit 10, and creates no key', async () => {
    const { home: h, remove: r } = makeHome();
    try {
      const port = String(await busyPort());
      const result = await weather(h, ['serve', '--port', port]);
      expect([result.code, result.stdout, result.stderr, existsSync(join(h, 'config'))]).toEqual([
        10,
        '',
        `weather: cannot listen on 127.0.0.1:${port}: the port is in use\nhint: choose another --port, or --port 0 for a free one\n`,
        false,
      ]);
    } finally {
      r();
    }
  });

  it('exits 0 within the grace period when clients stall mid-request', async () => {
    const { home: h, remove: r } = makeHome();
    const s = await serve(h);
    const sockets: Socket[] = [];
    try {
      const k = createdKey(s.stderr());
      const { port } = new URL(s.url);
      const stalls = [
        // Half the headers, then nothing.
        'GET /data/2.5/weather?lat=1&lon=2 HTTP/1.1\r\nHost: x\r\n',
        // Half a request line.
        'GET /data/2.5/wea',
        // Connected, nothing sent.
        '',
        // A body that never ends (answered at once, then cut).
        `POST /data/2.5/weather?appid=${k} HTTP/1.1\r\nHost: x\r\ncontent-length: 100000\r\n\r\nabc`,
      ];
      for (const stall of stalls) {
        const socket = await open(Number(port));
        sockets.push(socket);
        socket.on('error', () => undefined);
        socket.write(stall);
      }
      // A keep-alive connection that has had its answer and waits idle.
      const idle = await open(Number(port));
      sockets.push(idle);
      idle.write(`GET /data/2.5/weather?lat=1&lon=2&appid=${k} HTTP/1.1\r\nHost: x\r\n\r\n`);
      await new Promise((resolve) => idle.once('data', resolve));
      await new Promise((resolve) => setTimeout(resolve, 100));

      const started = performance.now();
      const code = await s.stop('SIGTERM');
      const took = performance.now() - started;
      expect(code).toBe(0);
      // The grace period is 3 s; the rest is slack for a loaded machine.
      expect(took).toBeGreaterThanOrEqual(2_900);
      expect(took).toBeLessThan(5_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      r();
    }
  });
});
