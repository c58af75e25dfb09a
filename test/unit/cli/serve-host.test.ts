import { createServer } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { main, type IO } from '../../../src/cli/main.js';
import { KeyFile } from '../../../src/keys/store.js';
import type { ServeOptions } from '../../../src/server/http.js';
import { fixedWorld } from '../../helpers/fixed-world.js';
import { useTempDir } from '../../helpers/tmp.js';

// Nothing listens: tests bind 127.0.0.1 only, and these hosts include 0.0.0.0. startServer
// itself is tested in test/unit/server/http.test.ts.
const listened = vi.hoisted(() => [] as { host: string; port: number }[]);
vi.mock('../../../src/server/http.js', () => ({
  startServer: (options: ServeOptions) => {
    listened.push({ host: options.host, port: options.port });
    return Promise.resolve({
      baseUrl: `http://${options.host}:${options.port}/data/2.5`,
      server: createServer(),
      close: () => Promise.resolve(),
    });
  },
}));
vi.mock('../../../src/world/index.js', () => ({
  loadWorld: () => Promise.resolve(fixedWorld()),
}));

const tempDir = useTempDir();

/** `weather serve …` in-process, stopped by SIGTERM as soon as it waits for a signal. */
async function serve(args: readonly string[]) {
  const config = join(tempDir(), 'config');
  // A key exists, so serve creates none and stderr holds only what the host decides.
  new KeyFile(join(config, 'keys.json')).create('ci', new Date(0));
  const stdout: string[] = [];
  const stderr: string[] = [];
  const io: IO = {
    stdout: { write: (chunk) => stdout.push(String(chunk)) },
    stderr: { write: (chunk) => stderr.push(String(chunk)) },
    stdoutIsTTY: false,
    stderrIsTTY: false,
    columns: 80,
    env: { WEATHER_CONFIG_DIR: config },
    now: () => 0,
    untilSignal: () => Promise.resolve('SIGTERM'),
  };
  listened.length = 0;
  const code = await main(['serve', '--port', '0', ...args], io);
  const printed = stderr.join('').replace(/sign-in token: [\w-]{43}\n/, 'sign-in token: <token>\n');
  return { code, stderr: printed, listened: [...listened] };
}

const STOPPED = 'weather: SIGTERM received; finishing requests in flight\n';

/** The console's line: its URL (on the mocked server's base URL) and a new token. */
function consoleLine(host: string): string {
  return `weather: account console at http://${host}:0/console; sign-in token: <token>\n`;
}

describe('weather serve --host', () => {
  it.each(['0.0.0.0', '::', '192.0.2.10'])(
    'warns that %s is reachable from other machines',
    async (host) => {
      expect(await serve(['--host', host])).toEqual({
        code: 0,
        stderr: `${consoleLine(host)}weather: listening on ${host}: reachable from other machines\n${STOPPED}`,
        listened: [{ host, port: 0 }],
      });
    },
  );

  it.each([['127.0.0.1'], ['::1'], ['localhost']])(
    'does not warn for the loopback %s',
    async (host) => {
      expect(await serve(['--host', host])).toEqual({
        code: 0,
        stderr: `${consoleLine(host)}${STOPPED}`,
        listened: [{ host, port: 0 }],
      });
    },
  );

  it('listens on 127.0.0.1 without a warning when no host is given', async () => {
    expect(await serve([])).toEqual({
      code: 0,
      stderr: `${consoleLine('127.0.0.1')}${STOPPED}`,
      listened: [{ host: '127.0.0.1', port: 0 }],
    });
  });
});
