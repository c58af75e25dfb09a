import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A local server that misbehaves on purpose. Each scenario is a list of answers given in turn
 * (the last one repeats), so retries can be observed. Only 127.0.0.1, only for tests.
 */
export type Answer =
  | {
      readonly status: number;
      readonly body: string | Buffer;
      readonly headers?: Record<string, string>;
      /** Answer only after this long, as a slow server would. */
      readonly delayMs?: number;
    }
  | { readonly hang: true }
  | { readonly reset: true };

export interface FaultServer {
  /** Base URL for a scenario: requests to `${base(name)}/weather` get its answers. */
  base(name: string): string;
  /** Requests seen per scenario, with the appid redacted by nobody: tests check it. */
  requests(name: string): string[];
  close(): Promise<void>;
}

export async function startFaultServer(
  scenarios: Record<string, readonly Answer[]>,
): Promise<FaultServer> {
  const seen = new Map<string, string[]>();
  const sockets = new Set<Socket>();
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const [, name = ''] = /^\/([^/]+)\//.exec(request.url ?? '') ?? [];
    const log = seen.get(name) ?? [];
    seen.set(name, log);
    log.push(request.url ?? '');
    const answers = scenarios[name] ?? [{ status: 404, body: 'no such scenario' }];
    const answer = answers[Math.min(log.length - 1, answers.length - 1)];
    if (!answer || 'hang' in answer) return;
    if ('reset' in answer) {
      request.socket.destroy();
      return;
    }
    const send = (): void => {
      response.writeHead(
        answer.status,
        answer.headers ?? { 'content-type': 'application/json; charset=utf-8' },
      );
      response.end(answer.body);
    };
    if (answer.delayMs === undefined) send();
    else setTimeout(send, answer.delayMs);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: (name) => `http://127.0.0.1:${port}/${name}/data/2.5`,
    requests: (name) => seen.get(name) ?? [],
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
