import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useBusyPort } from '../../helpers/busy-port.js';
import { homeEnv, run } from '../../helpers/io.js';
import { useTempDir } from '../../helpers/tmp.js';

const tempDir = useTempDir();
const busyPort = useBusyPort();

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
