import { Agent, request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { HandlerDeps } from '../../../src/server/handler.js';
import { startServer, type RunningServer } from '../../../src/server/http.js';
import { ListenError } from '../../../src/core/errors.js';
import { ACTIVE, deps } from '../../helpers/fixed-world.js';

const QUERY = `lat=51.5&lon=0&appid=${ACTIVE}`;

const started: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.close()));
});

async function start(host = '127.0.0.1', port = 0, overrides: Partial<HandlerDeps> = {}) {
  const log: string[] = [];
  const server = await startServer({ host, port, deps: deps(overrides), log: (l) => log.push(l) });
  started.push(server);
  return { server, log };
}

/** GET over a keep-alive agent: the status and the Connection header the server chose. */
function get(url: string, agent: Agent): Promise<{ status: number; connection: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, timeout: 5_000 }, (response) => {
      response.resume();
      response.on('end', () => {
        resolve({
          status: response.statusCode ?? 0,
          connection: response.headers.connection ?? '',
        });
      });
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end();
  });
}

describe('startServer', () => {
  it('puts an IPv6 host in brackets in its base URL', async () => {
    const { server } = await start('::1');
    const { port } = server.server.address() as { port: number };
    expect(server.baseUrl).toBe(`http://[::1]:${port}/data/2.5`);
    const response = await fetch(`${server.baseUrl}/weather?${QUERY}`);
    expect(response.status).toBe(200);
  });

  it('rejects when the port is taken, instead of crashing', async () => {
    const { server } = await start();
    const { port } = server.server.address() as { port: number };
    const error = await startServer({ host: '127.0.0.1', port, deps: deps(), log: () => {} }).then(
      () => 'started',
      (e: unknown) => e,
    );
    expect(error).toEqual(
      new ListenError(
        `cannot listen on 127.0.0.1:${port}: the port is in use`,
        'choose another --port, or --port 0 for a free one',
      ),
    );
  });

  it('keeps connections alive; once closing, ends each with the response in flight', async () => {
    let release = (): void => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered = (): void => {};
    const inHandler = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let holding = false;
    const { server } = await start('127.0.0.1', 0, {
      texts: async (lang) => {
        if (holding) {
          entered();
          await held;
        }
        return deps().texts(lang);
      },
    });
    const agent = new Agent({ keepAlive: true });
    const url = `${server.baseUrl}/weather?${QUERY}`;
    try {
      expect(await get(url, agent)).toEqual({ status: 200, connection: 'keep-alive' });

      holding = true;
      const inFlight = get(url, agent);
      await inHandler;
      const closed = server.close();
      release();
      expect(await inFlight).toEqual({ status: 200, connection: 'close' });
      holding = false;
      await closed;
      expect(server.server.listening).toBe(false);
      const refused = await get(url, new Agent()).then(
        () => 'answered',
        (e: unknown) => (e as NodeJS.ErrnoException).code,
      );
      expect(refused).toBe('ECONNREFUSED');
    } finally {
      agent.destroy();
    }
  });

  it('logs the time a request took, not a time since some other origin', async () => {
    const { server, log } = await start();
    const before = performance.now();
    await fetch(`${server.baseUrl}/weather?${QUERY}`).then((r) => r.arrayBuffer());
    const elapsed = performance.now() - before;
    const [, ms = ''] = / (\d+\.\d)ms$/.exec(log[0] ?? '') ?? [];
    expect(Number(ms)).toBeLessThanOrEqual(elapsed + 0.1);
  });
});
