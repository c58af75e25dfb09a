import { MIN_RETRY_AFTER_SECONDS } from '../core/protocol.js';

/**
 * Per-key rate limit as a token bucket: a key may make `perMinute` requests in a burst, and earns
 * them back at `perMinute` per minute. The spec tells clients to wait at least a minute after a
 * 429, so Retry-After is never below 60 seconds, even when a token comes back sooner.
 */
export interface RateLimiter {
  take(key: string): { ok: true } | { ok: false; retryAfterSeconds: number };
}

export function createRateLimiter(perMinute: number, now: () => number = monotonicMs): RateLimiter {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const perMs = perMinute / 60_000;
  return {
    take(key) {
      const t = now();
      const bucket = buckets.get(key) ?? { tokens: perMinute, at: t };
      bucket.tokens = Math.min(perMinute, bucket.tokens + (t - bucket.at) * perMs);
      bucket.at = t;
      buckets.set(key, bucket);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return { ok: true };
      }
      const untilToken = Math.ceil((1 - bucket.tokens) / perMs / 1000);
      return { ok: false, retryAfterSeconds: Math.max(MIN_RETRY_AFTER_SECONDS, untilToken) };
    },
  };
}

function monotonicMs(): number {
  return performance.now();
}
