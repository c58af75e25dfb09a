import { describe, expect, it } from 'vitest';
import { listenProblem } from '../../../src/server/listen.js';

const ANOTHER_PORT = 'choose another --port, or --port 0 for a free one';
const LOCAL_ADDRESS = 'choose an address of this machine, e.g. --host 127.0.0.1';

describe('listenProblem', () => {
  it.each([
    ['EADDRINUSE', 8080, 'the port is in use', ANOTHER_PORT],
    [
      'EACCES',
      80,
      'ports below 1024 need privileges',
      'choose a --port of 1024 or more, or --port 0',
    ],
    ['EACCES', 8080, 'permission denied', ANOTHER_PORT],
    ['EADDRNOTAVAIL', 8080, 'the address is not one of this machine', LOCAL_ADDRESS],
    ['EAFNOSUPPORT', 8080, 'this machine does not support that address family', LOCAL_ADDRESS],
    ['ENOTFOUND', 8080, 'the host name does not resolve', LOCAL_ADDRESS],
    ['EAI_AGAIN', 8080, 'the host name does not resolve', LOCAL_ADDRESS],
    ['EMFILE', 8080, 'the system refused (EMFILE)', undefined],
    [undefined, 8080, 'the system refused (unknown error)', undefined],
  ])('%s on port %i', (code, port, what, hint) => {
    expect(listenProblem(code, port)).toEqual([what, hint]);
  });
});
