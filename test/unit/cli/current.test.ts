import { describe, expect, it } from 'vitest';
import { makeHome, useServer } from '../../helpers/cli.js';
import { runIn, serveInProcess } from '../../helpers/io.js';
import { NOW, servedBody, SUMMARY, TABLE, tokyoAt, TOKYO } from '../../helpers/tokyo.js';

// `weather` and `weather serve` in this process; test/e2e/cli.test.ts runs a few of the same
// commands as processes.
const served = useServer(['--now', NOW, '--rate-limit', '0'], serveInProcess);
const { home } = served;

function live(args: readonly string[], env: Record<string, string> = {}) {
  return runIn(home, tokyoAt(served, args), env);
}

/** Runs `check` with the process's time zone (the machine's TZ) set to `tz`, then restores it. */
async function withMachineTZ(tz: string, check: () => Promise<void>): Promise<void> {
  const machine = process.env.TZ;
  process.env.TZ = tz;
  try {
    // The machine's clock now reads as `tz` does.
    const at = new Date(NOW);
    expect(at.toLocaleString('en-GB')).toBe(at.toLocaleString('en-GB', { timeZone: tz }));
    await check();
  } finally {
    if (machine === undefined) delete process.env.TZ;
    else process.env.TZ = machine;
  }
}

describe('against weather serve', () => {
  it.each([
    ['table from XML', ['--mode', 'xml', '-o', 'table'], TABLE],
    ['summary from XML', ['--mode', 'xml', '-o', 'summary'], SUMMARY],
    [
      'summary in German and imperial units',
      ['-u', 'imperial', '-l', 'de', '-o', 'summary'],
      [
        'Tokio, JP, beobachtet 2026-06-21 21:00 (UTC+09:00)',
        'Überwiegend bewölkt, 71.4 °F, gefühlt 71.7 °F',
        'Wind 4 mph aus SW (220°)',
        'Luftfeuchtigkeit 73%, Luftdruck 1015 hPa',
        'Sonnenaufgang 04:25, Sonnenuntergang 19:00',
        'Vom eingebauten Modell simuliert, keine echte Beobachtung',
        '',
      ].join('\n'),
    ],
  ])('%s', async (_what, args, stdout) => {
    const r = await live(args);
    expect([r.code, r.stdout, r.stderr]).toEqual([0, stdout, '']);
  });

  it.each(['xml', 'html'])('prints the %s body byte for byte when piped', async (mode) => {
    const r = await live(['--mode', mode]);
    expect(r.code).toBe(0);
    expect(r.stdoutBytes.equals(await servedBody(served.server().url, served.key(), mode))).toBe(
      true,
    );
  });

  it('pipes --mode json into JSON.parse equal to the server body', async () => {
    const r = await live(['--mode', 'json']);
    const response = await fetch(
      `${served.server().url}/weather?lat=35.6762&lon=139.6503&units=metric&appid=${served.key()}`,
    );
    const direct: unknown = await response.json();
    expect(JSON.parse(r.stdout)).toEqual(direct);
  });

  it.each(['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Chatham', 'Europe/London'])(
    'shows the location’s local time whatever the machine’s TZ (%s)',
    async (tz) => {
      await withMachineTZ(tz, async () => {
        const r = await live(['-o', 'summary'], { TZ: tz });
        expect(r.stdout).toBe(SUMMARY);
        const t = await live(['-f', '{local_time} {sunrise} {sunset}'], { TZ: tz });
        expect(t.stdout).toBe('21:00 04:25 19:00\n');
      });
    },
  );

  it('uses the key, base URL and location from the config file, and WEATHER_APPID over it', async () => {
    const { home: h, remove: r } = makeHome();
    try {
      for (const [k, v] of [
        ['appid', 'stored-but-wrong'],
        ['base_url', served.server().url],
        ['location', '35.6762,139.6503'],
      ]) {
        expect((await runIn(h, ['config', 'set', k ?? '', v ?? ''])).code).toBe(0);
      }
      expect((await runIn(h, ['-f', '{name}'])).code).toBe(4);
      const viaEnv = await runIn(h, ['-f', '{name}'], { WEATHER_APPID: served.key() });
      expect([viaEnv.code, viaEnv.stdout]).toEqual([0, 'Tokyo\n']);
      const viaFlag = await runIn(h, ['-f', '{name}', '--appid', served.key()], {
        WEATHER_APPID: 'wrong',
      });
      expect([viaFlag.code, viaFlag.stdout]).toEqual([0, 'Tokyo\n']);
    } finally {
      r();
    }
  });
});

describe('with no key anywhere', () => {
  it('answers from the embedded model, says so, and marks the data simulated', async () => {
    const { home: h, remove: r } = makeHome();
    try {
      const raw = await runIn(h, [...TOKYO, '--now', NOW]);
      expect(raw.code).toBe(0);
      expect(raw.stderr).toBe(
        'weather: no API key set, so this is simulated data from the embedded model; to use the real service: weather config set appid <key>\n',
      );
      expect(JSON.parse(raw.stdout)).toMatchObject({
        base: 'simulated',
        name: 'Tokyo',
        dt: 1782043200,
      });
      const table = await runIn(h, [...TOKYO, '--now', NOW, '-o', 'table']);
      expect(table.stdout).toBe(TABLE);
      const offline = await runIn(h, [...TOKYO, '--now', NOW, '--offline', '-o', 'summary']);
      expect([offline.stdout, offline.stderr]).toEqual([SUMMARY, '']);
    } finally {
      r();
    }
  });
});
