import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { homeEnv, run } from '../../helpers/io.js';
import { useTempDir } from '../../helpers/tmp.js';

const tempDir = useTempDir();
let blocker: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => (blocker ? blocker.close(resolve) : resolve(undefined)));
  blocker = undefined;
});

/** A port on 127.0.0.1 that something else holds. */
async function busyPort(): Promise<number> {
  const server = createServer();
  blocker = server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('weather serve where it cannot listen', () => {
  it('exits 10 on a port in use, and creates no key', async () => {
    const port = await busyPort();
    const home = tempDir();
    expect(await run(['serve', '--port', String(port)], { env: homeEnv(home) })).toEqual({
      code: 10,
      stdout: '',
      stderr: `weather: cannot listen on 127.0.0.1:${port}: the port is in use\nhint: choose another --port, or --port 0 for a free one\n`,
      stdoutBytes: Buffer.alloc(0),
    });
    expect(existsSync(join(home, 'config', 'keys.json'))).toBe(false);
  });

  it('exits 10 on an address that is not this machine (nothing is bound)', async () => {
    const home = tempDir();
    // 192.0.2.0/24 is reserved for documentation (RFC 5737): never an address of this machine.
    expect(
      await run(['serve', '--host', '192.0.2.10', '--port', '0'], { env: homeEnv(home) }),
    ).toEqual({
      code: 10,
      stdout: '',
      stderr:
        'weather: cannot listen on 192.0.2.10:0: the address is not one of this machine\nhint: choose an address of this machine, e.g. --host 127.0.0.1\n',
      stdoutBytes: Buffer.alloc(0),
    });
    expect(existsSync(join(home, 'config', 'keys.json'))).toBe(false);
  });
});
