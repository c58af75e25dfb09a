import { describe, expect, it } from 'vitest';
import { modelClock, requestClock, setsItsOwnClock } from '../../../src/server/clock.js';
import { handle } from '../../../src/server/handler.js';
import { ACTIVE, deps, DT } from '../../helpers/fixed-world.js';

const T0 = Date.UTC(2026, 0, 1);

describe('the model clock', () => {
  it.each([
    ['the real clock', {}, [T0 + 5000, T0 + 9000]],
    ['frozen by --now', { start: 42_000 }, [42_000, 42_000]],
    ['--clock-speed from the start', { speed: 60 }, [T0 + 5000 * 60, T0 + 9000 * 60]],
    ['--clock-speed from --now', { start: 42_000, speed: 2 }, [52_000, 60_000]],
    ['--clock-speed 0 stops it', { speed: 0 }, [T0, T0]],
  ])('%s', (_name, options, expected) => {
    let wall = T0;
    const clock = modelClock({ wall: () => wall, ...options });
    wall = T0 + 5000;
    const first = clock();
    wall = T0 + 9000;
    expect([first, clock()]).toEqual(expected);
  });
});

describe('X-Weather-Now', () => {
  const server = () => 1;
  const at = (value: string) => ({ method: 'GET', url: '/', headers: { 'x-weather-now': value } });

  it('sets the clock of one request when test headers are allowed, and only then', () => {
    const clock = (value: string, allowed: boolean) => {
      const result = requestClock(at(value), allowed, server);
      return result.ok ? result.now() : result.message;
    };
    expect([
      clock('2026-07-01T12:00:00Z', true),
      clock('1767225600', true),
      clock('2026-07-01T12:00:00Z', false),
      clock('yesterday', true),
      setsItsOwnClock(at('1'), true),
      setsItsOwnClock(at('1'), false),
      setsItsOwnClock({ method: 'GET', url: '/', headers: {} }, true),
    ]).toEqual([
      Date.UTC(2026, 6, 1, 12),
      1767225600_000,
      1,
      'X-Weather-Now: "yesterday" is not ISO 8601 (2026-01-01T12:00:00Z) or Unix seconds',
      true,
      false,
      false,
    ]);
  });

  it('takes the first of several values', () => {
    const request = {
      method: 'GET',
      url: '/',
      headers: { 'x-weather-now': ['2026-07-01T12:00:00Z', '1767225600'] },
    };
    const result = requestClock(request, true, server);
    expect(result.ok ? result.now() : result.message).toBe(Date.UTC(2026, 6, 1, 12));
  });

  it('moves the observation and answers 400 in the requested mode for a bad value', async () => {
    const request = (value: string, mode = 'json') => ({
      method: 'GET',
      url: `/data/2.5/weather?lat=1&lon=2&mode=${mode}&appid=${ACTIVE}`,
      headers: { 'x-weather-now': value },
    });
    const answer = async (value: string, mode?: string) => {
      const r = await handle(request(value, mode), deps({ allowTestHeaders: true }));
      return [r.status, Buffer.from(r.body).toString('utf8')] as const;
    };
    const dt = (value: string) =>
      answer(value).then(([, body]) => (JSON.parse(body) as { dt: number }).dt);
    expect(await dt('2026-07-01T12:07:59Z')).toBe(Date.UTC(2026, 6, 1, 12) / 1000);
    const ignored = await handle(request('2026-07-01T12:07:59Z'), deps());
    expect((JSON.parse(Buffer.from(ignored.body).toString('utf8')) as { dt: number }).dt).toBe(DT);
    expect(await answer('soon', 'xml')).toEqual([
      400,
      '<?xml version="1.0" encoding="UTF-8"?><ClientError><cod>400</cod><message>X-Weather-Now: &quot;soon&quot; is not ISO 8601 (2026-01-01T12:00:00Z) or Unix seconds</message></ClientError>',
    ]);
  });
});
