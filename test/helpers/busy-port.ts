import { createServer, type Server } from 'node:net';
import { afterEach } from 'vitest';

/** Ports on 127.0.0.1 that something else holds while a test runs, released after it. */
export function useBusyPort(): () => Promise<number> {
  const blockers: Server[] = [];
  afterEach(async () => {
    await Promise.all(
      blockers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
    );
  });
  return async () => {
    const server = createServer();
    blockers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    return address.port;
  };
}
