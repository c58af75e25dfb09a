import { describe, expect, it } from 'vitest';
import { run } from '../../helpers/io.js';

const ENV = { WEATHER_CONFIG_DIR: '/nonexistent/weather' };
const HERE = ['--lat', '51.5', '--lon', '-0.1'];

describe('--now', () => {
  it.each([
    [
      '2026-02-30',
      'weather: --now: "2026-02-30" is no real date and time (February 2026 has 28 days)\n',
    ],
    [
      '2026-01-01T25:00Z',
      'weather: --now: "2026-01-01T25:00Z" is no real date and time (there is no hour 25)\n',
    ],
    [
      '1767268800000',
      'weather: --now takes Unix seconds, and "1767268800000" looks like milliseconds\n' +
        'hint: in seconds: --now 1767268800\n',
    ],
    [
      'yesterday',
      'weather: --now must be ISO 8601 (2026-01-01T12:00:00Z; UTC when no zone is given) or Unix seconds (1767268800), got "yesterday"\n',
    ],
  ])('rejects %s', async (now, stderr) => {
    const r = await run([...HERE, '--offline', '--now', now], { env: ENV });
    expect([r.code, r.stdout, r.stderr]).toEqual([2, '', stderr]);
  });

  it('reads an ISO time without a zone as UTC, whatever the machine says', async () => {
    const at = (now: string) =>
      run([...HERE, '--offline', '--now', now, '-f', '{dt}'], {
        env: { ...ENV, TZ: 'Asia/Tokyo' },
      });
    const [bare, utc, seconds] = await Promise.all([
      at('2026-01-01T12:00:00'),
      at('2026-01-01T12:00:00Z'),
      at('1767268800'),
    ]);
    expect([bare.stdout, utc.stdout, seconds.stdout]).toEqual([
      '1767268800\n',
      '1767268800\n',
      '1767268800\n',
    ]);
  });
});

describe('--base-url without a key', () => {
  it('is ignored, and says so in one line', async () => {
    const r = await run([...HERE, '--base-url', 'http://127.0.0.1:9/data/2.5', '-f', '{name}'], {
      env: ENV,
      now: Date.UTC(2026, 0, 1),
    });
    expect([r.code, r.stdout, r.stderr]).toEqual([
      0,
      'Lambeth\n',
      'weather: --base-url is ignored without an API key: this is simulated data from the embedded model; to call that URL, give a key (--appid, WEATHER_APPID or weather config set appid <key>)\n',
    ]);
  });
});
