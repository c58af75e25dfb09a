import { FAULT_HEADER, WEATHER_PATH } from '../../core/protocol.js';
import type { HttpRequest } from '../../core/http.js';
import { requestKey } from '../handler.js';
import { FAULT_KINDS, isFaultKind, type FaultKind, type FaultRule } from './spec.js';

/** What the injector decided for one request. */
export type FaultDecision =
  | { readonly fault: FaultKind }
  /** An X-Weather-Fault header that names no kind: answered 400, so a typo is not a pass. */
  | { readonly badHeader: string };

/** How a `slow` body trickles out: this many bytes, then a pause. */
export interface SlowPace {
  readonly bytes: number;
  readonly intervalMs: number;
}

/** About 2 s for a JSON answer: long enough for a client's timeout to matter. */
export const SLOW_PACE: SlowPace = { bytes: 64, intervalMs: 250 };

export interface FaultInjector {
  readonly slow: SlowPace;
  /** Undefined: no fault, answer as usual. Counts requests to the API for `every=N`. */
  decide(request: HttpRequest): FaultDecision | undefined;
}

export interface FaultOptions {
  readonly rules: readonly FaultRule[];
  /** Makes the probability rules' choices the same sequence in every run. */
  readonly seed: number;
  /** Honour X-Weather-Fault (`--allow-test-headers`). */
  readonly allowHeader: boolean;
  readonly slow?: SlowPace | undefined;
}

function headerValue(request: HttpRequest): string | undefined {
  const value = request.headers[FAULT_HEADER];
  return typeof value === 'string' ? value : value?.[0];
}

function target(url: string): URL | undefined {
  try {
    return new URL(url, 'http://localhost');
  } catch {
    return undefined;
  }
}

/** mulberry32: a small, well-mixed 32-bit generator; numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Faults for requests to the API (other paths, the console among them, are never faulted). The
 * first rule that applies wins; a header wins over every rule. Each request the rules decide draws one
 * number per probability rule, whether or not an earlier rule applied, so a seed gives the same
 * sequence of faults for the same sequence of requests.
 */
export function createFaultInjector(options: FaultOptions): FaultInjector {
  let count = 0;
  const random = seededRandom(options.seed);
  return {
    slow: options.slow ?? SLOW_PACE,
    decide(request) {
      const url = target(request.url);
      if (url?.pathname !== WEATHER_PATH) return undefined;
      count += 1;
      const asked = options.allowHeader ? headerValue(request)?.trim().toLowerCase() : undefined;
      if (asked !== undefined && asked !== '') {
        return isFaultKind(asked) ? { fault: asked } : { badHeader: asked };
      }
      const key = requestKey(request, url.searchParams);
      const draws = options.rules.map(({ trigger }) =>
        trigger.on === 'probability' ? random() : 1,
      );
      const rule = options.rules.find(({ trigger }, index) => {
        switch (trigger.on) {
          case 'always':
            return true;
          case 'probability':
            return (draws[index] ?? 1) < trigger.p;
          case 'every':
            return count % trigger.n === 0;
          case 'key':
            return key === trigger.key;
        }
      });
      return rule && { fault: rule.fault };
    },
  };
}

export function badHeaderMessage(value: string): string {
  return `X-Weather-Fault: "${value}" is not one of ${FAULT_KINDS.join(', ')}`;
}
