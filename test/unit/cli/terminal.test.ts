import { describe, expect, it } from 'vitest';
import { homeEnv, run, useHome } from '../../helpers/io.js';
import { NOW, TOKYO as TOKYO_AT } from '../../helpers/tokyo.js';

const { home } = useHome();

const TOKYO = [...TOKYO_AT, '--offline', '--now', NOW];

describe('terminals that cannot show everything', () => {
  it('TERM=dumb: ASCII borders, no degree sign, no colour', async () => {
    const result = await run(TOKYO, {
      env: homeEnv(home, { TERM: 'dumb' }),
      stdoutIsTTY: true,
      columns: 60,
      now: Date.UTC(2026, 5, 21, 12, 10),
    });
    expect(result.stdout).toMatchInlineSnapshot(`
      "+-------------+--------------------------------------------+
      | Place       | Tokyo, JP                                  |
      | Coordinates | 35.6762, 139.6503                          |
      | Observed    | 2026-06-21 21:00 (UTC+09:00), 4m ago       |
      | Conditions  | Broken clouds                              |
      | Temperature | 21.9 C, feels like 22.1 C                  |
      | Min / max   | 21.1 C / 22.7 C                            |
      | Wind        | 1.8 m/s from SW (220 deg)                  |
      | Humidity    | 73%                                        |
      | Pressure    | 1015 hPa                                   |
      | Clouds      | 75%                                        |
      | Visibility  | 10 km                                      |
      | Sunrise     | 04:25                                      |
      | Sunset      | 19:00                                      |
      | Data        | simulated by the embedded model, not a     |
      |             | real observation                           |
      +-------------+--------------------------------------------+
      "
    `);
    expect(result.code).toBe(0);
  });

  it('LANG=C on a colour terminal: ASCII, in colour', async () => {
    const result = await run([...TOKYO, '-o', 'summary'], {
      env: homeEnv(home, { LANG: 'C', TERM: 'xterm' }),
      stdoutIsTTY: true,
      columns: 60,
      now: Date.UTC(2026, 5, 21, 12, 10),
    });
    expect(result.stdout).toBe(
      [
        '\u001b[1mTokyo, JP\u001b[22m, observed 2026-06-21 21:00 (UTC+09:00), 4m ago',
        'Broken clouds, \u001b[33m21.9 C\u001b[39m, feels like 22.1 C',
        'Wind 1.8 m/s from SW (220 deg)',
        'Humidity 73%, pressure 1015 hPa',
        'Sunrise 04:25, sunset 19:00',
        '\u001b[33mSimulated by the embedded model, not a real observation\u001b[39m',
        '',
      ].join('\n'),
    );
  });
});
