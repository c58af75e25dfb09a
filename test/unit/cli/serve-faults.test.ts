import { describe, expect, it } from 'vitest';
import { makeHome } from '../../helpers/cli.js';
import { runIn, serveInProcess } from '../../helpers/io.js';

describe('weather serve --faults', () => {
  it('refuses a spec it cannot read, before listening (exit 2)', async () => {
    const { home, remove } = makeHome();
    try {
      expect(await runIn(home, ['serve', '--port', '0', '--faults', '500:every=x'])).toEqual({
        code: 2,
        stdout: '',
        stdoutBytes: Buffer.alloc(0),
        stderr:
          'weather: --faults: 500: "x" is not a whole number above 0\nhint: e.g. --faults 429:0.05,500:every=10,401:key=KEY\n',
      });
    } finally {
      remove();
    }
  });

  it('injects every n-th request, marks it in the access log, and prints a seed it chose', async () => {
    const { home, remove } = makeHome();
    const server = await serveInProcess(home, [
      '--rate-limit',
      '0',
      '--faults',
      '500:every=2,429:0.0000001',
    ]);
    try {
      const key = /one was created: ([0-9a-f]{32})/.exec(server.stderr())?.[1] ?? '';
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await fetch(`${server.url}/weather?lat=1&lon=2&appid=${key}`)).status);
      }
      // The 429 rule's chance is one in ten million: it is here for the seed line.
      expect(statuses).toEqual([200, 500, 200, 500]);
      const lines = server
        .stderr()
        .split('\n')
        .filter((line) => line.startsWith('weather: faults') || line.includes(' fault=500'))
        .map((line) => line.replace(/seed \d+/g, 'seed N').replace(/ \d+\.\dms /, ' <ms> '));
      expect(lines).toEqual([
        'weather: faults are chosen with seed N; --seed N repeats them',
        '127.0.0.1 "GET /data/2.5/weather?lat=1&lon=2&appid=***" 500 38 <ms> fault=500',
        '127.0.0.1 "GET /data/2.5/weather?lat=1&lon=2&appid=***" 500 38 <ms> fault=500',
      ]);
    } finally {
      await server.stop();
      remove();
    }
  });
});
