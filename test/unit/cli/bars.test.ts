import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultServer, type FaultServer } from '../../helpers/fault-server.js';
import { LISBON_OK, T0 } from '../../helpers/lisbon.js';
import { homeEnv, run } from '../../helpers/io.js';
import { useTempDir } from '../../helpers/tmp.js';
import { lisbonAt } from '../../helpers/upstream-faults.js';

const MINUTE = 60_000;
const ok = LISBON_OK;

let faults: FaultServer;
const tempDir = useTempDir();
beforeAll(async () => {
  faults = await startFaultServer({ live: [ok], stale: [ok, { reset: true }, { reset: true }] });
});
afterAll(() => faults.close());

function weather(home: string, scenario: string, args: readonly string[], now = T0) {
  return run(lisbonAt(faults.base(scenario), args), { env: homeEnv(home), now });
}

const TOOLTIP = [
  'Socorro, PT',
  'Scattered clouds, 22.6 °C',
  'Wind 4.5 m/s from S (190°), gusts 7.6 m/s',
  'Humidity 77%',
];

describe('status-bar outputs', () => {
  it.each([
    [
      'waybar',
      `${JSON.stringify({ text: '⛅ 23°C', tooltip: TOOLTIP.join('\n'), class: ['clouds', 'warm'], percentage: 71 })}\n`,
    ],
    ['i3bar', '{"full_text":"⛅ 23°C","short_text":"23°C","color":"#e6c84c"}\n'],
    ['polybar', '%{F#e6c84c}⛅ 23°C%{F-}\n'],
    ['tmux', '#[fg=#e6c84c]⛅ 23°C#[default]\n'],
  ])('-o %s', async (bar, stdout) => {
    const r = await weather(tempDir(), 'live', ['-o', bar]);
    expect([r.code, r.stdout, r.stderr]).toEqual([0, stdout, '']);
  });

  it.each([
    ['nerd', '#[fg=#e6c84c]\uE312 23°C#[default]\n'],
    ['ascii', '#[fg=#e6c84c]cloud 23°C#[default]\n'],
  ])('--icons %s', async (icons, stdout) => {
    const r = await weather(tempDir(), 'live', ['-o', 'tmux', '--icons', icons]);
    expect([r.code, r.stdout, r.stderr]).toEqual([0, stdout, '']);
  });

  it('takes ascii icons by default where the locale is not UTF-8, and the icons setting', async () => {
    const home = tempDir();
    const plain = await run(
      ['--offline', '--lat', '0', '--lon', '0', '-o', 'polybar', '--now', '2026-06-21T12:00:00Z'],
      {
        env: homeEnv(home, { LANG: 'C' }),
      },
    );
    expect(plain.stdout).toBe('%{F#e6c84c}cloud 25°C%{F-}\n');
    await run(['config', 'set', 'icons', 'nerd'], { env: homeEnv(home) });
    const stored = await run(
      ['--offline', '--lat', '0', '--lon', '0', '-o', 'polybar', '--now', '2026-06-21T12:00:00Z'],
      {
        env: homeEnv(home, { LANG: 'C' }),
      },
    );
    expect(stored.stdout).toBe('%{F#e6c84c}\uE312 25°C%{F-}\n');
  });

  it('shows stale data greyed, marked and exits 0; with nothing to show, a marker and the reason', async () => {
    const home = tempDir();
    const host = new URL(faults.base('stale')).host;
    await weather(home, 'stale', ['--stale-ok', '1h', '-o', 'waybar']);
    const stale = await weather(
      home,
      'stale',
      ['--stale-ok', '1h', '--timeout', '0.2', '-o', 'waybar'],
      T0 + 20 * MINUTE,
    );
    expect([stale.code, stale.stdout, stale.stderr]).toEqual([
      0,
      `${JSON.stringify({
        text: '⛅ 23°C (stale)',
        tooltip: [...TOOLTIP, 'stale, fetched 20m ago (the latest call failed)'].join('\n'),
        class: ['clouds', 'warm', 'stale'],
        percentage: 71,
      })}\n`,
      `weather: showing data fetched 20m ago: cannot reach ${host}: connection reset\n`,
    ]);
    const i3 = await weather(home, 'stale', ['--timeout', '0.2', '-o', 'i3bar'], T0 + 21 * MINUTE);
    expect([i3.code, i3.stdout]).toEqual([
      6,
      '{"full_text":"⛔","short_text":"⛔","color":"#ff5555"}\n',
    ]);
    const failed = await weather(
      home,
      'stale',
      ['--timeout', '0.2', '-o', 'waybar'],
      T0 + 22 * MINUTE,
    );
    expect(failed.code).toBe(6);
    expect(JSON.parse(failed.stdout)).toEqual({
      text: '⛔',
      tooltip: failed.stderr
        .replace(/^weather: /, '')
        .replace('\nhint: ', '\n')
        .trimEnd(),
      class: ['failed'],
    });
  });

  it.each([
    [['-o', 'tmux', '-f', '{name}'], 'weather: --format and --output cannot be combined\n'],
    [
      ['-o', 'table', '--icons', 'nerd'],
      'weather: --icons goes with a status-bar output (-o waybar|i3bar|polybar|tmux)\n',
    ],
  ])('%j is a usage error', async (args, stderr) => {
    const r = await run(['--offline', '--lat', '0', '--lon', '0', ...args], {
      env: homeEnv(tempDir()),
    });
    expect([r.code, r.stdout, r.stderr]).toEqual([2, '', stderr]);
  });
});
