import type { HttpRequest, HttpResponse } from '../core/http.js';
import type { KeyLookup } from '../keys/store.js';
import { redactTarget } from './access-log.js';
import { setsItsOwnClock } from './clock.js';
import { answer, cycleStart, recheck, type HandlerDeps, type Repeatable } from './handler.js';
import { DEFAULT_CACHE_LIMITS, ResponseCache, type CacheLimits } from './response-cache.js';

/** An answer as the transport sends and logs it. */
export interface Sendable {
  readonly response: HttpResponse;
  /** The headers as writeHead takes them (name, value, name, value…), with the body's length. */
  readonly head: string[];
  /** The request target as the access log shows it (never a key). */
  readonly logged: string;
}

/** An observation kept for repeats of its target, with what sending it needs, built once. */
interface Kept {
  readonly response: HttpResponse;
  readonly repeatable: Repeatable;
  readonly head: string[];
  /** The redacted target, valid while the keys are at `revision`. */
  logged: { readonly revision: number; readonly text: string } | undefined;
}

/** What a kept answer costs beyond its body (its target twice, the objects around it). */
const KEPT_OVERHEAD_BYTES = 512;

export function hasBody(response: HttpResponse): boolean {
  return response.status !== 204 && response.status !== 304;
}

export function wireHeaders(response: HttpResponse): string[] {
  const list: string[] = [];
  for (const [name, value] of Object.entries(response.headers)) list.push(name, value);
  if (hasBody(response)) list.push('content-length', String(response.body.byteLength));
  return list;
}

export function sendable(response: HttpResponse, target: string, keys: KeyLookup): Sendable {
  return { response, head: wireHeaders(response), logged: redactTarget(target, keys) };
}

/**
 * The handler behind a cache of its observations: a repeat of a target whose observation is kept
 * is answered at once (synchronously), after its key and rate limit are checked again as the
 * handler would; any other request goes through the handler.
 */
export class Answers {
  private readonly kept: ResponseCache<Kept>;

  constructor(
    private readonly deps: HandlerDeps,
    limits: CacheLimits = DEFAULT_CACHE_LIMITS,
  ) {
    this.kept = new ResponseCache(limits);
  }

  answer(request: HttpRequest): Sendable | Promise<Sendable> {
    const { deps } = this;
    const { method, url } = request;
    // A request that sets the model's clock (X-Weather-Now) is never answered from what was kept.
    const kept =
      (method === 'GET' || method === 'HEAD') &&
      !setsItsOwnClock(request, deps.allowTestHeaders === true)
        ? this.kept.get(url, cycleStart(deps.now()))
        : undefined;
    if (kept === undefined) return this.fresh(request);
    const refused = recheck(kept.repeatable, request, deps);
    if (refused !== undefined) return sendable(refused, url, deps.keys);
    return { response: kept.response, head: kept.head, logged: loggedTarget(kept, url, deps.keys) };
  }

  private async fresh(request: HttpRequest): Promise<Sendable> {
    const { response, repeatable } = await answer(request, this.deps);
    const { url } = request;
    if (repeatable !== undefined) {
      this.kept.offer(url, repeatable.cycle, () => ({
        value: { response, repeatable, head: wireHeaders(response), logged: undefined },
        bytes: response.body.byteLength + 2 * url.length + KEPT_OVERHEAD_BYTES,
      }));
    }
    return sendable(response, url, this.deps.keys);
  }
}

/** The redacted target of a kept answer, redacted again only when the keys may have changed. */
function loggedTarget(kept: Kept, url: string, keys: KeyLookup): string {
  const revision = keys.revision?.();
  if (revision === undefined) return redactTarget(url, keys);
  if (kept.logged?.revision !== revision) kept.logged = { revision, text: redactTarget(url, keys) };
  return kept.logged.text;
}
