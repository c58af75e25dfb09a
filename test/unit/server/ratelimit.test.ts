import { describe, expect, it } from 'vitest';
import { createRateLimiter, type RateLimiter } from '../../../src/server/ratelimit.js';

const HOUR_MS = 3_600_000;
const REFUSED = { ok: false, retryAfterSeconds: 60 };

function limiterAt(perMinute: number): { limiter: RateLimiter; at: (ms: number) => void } {
  let clock = 0;
  return {
    limiter: createRateLimiter(perMinute, () => clock),
    at: (ms) => {
      clock = ms;
    },
  };
}

/** `count` requests at the same instant. */
function burst(limiter: RateLimiter, count: number, key = 'k'): unknown[] {
  return Array.from({ length: count }, () => limiter.take(key));
}

function allowed(count: number): unknown[] {
  return Array.from({ length: count }, () => ({ ok: true }));
}

describe('createRateLimiter', () => {
  it('lets a new key burst perMinute requests, then refuses with Retry-After 60', () => {
    const { limiter } = limiterAt(60);
    expect(burst(limiter, 62)).toEqual([...allowed(60), REFUSED, REFUSED]);
  });

  it.each([
    ['spent', 60, 5],
    ['partly spent', 10, 3],
    ['first used after a day', 0, 24],
  ])(
    'caps at perMinute the tokens a key earns while idle for hours (%s)',
    (_what, spent, idleHours) => {
      const { limiter, at } = limiterAt(60);
      burst(limiter, spent);
      at(idleHours * HOUR_MS);
      expect(burst(limiter, 62)).toEqual([...allowed(60), REFUSED, REFUSED]);
    },
  );

  it('earns tokens back evenly: one every 60/perMinute seconds', () => {
    const { limiter, at } = limiterAt(60);
    burst(limiter, 60);
    const granted: number[] = [];
    // Quarter seconds are exact in binary, so the float arithmetic cannot shift a token.
    for (let t = 250; t <= 60_000; t += 250) {
      at(t);
      if (limiter.take('k').ok) granted.push(t);
    }
    expect(granted).toEqual(Array.from({ length: 60 }, (_, i) => (i + 1) * 1000));
  });

  it('never asks for less than a minute, even when a token comes back sooner', () => {
    const { limiter, at } = limiterAt(1);
    expect(burst(limiter, 2)).toEqual([{ ok: true }, REFUSED]);
    at(30_000);
    expect(limiter.take('k')).toEqual(REFUSED);
    at(59_999);
    expect(limiter.take('k')).toEqual(REFUSED);
    at(60_000);
    expect(limiter.take('k')).toEqual({ ok: true });
    const fast = limiterAt(600);
    expect(burst(fast.limiter, 601).at(-1)).toEqual(REFUSED);
  });
});
