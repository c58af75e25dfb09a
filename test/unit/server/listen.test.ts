import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ListenError } from '../../../src/core/errors.js';
import { listen, listenProblem } from '../../../src/server/listen.js';
import { useBusyPort } from '../../helpers/busy-port.js';

const ANOTHER_PORT = 'choose another --port, or --port 0 for a free one';
const LOCAL_ADDRESS = 'choose an address of this machine, e.g. --host 127.0.0.1';
const PRIVILEGED = 'choose a --port of 1024 or more, or --port 0';

describe('listenProblem', () => {
  it.each([
    ['EADDRINUSE', 8080, 'the port is in use', ANOTHER_PORT],
    ['EACCES', 80, 'ports below 1024 need privileges', PRIVILEGED],
    ['EACCES', 1023, 'ports below 1024 need privileges', PRIVILEGED],
    ['EACCES', 1024, 'permission denied', ANOTHER_PORT],
    ['EACCES', 8080, 'permission denied', ANOTHER_PORT],
    ['EADDRNOTAVAIL', 8080, 'the address is not one of this machine', LOCAL_ADDRESS],
    ['EAFNOSUPPORT', 8080, 'this machine does not support that address family', LOCAL_ADDRESS],
    ['ENOTFOUND', 8080, 'the host name does not resolve', LOCAL_ADDRESS],
    ['EAI_AGAIN', 8080, 'the host name does not resolve', LOCAL_ADDRESS],
    ['EAI_NONAME', 8080, 'the host name does not resolve', LOCAL_ADDRESS],
    ['EMFILE', 8080, 'the system refused (EMFILE)', undefined],
    [undefined, 8080, 'the system refused (unknown error)', undefined],
  ])('%s on port %i', (code, port, what, hint) => {
    expect(listenProblem(code, port)).toEqual([what, hint]);
  });
});

describe('listen', () => {
  const busyPort = useBusyPort();

  it('refuses a port in use with a ListenError that keeps the system error as its cause', async () => {
    const port = await busyPort();
    const server = createServer();
    const error: unknown = await listen(server, '127.0.0.1', port).then(
      () => 'listening',
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(ListenError);
    const { message, hint, cause } = error as ListenError;
    expect([message, hint, (cause as NodeJS.ErrnoException | undefined)?.code]).toEqual([
      `cannot listen on 127.0.0.1:${port}: the port is in use`,
      ANOTHER_PORT,
      'EADDRINUSE',
    ]);
  });

  it('once listening, leaves a later server error to whoever handles them', async () => {
    const server = createServer();
    await listen(server, '127.0.0.1', 0);
    try {
      const later = new Error('EMFILE: too many open files');
      expect(() => server.emit('error', later)).toThrow(later);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
