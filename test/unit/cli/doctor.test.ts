import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultServer, type FaultServer } from '../../helpers/fault-server.js';
import { KEY, LISBON_OK } from '../../helpers/lisbon.js';
import { homeEnv, run } from '../../helpers/io.js';
import { useTempDir } from '../../helpers/tmp.js';

let faults: FaultServer;
const tempDir = useTempDir();
beforeAll(async () => {
  faults = await startFaultServer({
    ok: [LISBON_OK],
    rejected: [{ status: 401, body: '{"cod":401, "message": "Invalid API key."}' }],
  });
});
afterAll(() => faults.close());

describe('weather doctor', () => {
  it('checks every step and exits 0 when the key works', async () => {
    const home = tempDir();
    const config = join(home, 'config', 'config.json');
    const r = await run(['doctor', '--appid', KEY, '--base-url', faults.base('ok')], {
      env: homeEnv(home),
    });
    expect([r.code, r.stdout, r.stderr]).toEqual([
      0,
      [
        `ok  config file   ${config} (none yet: defaults apply)`,
        'ok  API key       feed************************face from --appid',
        `ok  base URL      ${faults.base('ok')}`,
        'ok  network path  direct, no proxy',
        `ok  request       ${faults.base('ok')} answered 200`,
        '',
      ].join('\n'),
      '',
    ]);
  });

  it('says a rejected key may not be active yet, as JSON for scripts', async () => {
    const home = tempDir();
    const r = await run(['doctor', '--json', '--base-url', faults.base('rejected')], {
      env: homeEnv(home, { WEATHER_APPID: 'not-a-key' }),
    });
    expect(r.code).toBe(4);
    expect(JSON.parse(r.stdout)).toEqual({
      checks: [
        {
          step: 'config file',
          verdict: 'ok',
          detail: `${join(home, 'config', 'config.json')} (none yet: defaults apply)`,
        },
        {
          step: 'API key',
          verdict: 'warn',
          detail: '********* from WEATHER_APPID: OpenWeather keys are 32 hexadecimal characters',
          fix: 'copy the key again, without spaces or quotes',
        },
        { step: 'base URL', verdict: 'ok', detail: faults.base('rejected') },
        { step: 'network path', verdict: 'ok', detail: 'direct, no proxy' },
        {
          step: 'request',
          verdict: 'fail',
          detail: '401: Invalid API key.',
          fix: 'a key created in the last couple of hours may not be active yet: wait and run weather doctor again; otherwise copy it again from the "API keys" page of your OpenWeather account',
        },
      ],
    });
  });

  it('reports a broken config file and a missing key, and skips the request', async () => {
    const home = tempDir();
    mkdirSync(join(home, 'config'));
    writeFileSync(join(home, 'config', 'config.json'), '{');
    const r = await run(['doctor', '--json'], { env: homeEnv(home) });
    const checks = (JSON.parse(r.stdout) as { checks: { step: string; verdict: string }[] }).checks;
    expect([r.code, checks.map((c) => `${c.verdict} ${c.step}`)]).toEqual([
      8,
      ['fail config file', 'fail API key', 'ok base URL', 'ok network path', 'skip request'],
    ]);
  });
});
