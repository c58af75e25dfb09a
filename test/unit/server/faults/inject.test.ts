import { describe, expect, it } from 'vitest';
import type { HttpRequest } from '../../../../src/core/http.js';
import { createFaultInjector, type FaultOptions } from '../../../../src/server/faults/inject.js';
import { parseFaultSpec, type FaultRule } from '../../../../src/server/faults/spec.js';

function rules(spec: string): readonly FaultRule[] {
  const parsed = parseFaultSpec(spec);
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.rules;
}

function request(query = 'lat=1&lon=2', headers: HttpRequest['headers'] = {}): HttpRequest {
  return { method: 'GET', url: `/data/2.5/weather?${query}`, headers };
}

/** The faults chosen for `count` requests in a row, `-` for none. */
function sequence(options: Partial<FaultOptions> & { spec: string }, count: number): string {
  const injector = createFaultInjector({
    rules: rules(options.spec),
    seed: options.seed ?? 1,
    allowHeader: options.allowHeader ?? false,
  });
  return Array.from({ length: count }, () => {
    const decision = injector.decide(request());
    return decision && 'fault' in decision ? decision.fault : '-';
  }).join(' ');
}

describe('the fault injector', () => {
  it('chooses by probability from the seed: the same seed, the same sequence', () => {
    const spec = '429:0.2,500:0.1';
    expect(sequence({ spec, seed: 7 }, 20)).toBe(
      '429 - - - - - - 429 - - - 429 429 - 429 - - - 500 429',
    );
    expect(sequence({ spec, seed: 7 }, 2000)).toBe(sequence({ spec, seed: 7 }, 2000));
    expect(sequence({ spec, seed: 8 }, 2000)).not.toBe(sequence({ spec, seed: 7 }, 2000));
  });

  it('injects about as often as the probability says', () => {
    const chosen = sequence({ spec: '429:0.05', seed: 3 }, 20_000)
      .split(' ')
      .filter((f) => f === '429').length;
    expect(chosen / 20_000).toBeCloseTo(0.05, 2);
  });

  it('injects every n-th request to the API, and counts no other path', () => {
    const injector = createFaultInjector({
      rules: rules('500:every=3'),
      seed: 1,
      allowHeader: false,
    });
    const seen = [
      request(),
      { method: 'GET', url: '/console', headers: {} },
      request(),
      { method: 'GET', url: '/data/2.5/forecast', headers: {} },
      request(),
      request(),
      request(),
      request(),
    ].map((r) => injector.decide(r));
    expect(seen).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      { fault: '500' },
      undefined,
      undefined,
      { fault: '500' },
    ]);
  });

  it('injects for one key, given as appid or in x-api-key', () => {
    const injector = createFaultInjector({
      rules: rules('401:key=k1,503'),
      seed: 1,
      allowHeader: false,
    });
    expect([
      injector.decide(request('lat=1&lon=2&appid=k1')),
      injector.decide(request('lat=1&lon=2', { 'x-api-key': 'k1' })),
      injector.decide(request('lat=1&lon=2&appid=k2')),
    ]).toEqual([{ fault: '401' }, { fault: '401' }, { fault: '503' }]);
  });

  it('honours X-Weather-Fault only when allowed, over every rule, and refuses an unknown kind', () => {
    const header = (value: string) => request('lat=1', { 'x-weather-fault': value });
    const allowed = createFaultInjector({ rules: rules('500'), seed: 1, allowHeader: true });
    const ignored = createFaultInjector({ rules: [], seed: 1, allowHeader: false });
    expect([
      allowed.decide(header('Hang')),
      allowed.decide(header('teapot')),
      allowed.decide(request()),
      ignored.decide(header('hang')),
    ]).toEqual([{ fault: 'hang' }, { badHeader: 'teapot' }, { fault: '500' }, undefined]);
  });

  it('draws a number for the probability rules only, so other rules leave their sequence as it was', () => {
    expect(sequence({ spec: '503:key=nope,500:every=1000,429:0.2,500:0.1', seed: 7 }, 20)).toBe(
      '429 - - - - - - 429 - - - 429 429 - 429 - - - 500 429',
    );
  });

  it('reads the first X-Weather-Fault of several, and takes a blank one for none', () => {
    const injector = createFaultInjector({ rules: rules('500'), seed: 1, allowHeader: true });
    expect([
      injector.decide(request('lat=1', { 'x-weather-fault': ['Slow', 'hang'] })),
      injector.decide(request('lat=1', { 'x-weather-fault': '  ' })),
    ]).toEqual([{ fault: 'slow' }, { fault: '500' }]);
  });

  it('injects nothing into a request whose target is not a URL', () => {
    const injector = createFaultInjector({ rules: rules('500'), seed: 1, allowHeader: true });
    expect(
      injector.decide({ method: 'GET', url: 'http://[bad/data/2.5/weather', headers: {} }),
    ).toBeUndefined();
  });

  it('trickles a slow answer at the pace it is given, else at about 2 s for a JSON answer', () => {
    const options = { rules: [], seed: 1, allowHeader: false };
    expect([
      createFaultInjector({ ...options, slow: { bytes: 10, intervalMs: 5 } }).slow,
      createFaultInjector(options).slow,
    ]).toEqual([
      { bytes: 10, intervalMs: 5 },
      { bytes: 64, intervalMs: 250 },
    ]);
  });
});
