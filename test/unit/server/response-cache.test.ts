import { describe, expect, it } from 'vitest';
import { ResponseCache } from '../../../src/server/response-cache.js';

const LIMITS = { entries: 2, bytes: 100, seen: 2 };

/** Offers `target` in `cycle` with a value naming both; records whether `make` ran. */
function offer(cache: ResponseCache<string>, target: string, cycle: number, bytes = 10): boolean {
  let made = false;
  cache.offer(target, cycle, () => {
    made = true;
    return { value: `${target}@${cycle}`, bytes };
  });
  return made;
}

describe('ResponseCache', () => {
  it('keeps a target on its second request in a cycle, not its first', () => {
    const cache = new ResponseCache<string>(LIMITS);
    expect([offer(cache, '/a', 1), cache.get('/a', 1)]).toEqual([false, undefined]);
    expect([offer(cache, '/a', 1), cache.get('/a', 1)]).toEqual([true, '/a@1']);
    expect(cache.size).toEqual({ entries: 1, bytes: 10, seen: 0 });
  });

  it('does not serve a kept answer in another cycle, and replaces it at once there', () => {
    const cache = new ResponseCache<string>(LIMITS);
    offer(cache, '/a', 1);
    offer(cache, '/a', 1);
    expect(cache.get('/a', 2)).toBeUndefined();
    expect([offer(cache, '/a', 2), cache.get('/a', 2), cache.get('/a', 1)]).toEqual([
      true,
      '/a@2',
      undefined,
    ]);
    expect(cache.size).toEqual({ entries: 1, bytes: 10, seen: 0 });
  });

  it('counts a first request of an earlier cycle as a first request again', () => {
    const cache = new ResponseCache<string>(LIMITS);
    offer(cache, '/a', 1);
    expect([offer(cache, '/a', 2), offer(cache, '/a', 2)]).toEqual([false, true]);
  });

  it('drops the oldest answers beyond the entry limit', () => {
    const cache = new ResponseCache<string>({ ...LIMITS, seen: 10 });
    for (const target of ['/a', '/b', '/c']) {
      offer(cache, target, 1);
      offer(cache, target, 1);
    }
    expect(['/a', '/b', '/c'].map((t) => cache.get(t, 1))).toEqual([undefined, '/b@1', '/c@1']);
    expect(cache.size).toEqual({ entries: 2, bytes: 20, seen: 0 });
  });

  it('drops the oldest answers beyond the byte limit, and never keeps one larger than it', () => {
    const cache = new ResponseCache<string>({ ...LIMITS, entries: 10, seen: 10 });
    offer(cache, '/a', 1, 60);
    offer(cache, '/a', 1, 60);
    offer(cache, '/b', 1, 50);
    offer(cache, '/b', 1, 50);
    expect([cache.get('/a', 1), cache.get('/b', 1)]).toEqual([undefined, '/b@1']);
    offer(cache, '/huge', 1, 101);
    expect([offer(cache, '/huge', 1, 101), cache.get('/huge', 1)]).toEqual([true, undefined]);
    expect(cache.size).toEqual({ entries: 1, bytes: 50, seen: 0 });
  });

  it('remembers at most `seen` targets requested once, forgetting the oldest', () => {
    const cache = new ResponseCache<string>(LIMITS);
    offer(cache, '/a', 1);
    offer(cache, '/b', 1);
    offer(cache, '/c', 1);
    expect(cache.size).toEqual({ entries: 0, bytes: 0, seen: 2 });
    expect([offer(cache, '/a', 1), offer(cache, '/c', 1)]).toEqual([false, true]);
  });

  it('keeps nothing when allowed no entries', () => {
    const cache = new ResponseCache<string>({ ...LIMITS, entries: 0 });
    offer(cache, '/a', 1);
    offer(cache, '/a', 1);
    expect([cache.get('/a', 1), cache.size]).toEqual([
      undefined,
      { entries: 0, bytes: 0, seen: 0 },
    ]);
  });

  it('keeps answers whose bytes fill the byte limit exactly', () => {
    const cache = new ResponseCache<string>({ ...LIMITS, entries: 10, seen: 10 });
    offer(cache, '/a', 1, 50);
    offer(cache, '/a', 1, 50);
    offer(cache, '/b', 1, 50);
    offer(cache, '/b', 1, 50);
    offer(cache, '/whole', 2, 100);
    offer(cache, '/whole', 2, 100);
    expect(['/a', '/b'].map((t) => cache.get(t, 1))).toEqual([undefined, undefined]);
    expect([cache.get('/whole', 2), cache.size]).toEqual([
      '/whole@2',
      { entries: 1, bytes: 100, seen: 0 },
    ]);
  });

  it('keeps one answer when allowed one entry', () => {
    const cache = new ResponseCache<string>({ ...LIMITS, entries: 1 });
    offer(cache, '/a', 1);
    offer(cache, '/a', 1);
    expect([cache.get('/a', 1), cache.size]).toEqual(['/a@1', { entries: 1, bytes: 10, seen: 0 }]);
  });

  it('makes a kept answer once per cycle, and a repeat does not make it newer', () => {
    const cache = new ResponseCache<string>({ ...LIMITS, seen: 10 });
    offer(cache, '/a', 1);
    offer(cache, '/a', 1);
    offer(cache, '/b', 1);
    offer(cache, '/b', 1);
    expect(offer(cache, '/a', 1)).toBe(false);
    offer(cache, '/c', 1);
    offer(cache, '/c', 1);
    expect(['/a', '/b', '/c'].map((t) => cache.get(t, 1))).toEqual([undefined, '/b@1', '/c@1']);
  });
});
